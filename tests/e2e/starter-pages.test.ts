// The starter pages in real Chromium against `heartnotes preview`, at phone and desktop widths:
// status, console, head tags, accessibility (axe-core), the header navigation and the no-JS menu.
import { axeFor } from '../e2e-helpers/axe.ts';
import type { Result } from 'axe-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadLazyImages } from '../e2e-helpers/page.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { openPage, useSiteSession, useTab } from '../e2e-helpers/session.ts';

interface StarterPage {
  /** Names the screenshot. */
  name: string;
  path: string;
  status: number;
}

const STARTER_PAGES: StarterPage[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'about', path: '/about', status: 200 },
  { name: 'privacy-policy', path: '/privacy-policy', status: 200 },
  { name: 'affiliate-disclosure', path: '/affiliate-disclosure', status: 200 },
  { name: 'thank-you', path: '/thank-you', status: 200 },
  { name: 'thank-you-hso', path: '/thank-you-hso', status: 200 },
  { name: 'not-found', path: '/no-such-page-on-heart-notes', status: 404 },
];

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

const screenshot = screenshotsIn('starter-pages');

const session = useSiteSession();

const open = (context: BrowserContext, path: string, viewport: { width: number; height: number }, expectedStatus = 200, tab?: Page) =>
  openPage(session.site, context, path, viewport, expectedStatus, tab);

function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    at ${n.target.join(' ')}\n      ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  ${v.id} (${v.impact ?? 'no impact given'}): ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** The paths the sitemap lists. */
const inSitemap = () =>
  new Set([...readFileSync(join(session.site.outDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => new URL(m[1]).pathname));

const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Every link in the header, with the path it points to and its aria-current. */
function headerLinks(page: Page) {
  return page.locator('header.site-header a').evaluateAll((links) =>
    links.map((a) => ({
      text: (a.textContent ?? '').trim(),
      href: (a as HTMLAnchorElement).href,
      current: a.getAttribute('aria-current'),
    })),
  );
}

/**
 * The phone Menu button opens the navigation as a popover with a click or with Enter, and Escape
 * closes it and returns focus to the button. None of it needs JavaScript.
 */
async function checkPhoneMenu(page: Page) {
  const toggle = page.locator('header.site-header .menu-toggle');
  const menu = page.locator('header.site-header #site-menu');
  expect(await toggle.isVisible(), 'the Menu button is visible on a phone').toBe(true);
  expect((await toggle.innerText()).trim()).toMatch(/Menu/);
  expect(await toggle.getAttribute('popovertarget'), 'the Menu button opens the navigation').toBe('site-menu');
  const links = menu.locator('a');
  const linkCount = await links.count();
  expect(linkCount, 'the Menu holds the navigation links').toBeGreaterThan(0);
  const isOpen = () => menu.evaluate((el) => el.matches(':popover-open'));
  const linksVisible = async () => {
    for (let i = 0; i < linkCount; i++) if (!(await links.nth(i).isVisible())) return false;
    return true;
  };

  expect(await isOpen(), 'the Menu starts closed').toBe(false);
  expect(await links.first().isVisible(), 'the nav links are hidden while the Menu is closed').toBe(false);

  await toggle.click();
  expect(await isOpen(), 'a click opens the Menu').toBe(true);
  expect(await linksVisible(), 'every nav link is visible once the Menu is open').toBe(true);
  await toggle.click();
  expect(await isOpen(), 'a second click closes the Menu').toBe(false);

  await toggle.focus();
  await page.keyboard.press('Enter');
  expect(await isOpen(), 'Enter on the focused button opens the Menu').toBe(true);
  expect(await linksVisible(), 'every nav link is visible once the Menu is opened from the keyboard').toBe(true);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#site-menu') !== null), 'Tab moves into the open Menu').toBe(true);
  await page.keyboard.press('Escape');
  expect(await isOpen(), 'Escape closes the Menu').toBe(false);
  expect(await toggle.evaluate((el) => el === document.activeElement), 'focus returns to the Menu button').toBe(true);
}

describe.each(VIEWPORTS)('starter pages at $width×$height ($name)', (viewport) => {
  const tab = useTab(() => session.browser.context);
  it.each(STARTER_PAGES)('$path', async (starter) => {
    const { page, response, problems } = await open(session.browser.context, starter.path, viewport, starter.status, tab());
    try {
      expect(response?.status(), `HTTP status of ${starter.path}`).toBe(starter.status);
      await loadLazyImages(page);
      await screenshot(page, `${starter.name}-${viewport.width}.png`, { fullPage: true });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(sideways, `content wider than the ${viewport.width}px viewport, by this many pixels`).toBeLessThanOrEqual(0);
      const broken = await page.evaluate(() =>
        Array.from(document.images)
          .filter((img) => img.checkVisibility() && img.complete && img.naturalWidth === 0)
          .map((img) => img.getAttribute('src')),
      );
      expect.soft(broken, 'visible images that failed to load').toEqual([]);

      // Head and document outline.
      expect.soft(await page.getAttribute('html', 'lang'), '<html lang>').toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
      expect.soft(await page.locator('h1').count(), 'exactly one <h1>').toBe(1);
      expect.soft((await page.title()).trim(), '<title>').not.toBe('');
      const description = await page.locator('head meta[name="description"]').getAttribute('content');
      expect.soft(description?.trim(), 'meta description').toBeTruthy();
      // A not-found page names no canonical address: every address it answers at is a 404.
      const canonical = page.locator('head link[rel="canonical"]');
      expect.soft(await canonical.count(), 'canonical links').toBe(starter.status === 200 ? 1 : 0);
      if (starter.status === 200) {
        const canonicalHref = (await canonical.first().getAttribute('href')) ?? '';
        expect.soft(canonicalHref, 'canonical link is absolute').toMatch(/^https?:\/\//);
        expect.soft(normalizePath(new URL(canonicalHref, 'https://x.invalid').pathname), 'canonical path').toBe(starter.path);
      }

      // No framework JavaScript, and structured data that parses. The privacy policy carries the
      // consent script whenever a third party is configured, as the shipped config does
      // (geolocation for landing pages); tests/e2e/consent.test.ts covers it.
      const scriptSrcs = await page.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('src')));
      expect.soft(scriptSrcs, '<script src> on the page').toEqual(
        starter.path === '/privacy-policy' ? [expect.stringMatching(/^\/assets\/islands\/script-consent-[A-Za-z0-9]+\.js$/)] : [],
      );
      for (const json of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect.soft(() => JSON.parse(json), `JSON-LD parses: ${json.slice(0, 120)}`).not.toThrow();
      }

      if (starter.status === 404) {
        const main = page.locator('main');
        expect.soft(await main.innerText(), '404 page says the page was not found').toMatch(/not found|could not find|can[’']t find/i);
        expect.soft(await main.locator('a[href="/"]').count(), '404 page links to the home page').toBeGreaterThan(0);
      }

      // The header marks the link to this page, and only that one, as the current page.
      const here = normalizePath(new URL(page.url()).pathname);
      const links = await headerLinks(page);
      for (const link of links) {
        const pointsHere = normalizePath(new URL(link.href).pathname) === here;
        expect.soft(link.current, `aria-current on header link "${link.text}" (${link.href}) on ${here}`).toBe(pointsHere ? 'page' : null);
      }
      if (starter.path === '/') {
        expect.soft(links.filter((l) => l.current === 'page').length, 'the home page is marked in the header').toBeGreaterThan(0);
      }
      // The menu leads to the five topics and the reviews (issue 30), on phones inside the Menu, on desktop in the bar.
      const menuPaths = links.map((l) => normalizePath(new URL(l.href).pathname));
      expect.soft(menuPaths, 'the header links the five topics and Reviews').toEqual(
        expect.arrayContaining(['/category/dating', '/category/relationships', '/category/breakups', '/category/self-care', '/category/gifts', '/posts']),
      );

      // Accessibility; on a phone, site-behaviour.test.ts's pass over the sitemap checks the pages listed there.
      if (viewport.name !== 'phone' || !inSitemap().has(starter.path)) {
        const axe = await axeFor(page).analyze();
        expect.soft(axe.violations.length, `axe-core violations on ${starter.path} at ${viewport.width}px:\n${formatViolations(axe.violations)}`).toBe(0);
      }

      // Navigation for this width.
      if (viewport.name === 'phone') {
        await checkPhoneMenu(page);
      } else {
        expect.soft(await page.locator('header.site-header #site-menu a').first().isVisible(), 'the navigation bar is visible').toBe(true);
        expect.soft(await page.locator('header.site-header .menu-toggle').isVisible(), 'the Menu button is hidden on desktop').toBe(false);
        const boxes = await page.locator('header.site-header #site-menu a').evaluateAll((as) =>
          as.map((a) => {
            const r = a.getBoundingClientRect();
            return { top: Math.round(r.top), left: r.left, right: r.right, shown: r.width > 0 && r.height > 0 };
          }),
        );
        expect.soft(boxes.every((b) => b.shown && b.left >= 0 && b.right <= viewport.width), `every menu link is shown inside the ${viewport.width}px bar`).toBe(true);
        expect.soft(new Set(boxes.map((b) => b.top)).size, 'the menu bar is one row').toBe(1);
      }

      expect(problems.all(), `console errors, page errors or failed requests on ${starter.path}`).toEqual([]);
    } finally {
      problems.stop();
    }
  });
});

describe('the phone Menu without JavaScript', () => {
  it('runs in a context where scripts really are off', async () => {
    const page = await session.noJs.context.newPage();
    try {
      await page.setContent('<title>before</title><script>document.title = "script ran"</script>');
      expect(await page.title()).toBe('before');
    } finally {
      await page.close();
    }
  });

  const tab = useTab(() => session.noJs.context);
  it.each(STARTER_PAGES)('$path', async (starter) => {
    const { page, response, problems } = await open(session.noJs.context, starter.path, VIEWPORTS[0], starter.status, tab());
    try {
      expect(response?.status()).toBe(starter.status);
      await checkPhoneMenu(page);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });
});

describe('page metadata', () => {
  it('/thank-you-hso asks search engines not to index it', async () => {
    const { page, response } = await open(session.browser.context, '/thank-you-hso', VIEWPORTS[1]);
    try {
      expect(response?.status()).toBe(200);
      const robots = await page.locator('head meta[name="robots"]').evaluateAll((m) => m.map((e) => e.getAttribute('content') ?? ''));
      expect(robots).toHaveLength(1);
      expect(robots[0]).toMatch(/^noindex\b/);
    } finally {
      await page.close();
    }
  });
});

describe('the whole sitemap', () => {
  const sitemapPaths = () => {
    const xml = readFileSync(join(session.site.outDir, 'sitemap.xml'), 'utf8');
    return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => {
      const loc = new URL(m[1].replace(/&amp;/g, '&'));
      return loc.pathname + loc.search;
    });
  };

  it('lists the indexable starter pages and leaves out the noindex ones', () => {
    const paths = sitemapPaths().map(normalizePath);
    expect(paths).toContain('/');
    expect(paths).not.toContain('/thank-you-hso');
    expect(new Set(paths).size, 'no address listed twice').toBe(paths.length);
  });

  // That every address in it loads with status 200, its images and no console errors or failed
  // requests is checked page by page in site-behaviour.test.ts, along with axe.
});
