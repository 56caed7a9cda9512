// The gift pages' countdown island in Chromium against `heartnotes preview`, driven like a visitor
// with Playwright's fake clock: remaining time, stopping at zero, no hydration errors, axe, and
// no-JS; and the card messages and quotations, plain lists that never change by themselves
// (issue 30: no auto-rotating carousel).
import { axeFor } from '../e2e-helpers/axe.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { animationsDone, nextFrames } from '../e2e-helpers/page.ts';
import { watchPage, type PageProblems } from '../e2e-helpers/console.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { buildAndPreview, PROJECT_ROOT, type PreviewedSite } from '../e2e-helpers/site.ts';
import { parseMarkdownFile } from '../../src/pipeline/load/load.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const screenshot = screenshotsIn('islands');
/** The visitor's clock: December 1, 2026, noon in New York. */
const NOW = new Date('2026-12-01T12:00:00-05:00');

interface GiftFrontMatter {
  occasion?: string;
  deadline?: { occasion: string; at: string; label: string };
  messages?: string[];
  testimonials?: { quote: string; author: string; source?: string }[];
}
/** A gift page's front matter, read the way the build reads it. */
function front(slug: string): GiftFrontMatter {
  const file = join(PROJECT_ROOT, 'content', 'gifts', `${slug}.md`);
  const parsed = parseMarkdownFile(file, readFileSync(file, 'utf8'));
  if ('diagnostic' in parsed) throw new Error(`${file}: ${parsed.diagnostic.message}`);
  return parsed.data as GiftFrontMatter;
}
const dad = front('gift-for-daughter-from-dad');
const mom = front('gift-for-daughter-from-mom');
const etsy = front('one-of-a-kind-etsy-gifts');

let site: PreviewedSite | undefined;
let browser: LaunchedBrowser | undefined;
let noJs: LaunchedBrowser | undefined;
/** Playwright's clock belongs to the whole context, so pages checked with the real clock get a context of their own. */
let realClock: LaunchedBrowser | undefined;

beforeAll(async () => {
  const outcomes = await Promise.allSettled([buildAndPreview(), freshContext(), freshContext({ javaScriptEnabled: false }), freshContext()]);
  const [built, withJs, withoutJs, plain] = outcomes;
  if (plain.status === 'fulfilled') realClock = plain.value;
  if (built.status === 'fulfilled') site = built.value;
  if (withJs.status === 'fulfilled') browser = withJs.value;
  if (withoutJs.status === 'fulfilled') noJs = withoutJs.value;
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
});

afterAll(async () => {
  await Promise.allSettled([closeSharedChromium(), site?.stop()]);
});

interface OpenOptions {
  clock?: Date;
  reducedMotion?: 'reduce' | 'no-preference';
  viewport?: { width: number; height: number };
  context?: BrowserContext;
}

/** Opens `path` in a new tab; the fake clock (if any) and media emulation are set before loading. */
async function open(path: string, options: OpenOptions = {}): Promise<{ page: Page; problems: PageProblems }> {
  const page = await (options.context ?? browser!.context).newPage();
  await page.setViewportSize(options.viewport ?? DESKTOP);
  const problems = watchPage(page, { origin: new URL(site!.url).origin });
  // The clock is the context's: an earlier test may have paused it. Let it run, as a visitor's does
  // (preact runs effects on animation frames and timers, which a paused fake clock never fires).
  if (options.clock) {
    await page.clock.install({ time: options.clock });
    await page.clock.resume();
  }
  await page.emulateMedia({ reducedMotion: options.reducedMotion ?? 'no-preference' });
  const response = await page.goto(new URL(path, site!.url).href);
  expect(response?.status(), path).toBe(200);
  return { page, problems };
}

/** The texts of a section's list items that are on screen-able (rendered and not hidden), in order. */
async function shownItems(page: Page, section: 'messages' | 'quotes'): Promise<string[]> {
  const items = page.locator(section === 'quotes' ? 'section.quotes li blockquote' : 'section.messages li');
  return items.evaluateAll((els) => els.filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })).map((el) => el.textContent!.trim()));
}

const pad = (n: number) => String(n).padStart(2, '0');
function expectedBoxes(ms: number): string[] {
  const s = Math.max(0, Math.floor(ms / 1000));
  return [String(Math.floor(s / 86_400)), pad(Math.floor((s % 86_400) / 3600)), pad(Math.floor((s % 3600) / 60)), pad(s % 60)];
}
const boxes = (page: Page) => page.locator('.deadline .countdown-value').allTextContents();

describe('countdown', () => {
  it('/gift-for-daughter-from-dad: shows the time left to the front-matter deadline, zero-padded, ticking each second', async () => {
    const deadline = Date.parse(dad.deadline!.at);
    const { page, problems } = await open('/gift-for-daughter-from-dad', { clock: NOW });
    try {
      await page.locator('.deadline .countdown-clock[data-state="running"]').waitFor();
      // Stop the clock at a known instant, a minute after the installed time.
      const at = NOW.getTime() + 60_000;
      await page.clock.pauseAt(at);
      await expect.poll(() => boxes(page)).toEqual(expectedBoxes(deadline - at));
      expect(expectedBoxes(deadline - at)).toEqual(['192', '10', '58', '00']);
      const text = await page.locator('.deadline .countdown-boxes').innerText();
      expect(text).toMatch(/192\s+days\s+10\s+hours\s+58\s+minutes\s+00\s+seconds/);
      await page.clock.runFor(1000);
      await expect.poll(() => boxes(page)).toEqual(['192', '10', '57', '59']);
      await page.clock.runFor(9000);
      await expect.poll(() => boxes(page)).toEqual(['192', '10', '57', '50']);
      // The ticking numbers are not announced; the label and date stay.
      await expect.poll(() => page.locator('.deadline .countdown-boxes').getAttribute('aria-live')).toBe('off');
      expect(await page.locator('.deadline time').getAttribute('datetime')).toBe(dad.deadline!.at);
      expect(await page.locator('.deadline h2').textContent()).toBe(dad.deadline!.label);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('stops at zero and says the date has passed once the deadline is over', async () => {
    const deadline = Date.parse(dad.deadline!.at);
    const { page, problems } = await open('/gift-for-daughter-from-dad', { clock: new Date(deadline - 3000) });
    try {
      await page.locator('.deadline .countdown-clock[data-state="running"]').waitFor();
      await page.clock.runFor(5000);
      await page.locator('.deadline .countdown-clock[data-state="passed"]').waitFor();
      expect(await boxes(page)).toEqual(['0', '00', '00', '00']);
      await expect.poll(() => page.locator('.deadline').innerText()).toMatch(/This date has passed/);
      await page.clock.runFor(10_000);
      expect(await boxes(page)).toEqual(['0', '00', '00', '00']);
      expect((await page.locator('.deadline').innerText()).includes('-')).toBe(false);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a visitor arriving after the deadline sees zeros and the passed message', async () => {
    const { page, problems } = await open('/gift-for-daughter-from-dad', { clock: new Date('2027-07-01T09:00:00-04:00') });
    try {
      await page.locator('.deadline .countdown-clock[data-state="passed"]').waitFor();
      expect(await boxes(page)).toEqual(['0', '00', '00', '00']);
      expect(await page.locator('.deadline').innerText()).toMatch(/This date has passed: order for the next occasion/);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('card messages and quotations (issue 30: no auto-advance)', () => {
  const cases = [
    { path: '/gift-for-daughter-from-mom', messages: mom.messages!, quotes: mom.testimonials!.map((t) => t.quote) },
    { path: '/one-of-a-kind-etsy-gifts', messages: [], quotes: etsy.testimonials!.map((t) => t.quote) },
  ];
  for (const { path, messages, quotes } of cases) {
    it(`${path}: every message and quotation is shown at once, and nothing changes after a minute of waiting`, async () => {
      const { page, problems } = await open(path, { clock: NOW });
      try {
        await page.waitForLoadState('networkidle');
        const before = { messages: await shownItems(page, 'messages'), quotes: await shownItems(page, 'quotes') };
        expect(before).toEqual({ messages, quotes });
        // Well past the old 5, 7 and 9 s rotations, with the section on screen and the pointer away.
        await page.locator('section.quotes').scrollIntoViewIfNeeded();
        await page.mouse.move(1, 1);
        await page.clock.runFor(60_000);
        expect({ messages: await shownItems(page, 'messages'), quotes: await shownItems(page, 'quotes') }).toEqual(before);
        expect(await page.locator('[data-island="rotator"], .rotator-controls').count(), 'no carousel').toBe(0);
        expect(problems.all()).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('quotations keep their author and source', async () => {
    const { page } = await open('/gift-for-daughter-from-mom');
    try {
      for (const [i, t] of mom.testimonials!.entries()) {
        const li = page.locator('section.quotes li').nth(i);
        expect(await li.locator('.quote-author').textContent()).toContain(t.author);
        if (t.source) expect(await li.locator('cite').textContent()).toBe(t.source);
      }
    } finally {
      await page.close();
    }
  });
});

describe('every page with these islands', () => {
  const pages = ['/gift-for-daughter-from-dad', '/gift-for-daughter-from-mom', '/one-of-a-kind-etsy-gifts'];
  for (const path of pages) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`${path} at ${viewport.width} px: hydrates with no console errors and no axe violations`, async () => {
        const { page, problems } = await open(path, { viewport, context: realClock!.context });
        try {
          if (await page.locator('.deadline').count()) {
            await page.locator('.deadline').scrollIntoViewIfNeeded();
            await page.locator('.deadline .countdown-clock[data-state="running"]').waitFor();
          }
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await nextFrames(page);
          await animationsDone(page);
          if (path === '/gift-for-daughter-from-mom' && viewport === PHONE) {
            await screenshot(page, 'gift-for-daughter-from-mom-375.png', { fullPage: true });
          }
          const axe = await axeFor(page).analyze();
          expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
          expect(problems.all(), 'console errors, e.g. a hydration mismatch').toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }
});

describe('without JavaScript', () => {
  it('/gift-for-daughter-from-mom shows every message and quotation as lists, and the deadline date', async () => {
    const { page } = await open('/gift-for-daughter-from-mom', { context: noJs!.context });
    try {
      const messageItems = page.locator('section.messages li');
      expect(await messageItems.allTextContents()).toEqual(mom.messages);
      for (const li of await messageItems.all()) expect(await li.isVisible()).toBe(true);
      const quoteItems = page.locator('section.quotes li');
      expect(await quoteItems.count()).toBe(3);
      for (const [i, t] of mom.testimonials!.entries()) {
        const li = quoteItems.nth(i);
        expect(await li.isVisible()).toBe(true);
        expect((await li.locator('blockquote').textContent())!.trim()).toBe(t.quote);
        expect(await li.locator('.quote-author').textContent()).toContain(t.author);
        if (t.source) expect(await li.locator('cite').textContent()).toBe(t.source);
      }
      const time = page.locator('.deadline time');
      expect(await time.isVisible()).toBe(true);
      expect(await time.getAttribute('datetime')).toBe(mom.deadline!.at);
      expect(await time.textContent()).toMatch(/April 30, 2027/);
      expect(await page.locator('.deadline h2').textContent()).toBe(mom.deadline!.label);
      // Nothing claims a remaining time before the script runs.
      expect(await page.locator('.countdown-value').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
