// Consent before tracking (docs/product.md, "Consent") in Chromium against `heartnotes preview`. A copy of the real
// site is built with every third party of content/data/third-parties.json configured at fake
// hosts; every request the browser makes is recorded, and every one that is not for the preview
// server is answered by a small stub here, so nothing leaves the machine. Before a choice only the
// site itself is contacted; after Reject, still only the site; after Accept, exactly the
// configured services. The shipped config (geolocation only) and an empty one are built too.
import { axeFor } from '../e2e-helpers/axe.ts';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext } from '../e2e-helpers/browser.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { watchPage, type PageProblems } from '../e2e-helpers/console.ts';
import { buildAndPreview, type PreviewedSite } from '../e2e-helpers/site.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { runVnu } from '../helpers/vnu.ts';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const screenshot = screenshotsIn('consent');

const ARTICLE = '/post/a-dating-story-about-second-chances';
const ARTICLE_ID = '5';
const REVIEW = '/affiliate/affiliate-his-secret-obsession-review';
/** A gift page with two reserved ad slots (content/gifts/love-necklace-gift-page.md). */
const GIFT = '/love-necklace-gift-page';
const PARTNER = /^https:\/\/hop\.clickbank\.net\//;

const THIRD_PARTIES = {
  geolocation: { url: 'https://geo.thirdparty.test/json/' },
  adScript: { src: 'https://ads.thirdparty.test/ad.js' },
  adManager: {
    src: 'https://gam.thirdparty.test/tag/js/gpt.js',
    publisherId: '1234567',
    slots: [
      { id: 'hn-ad-top', path: 'heartnotes/gift-top', sizes: [[300, 250]] },
      { id: 'hn-ad-bottom', path: 'heartnotes/gift-bottom', sizes: [[300, 250], [336, 280]] },
    ],
  },
  conversion: { src: 'https://tag.thirdparty.test/gtag/js', tagId: 'AW-111222333', label: 'hnConv49' },
  pixel: { src: 'https://pixel.thirdparty.test/p.gif' },
};
const EXPECTED = {
  adScript: 'https://ads.thirdparty.test/ad.js',
  adManager: 'https://gam.thirdparty.test/tag/js/gpt.js',
  conversion: 'https://tag.thirdparty.test/gtag/js?id=AW-111222333',
  pixel: `https://pixel.thirdparty.test/p.gif?article_id=${ARTICLE_ID}&page=%2Fpost%2Fa-dating-story-about-second-chances`,
};

// ── Stubs for the fake hosts ──────────────────────────────────────────────────────────────────

/** The ad manager library, reduced to what the consent script calls; it records the calls and shows a 300×250 "ad". */
const GPT_STUB = `(function () {
  var calls = (window.__gptCalls = []);
  var gt = (window.googletag = window.googletag || { cmd: [] });
  var pubads = {};
  gt.pubads = function () { return pubads; };
  gt.defineSlot = function (path, sizes, id) { calls.push(['defineSlot', path, sizes, id]); return { addService: function () { return this; } }; };
  gt.enableServices = function () { calls.push(['enableServices']); };
  gt.display = function (id) {
    calls.push(['display', id]);
    var ad = document.createElement('div');
    ad.style.cssText = 'width:300px;height:250px;background:#ddd';
    document.getElementById(id).append(ad);
  };
  var queued = gt.cmd;
  gt.cmd = { push: function (run) { run(); } };
  for (var i = 0; i < queued.length; i++) queued[i]();
})();`;

/** The conversion tag, reduced to what gtag.js does with the data layer: it reads every command, queued or pushed later. */
const GTAG_STUB = `(function () {
  var dl = window.dataLayer;
  var seen = function (args) { window.__tagSeen(JSON.stringify(Array.prototype.slice.call(args))); };
  for (var i = 0; i < dl.length; i++) seen(dl[i]);
  var push = dl.push;
  dl.push = function () { for (var j = 0; j < arguments.length; j++) seen(arguments[j]); return push.apply(dl, arguments); };
})();`;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function stub(url: URL): { status: number; contentType: string; body: string | Buffer; headers?: Record<string, string> } {
  const js = (body: string) => ({ status: 200, contentType: 'text/javascript', body });
  switch (url.origin + url.pathname) {
    case 'https://ads.thirdparty.test/ad.js': return js('window.__adScriptRan = true;');
    case 'https://gam.thirdparty.test/tag/js/gpt.js': return js(GPT_STUB);
    case 'https://tag.thirdparty.test/gtag/js': return js(GTAG_STUB);
    case 'https://pixel.thirdparty.test/p.gif': return { status: 200, contentType: 'image/gif', body: GIF };
    case 'https://geo.thirdparty.test/json/':
      return { status: 200, contentType: 'application/json', body: '{"city":"Manila","country_name":"Philippines","country_code":"PH"}', headers: { 'access-control-allow-origin': '*' } };
    default: return { status: 200, contentType: 'text/html', body: '<!doctype html><title>Partner</title><p>Partner site</p>' };
  }
}

// ── Sites ─────────────────────────────────────────────────────────────────────────────────────

/** A copy of the project with its own content/data/third-parties.json (node_modules linked). */
function siteCopy(thirdParties: object): string {
  // The real site less its social cards and search index: neither has anything to do with
  // consent, and each copy is built from scratch (they cost about 1.2 s of a 2.3 s build).
  const root = copyProject('heartnotes-consent-', '{ cards: undefined, search: undefined }');
  writeFileSync(join(root, 'content', 'data', 'third-parties.json'), `${JSON.stringify(thirdParties, null, 2)}\n`);
  return root;
}

const roots: string[] = [];
/** Every third party configured at the fake hosts. */
let full: PreviewedSite;
/** The shipped config (geolocation only). */
let shipped: PreviewedSite;
/** Nothing configured: `{}`. */
let empty: PreviewedSite;

beforeAll(async () => {
  roots.push(siteCopy(THIRD_PARTIES), siteCopy({}));
  // One build at a time: the machine has two cores and other tests may be building too.
  full = await buildAndPreview({ root: roots[0] });
  shipped = await buildAndPreview();
  empty = await buildAndPreview({ root: roots[1] });
}, 300_000);

afterAll(async () => {
  await closeSharedChromium();
  await Promise.allSettled([full?.stop(), shipped?.stop(), empty?.stop()]);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

// ── Browser ───────────────────────────────────────────────────────────────────────────────────

interface Visitor {
  context: BrowserContext;
  /** Every request of every page, in order. */
  requests: string[];
  /** The commands the stubbed conversion tag read from the data layer, each as [command, ...args]. */
  tagCommands: unknown[][];
  close(): Promise<void>;
}

/** A new visitor (a fresh browser context, so no stored choice) whose every non-loopback request is stubbed. */
async function newVisitor(): Promise<Visitor> {
  const browser = await freshContext();
  const requests: string[] = [];
  const tagCommands: unknown[][] = [];
  await browser.context.exposeFunction('__tagSeen', (json: string) => tagCommands.push(JSON.parse(json)));
  await browser.context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    const { status, contentType, body, headers } = stub(url);
    return route.fulfill({ status, contentType, body, headers });
  });
  return { context: browser.context, requests, tagCommands, close: browser.close };
}

interface Opened {
  page: Page;
  problems: PageProblems;
}

/**
 * Opens `path` for the visitor and lets it settle: in a new tab, or in `tab`, a tab of the visitor's
 * that a loop goes on loading pages in (a navigation costs less than half as much as a new tab);
 * stop the watcher of the tab's previous page first.
 */
async function open(visitor: Visitor, site: PreviewedSite, path: string, viewport = PHONE, reducedMotion?: 'reduce', tab?: Page): Promise<Opened> {
  const page = tab ?? (await visitor.context.newPage());
  await page.setViewportSize(viewport);
  if (reducedMotion) await page.emulateMedia({ reducedMotion });
  const problems = watchPage(page, { origin: new URL(site.url).origin });
  await page.goto(new URL(path, site.url).href, { waitUntil: 'load' });
  await settle(page);
  return { page, problems };
}

/**
 * Lets every lazy image and every script (and what they load) arrive: scrolls through the page
 * and waits for its network to go quiet. After a load that is a real
 * wait; after an action on a page that was already quiet Playwright returns at once, so a request
 * the action should cause is awaited with `expect.poll` on the recorded requests instead.
 */
async function settle(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

const others = (site: PreviewedSite, requests: string[]) => requests.filter((r) => !r.startsWith('data:') && new URL(r).origin !== new URL(site.url).origin);

const banner = (page: Page) => page.locator('#consent-banner');
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('heartnotes-consent-v1') ?? 'null'));

/** Reopens the choices from the footer link; focus moves to the banner. */
async function reopen(page: Page) {
  await page.getByRole('link', { name: 'Privacy choices' }).click();
  await expect.poll(() => banner(page).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-banner');
}

/** Axe's findings; open the page with reduced motion, so no slide-in or fade is caught halfway. */
async function axeViolations(page: Page) {
  const result = await axeFor(page).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// ── Every third party configured ──────────────────────────────────────────────────────────────

describe('with every third party configured', () => {
  it('before any choice: only the site is contacted, and the banner shows, reachable by keyboard', async () => {
    const visitor = await newVisitor();
    try {
      let tab: Page | undefined;
      for (const path of ['/', ARTICLE, REVIEW, GIFT, '/privacy-policy']) {
        const before = visitor.requests.length;
        const { page, problems } = await open(visitor, full, path, PHONE, undefined, tab);
        tab = page;
        expect(others(full, visitor.requests.slice(before)), `${path}: requests to other hosts`).toEqual([]);
        expect(await banner(page).isVisible(), `${path}: banner shown`).toBe(true);
        expect(await page.evaluate(() => 'gtag' in window || 'googletag' in window), `${path}: no tag defined`).toBe(false);
        // Tab from the top of the page: the skip link, then the banner's first button.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          return { action: el.dataset.consentAction, inBanner: !!el.closest('#consent-banner'), outline: `${style.outlineStyle} ${style.outlineWidth}` };
        });
        expect(focused, `${path}: second Tab`).toEqual({ action: 'reject', inBanner: true, outline: 'solid 3px' });
        // A band at the bottom, not a cover over the page.
        const box = (await banner(page).boundingBox())!;
        expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
        expect(box.height, `${path}: banner height at 375 px`).toBeLessThan(PHONE.height * 0.6);
        // Compact on phones (issue 19): at most a quarter of a 375 × 812 screen, and the two
        // choices the same size.
        expect(box.height, `${path}: banner height at 375 px`).toBeLessThanOrEqual(812 * 0.25);
        const [reject, accept] = await Promise.all(['reject', 'accept'].map((a) => page.locator(`[data-consent-action="${a}"]`).boundingBox()));
        expect([Math.round(reject!.width), Math.round(reject!.height)], `${path}: Reject all and Accept all alike`).toEqual([Math.round(accept!.width), Math.round(accept!.height)]);
        expect(problems.all(), path).toEqual([]);
        problems.stop();
      }
    } finally {
      await visitor.close();
    }
  });

  it('Reject all (by keyboard): still only the site, the banner stays away after a reload and on other pages, and the site works', async () => {
    const visitor = await newVisitor();
    try {
      const { page, problems } = await open(visitor, full, REVIEW);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await banner(page).isVisible()).toBe(false);
      expect(await stored(page)).toMatchObject({ advertising: false, measurement: false, location: false });
      await page.locator('.toast-title').waitFor();
      expect(await page.locator('.toast-title').innerText()).toBe('Privacy choices saved');
      await settle(page);
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      expect(await banner(page).isVisible(), 'after a reload').toBe(false);
      let tab: Page | undefined;
      for (const path of ['/', ARTICLE, GIFT]) {
        const other = await open(visitor, full, path, PHONE, undefined, tab);
        tab = other.page;
        expect(await banner(other.page).isVisible(), `${path}: banner`).toBe(false);
        expect(other.problems.all(), path).toEqual([]);
        other.problems.stop();
      }
      await tab?.close();
      expect(others(full, visitor.requests), 'requests to other hosts').toEqual([]);

      // The call to action still takes the visitor to the seller, with no tag to report to.
      await expect.poll(() => page.locator('a[data-affiliate-cta][target="_blank"]').count(), { timeout: 10_000 }).toBe(0);
      expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe('undefined');
      await Promise.all([page.waitForURL(PARTNER), page.locator('a[data-affiliate-cta]').first().click()]);
      expect(visitor.tagCommands).toEqual([]);
      expect(problems.all()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('the footer link reopens the choices; Accept all loads exactly the configured services, and the CTA reports 49 USD', async () => {
    const visitor = await newVisitor();
    try {
      // Reject first, on the article, so the banner is closed when the footer link is used.
      const { page, problems } = await open(visitor, full, ARTICLE);
      await page.getByRole('button', { name: 'Reject all' }).click();
      await reopen(page);
      expect(await page.locator('[data-consent-category]').evaluateAll((els) => els.map((el) => [(el as HTMLInputElement).name, (el as HTMLInputElement).checked])))
        .toEqual([['advertising', false], ['measurement', false], ['location', false]]);
      const before = visitor.requests.length;
      await page.getByRole('button', { name: 'Accept all' }).click();
      expect(await page.evaluate(() => document.activeElement?.textContent), 'focus back on the link').toBe('Privacy choices');
      await settle(page);
      // The article: the pixel, once, with the article's id and address; no ad (no slot) and no tag (no call to action).
      await expect.poll(() => others(full, visitor.requests.slice(before))).toEqual([EXPECTED.pixel]);
      expect(await stored(page)).toMatchObject({ advertising: true, measurement: true, location: true });
      expect(problems.all()).toEqual([]);

      // Home: the ad script in the partner block's slot.
      let mark = visitor.requests.length;
      const home = await open(visitor, full, '/');
      expect(others(full, visitor.requests.slice(mark))).toEqual([EXPECTED.adScript]);
      expect(await home.page.evaluate(() => (window as { __adScriptRan?: boolean }).__adScriptRan)).toBe(true);
      expect(await home.page.locator('[data-ad-slot="partner-block"] script').getAttribute('src')).toBe(EXPECTED.adScript);
      expect(await banner(home.page).isVisible()).toBe(false);
      expect(home.problems.all()).toEqual([]);

      // The gift page: the ad manager, its publisher id and both slots, in the reserved slots, which do not grow.
      const noAds = await (async () => {
        const fresh = await newVisitor();
        try {
          const p = (await open(fresh, full, GIFT)).page;
          return await p.locator('.ad-slot').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
        } finally {
          await fresh.close();
        }
      })();
      mark = visitor.requests.length;
      const gift = await open(visitor, full, GIFT);
      expect(others(full, visitor.requests.slice(mark))).toEqual([EXPECTED.adManager]);
      expect(await gift.page.evaluate(() => (window as unknown as { __gptCalls: unknown[] }).__gptCalls)).toEqual([
        ['defineSlot', '/1234567/heartnotes/gift-top', [[300, 250]], 'hn-ad-top'],
        ['defineSlot', '/1234567/heartnotes/gift-bottom', [[300, 250], [336, 280]], 'hn-ad-bottom'],
        ['enableServices'],
        ['display', 'hn-ad-top'],
        ['display', 'hn-ad-bottom'],
      ]);
      expect(await gift.page.locator('[data-ad-slot="1"] #hn-ad-top').count()).toBe(1);
      expect(await gift.page.locator('[data-ad-slot="2"] #hn-ad-bottom').count()).toBe(1);
      const withAds = await gift.page.locator('.ad-slot').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      expect(noAds, 'both reserved slots, 250 px or more before any ad').toHaveLength(2);
      expect(noAds.every((h) => h >= 250)).toBe(true);
      expect(withAds, 'slot heights with the ads in').toEqual(noAds);
      expect(gift.problems.all()).toEqual([]);

      // The review: the conversion tag; a click on the call to action reports 49 USD, then goes on.
      mark = visitor.requests.length;
      const review = await open(visitor, full, REVIEW);
      expect(others(full, visitor.requests.slice(mark))).toEqual([EXPECTED.conversion]);
      expect(visitor.tagCommands.map((c) => c[0])).toEqual(['js', 'config']);
      expect(visitor.tagCommands[1]).toEqual(['config', 'AW-111222333']);
      await expect.poll(() => review.page.locator('a[data-affiliate-cta][target="_blank"]').count(), { timeout: 10_000 }).toBe(0);
      await Promise.all([review.page.waitForURL(PARTNER), review.page.locator('a[data-affiliate-cta]').first().click()]);
      expect(visitor.tagCommands[2]).toEqual([
        'event',
        'conversion',
        { send_to: 'AW-111222333/hnConv49', value: 49, currency: 'USD', transport_type: 'beacon' },
      ]);
      expect(visitor.tagCommands).toHaveLength(3);
      // The consent script never calls the geolocation service; the landing script does, on landing pages.
      expect(visitor.requests.some((r) => r.startsWith('https://geo.thirdparty.test/'))).toBe(false);
    } finally {
      await visitor.close();
    }
  });

  it('withdrawing (Accept, then Reject from the footer link) stops the conversion at once and every load after a reload', async () => {
    const visitor = await newVisitor();
    try {
      const { page, problems } = await open(visitor, full, REVIEW);
      await page.getByRole('button', { name: 'Accept all' }).click();
      await settle(page);
      await expect.poll(() => others(full, visitor.requests)).toEqual([EXPECTED.conversion]);
      await page.locator('footer').scrollIntoViewIfNeeded();
      await reopen(page);
      expect(await page.locator('[data-consent-category]:checked').count()).toBe(3);
      await page.getByRole('button', { name: 'Reject all' }).click();
      await page.locator('.toast-description').waitFor();
      expect(await page.locator('.toast-description').innerText()).toBe('Reload the page to stop the services you turned off.');
      expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag), 'no conversion from this page any more').toBe('undefined');
      const mark = visitor.requests.length;
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      // open() waits until each page's network is idle, so whatever it would load has been asked for.
      let tab: Page | undefined;
      for (const path of [ARTICLE, '/', GIFT]) tab = (await open(visitor, full, path, PHONE, undefined, tab)).page;
      expect(others(full, visitor.requests.slice(mark)), 'after the withdrawal').toEqual([]);
      expect(problems.all()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('/thank-you-hso reports the 49 USD conversion on load only after Accept; before, and after Reject, nothing is contacted', async () => {
    const visitor = await newVisitor();
    try {
      const first = await open(visitor, full, '/thank-you-hso');
      expect(others(full, visitor.requests), 'before any choice').toEqual([]);
      await first.page.getByRole('button', { name: 'Reject all' }).click();
      await first.page.reload({ waitUntil: 'load' });
      await settle(first.page);
      expect(others(full, visitor.requests), 'after Reject').toEqual([]);
      expect(visitor.tagCommands).toEqual([]);
      await first.page.locator('footer').scrollIntoViewIfNeeded();
      await reopen(first.page);
      await first.page.getByRole('button', { name: 'Accept all' }).click();
      await settle(first.page);
      await expect.poll(() => others(full, visitor.requests)).toEqual([EXPECTED.conversion]);
      await expect.poll(() => visitor.tagCommands.length).toBe(3);
      expect(visitor.tagCommands).toEqual([
        ['js', expect.anything()],
        ['config', 'AW-111222333'],
        ['event', 'conversion', { send_to: 'AW-111222333/hnConv49', value: 49, currency: 'USD' }],
      ]);
      expect(first.problems.all()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('a choice per category: measurement alone sends the pixel but loads no ad and no tag', async () => {
    const visitor = await newVisitor();
    try {
      const { page, problems } = await open(visitor, full, ARTICLE);
      await page.getByText('Choose by category').click();
      await page.getByRole('checkbox', { name: 'Measurement' }).check();
      await page.getByRole('button', { name: 'Save my choices' }).click();
      expect(await banner(page).isVisible()).toBe(false);
      expect(await stored(page)).toMatchObject({ advertising: false, measurement: true, location: false });
      await settle(page);
      // open() waits until each page's network is idle, so whatever it would load has been asked for.
      let tab: Page | undefined;
      for (const path of ['/', GIFT, REVIEW]) tab = (await open(visitor, full, path, PHONE, undefined, tab)).page;
      await expect.poll(() => others(full, visitor.requests)).toEqual([EXPECTED.pixel]);
      expect(problems.all()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('has no axe violations with the banner open (and its categories shown) at 375 and 1280 px (screenshots on request)', async () => {
    const visitor = await newVisitor();
    try {
      for (const viewport of [PHONE, DESKTOP]) {
        for (const path of ['/', ARTICLE]) {
          const { page } = await open(visitor, full, path, viewport, 'reduce');
          expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
          if (path === '/') await screenshot(page, `banner-${viewport.width}.png`);
          // Scrolled to the end, the footer's last line is above the banner, not under it.
          await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
          const copyright = (await page.locator('.copyright').boundingBox())!;
          expect(copyright.y + copyright.height, `${path} at ${viewport.width} px: footer above the banner`).toBeLessThanOrEqual((await banner(page).boundingBox())!.y);
          if (path === '/') await screenshot(page, `banner-page-end-${viewport.width}.png`);
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await page.getByText('Choose by category').click();
          expect(await axeViolations(page), `${path} at ${viewport.width} px, categories open`).toEqual([]);
          if (path === '/') await screenshot(page, `banner-categories-${viewport.width}.png`);
          await page.close();
        }
      }
      expect(others(full, visitor.requests)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('the banner\'s markup', () => {
  it('is valid HTML (Nu Html Checker) on every kind of page that carries it', () => {
    const files = ['index.html', `${ARTICLE.slice(1)}.html`, `${REVIEW.slice(1)}.html`, `${GIFT.slice(1)}.html`, 'privacy-policy.html'].map((f) => join(full.outDir, f));
    const result = runVnu(['--errors-only', '--format', 'text', ...files]);
    expect((result.stderr + result.stdout).trim()).toBe('Document checking completed. No errors found.');
    expect(result.status).toBe(0);
  });
});

// ── The shipped config, and none ──────────────────────────────────────────────────────────────

describe('with the shipped config (geolocation only, for landing pages)', () => {
  it('article, home, review and gift pages have no banner, no script for it and no ad slot; nothing breaks', async () => {
    const visitor = await newVisitor();
    try {
      // One tab loads the pages in turn, the article last, where the test goes on.
      let article: Opened | undefined;
      for (const path of ['/', REVIEW, GIFT, ARTICLE]) {
        if (article) article.problems.stop();
        article = await open(visitor, shipped, path, PHONE, undefined, article?.page);
        const { page, problems } = article;
        expect(await page.locator('#consent-banner, #consent-config').count(), path).toBe(0);
        const modules = await page.locator('script[type="module"][src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
        expect(modules.filter((src) => src?.includes('script-consent')), path).toEqual([]);
        // No ad service configured: no empty "Advertisement" box that nothing would ever fill.
        expect(await page.locator('.ad-slot, [data-ad-slot]').count(), `${path}: ad slots`).toBe(0);
        expect(problems.all(), path).toEqual([]);
      }
      article = article!;
      expect(await article.page.locator('script:not([type="application/ld+json"])').count(), 'article: no script').toBe(0);
      // The footer link then leads to the privacy policy, which opens the choices: only Location.
      await Promise.all([article.page.waitForURL(/\/privacy-policy#privacy-choices$/), article.page.getByRole('link', { name: 'Privacy choices' }).click()]);
      await expect.poll(() => banner(article.page).isVisible()).toBe(true);
      expect(await article.page.evaluate(() => document.activeElement?.id)).toBe('consent-banner');
      expect(await article.page.locator('[data-consent-category]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).name))).toEqual(['location']);
      await article.page.getByRole('button', { name: 'Accept all' }).click();
      await settle(article.page);
      expect(await stored(article.page)).toMatchObject({ advertising: false, measurement: false, location: true });
      expect(others(shipped, visitor.requests), 'the privacy policy calls no geolocation itself').toEqual([]);
      expect(article.problems.all()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('with nothing configured ({})', () => {
  it('no page has the banner or its script; the privacy policy has no script at all', async () => {
    const visitor = await newVisitor();
    try {
      let tab: Page | undefined;
      for (const path of [ARTICLE, '/', REVIEW, GIFT, '/privacy-policy']) {
        const { page, problems } = await open(visitor, empty, path, PHONE, undefined, tab);
        tab = page;
        expect(await page.locator('#consent-banner, #consent-config').count(), path).toBe(0);
        expect(await page.locator('a[data-privacy-choices]').getAttribute('href'), path).toBe('/privacy-policy#privacy-choices');
        if (path === '/privacy-policy' || path === ARTICLE) {
          expect(await page.locator('script:not([type="application/ld+json"])').count(), `${path}: no script`).toBe(0);
        }
        expect(problems.all(), path).toEqual([]);
        problems.stop();
      }
      expect(others(empty, visitor.requests)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
