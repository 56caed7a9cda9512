// Site search in Chromium against `heartnotes preview` of the real site (docs/search.md): the
// header box at phone and desktop widths, by keyboard; /search?q=; the page without JavaScript; and
// that a page without scripts still requests none until the box is used.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFor } from '../e2e-helpers/axe.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { openPage, useSiteSession } from '../e2e-helpers/session.ts';
import { buildAndPreview, type PreviewedSite } from '../e2e-helpers/site.ts';
import { copyProject } from '../helpers/fixtures.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const screenshot = screenshotsIn('search');
const ARTICLE = '/post/a-dating-story-about-second-chances';
// A review of a relationship guide: the off-topic reviews are unlisted, so out of the search (docs/product.md, "One topic").
const REVIEW = '/affiliate/affiliate-unlock-the-scrambler-review';

const session = useSiteSession();

/** Every script the page requests, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || /\/search-index\//.test(r.url())) scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

const resultLinks = (page: Page, scope: string) =>
  page.locator(`${scope} .search-result-title a`).evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/**
 * Opens the header box where it is behind the Search button (phones and tablets; a popover, so
 * this works without JavaScript too); on a wide screen it is in the header already.
 */
async function openHeaderBox(page: Page) {
  const toggle = page.getByRole('button', { name: 'Search', exact: true }).filter({ visible: true }).and(page.locator('.search-toggle'));
  if (await toggle.count()) await toggle.click();
  await page.locator('#site-search-q').waitFor({ state: 'visible' });
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await axeFor(page).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the header search box (%s)', (name, viewport) => {
  it('loads nothing until used, then shows results under the box that the keyboard can reach and close', async () => {
    // /about ships no script (tests/e2e/widgets.test.ts); the result followed below is another page.
    const { page, problems } = await openPage(session.site, session.browser.context, '/about', viewport);
    const scripts = recordScripts(page);
    try {
      await page.waitForLoadState('networkidle');
      expect(scripts, 'requests before the box is used').toEqual([]);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

      const input = page.getByRole('searchbox', { name: 'Search articles, guides and reviews' });
      await openHeaderBox(page);
      await input.focus();
      await input.pressSequentially('second chances');
      const panel = page.locator('#site-search-panel');
      await expect.poll(() => resultLinks(page, '#site-search-panel')).toContain(ARTICLE);
      expect(await panel.isVisible()).toBe(true);
      expect(await panel.getByRole('status').innerText()).toMatch(/^\d+ results? for “second chances”$/);
      // Only the search script and the index's files, no framework runtime.
      expect(scripts.filter((s) => !/^\/search-index\//.test(s))).toEqual([expect.stringMatching(/^\/assets\/islands\/script-search-[A-Za-z0-9]+\.js$/)]);
      expect(scripts).toEqual(expect.arrayContaining(['/search-index/parts.json', '/search-index/meta.json']));
      await screenshot(page, `header-results-${name}.png`);
      await expectNoAxeViolations(page);

      // Down arrow from the box, or Tab past the Search button, reaches the first result.
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(ARTICLE);
      await input.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Search');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#site-search-panel') !== null)).toBe(true);
      // Escape closes the results and puts focus back in the box.
      await page.keyboard.press('Escape');
      expect(await panel.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-q');
      // Typing again opens them; Enter on a result follows its link.
      await input.pressSequentially(' ');
      await expect.poll(() => panel.isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await Promise.all([page.waitForURL((u) => u.pathname === ARTICLE), page.keyboard.press('Enter')]);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('Enter in the box opens /search with every result', async () => {
    const { page, problems } = await openPage(session.site, session.browser.context, '/about', viewport);
    try {
      const input = page.locator('#site-search-q');
      await openHeaderBox(page);
      await input.fill('scrambler');
      // Focus starts loading the index; let it finish, or leaving the page cancels it (a failed request to the watcher).
      await page.waitForLoadState('networkidle');
      await Promise.all([page.waitForURL((u) => u.pathname === '/search'), input.press('Enter')]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('scrambler');
      await expect.poll(() => resultLinks(page, '.search-page')).toContain(REVIEW);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('/search?q= lists the results on load, reachable by Tab', async () => {
    const { page, problems } = await openPage(session.site, session.browser.context, '/search?q=gift', viewport);
    try {
      await expect.poll(() => resultLinks(page, '.search-page')).toContain('/gift-for-daughter-from-dad');
      expect(await page.locator('#search-page-q').inputValue()).toBe('gift');
      expect(await page.getByRole('status').innerText()).toMatch(/^\d+ results? for “gift”$/);
      // No landing page, 404 or thank-you page among the results.
      for (const href of await resultLinks(page, '.search-page')) expect(href).not.toMatch(/-lp$|^\/404|thank-you/);
      // Each excerpt marks whole words, the spaces around them kept: "a <mark>gift</mark> to", never "giftto".
      const marks = await page.locator('.search-page .search-result-excerpt').evaluateAll((excerpts) =>
        excerpts.flatMap((p) => [...p.querySelectorAll('mark')].map((m) => `${m.previousSibling?.textContent?.slice(-1) ?? ''}[${m.textContent}]${m.nextSibling?.textContent?.[0] ?? ''}`)),
      );
      expect(marks.length).toBeGreaterThan(0);
      for (const mark of marks) expect(mark).toMatch(/^[^\p{L}\p{N}]?\[[^\]]+\][^\p{L}\p{N}]?$/u);
      // From the box: the Search button, then the first result, right under the box (issue 30).
      await page.locator('#search-page-q').focus();
      for (let i = 0; i < 2; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.search-result') !== null)).toBe(true);
      await screenshot(page, `search-page-${name}.png`, { fullPage: true });
      await expectNoAxeViolations(page);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('the /search page', () => {
  it('lists 20 results at first; "Show more results" adds the next ones and moves focus to the first of them', async () => {
    const { page, problems } = await openPage(session.site, session.browser.context, '/search?q=love', DESKTOP);
    try {
      const items = page.locator('.search-page .search-result');
      await expect.poll(() => items.count()).toBe(20);
      const total = Number(/^(\d+) results/.exec(await page.getByRole('status').innerText())?.[1]);
      expect(total).toBeGreaterThan(20);
      const more = page.getByRole('button', { name: 'Show more results' });
      await more.press('Enter');
      await expect.poll(() => items.count()).toBe(Math.min(total, 40));
      expect(await items.nth(20).locator('a').evaluate((a) => a === document.activeElement)).toBe(true);
      expect(await more.isVisible()).toBe(total > 40);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('search without JavaScript', () => {
  it('the header box is a plain form to /search, which says search needs JavaScript and offers the listings', async () => {
    const html = readFileSync(join(session.site.outDir, `${ARTICLE.slice(1)}.html`), 'utf8');
    expect(html).toMatch(/<form class="site-search" action="\/search" method="get"/);
    const { page, problems } = await openPage(session.site, session.noJs.context, ARTICLE, PHONE);
    try {
      await openHeaderBox(page);
      await page.locator('#site-search-q').fill('love');
      await Promise.all([page.waitForURL((u) => u.pathname === '/search'), page.locator('#site-search-q').press('Enter')]);
      expect(await page.locator('main').innerText()).toContain('Search needs JavaScript');
      for (const href of ['/articles', '/guides', '/posts']) expect(await page.locator(`main a[href="${href}"]`).isVisible()).toBe(true);
      await screenshot(page, 'search-page-no-js-phone.png', { fullPage: true });
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('a search index in parts', () => {
  // The real site with its index in parts of 15 pages (SearchOptions.maxPagesPerIndex), less its
  // social cards (nothing to do with search, and this copy is built from scratch).
  let root: string;
  let parts: PreviewedSite;
  beforeAll(async () => {
    root = copyProject('heartnotes-search-parts-', '{ cards: undefined, search: { ...site.search, maxPagesPerIndex: 15 } }');
    parts = await buildAndPreview({ root });
  }, 180_000);
  afterAll(async () => {
    await parts?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** The first page indexed in the last part: its address and title, from that part's first page file. */
  function lastPartPage(outDir: string): { url: string; title: string } {
    const listed = JSON.parse(readFileSync(join(outDir, 'search-index', 'parts.json'), 'utf8')) as string[];
    const data = JSON.parse(readFileSync(join(outDir, 'search-index', listed.at(-1)!, 'pages', '0.json'), 'utf8')) as Record<string, { url: string; meta: { title: string } }>;
    return { url: data[0]!.url, title: data[0]!.meta.title };
  }

  const status = async (site: PreviewedSite, q: string) => {
    const { page, problems } = await openPage(site, session.browser.context, `/search?q=${encodeURIComponent(q)}`, DESKTOP);
    try {
      // The list of parts, then each part's files, load before the first results: allow for a busy machine.
      await expect.poll(() => page.getByRole('status').innerText(), { timeout: 20_000 }).toMatch(/for “/);
      return { text: await page.getByRole('status').innerText(), links: await resultLinks(page, '.search-page'), problems: problems.all() };
    } finally {
      await page.close();
    }
  };

  it('the browser queries every part: a query finds as many pages as in one index, pages of the last part included', async () => {
    const listed = JSON.parse(readFileSync(join(parts.outDir, 'search-index', 'parts.json'), 'utf8')) as string[];
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(readFileSync(join(session.site.outDir, 'search-index', 'parts.json'), 'utf8')), 'this site fits in one part').toEqual([]);
    const whole = await status(session.site, 'love');
    const merged = await status(parts, 'love');
    expect(merged.text).toBe(whole.text);
    expect(merged.problems).toEqual([]);
    const last = lastPartPage(parts.outDir);
    expect((await status(parts, last.title)).links).toContain(last.url);
  });
});
