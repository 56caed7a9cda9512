// One topic and one taxonomy (issue 30; docs/product.md, "One topic", "One taxonomy", "Addresses"),
// in Chromium against `heartnotes preview` of the real site: the five topics in the menu, kickers
// and tags that are links landing on their pages, "More in <topic>" on every entry template, the
// Breakups page, no invented popularity; every old address answering with a 301 to the right
// page, in `_redirects` and in preview; and the unlisted off-topic pages kept at their addresses
// with noindex, but absent from the sitemap, the feed, every listing and the search.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useSiteSession, useTab } from '../e2e-helpers/session.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

const TOPICS = [
  ['Dating', '/category/dating'],
  ['Relationships', '/category/relationships'],
  ['Breakups', '/category/breakups'],
  ['Self-care', '/category/self-care'],
  ['Gifts', '/category/gifts'],
];

/** One page of each entry template, with its topic. */
const ENTRY_PAGES = [
  { template: 'article', path: '/post/first-date-tips', topic: 'Dating' },
  { template: 'guide', path: '/breakup-recovery-guide', topic: 'Breakups' },
  { template: 'review', path: '/affiliate/affiliate-his-secret-obsession-review', topic: 'Relationships' },
  { template: 'gift', path: '/gift-for-daughter-from-mom', topic: 'Gifts' },
];

/** Every address the site published before issue 30 that now redirects, and where it goes. */
const MOVED: [string, string][] = [
  // Sub-categories and the old Self-Improvement category: their topic.
  ['/category/dating/first-dates', '/category/dating'],
  ['/category/dating/online-dating', '/category/dating'],
  ['/category/dating/general-tips', '/category/dating'],
  ['/category/relationships/communication', '/category/relationships'],
  ['/category/relationships/trust', '/category/relationships'],
  ['/category/relationships/conflict-resolution', '/category/relationships'],
  ['/category/self-improvement', '/category/self-care'],
  ['/category/self-improvement/page/2', '/category/self-care'],
  ['/category/self-improvement/confidence', '/category/self-care'],
  ['/category/self-improvement/mental-health', '/category/self-care'],
  ['/category/self-improvement/lifestyle', '/category/self-care'],
  // Tags no entry carries any more: their topic.
  ['/tag/pacing', '/category/dating'],
  ['/tag/arguments', '/category/relationships'],
  ['/tag/repair', '/category/relationships'],
  ['/tag/difficult-conversations', '/category/relationships'],
  ['/tag/honesty', '/category/relationships'],
  ['/tag/routines', '/category/self-care'],
  // Misspelt and camelCase canonicals: the clean spelling.
  ['/how-to-spo-red-flags', '/how-to-spot-red-flags'],
  ['/gift-for-daughter-fromMom', '/gift-for-daughter-from-mom'],
  ['/impress-herMom-gift-guide', '/impress-her-mom-gift-guide'],
  // Second copies of one product: the one page kept.
  ['/his-secret-obsession-review', '/affiliate/affiliate-his-secret-obsession-review'],
  ['/mitolyn-review', '/affiliate/affiliate-mitolyn-review'],
  ['/post/affiliate-the-lost-generator-review', '/affiliate/affiliate-the-lost-generator-review'],
  // A page of /guides the shorter index no longer fills.
  ['/guides/page/6', '/guides'],
];

/** Off-topic pages kept at their address, unlisted (docs/product.md, "One topic"). */
const UNLISTED = [
  { path: '/affiliate/affiliate-mitolyn-review', words: 'Mitolyn' },
  { path: '/affiliate/affiliate-aqua-tower-review', words: 'Aqua Tower' },
  { path: '/affiliate/affiliate-the-lost-generator-review', words: 'Lost Generator' },
  { path: '/back-to-school-gifts', words: 'Back-to-school' },
];

const session = useSiteSession();
const open = (path: string, viewport = DESKTOP, tab?: Page) => openPage(session.site, session.browser.context, path, viewport, 200, tab);
const file = (name: string) => readFileSync(join(session.site.outDir, name), 'utf8');

describe('the menu and the topics', () => {
  const tab = useTab(() => session.browser.context);

  it('the header menu shows the five topics, in the bar on a desktop and in the Menu on a phone, each leading to its page', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems } = await open('/', viewport, tab());
      try {
        if (viewport === PHONE) await page.locator('header.site-header .menu-toggle').click();
        const menu = page.getByRole('navigation', { name: 'Main' });
        for (const [name, path] of TOPICS) {
          const link = menu.getByRole('link', { name, exact: true });
          expect(await link.isVisible(), `${name} at ${viewport.width} px`).toBe(true);
          expect(await link.getAttribute('href')).toBe(path);
        }
        await Promise.all([page.waitForURL((u) => u.pathname === '/category/breakups'), menu.getByRole('link', { name: 'Breakups', exact: true }).click()]);
        expect(await page.locator('h1').innerText()).toBe('Breakups');
        // Marked as the current page (on a phone the Menu starts closed again on the new page).
        expect(await page.locator('#site-menu a[href="/category/breakups"]').getAttribute('aria-current')).toBe('page');
        expect(problems.all()).toEqual([]);
      } finally {
        problems.stop();
      }
    }
  });

  it('/category/breakups exists and lists the eight breakup guides', async () => {
    const { page, problems } = await open('/category/breakups', DESKTOP, tab());
    try {
      expect(await page.locator('h1').innerText()).toBe('Breakups');
      const listed = await page.locator('section.category-all .card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const guide of ['/breakup-recovery-guide', '/how-to-get-your-ex-back', '/ways-to-heal-after-breakup', '/best-books-to-heal-a-broken-heart', '/breakup-checklist', '/better-breakups', '/breakups', '/psychology-today-breakups']) {
        expect(listed, guide).toContain(guide);
      }
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });

  it('no topic page shows a popularity meter; each says how many entries it has and the newest date', async () => {
    for (const [name, path] of TOPICS) {
      const { page, problems } = await open(path, DESKTOP, tab());
      try {
        expect(await page.locator('meter').count(), `${path}: no meter`).toBe(0);
        const body = await page.locator('main').innerText();
        expect(body, `${path}: no popularity score`).not.toMatch(/popularity|\/100\b/i);
        const cards = await page.locator('section.category-all .card').count();
        const pages = await page.locator('section.category-all .pagination a[aria-label^="Page "]').count();
        const figures = await page.locator('.topic-figures').innerText();
        const total = Number(/^(\d+) /.exec(figures)?.[1]);
        expect(total, `${name}: ${figures}`).toBeGreaterThanOrEqual(cards);
        if (pages <= 1) expect(total, `${name}: the count is what the page lists`).toBe(cards);
        expect(figures).toMatch(/the newest from [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
        expect(await page.locator('.topic-figures time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(problems.all()).toEqual([]);
      } finally {
        problems.stop();
      }
    }
  });
});

describe('kickers, tags and "More in <topic>" on every entry template', () => {
  const tab = useTab(() => session.browser.context);

  it.each(ENTRY_PAGES)('$template $path: the kicker above the title is a link to its topic page', async ({ path, topic }) => {
    const { page, problems } = await open(path, PHONE, tab());
    try {
      const kicker = page.locator('main article .card-kicker a').first();
      expect(await kicker.innerText()).toMatch(new RegExp(`^${topic}$`, 'i'));
      // The kicker comes before the page's title.
      const [k, h1] = await Promise.all([kicker.boundingBox(), page.locator('main h1').first().boundingBox()]);
      expect(k!.y).toBeLessThan(h1!.y);
      await Promise.all([page.waitForURL((u) => u.pathname !== path), kicker.click()]);
      expect(new URL(page.url()).pathname).toBe(TOPICS.find(([name]) => name === topic)![1]);
      expect(await page.locator('h1').innerText()).toBe(topic);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });

  it.each(ENTRY_PAGES)('$template $path: its tags are links to tag pages that list it', async ({ path }) => {
    const { page, problems } = await open(path, DESKTOP, tab());
    try {
      const tags = page.getByRole('navigation', { name: 'Tags' }).getByRole('link');
      expect(await tags.count(), 'at least one tag').toBeGreaterThan(0);
      const tag = (await tags.first().innerText()).trim();
      await Promise.all([page.waitForURL((u) => u.pathname.startsWith('/tag/')), tags.first().click()]);
      expect(await page.locator('h1').innerText()).toBe(`Tag: ${tag}`);
      const listed = await page.locator('main .card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(listed, `the tag page lists ${path}`).toContain(path);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });

  it.each(ENTRY_PAGES)('$template $path: "More in <topic>" offers two other entries of the topic and the way to the rest', async ({ path, topic }) => {
    const { page, problems } = await open(path, DESKTOP, tab());
    try {
      const more = page.locator('section').filter({ has: page.getByRole('heading', { name: `More in ${topic}`, exact: true }) });
      expect(await more.count()).toBe(1);
      const hrefs = await more.locator('.card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs).toHaveLength(2);
      expect(hrefs).not.toContain(path);
      // Each card's own kicker names the same topic and links to it.
      expect(await more.locator('.card-kicker a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual(
        hrefs.map(() => [topic, TOPICS.find(([name]) => name === topic)![1]]),
      );
      expect(await more.getByRole('link', { name: `Everything in ${topic}` }).getAttribute('href')).toBe(TOPICS.find(([name]) => name === topic)![1]);
      await Promise.all([page.waitForURL((u) => u.pathname === hrefs[0]), more.locator('.card-title a').first().click()]);
      expect(await page.locator('main article .card-kicker a').first().innerText()).toMatch(new RegExp(`^${topic}$`, 'i'));
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });

  it('the kicker on a card is a link that lands on the topic page', async () => {
    const { page, problems } = await open('/articles', DESKTOP, tab());
    try {
      const kicker = page.locator('main article.card .card-kicker a').first();
      const name = await kicker.evaluate((a) => a.textContent);
      const href = await kicker.getAttribute('href');
      expect(TOPICS.map(([, path]) => path)).toContain(href);
      await Promise.all([page.waitForURL((u) => u.pathname === href), kicker.click()]);
      expect(await page.locator('h1').innerText()).toBe(name);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });
});

describe('old addresses answer with a 301 to the right page', () => {
  const rules = () =>
    file('_redirects')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((parts) => parts.length >= 3 && !parts[0].startsWith('#'));

  it('in _redirects', () => {
    const all = rules();
    for (const [from, to] of MOVED) {
      const rule = all.find(([f]) => f === from);
      expect(rule, from).toBeDefined();
      expect(rule![1], from).toBe(to);
      expect(rule![2], from).toMatch(/^301!?$/);
    }
  });

  it('in preview, and the page they lead to answers 200', async () => {
    for (const [from, to] of MOVED) {
      const res = await fetch(new URL(from, session.site.url), { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('location') ?? '', session.site.url).pathname, from).toBe(to);
      expect((await fetch(new URL(to, session.site.url), { redirect: 'manual' })).status, to).toBe(200);
    }
  });

  it('in the browser, an old category address shows its topic', async () => {
    const { page, problems } = await open('/category/self-improvement/mental-health');
    try {
      expect(new URL(page.url()).pathname).toBe('/category/self-care');
      expect(await page.locator('h1').innerText()).toBe('Self-care');
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('unlisted off-topic pages', () => {
  const tab = useTab(() => session.browser.context);

  /** The addresses in the search index's page files. */
  function indexedUrls(): string[] {
    const dir = join(session.site.outDir, 'search-index', 'pages');
    const urls: string[] = [];
    for (const name of readdirSync(dir)) {
      const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, { url: string }>;
      for (const entry of Object.values(data)) urls.push(entry.url);
    }
    return urls;
  }

  it.each(UNLISTED)('$path still answers, with <meta name="robots" content="noindex">', async ({ path, words }) => {
    const { page, response, problems } = await open(path, DESKTOP, tab());
    try {
      expect(response?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/^noindex\b/);
      expect(await page.locator('h1').innerText()).toContain(words);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
    }
  });

  it('none is in sitemap.xml, feed.xml or the search index; the listed pages are', () => {
    const sitemap = file('sitemap.xml');
    const feed = file('feed.xml');
    const indexed = indexedUrls();
    for (const { path } of UNLISTED) {
      expect(sitemap, path).not.toContain(`${path}<`);
      expect(feed, path).not.toContain(path);
      expect(indexed, path).not.toContain(path);
    }
    expect(sitemap).toContain('/affiliate/affiliate-his-secret-obsession-review<');
    expect(indexed).toContain('/affiliate/affiliate-his-secret-obsession-review');
    expect(indexed).toContain('/post/first-date-tips');
  });

  it('the site search finds none of them', async () => {
    for (const { words } of UNLISTED) {
      const { page, problems } = await open(`/search?q=${encodeURIComponent(words)}`, DESKTOP, tab());
      try {
        await expect.poll(() => page.getByRole('status').innerText(), { timeout: 20_000 }).toMatch(/for “/);
        const links = await page.locator('.search-page .search-result-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        for (const { path } of UNLISTED) expect(links, `“${words}”`).not.toContain(path);
        expect(problems.all()).toEqual([]);
      } finally {
        problems.stop();
      }
    }
  });

  it('no listing links to them: home, indexes, every topic and tag page', async () => {
    const listings = ['/', '/articles', '/posts', '/gifts', '/guides', '/guides/page/2', '/guides/page/3', '/guides/page/4', '/guides/page/5'];
    for (const [, path] of TOPICS) listings.push(path, `${path}/page/2`);
    for (const name of readdirSync(join(session.site.outDir, 'tag'))) if (name.endsWith('.html')) listings.push(`/tag/${name.slice(0, -5)}`);
    const found: string[] = [];
    for (const path of listings) {
      const res = await fetch(new URL(path, session.site.url), { redirect: 'manual' });
      if (res.status !== 200) continue;
      const html = await res.text();
      if (/http-equiv="refresh"/.test(html)) continue;
      for (const { path: hidden } of UNLISTED) if (html.includes(`href="${hidden}"`)) found.push(`${path} → ${hidden}`);
    }
    expect(found).toEqual([]);
    expect(listings.length).toBeGreaterThan(30);
  });
});
