// `build` under a base path (issue 31, docs/configuration.md "Base path"), run as a process on a
// copy of the real site: a site URL without a path changes nothing, byte for byte; one with a
// path (from --base-url, or from the site's own url) puts every address the build writes under it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { copyProject, diffTrees, listFiles, readTree } from '../helpers/fixtures.ts';

let root = '';
const out = (name: string) => join(root, name);
const read = (dir: string, file: string) => readFileSync(join(out(dir), file), 'utf8');

function build(dir: string, ...args: string[]) {
  const result = runCli(['--root', root, 'build', '--quiet', '--no-cache', '--out', out(dir), ...args], 180_000);
  expect(result.status, result.stderr).toBe(0);
}

beforeAll(() => {
  root = copyProject('heartnotes-base-cli-');
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
});

describe('build with a base path', () => {
  it('a --base-url without a path gives the same output, byte for byte, as none', () => {
    build('plain');
    build('same-url', '--base-url', 'https://heartnotes.example/');
    expect(diffTrees(readTree(out('plain')), readTree(out('same-url')))).toEqual([]);
    expect(read('plain', 'index.html')).not.toContain('data-base');
  }, 400_000);

  it('--base-url https://x.example/blog/ --host netlify: the pages in dist/blog/, the rules files at the root with every path under /blog/, / sent there', () => {
    build('nl', '--base-url', 'https://x.example/blog/', '--host', 'netlify');
    // Laid out as Netlify serves it: the site in blog/, what Netlify reads at the root beside it.
    expect(listFiles(out('nl')).filter((f) => !f.startsWith('blog/')).sort()).toEqual(['.heartnotes-output', '_headers', '_redirects', 'robots.txt']);
    const locs = [...read('nl', 'blog/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.filter((l) => !l.startsWith('https://x.example/blog/'))).toEqual([]);
    const feedLinks = [...read('nl', 'blog/feed.xml').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(feedLinks.filter((l) => !l.startsWith('https://x.example/blog/'))).toEqual([]);
    expect(read('nl', 'blog/feed.xml')).toContain('<id>https://x.example/blog/post/');

    const rules = read('nl', '_redirects').trim().split('\n').map((line) => line.split(/\s+/));
    expect(rules.length).toBeGreaterThan(5);
    // The root's own rules: the build marker hidden, / sent to the site, every unknown address given the site's not-found page.
    expect(rules.slice(0, 2)).toEqual([['/.heartnotes-output', '/blog/404.html', '404!'], ['/', '/blog/', '301!']]);
    expect(rules.at(-1)).toEqual(['/*', '/blog/404.html', '404']);
    for (const [from, to] of rules.slice(2, -1)) {
      expect(from, `${from} ${to}`).toMatch(/^\/blog\//);
      expect(to, `${from} ${to}`).toMatch(/^(\/blog\/|https?:\/\/)/);
    }
    expect(rules).toContainEqual(['/blog/breakupRecoveryGuide', '/blog/breakup-recovery-guide', '301!']);
    const patterns = read('nl', '_headers').split('\n').filter((l) => l && !/^\s|^#/.test(l));
    expect(patterns.filter((p) => !p.startsWith('/blog/'))).toEqual([]);
    expect(patterns).toContain('/blog/assets/*');
    // At the root, the only place crawlers read it.
    expect(read('nl', 'robots.txt')).toContain('Disallow: /blog/api/\n');
    expect(read('nl', 'robots.txt')).toContain('Sitemap: https://x.example/blog/sitemap.xml');

    // The old address's own page (for hosts without rules) refreshes to the new one under /blog/.
    expect(read('nl', 'blog/breakupRecoveryGuide.html')).toContain('<meta http-equiv="refresh" content="0; url=/blog/breakup-recovery-guide">');
    // Every page: each root-absolute address in an attribute is under /blog/, and <html> says the base.
    const pages = listFiles(out('nl')).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      const html = read('nl', page);
      const outside = [...html.matchAll(/\s(?:href|src|action|poster)="(\/[^"]*)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('/blog/') && !u.startsWith('//'));
      expect(outside, page).toEqual([]);
      expect(html.slice(0, 80), page).toMatch(/^<!doctype html>(<html data-base="\/blog\/"|\n<html)/);
    }
    // The search index is in the site's folder, where the pages load it from: its list of parts,
    // meta.json, word files and page files.
    const index = listFiles(join(out('nl'), 'blog', 'search-index'));
    expect(index).toEqual(expect.arrayContaining(['meta.json', 'parts.json', 'pages/0.json']));
    expect(index.filter((f) => /^words\/[a-z0-9]+\.json$/.test(f)).length).toBeGreaterThan(3);
    // Its pages' addresses are site paths: the search script puts the base before them.
    const entries = Object.values(JSON.parse(read('nl', 'blog/search-index/pages/0.json')) as Record<string, { url: string }>);
    expect(entries.map((e) => e.url).filter((u) => !u.startsWith('/') || u.startsWith('/blog/'))).toEqual([]);
    // The islands' chunks import one another under /blog/.
    const chunks = listFiles(join(out('nl'), 'blog', 'assets', 'islands')).map((f) => read('nl', `blog/assets/islands/${f}`));
    expect(chunks.some((c) => c.includes('"/blog/assets/islands/'))).toBe(true);
    expect(chunks.filter((c) => c.includes('"/assets/islands/'))).toEqual([]);
    // The Netlify function answers where the forms post.
    const fn = readFileSync(join(root, '.netlify', 'v1', 'functions', 'blog-api.mjs'), 'utf8');
    expect(fn).toContain('path: ["/blog/api/*"]');
  }, 200_000);

  it('preview of that output names the forms where the pages post them, under /blog/, and answers there', async () => {
    const server = await startCli(['preview', '--root', root, '--out', out('nl'), '--port', '0'], 120_000);
    try {
      await eventually(async () => server.output(), (o) => o.includes('Forms ('));
      expect(server.output()).toContain('Forms (/blog/api/subscribe, /blog/api/contact) store submissions in PGlite at');
      // An empty sign-up is refused by the function itself (a 4xx with a message), not a 404 of the static files.
      const res = await fetch(`${server.url}/blog/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
    } finally {
      await server.stop();
    }
  }, 200_000);

  it('--host static keeps the flat layout under a base path: dist/ holds the contents of /blog/, with no rules files', () => {
    build('flat', '--base-url', 'https://x.example/blog/', '--host', 'static');
    expect(read('flat', 'index.html')).toContain('<html data-base="/blog/"');
    expect(read('flat', 'robots.txt')).toContain('Sitemap: https://x.example/blog/sitemap.xml');
    expect(listFiles(out('flat')).filter((f) => f.startsWith('blog/') || f === '_redirects' || f === '_headers')).toEqual([]);
  }, 200_000);

  it('a Markdown link with the base path written in it is reported at its line, with the link to write instead', () => {
    const article = join(root, 'content', 'articles', 'first-date-tips.md');
    const before = readFileSync(article, 'utf8');
    const withCover = before.replace('coverImage: /images/covers/first-date-tips.svg', 'coverImage: /blog/images/covers/first-date-tips.svg');
    expect(withCover).not.toBe(before);
    const text = `${withCover.trimEnd()}\n\nMore in [five secrets](/blog/post/five-relationship-secrets#top) and [our guides](/blog/guides).\n`;
    writeFileSync(article, text);
    try {
      const lines = text.trimEnd().split('\n');
      const line = lines.length;
      const column = (link: string) => lines[line - 1].indexOf(link) + 1;
      const checked = runCli(['--root', root, 'check', '--base-url', 'https://x.example/blog/'], 180_000);
      expect(checked.status, checked.stdout).toBe(1);
      expect(checked.stderr).toContain(
        `content/articles/first-date-tips.md:${line}:${column('/blog/post/')}: link "/blog/post/five-relationship-secrets#top" on page /post/first-date-tips has the base path /blog/ written in it, so it would lead to /blog/blog/post/five-relationship-secrets#top`,
      );
      expect(checked.stderr).toContain('hint: write it as "/post/five-relationship-secrets#top"');
      expect(checked.stderr).toContain(`content/articles/first-date-tips.md:${line}:${column('/blog/guides')}: link "/blog/guides"`);
      expect(checked.stderr).toContain('hint: write it as "/guides"');
      // An image field too, once, at its field (not again on every listing that shows the cover).
      const cover = lines.findIndex((l) => l.startsWith('coverImage:')) + 1;
      expect(checked.stderr).toContain(`content/articles/first-date-tips.md:${cover}:13: image "/blog/images/covers/first-date-tips.svg" has the base path /blog/ written in it`);
      expect(checked.stderr).toContain('hint: write it as "/images/covers/first-date-tips.svg"');
      expect(checked.stderr.split('/blog/images/covers/first-date-tips.svg"').length - 1).toBe(1);
      // Without a base path the same link is simply dead: there is no page /blog/guides.
      const plain = runCli(['--root', root, 'check'], 180_000);
      expect(plain.status).toBe(1);
      expect(plain.stderr).toContain('link "/blog/guides" on page /post/first-date-tips points to no page or file of this site');
    } finally {
      writeFileSync(article, before);
    }
  }, 400_000);

  it('dev serves the site under its base path and sends / there', async () => {
    const dev = await startCli(['dev', '--root', root, '--port', '0', '--base-url', 'https://x.example/blog/'], 180_000);
    try {
      expect(dev.output()).toMatch(/Dev server at http:\/\/127\.0\.0\.1:\d+\/blog\/ /);
      expect(dev.output()).toContain('Forms (/blog/api/subscribe, /blog/api/contact)');
      const home = await fetch(`${dev.url}/`, { redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/blog/');
      const page = await fetch(`${dev.url}/blog/post/a-dating-story-about-second-chances`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html data-base="/blog/"');
      const css = /href="(\/blog\/assets\/site-[A-Z0-9]+\.css)"/.exec(html)?.[1];
      expect(css).toBeDefined();
      expect((await fetch(`${dev.url}${css}`)).status).toBe(200);
      expect((await fetch(`${dev.url}/post/a-dating-story-about-second-chances`)).status).toBe(404);
    } finally {
      await dev.stop();
    }
  }, 240_000);

  it("dev follows a change of the site's url to another base path: rebuilds under it, serves there, and says so in one line", async () => {
    const siteJson = join(root, 'content', 'site.json');
    const before = readFileSync(siteJson, 'utf8');
    const site = JSON.parse(before) as { url: string };
    const dev = await startCli(['dev', '--root', root, '--port', '0'], 180_000);
    const page = async (path: string) => {
      const res = await fetch(`${dev.url}${path}`, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), body: await res.text() };
    };
    try {
      expect((await page('/post/a-dating-story-about-second-chances')).status).toBe(200);
      writeFileSync(siteJson, JSON.stringify({ ...site, url: `${site.url.replace(/\/+$/, '')}/advice` }, null, 2));
      const said = await eventually(async () => dev.output(), (o) => o.includes("The site's base path is now /advice/"), 120_000);
      expect(said).toContain(`The site's base path is now /advice/ (from its url): serving at ${dev.url}/advice/\n`);
      const moved = await page('/advice/post/a-dating-story-about-second-chances');
      expect(moved.status).toBe(200);
      expect(moved.body).toContain('<html data-base="/advice/"');
      const css = /href="(\/advice\/assets\/site-[A-Z0-9]+\.css)"/.exec(moved.body)?.[1];
      expect(css).toBeDefined();
      expect((await page(css!)).status).toBe(200);
      expect(await page('/')).toMatchObject({ status: 302, location: '/advice/' });
      expect((await page('/post/a-dating-story-about-second-chances')).status).toBe(404);
      // And back to the root, said again.
      writeFileSync(siteJson, before);
      await eventually(async () => dev.output(), (o) => o.includes("The site's base path is now / (from its url)"), 120_000);
      const back = await page('/post/a-dating-story-about-second-chances');
      expect(back.status).toBe(200);
      expect(back.body).not.toContain('data-base');
    } finally {
      writeFileSync(siteJson, before);
      await dev.stop();
    }
  }, 400_000);

  it("the site's own url with a path (content/site.json) puts the site under it, Cloudflare's functions included", () => {
    const siteJson = join(root, 'content', 'site.json');
    const site = JSON.parse(readFileSync(siteJson, 'utf8')) as { url: string };
    writeFileSync(siteJson, JSON.stringify({ ...site, url: 'https://heartnotes.example/advice' }, null, 2));
    build('own-url', '--host', 'cloudflare');
    expect(read('own-url', 'advice/index.html')).toContain('<html data-base="/advice/"');
    expect(read('own-url', 'advice/sitemap.xml')).toContain('<loc>https://heartnotes.example/advice/post/');
    expect(read('own-url', '_redirects').split('\n').slice(0, 2)).toEqual(['/.heartnotes-output /.heartnotes-output.missing 200', '/ /advice/ 301']);
    expect(JSON.parse(read('own-url', '_routes.json'))).toEqual({ version: 1, include: ['/advice/api/*'], exclude: [] });
    expect(read('own-url', '_worker.js')).toContain('"/advice/api/"');
  }, 200_000);
});
