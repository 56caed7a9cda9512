import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { BuildOptions, BuildSummary } from '../../src/pipeline/build-types.ts';
import { DiagnosticError } from '../../src/diagnostics/diagnostic.ts';
import { copyFixture, diffTrees, fixturesDir, listFiles, readTree, type FixtureCopy } from '../helpers/fixtures.ts';
import { linkHref, meta, tags, title } from '../helpers/html.ts';
import { expectTreeToMatchSnapshot } from '../helpers/snapshot.ts';

/** Builds a fixture copy into `<temp>/<out>` on the main thread without the cache, unless told otherwise. */
function buildFixture(fx: FixtureCopy, out = 'dist', options: Partial<BuildOptions> = {}): Promise<BuildSummary> {
  return build({ root: fx.root, outDir: join(fx.temp, out), workers: 0, noCache: true, ...options });
}

/** The printed diagnostics of a build that must fail. */
async function buildErrors(fx: FixtureCopy, out = 'dist', options: Partial<BuildOptions> = {}): Promise<string> {
  const error = await buildFixture(fx, out, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the build should have failed').toBeInstanceOf(DiagnosticError);
  return (error as DiagnosticError).message;
}

/** The first line of each diagnostic: `file:line:column: message`. */
const headlines = (message: string) => message.split('\n\n').map((d) => d.split('\n')[0]);

/** Staging or leftover folders written beside an output folder. */
const leftovers = (outDir: string) =>
  readdirSync(dirname(outDir)).filter((name) => name.startsWith(`${outDir.split('/').pop()}.`));

describe('basic fixture', () => {
  let fx: FixtureCopy;
  let out: string;
  let summary: BuildSummary;
  const read = (file: string) => readFileSync(join(out, file), 'utf8');
  const pages = ['index.html', 'about.html', 'post/first-date.html', 'post/second-date.html', '404.html'];

  beforeAll(async () => {
    fx = copyFixture('basic');
    out = join(fx.temp, 'dist');
    summary = await buildFixture(fx);
  });
  afterAll(() => fx.cleanup());

  it('matches tests/fixtures/basic/expected byte for byte', () => {
    const outcome = expectTreeToMatchSnapshot(out, join(fixturesDir, 'basic', 'expected'));
    expect(outcome).toBe(process.env.UPDATE === '1' ? 'written' : 'compared');
    expect(listFiles(join(fixturesDir, 'basic', 'expected'))).toEqual(listFiles(out));
  });

  it('reports what it built', () => {
    expect(summary).toMatchObject({ pages: 5, rendered: 5, reused: 0, redirects: 2, assets: 3 });
  });

  it('writes every page at its clean URL, plus the site files', () => {
    const files = listFiles(out);
    for (const file of [...pages, 'sitemap.xml', 'robots.txt', 'feed.xml', 'about-us.html']) {
      expect(files).toContain(file);
    }
    // Built for a plain CDN (no deploy.host), which reads neither file.
    expect(files).not.toContain('_headers');
    expect(files).not.toContain('_redirects');
    expect(files.filter((f) => f.endsWith('.html') && !pages.includes(f))).toEqual(['about-us.html', 'go/partner.html']);
  });

  it('gives every page a doctype, lang, its own title and description, canonical, Open Graph and Twitter tags', () => {
    const titles = new Set<string>();
    for (const file of pages) {
      const html = read(file);
      expect(html.startsWith('<!doctype html><html lang="en-GB">'), file).toBe(true);
      const path = file === 'index.html' ? '/' : file === '404.html' ? '/404' : `/${file.replace(/\.html$/, '')}`;
      const url = `https://fixture.example${path}`;
      expect(linkHref(html, 'canonical'), file).toBe(url);
      expect(meta(html, 'og:url'), file).toBe(url);
      expect(meta(html, 'description'), file).toBeTruthy();
      expect(meta(html, 'og:description'), file).toBe(meta(html, 'description'));
      expect(meta(html, 'og:title'), file).toBeTruthy();
      expect(meta(html, 'twitter:card'), file).toBe('summary');
      expect(meta(html, 'twitter:title'), file).toBe(meta(html, 'og:title'));
      titles.add(title(html)!);
    }
    expect(titles.size).toBe(pages.length);
    expect(title(read('post/first-date.html'))).toBe('First dates: <what> to say | Fixture Hearts');
    expect(meta(read('about.html'), 'description')).toBe('Who writes this site & why.');
    expect(meta(read('404.html'), 'robots')).toBe('noindex');
  });

  it('renders the Markdown body with GFM, placeholders and link rules', () => {
    const post = read('post/first-date.html');
    expect(post).toContain('<td><del>Talk about your ex</del></td>');
    expect(post).toContain('is 4 out of 5.</p>');
    expect(read('about.html')).toContain(
      '<a href="https://shop.example/deal" target="_blank" rel="sponsored nofollow noopener noreferrer">this shop</a>',
    );
    expect(read('about.html')).toContain('<h2 id="who-we-are">Who we are</h2>');
  });

  it('turns an alias into an HTML redirect page', () => {
    const page = read('about-us.html');
    expect(linkHref(page, 'canonical')).toBe('https://fixture.example/about');
    expect(tags(page, 'meta')).toContainEqual({ 'http-equiv': 'refresh', content: '0; url=/about' });
  });

  it('writes sitemap, robots, feed and 404.html', () => {
    const sitemap = read('sitemap.xml');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://fixture.example/',
      'https://fixture.example/about',
      'https://fixture.example/post/first-date',
      'https://fixture.example/post/second-date',
    ]);
    expect(read('robots.txt')).toContain('Sitemap: https://fixture.example/sitemap.xml');
    const feed = read('feed.xml');
    expect([...feed.matchAll(/<entry>\n\s*<title>([^<]+)<\/title>/g)].map((m) => m[1])).toEqual([
      'Second dates',
      'First dates: &lt;what&gt; to say',
    ]);
    expect(read('404.html')).toContain('<h1>Page not found</h1>');
  });

  it('bundles the stylesheet under a content-hashed name and links it from every page', () => {
    const css = listFiles(out).filter((f) => f.endsWith('.css'));
    expect(css).toEqual([expect.stringMatching(/^assets\/site-[A-Z0-9]{8}\.css$/)]);
    expect(read(css[0])).toContain('a{color:var(--accent)}');
    for (const file of pages) expect(linkHref(read(file), 'stylesheet'), file).toBe(`/${css[0]}`);
  });

  it('copies public files verbatim', () => {
    for (const file of ['favicon.svg', 'files/guide.txt']) {
      expect(readFileSync(join(out, file)).equals(readFileSync(join(fx.root, 'public', file))), file).toBe(true);
    }
  });
});

describe('dead-link fixture', () => {
  it('fails naming the source file, the page and each bad link, and leaves the previous output alone', async () => {
    const fx = copyFixture('dead-link');
    try {
      const out = join(fx.temp, 'dist');
      mkdirSync(out);
      writeFileSync(join(out, 'index.html'), 'the previous build');
      const before = readTree(out);

      const message = await buildErrors(fx);
      expect(message).toBe(
        [
          'content/posts/first-date.md:10:32: link "/missing" on page /post/first-date points to no page or file of this site',
          '     9 |',
          '  > 10 | Broken links: [a missing page](/missing) and [a missing anchor](/about#nope).',
          '       |                                ^',
          '    11 |',
          '  hint: fix the address, add the missing page, or add the old address to the target page\'s "aliases"',
          '',
          'content/posts/first-date.md:10:65: link "/about#nope" on page /post/first-date points to an anchor that does not exist on its target page',
          '     9 | …',
          '  > 10 | …[a missing page](/missing) and [a missing anchor](/about#nope).',
          '       |                                                    ^',
          '    11 | …',
          '  hint: check the part after "#": it must match a heading or element id on that page',
        ].join('\n'),
      );
      expect(diffTrees(before, readTree(out))).toEqual([]);
      expect(leftovers(out)).toEqual([]);
    } finally {
      fx.cleanup();
    }
  });
});

describe('bad-content fixture', () => {
  it('reports every problem of every file in one run', async () => {
    const fx = copyFixture('bad-content');
    try {
      const message = await buildErrors(fx);
      expect(headlines(message)).toEqual([
        'content/data/nav.json:3:30: "[1].path" is not valid: expected a site path such as /about, but it must start with "/"',
        'content/pages/broken.md:4:14: front matter is not valid YAML: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
        'content/posts/types.md:2:8: "title" should be text, but it is the number 42',
        'content/posts/types.md:4:7: "date" is not valid: expected a date written as YYYY-MM-DD',
        'content/posts/types.md:6:11: "category" must be one of "dating", "relationships", "self-care", but it is the text "breakups"',
        'content/posts/types.md:7:9: "rating" should be a number, but it is the text "great"',
        'content/posts/typos.md:2:1: "author" is required in the "posts" collection and is missing',
        'content/posts/typos.md:2:1: "description" is required in the "posts" collection and is missing',
        'content/posts/typos.md:3:1: "descripton" is not a field of the "posts" collection',
        'content/posts/typos.md:5:1: "autor" is not a field of the "posts" collection',
      ]);
      expect(message).toContain('  > 4 | heading: Love: a guide');
      expect(message).toContain('hint: did you mean "description"?');
      expect(message).toContain('hint: did you mean "author"?');
      expect(existsSync(join(fx.temp, 'dist'))).toBe(false);
    } finally {
      fx.cleanup();
    }
  });
});

describe('duplicates fixture', () => {
  it('rejects two inputs for one address, and an alias onto a page, naming every input', async () => {
    const fx = copyFixture('duplicates');
    try {
      expect(headlines(await buildErrors(fx))).toEqual([
        // At the line that makes the clash: the alias onto another page, the path: another page has.
        'content/pages/about.md:4:11: 2 inputs produce the same page /contact: content/pages/about.md (alias /contact), content/pages/contact.md',
        'content/pages/first-date.md:4:7: 2 inputs produce the same page /post/first-date: content/pages/first-date.md, content/posts/first-date.md',
      ]);
    } finally {
      fx.cleanup();
    }
  });
});

describe('build properties', () => {
  it('is deterministic: fresh, warm-cache and separate builds are byte-identical', async () => {
    const a = copyFixture('basic');
    const b = copyFixture('basic');
    try {
      await buildFixture(a, 'dist', { noCache: false });
      const fresh = readTree(join(a.temp, 'dist'));
      const warm = await buildFixture(a, 'dist', { noCache: false });
      expect(warm.reused).toBe(warm.pages);
      await buildFixture(a, 'other', { noCache: false });
      await buildFixture(b, 'dist', { noCache: false });
      expect(diffTrees(fresh, readTree(join(a.temp, 'dist')))).toEqual([]);
      expect(diffTrees(fresh, readTree(join(a.temp, 'other')))).toEqual([]);
      expect(diffTrees(fresh, readTree(join(b.temp, 'dist')))).toEqual([]);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });

  it('is atomic: a failed build leaves the previous output byte-identical and no staging folder', async () => {
    const fx = copyFixture('basic');
    try {
      const out = join(fx.temp, 'dist');
      await buildFixture(fx);
      const before = readTree(out);
      expect(before.size).toBeGreaterThan(5);

      // Fails while loading content, before anything is staged.
      const about = fx.read('content/pages/about.md');
      fx.write('content/pages/about.md', about.replace('title: About us', 'title: About: us'));
      expect(headlines(await buildErrors(fx))[0]).toMatch(/^content\/pages\/about\.md:2:\d+: front matter is not valid YAML/);
      expect(diffTrees(before, readTree(out))).toEqual([]);
      expect(leftovers(out)).toEqual([]);

      // Fails at the link check, after every page has been written to the staging folder.
      fx.write('content/pages/about.md', `${about}\n[gone](/gone)\n`);
      expect(headlines(await buildErrors(fx))).toEqual([
        'content/pages/about.md:17:8: link "/gone" on page /about points to no page or file of this site',
      ]);
      expect(diffTrees(before, readTree(out))).toEqual([]);
      expect(leftovers(out)).toEqual([]);
    } finally {
      fx.cleanup();
    }
  });

  it('renders the same bytes on worker threads as on the main thread', async () => {
    const fx = copyFixture('basic');
    try {
      for (let i = 0; i < 400; i++) {
        const day = String((i % 28) + 1).padStart(2, '0');
        const month = String((i % 12) + 1).padStart(2, '0');
        fx.write(
          `content/posts/generated-${String(i).padStart(3, '0')}.md`,
          `---\ntitle: Generated post ${i}\ndescription: Post number ${i}.\ndate: 2024-${month}-${day}\nauthor: The editors\n---\n\n` +
            `## Idea ${i}\n\nRead [about us](/about#who-we-are) and [the next one](/post/generated-${String((i + 1) % 400).padStart(3, '0')}).\n\n` +
            `| n | square |\n|---|---|\n| ${i} | ${i * i} |\n`,
        );
      }
      const threaded = await buildFixture(fx, 'threads', { workers: 2 });
      const single = await buildFixture(fx, 'single', { workers: 0 });
      expect(threaded.pages).toBe(405);
      expect(single.pages).toBe(405);
      const a = readTree(join(fx.temp, 'threads'));
      expect(a.size).toBeGreaterThan(405);
      expect(diffTrees(a, readTree(join(fx.temp, 'single')))).toEqual([]);
    } finally {
      fx.cleanup();
    }
  });

  it('reuses unchanged pages on a warm build and re-renders only what an edit affects', async () => {
    const fx = copyFixture('basic');
    try {
      const cached = { noCache: false };
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ pages: 5, rendered: 5, reused: 0 });
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ pages: 5, rendered: 0, reused: 5 });

      // A body edit changes only that post.
      const post = fx.read('content/posts/second-date.md');
      fx.write('content/posts/second-date.md', post.replace('Plan something', 'Plan anything'));
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ rendered: 1, reused: 4 });
      expect(readFileSync(join(fx.temp, 'dist', 'post/second-date.html'), 'utf8')).toContain('Plan anything');

      // A title edit changes the post and the home page, which lists it.
      fx.write('content/posts/second-date.md', fx.read('content/posts/second-date.md').replace('title: Second dates', 'title: Second dates, calmly'));
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ rendered: 2, reused: 3 });
      expect(readFileSync(join(fx.temp, 'dist', 'index.html'), 'utf8')).toContain('Second dates, calmly');

      // And the reused output is what a clean build writes.
      await buildFixture(fx, 'clean');
      expect(diffTrees(readTree(join(fx.temp, 'dist')), readTree(join(fx.temp, 'clean')))).toEqual([]);

      // Output deleted (a host's fresh clone): the cache's copy of it is put back, nothing is
      // rendered, and it is what a clean build writes.
      rmSync(join(fx.temp, 'dist'), { recursive: true });
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ rendered: 0, reused: 5 });
      expect(diffTrees(readTree(join(fx.temp, 'dist')), readTree(join(fx.temp, 'clean')))).toEqual([]);

      // Output and the cache's copy deleted: everything is rendered again.
      rmSync(join(fx.temp, 'dist'), { recursive: true });
      rmSync(join(fx.root, '.cache', 'output.json'));
      expect(await buildFixture(fx, 'dist', cached)).toMatchObject({ rendered: 5, reused: 0 });
    } finally {
      fx.cleanup();
    }
  });

  it('still checks the links of pages it reuses', async () => {
    const fx = copyFixture('basic');
    try {
      await buildFixture(fx, 'dist', { noCache: false });
      const before = readTree(join(fx.temp, 'dist'));
      // The about page links to this post, but the about page itself does not change.
      rmSync(join(fx.root, 'content/posts/first-date.md'));
      const message = await buildErrors(fx, 'dist', { noCache: false });
      expect(headlines(message)).toContain('content/pages/about.md:15:31: link "../post/first-date" on page /about points to no page or file of this site');
      expect(diffTrees(before, readTree(join(fx.temp, 'dist')))).toEqual([]);
    } finally {
      fx.cleanup();
    }
  });

  it('does nothing when no input changed, and notices any change to inputs or output', async () => {
    const fx = copyFixture('basic');
    try {
      const cached = { noCache: false };
      await buildFixture(fx, 'dist', cached);
      const noop = await buildFixture(fx, 'dist', cached);
      expect(noop).toMatchObject({ pages: 5, rendered: 0, reused: 5 });
      expect(Object.keys(noop.stages)).toEqual(['up-to-date check']);

      // An output file edited by hand is written again, and only it.
      writeFileSync(join(fx.temp, 'dist', 'about.html'), 'edited by hand');
      const repaired = await buildFixture(fx, 'dist', cached);
      expect(repaired).toMatchObject({ rendered: 1, reused: 4 });
      expect(readFileSync(join(fx.temp, 'dist', 'about.html'), 'utf8')).toContain('<!doctype html>');

      // A template change is an input change: every page is rendered again.
      const templates = join(fx.root, '..', '_shared', 'templates');
      const template = join(templates, readdirSync(templates).find((f) => f.endsWith('.tsx'))!);
      writeFileSync(template, `${readFileSync(template, 'utf8')}\n// edited\n`);
      const afterTemplate = await buildFixture(fx, 'dist', cached);
      expect(Object.keys(afterTemplate.stages)).not.toEqual(['up-to-date check']);

      // A different --base-url is a different build.
      const rebased = await buildFixture(fx, 'dist', { ...cached, baseUrl: 'https://elsewhere.example' });
      expect(rebased.rendered).toBe(5);
      expect(readFileSync(join(fx.temp, 'dist', 'about.html'), 'utf8')).toContain('https://elsewhere.example/about');
    } finally {
      fx.cleanup();
    }
  });
});
