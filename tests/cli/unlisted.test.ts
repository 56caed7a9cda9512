// `unlisted: true` (Entry.unlisted, docs/content.md, "Front matter"): the entry's page is published at its
// address, says `noindex` to search engines, and is left out of the sitemap, the feed, the site's
// search index and the listings that use `listed()`. Proved on the example site (tests/fixtures/
// basic, which knows nothing of Heart Notes) through the real CLI, with its posts marked for the
// search index; then the same entry made listed again by an incremental build comes back everywhere.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';

const POST = (unlisted: boolean) =>
  `---\ntitle: An old note about umbrellas\ndescription: Kept for the links that lead here.\ndate: 2025-03-01\nauthor: Sam\n${unlisted ? 'unlisted: true\n' : ''}---\n\nA page about umbrellas that no listing should show.\n`;

/** The addresses in the search index's page files. */
function indexedUrls(dist: string): string[] {
  const dir = join(dist, 'search-index', 'pages');
  const urls: string[] = [];
  for (const name of readdirSync(dir)) {
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, { url: string }>;
    for (const entry of Object.values(data)) urls.push(entry.url);
  }
  return urls.sort();
}

describe('unlisted entries', () => {
  let fx: FixtureCopy;
  const dist = () => join(fx.root, 'dist');
  const read = (file: string) => readFileSync(join(dist(), file), 'utf8');
  const build = () => runCli(['build', '--root', fx.root, '--out', dist()], 120_000);

  beforeAll(() => {
    fx = copyFixture('basic');
    fx.write('site.config.ts', "import site from '../_shared/site.ts';\n\nexport default { ...site, search: {} };\n");
    const pages = join(fx.temp, 'tests', 'fixtures', '_shared', 'templates', 'pages.tsx');
    writeFileSync(pages, readFileSync(pages, 'utf8').replace('      <article>', '      <article data-pagefind-body="">'));
    fx.write('content/posts/umbrellas.md', POST(true));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
  }, 180_000);
  afterAll(() => fx.cleanup());

  it('the page is published, with noindex; a listed page has none', () => {
    expect(existsSync(join(dist(), 'post', 'umbrellas.html'))).toBe(true);
    const html = read('post/umbrellas.html');
    expect(html).toContain('A page about umbrellas');
    expect(html).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect(read('post/first-date.html')).not.toContain('name="robots"');
  });

  it('it is in no listing, sitemap, feed or search index; the listed posts are', () => {
    expect(read('index.html')).not.toContain('/post/umbrellas');
    expect(read('index.html')).toContain('/post/first-date');
    expect(read('sitemap.xml')).not.toContain('/post/umbrellas');
    expect(read('sitemap.xml')).toContain('/post/first-date');
    expect(read('feed.xml')).not.toContain('umbrellas');
    expect(read('feed.xml')).toContain('/post/first-date');
    expect(indexedUrls(dist())).toEqual(['/post/first-date', '/post/second-date']);
  });

  it('made listed again, an incremental build puts it back everywhere and drops the noindex', () => {
    fx.write('content/posts/umbrellas.md', POST(false));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(read('post/umbrellas.html')).not.toContain('name="robots"');
    expect(read('index.html')).toContain('/post/umbrellas');
    expect(read('sitemap.xml')).toContain('/post/umbrellas');
    expect(read('feed.xml')).toContain('/post/umbrellas');
    expect(indexedUrls(dist())).toEqual(['/post/first-date', '/post/second-date', '/post/umbrellas']);
  });

  it('a schema without the field refuses it as an unknown field, at its line', () => {
    fx.write('content/pages/about.md', fx.read('content/pages/about.md').replace('---\n', '---\nunlisted: true\n'));
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/pages\/about\.md:2:1: "unlisted" is not a field/);
  });
});
