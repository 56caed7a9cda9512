// The real site built under a base path (`--base-url http://127.0.0.1:<port>/blog/`, issue 31)
// and served by `heartnotes preview` under /blog/, walked in Chromium like a visitor: pages,
// search, islands, an old address, the 404 page and the sign-up form. Every request the pages make
// must stay under /blog/ and answer 200 (docs/configuration.md, "Base path").
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { watchPage, type PageProblems } from '../e2e-helpers/console.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { PROJECT_ROOT } from '../e2e-helpers/site.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/free-port.ts';
import { seedPglite } from '../helpers/pglite-template.ts';

const CLI = join(PROJECT_ROOT, 'bin', 'heartnotes.mjs');
const PHONE = { width: 375, height: 812 };
const screenshot = screenshotsIn('base-path');

let temp = '';
/** A copy of the project: a Netlify build writes its functions into the project's .netlify/ folder. */
let root = '';
let origin = '';
let preview: ChildProcess | undefined;
let browser: LaunchedBrowser | undefined;

/** `preview --out <dir> --port <port>`; resolves with its first line once it is listening. */
function startPreview(outDir: string, port: number, dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--root', root, 'preview', '--out', outDir, '--port', String(port), '--quiet'], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', HEARTNOTES_DATA_DIR: dataDir },
    });
    preview = child;
    let output = '';
    const timer = setTimeout(() => reject(new Error(`preview printed no address:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /Previewing .*/.exec(output)?.[0];
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
  });
}

let previewLine = '';
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'heartnotes-base-'));
  root = copyProject('heartnotes-base-project-');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const outDir = join(temp, 'dist');
  await promisify(execFile)(process.execPath, [CLI, '--root', root, 'build', '--out', outDir, '--quiet', '--no-cache', '--base-url', `${origin}/blog/`], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
  });
  const data = join(temp, 'data');
  seedPglite(data);
  previewLine = await startPreview(outDir, port, data);
  browser = await freshContext();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}, 240_000);

afterAll(async () => {
  await closeSharedChromium();
  preview?.kill('SIGTERM');
  if (preview && preview.exitCode === null) await new Promise((resolve) => preview!.once('exit', resolve));
  await rm(temp, { recursive: true, force: true, maxRetries: 3 });
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 3 });
});

/** A tab on `path` recording every request it makes to the preview's origin, by path. */
async function open(path: string, expectedStatus = 200): Promise<{ page: Page; problems: PageProblems; requested: string[] }> {
  const page = await browser!.context.newPage();
  await page.setViewportSize(PHONE);
  const requested: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin) requested.push(url.pathname);
  });
  const target = `${origin}${path}`;
  const problems = watchPage(page, {
    origin,
    ignoreConsole: (m) => expectedStatus === 404 && m.location().url === target && /status of 404/.test(m.text()),
  });
  const response = await page.goto(target, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(expectedStatus);
  return { page, problems, requested };
}

/** Waits for the page's lazy loads, then: nothing outside /blog/, nothing failed, no console errors. */
async function expectClean(page: Page, problems: PageProblems, requested: string[]) {
  await page.waitForLoadState('networkidle');
  expect(requested.filter((p) => !p.startsWith('/blog/')), 'requests outside /blog/').toEqual([]);
  expect(problems.all()).toEqual([]);
}

/** Every same-origin link on the page answers 200 (after redirects), and all are under /blog/. */
async function expectLinksWork(page: Page) {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  // The page's own address (its "skip to content" link) is left out: the 404 page answers 404 there.
  const own = [...new Set(hrefs.map((h) => h.replace(/#.*/, '')).filter((h) => h.startsWith(origin) && h !== page.url()))];
  expect(own.length).toBeGreaterThan(5);
  expect(own.filter((h) => !h.startsWith(`${origin}/blog/`)), 'links outside /blog/').toEqual([]);
  const statuses = await Promise.all(own.map(async (h) => [h, (await fetch(h)).status] as const));
  expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
}

describe('the site under /blog/', () => {
  it('preview says where it serves, and / goes to /blog/', async () => {
    expect(previewLine).toContain(`at ${origin}/blog/ `);
    const root = await fetch(`${origin}/`, { redirect: 'manual' });
    // Built for Netlify (the site's deploy.host), so laid out as Netlify serves it: the site in
    // dist/blog/, and the rule at the root of _redirects sends / there (hosts/layout.ts).
    expect(existsSync(join(temp, 'dist', 'blog', 'index.html'))).toBe(true);
    expect(root.status).toBe(301);
    expect(root.headers.get('location')).toBe('/blog/');
    expect((await fetch(`${origin}/post/a-dating-story-about-second-chances`)).status, 'no page outside /blog/').toBe(404);
  });

  const pages = [
    ['home', '/blog/'],
    ['an article', '/blog/post/a-dating-story-about-second-chances'],
    ['a guide', '/blog/breakup-recovery-guide'],
    ['a review', '/blog/his-secret-obsession-review'],
    ['a category page', '/blog/category/dating'],
  ];
  for (const [what, path] of pages) {
    it(`${what} (${path}): styled, every request under /blog/ answers 200, every link works`, async () => {
      const { page, problems, requested } = await open(path);
      try {
        // The stylesheet applied: the header is laid out by it, not the browser's defaults.
        expect(requested.some((p) => /^\/blog\/assets\/site-[A-Z0-9]+\.css$/.test(p))).toBe(true);
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expectClean(page, problems, requested);
        await expectLinksWork(page);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        // A review's canonical address is its /affiliate/ one; any page's is under /blog/.
        expect(canonical?.startsWith(`${origin}/blog/`), String(canonical)).toBe(true);
        if (what !== 'a review') expect(canonical).toBe(`${origin}${path}`);
        expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(canonical);
        if (path === '/blog/') await screenshot(page, 'home-375.png', { fullPage: true });
        if (path.startsWith('/blog/post/')) await screenshot(page, 'article-375.png', { fullPage: true });
      } finally {
        await page.close();
      }
    });
  }

  it('search: /blog/search?q= lists results whose links open the pages under /blog/', async () => {
    const { page, problems, requested } = await open('/blog/search?q=second%20chances');
    try {
      const links = page.locator('.search-result-title a');
      const hrefsNow = () => links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      await expect.poll(hrefsNow, { timeout: 20_000 }).toContain('/blog/post/a-dating-story-about-second-chances');
      const hrefs = await hrefsNow();
      expect(hrefs.filter((h) => !h?.startsWith('/blog/'))).toEqual([]);
      // The search script and the index's files, all from the site's folder: the list of parts, the
      // first part's meta.json, the word files of "second" and "chances", and the results' page files.
      expect(requested.some((p) => /^\/blog\/assets\/islands\/script-search-[A-Z0-9]+\.js$/.test(p)), 'the search script').toBe(true);
      expect(requested).toEqual(
        expect.arrayContaining(['/blog/search-index/parts.json', '/blog/search-index/meta.json', '/blog/search-index/words/se.json', '/blog/search-index/words/ch.json']),
      );
      expect(requested.some((p) => /^\/blog\/search-index\/pages\/\d+\.json$/.test(p)), 'a page file').toBe(true);
      await expectClean(page, problems, requested);
      await links.first().click();
      await page.waitForURL(/\/blog\/.+/);
      expect((await page.evaluate(() => document.querySelector('h1')?.textContent)) ?? '').not.toBe('');
      expect(new URL(page.url()).pathname.startsWith('/blog/')).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('a gift guide: the countdown and Copy link islands hydrate from /blog/assets/islands/', async () => {
    const { page, problems, requested } = await open('/blog/gift-for-daughter-from-dad');
    try {
      await page.locator('.deadline').scrollIntoViewIfNeeded();
      await page.locator('.deadline .countdown-clock[data-state="running"]').waitFor();
      const copy = page.getByRole('button', { name: 'Copy link' });
      await copy.waitFor({ state: 'visible' });
      await copy.click();
      await page.locator('.toast-area .toast').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/blog/gift-for-daughter-from-dad`);
      expect(requested.filter((p) => p.includes('/assets/islands/')).length).toBeGreaterThan(1);
      await expectClean(page, problems, requested);
    } finally {
      await page.close();
    }
  });

  it('an old address redirects to the new one under /blog/', async () => {
    const { page, problems, requested } = await open('/blog/breakupRecoveryGuide');
    try {
      expect(new URL(page.url()).pathname).toBe('/blog/breakup-recovery-guide');
      await expectClean(page, problems, requested);
    } finally {
      await page.close();
    }
  });

  it('an unknown address gets the styled 404 page', async () => {
    const { page, problems, requested } = await open('/blog/no-such-page', 404);
    try {
      expect(requested.some((p) => /^\/blog\/assets\/site-[A-Z0-9]+\.css$/.test(p))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
      await expectClean(page, problems, requested);
      await expectLinksWork(page);
    } finally {
      await page.close();
    }
  });

  it('the sign-up form posts to /blog/api/subscribe and goes on to /blog/thank-you', async () => {
    const { page, problems, requested } = await open('/blog/');
    try {
      const form = page.locator('form.signup-form').first();
      await form.scrollIntoViewIfNeeded();
      await form.getByLabel(/email/i).first().fill('base-path-test@example.com');
      const consent = form.locator('input[type="checkbox"]');
      if (await consent.count()) await consent.check();
      const posted = page.waitForRequest((r) => r.method() === 'POST');
      await form.getByRole('button').first().click();
      expect(new URL((await posted).url()).pathname).toBe('/blog/api/subscribe');
      await page.waitForURL(`${origin}/blog/thank-you`, { timeout: 30_000 });
      await expectClean(page, problems, requested);
    } finally {
      await page.close();
    }
  });

  it('the sitemap, the feed and robots.txt (at the root) name addresses under /blog/', async () => {
    const sitemap = await (await fetch(`${origin}/blog/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.filter((l) => !l.startsWith(`${origin}/blog/`))).toEqual([]);
    const feed = await (await fetch(`${origin}/blog/feed.xml`)).text();
    const links = [...feed.matchAll(/<link [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.filter((l) => !l.startsWith(`${origin}/blog/`))).toEqual([]);
    for (const link of [locs[1], links.at(-1)!]) expect((await fetch(link)).status, link).toBe(200);
    // robots.txt is at the host's root, the only place crawlers read it (laid out for Netlify).
    const robots = await (await fetch(`${origin}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin}/blog/sitemap.xml`);
    expect(robots).toContain('Disallow: /blog/api/');
  });
});
