import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { z } from 'zod';
import { templateDependencies } from '../../src/pipeline/plan/template-deps.ts';
import { describePlan, planRebuild } from '../../src/pipeline/plan/change-plan.ts';
import { applyBodyEdits } from '../../src/dev/body-edit.ts';
import { computeSnapshot, type CompiledParts, type Snapshot } from '../../src/dev/snapshot.ts';
import { loadFile, type LoadedFile } from '../../src/pipeline/site-state.ts';
import type { CompiledSite } from '../../src/pipeline/compile/compile-site.ts';
import type { Entry, PageSpec, SiteConfig } from '../../src/pipeline/types.ts';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, plugInSiteForms, readTree, type FixtureCopy } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/eventually.ts';
import { seedPglite } from '../helpers/pglite-template.ts';

/**
 * A site in memory for the body-edit fast path: notes (Markdown) listed on /notes, each on its own
 * page; `extra` adds or replaces parts of the config to make a function use bodies.
 */
function memorySite(extra: Partial<SiteConfig> = {}) {
  const schema = z.strictObject({ title: z.string(), draft: z.boolean().default(false) });
  const config = {
    collections: { notes: { kind: 'markdown', folder: 'notes', schema } },
    settings: () => ({ title: 'T', description: 'D', url: 'https://example.com', lang: 'en' }),
    routes: [
      {
        pattern: '/notes/:slug',
        pages: ({ notes }: { notes: Entry<{ title: string }>[] }): PageSpec[] =>
          notes.map((entry) => ({ path: `/notes/${entry.slug}`, template: 'note', props: {}, entry, sources: [entry.file] })),
      },
      {
        pattern: '/notes',
        pages: ({ notes }: { notes: Entry<{ title: string }>[] }): PageSpec[] => [
          { path: '/notes', template: 'list', props: { titles: notes.map((n) => n.data.title) }, sources: notes.map((n) => n.file) },
        ],
      },
    ],
    templates: {},
    feed: ({ notes }: { notes: Entry<{ title: string }>[] }) => ({
      title: 'Notes',
      entries: notes.map((n) => ({ path: `/notes/${n.slug}`, title: n.data.title, date: '2025-01-01', summary: n.data.title })),
    }),
    ...extra,
  } as unknown as SiteConfig;
  const parts = {
    compiled: { config, versionKey: 'v' } as CompiledSite,
    templates: new Map(),
    contentModel: 'm',
    styles: { assets: [], inputs: [] },
    islands: { assets: [], chunks: {}, loader: '', inputs: [] },
  } as CompiledParts;
  const options = { root: process.cwd(), today: '2025-06-01' };
  const noPublic = { files: [], broken: [] };
  const note = (title: string, body: string, more = '') => `---\ntitle: ${title}\n${more}---\n\n${body}\n`;
  const files = (texts: Record<string, string>) =>
    new Map<string, LoadedFile>(Object.entries(texts).map(([f, t]) => [`content/notes/${f}`, loadFile(`content/notes/${f}`, t, config)]));
  const initial = { 'a.md': note('A', 'Body of a.'), 'b.md': note('B', 'Body of b.'), 'c.md': note('C', 'Draft body.', 'draft: true\n') };
  const first = computeSnapshot(parts, files(initial), noPublic, options, undefined);
  /** Edits files; returns the fast path's snapshot (or undefined) and what a full recompute gives. */
  const edit = (changes: Record<string, string>) => {
    const content = new Map(first.content);
    for (const [f, loaded] of files(changes)) content.set(f, loaded);
    const fast = applyBodyEdits(first, content, Object.keys(changes).map((f) => `content/notes/${f}`), options);
    const full = computeSnapshot(parts, files({ ...initial, ...changes }), noPublic, options, undefined);
    return { fast, full };
  };
  return { first, edit, note };
}

/** The output files of two snapshots, compared as a build would write them. */
function expectSameOutputs(a: Snapshot, b: Snapshot): void {
  expect([...a.outputs.keys()]).toEqual([...b.outputs.keys()]);
  for (const [file, x] of a.outputs) {
    const y = b.outputs.get(file)!;
    if (x.kind === 'page' && y.kind === 'page') {
      expect(JSON.stringify(x.route), file).toBe(JSON.stringify(y.route));
      expect({ ...x.key, route: undefined }, file).toEqual({ ...y.key, route: undefined });
    } else expect(x, file).toEqual(y);
  }
  expect(JSON.stringify(a.routes)).toBe(JSON.stringify(b.routes));
}

/** Listens to the dev server's event stream; `text()` is everything received so far. */
async function listenToEvents(url: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/__dev/events`, { signal: controller.signal });
  let text = '';
  const reader = res.body!.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += Buffer.from(value).toString('utf8');
      }
    } catch { /* aborted */ }
  })();
  return { text: () => text, close: () => controller.abort() };
}

describe('dev', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  const page = async (path: string) => {
    const res = await fetch(`${server!.url}${path}`, { headers: { accept: 'text/html' } });
    return { status: res.status, body: await res.text() };
  };
  /** Waits until the log has a line matching `pattern`, and returns that line. */
  const logged = async (pattern: RegExp) => {
    const out = await eventually(async () => server!.output(), (o) => pattern.test(o));
    expect(out).toMatch(pattern);
    return out.split('\n').find((l) => pattern.test(l))!;
  };

  beforeAll(async () => {
    fx = plugInSiteForms(copyFixture('basic'));
    seedPglite(join(fx.root, '.data'));
    server = await startCli(['dev', '--root', fx.root, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    fx.cleanup();
  });

  it('serves the built site with the reload client', async () => {
    const about = await page('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('<title>About us | Fixture Hearts</title>');
    expect(about.body).toContain("new EventSource('/__dev/events')");
    expect(server!.output()).toMatch(/Initial build: 5 page\(s\) rendered, 0 unchanged, in \d+(?: ms|\.\d\d s)/);
  });

  it('rebuilds only the edited page and says why', async () => {
    const events = await listenToEvents(server!.url);
    fx.write('content/pages/about.md', fx.read('content/pages/about.md').replace('title: About us', 'title: About the team'));
    const about = await eventually(() => page('/about'), (p) => p.body.includes('<title>About the team | Fixture Hearts</title>'));
    expect(about.body).toContain('<h1>About the team</h1>');
    expect(await logged(/content\/pages\/about\.md changed → /)).toMatch(
      /^content\/pages\/about\.md changed → \/about \(its page\): 1 file in \d+ ms$/,
    );
    await eventually(async () => events.text(), (t) => t.includes('data: reload'));
    expect(events.text()).toContain('data: reload\n\n');
    events.close();
  });

  it('rebuilds only its page when a Markdown body changes, without rewriting the feed or sitemap', async () => {
    const file = 'content/posts/first-date.md';
    fx.write(file, fx.read(file).replace('Back to the [home page]', 'Then go back to the [home page]'));
    const post = await eventually(() => page('/post/first-date'), (p) => p.body.includes('Then go back to the'));
    expect(post.body).toContain('Then go back to the <a href="/#latest">home page</a>');
    expect(await logged(/content\/posts\/first-date\.md changed → /)).toMatch(
      /^content\/posts\/first-date\.md changed → \/post\/first-date \(its page\): 1 file in \d+ ms$/,
    );
  });

  it('shows a broken edit in the page, the event stream and the terminal, and recovers when it is fixed', async () => {
    const events = await listenToEvents(server!.url);
    const good = fx.read('content/pages/about.md');
    fx.write('content/pages/about.md', good.replace('title: About the team', 'title: About: the team'));
    const broken = await eventually(() => page('/about'), (p) => p.status === 500);
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('<h1>The site could not be built</h1>');
    expect(broken.body).toMatch(/<strong>content\/pages\/about\.md:2:\d+<\/strong>/);
    expect(broken.body).toContain('<pre>');
    await logged(/content\/pages\/about\.md:2:\d+: front matter is not valid YAML/);
    // Open pages get the overlay pushed to them.
    await eventually(async () => events.text(), (t) => t.includes('event: problems'));
    expect(events.text()).toMatch(/event: problems\ndata: ".*The site could not be built.*content\/pages\/about\.md:2:\d+/);
    // The last good output is still on disk.
    expect(fx.read('.cache/dev/about.html')).toContain('<h1>About the team</h1>');

    fx.write('content/pages/about.md', good);
    const fixed = await eventually(() => page('/about'), (p) => p.status === 200);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('<h1>About the team</h1>');
    // Said as a fix, not as "nothing to rewrite": the pages are those of the last good build.
    expect(await logged(/→ built again/)).toMatch(
      /^content\/pages\/about\.md changed → built again: every page as the last good build left it: 0 files in \d+ ms$/,
    );
    expect(server!.output()).not.toContain('nothing to rewrite');
    events.close();
  });

  it('ignores the files editors and sed write beside the one being edited', async () => {
    const temps = ['.#about.md', '#about.md#', 'about.md~', '.about.md.swp', '.about.md.swo', '4913', 'sedAb12Cd', 'about.md___jb_tmp___'];
    for (const name of temps) fx.write(`content/pages/${name}`, 'an editor wrote this');
    // Long enough for a watcher to report them on their own, as it did before.
    await new Promise((r) => setTimeout(r, 600));
    for (const name of temps) unlinkSync(join(fx.root, 'content/pages', name));
    await new Promise((r) => setTimeout(r, 300));
    const before = fx.read('content/pages/about.md');
    fx.write('content/pages/about.md', before.replace(/^title: .*$/m, 'title: About our team'));
    const line = await logged(/content\/pages\/about\.md changed → \/about/);
    expect(line).toMatch(/^content\/pages\/about\.md changed → \/about \(its page\): 1 file in \d+ ms$/);
    for (const name of temps) expect(server!.output(), name).not.toContain(name);
    fx.write('content/pages/about.md', before);
    await eventually(() => page('/about'), (p) => !p.body.includes('<h1>About our team</h1>'));
  });

  it('shows a dead link at its line, and a file that is not UTF-8 at its byte, and recovers from both', async () => {
    // A page of its own, so the log lines the other tests look for are not this test's.
    const file = 'content/pages/links-note.md';
    const good = ['---', 'title: Links note', 'description: A page for the dead-link test.', '---', '', 'Nothing to see.', ''].join('\n');
    fx.write(file, good);
    await eventually(() => page('/links-note'), (p) => p.status === 200);
    fx.write(file, `${good}\nSee [the gone page](/post/gone-for-good).\n`);
    await logged(/^content\/pages\/links-note\.md:8:21: link "\/post\/gone-for-good" on page \/links-note points to no page/m);
    expect((await page('/links-note')).status).toBe(500);

    writeFileSync(join(fx.root, file), Buffer.concat([Buffer.from(good), Buffer.from('Caf'), Buffer.from([0xe9]), Buffer.from('.\n')]));
    await logged(/^content\/pages\/links-note\.md:7:4: this file is not UTF-8 text: byte 0xE9/m);
    const broken = await page('/links-note');
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('not UTF-8 text');

    unlinkSync(join(fx.root, file));
    const gone = await eventually(() => page('/links-note'), (p) => p.status === 404);
    expect(gone.status).toBe(404);
    expect((await page('/about')).status).toBe(200);
  });

  it('checks images as a build does: a front matter field naming no file is shown at its line, and recovers', async () => {
    // The build's site-wide check (links/site-links.ts) runs on every edit: dev once let this through to the build.
    const file = 'content/pages/image-note.md';
    const page_ = (description: string) => ['---', 'title: Image note', `description: ${description}`, '---', '', 'A page for the image test.', ''].join('\n');
    fx.write(file, page_('A page with no picture.'));
    await eventually(() => page('/image-note'), (p) => p.status === 200);
    fx.write(file, page_('/images/not-there.png'));
    await logged(/^content\/pages\/image-note\.md:3:14: image "\/images\/not-there\.png" names no file/m);
    expect((await page('/image-note')).status).toBe(500);
    unlinkSync(join(fx.root, file));
    await eventually(() => page('/image-note'), (p) => p.status === 404);
  });

  it('adds and deletes pages, naming the listings, feed and sitemap they appear in', async () => {
    fx.write(
      'content/posts/third-date.md',
      ['---', 'title: Third date plans', 'description: Something calm.', 'date: 2025-02-01', 'author: The editors', '---', '', 'Go for a long walk.', ''].join('\n'),
    );
    const added = await eventually(() => page('/post/third-date'), (p) => p.status === 200);
    expect(added.body).toContain('<h1>Third date plans</h1>');
    const addLine = await logged(/content\/posts\/third-date\.md changed → /);
    expect(addLine).toContain('/post/third-date (new page)');
    expect(addLine).toContain('/ (lists it)');
    expect(addLine).toMatch(/feed\.xml.*sitemap\.xml|sitemap\.xml.*feed\.xml/);
    expect((await page('/')).body).toContain('Third date plans');

    unlinkSync(join(fx.root, 'content/posts/second-date.md'));
    const gone = await eventually(() => page('/post/second-date'), (p) => p.status === 404);
    expect(gone.status).toBe(404);
    const removeLine = await logged(/content\/posts\/second-date\.md changed → /);
    expect(removeLine).toMatch(/→ \/ \(lists it\), \/post\/second-date \(removed\), .*feed\.xml/);
    expect(removeLine).toContain('/ (lists it)');
  });

  it('shows drafts and scheduled entries from its own folder, never dist/, and announces neither', async () => {
    const post = (name: string, more: string) =>
      fx.write(`content/posts/${name}.md`, ['---', `title: ${name}`, 'description: Not yet.', more, 'author: The editors', '---', '', 'Unfinished.', ''].join('\n'));
    post('draft-date', 'date: 2025-03-01\ndraft: true');
    post('later-date', 'date: 2999-12-01');
    expect((await eventually(() => page('/post/draft-date'), (p) => p.status === 200)).body).toContain('<h1>draft-date</h1>');
    expect((await eventually(() => page('/post/later-date'), (p) => p.status === 200)).body).toContain('<h1>later-date</h1>');
    expect((await page('/')).body).toContain('draft-date');
    for (const file of ['sitemap.xml', 'feed.xml']) {
      const text = fx.read(`.cache/dev/${file}`);
      expect(text, file).toContain('/post/first-date');
      expect(text, file).not.toMatch(/draft-date|later-date/);
    }
    expect(existsSync(join(fx.root, 'dist')), 'dev never writes the folder build writes and preview serves').toBe(false);
    unlinkSync(join(fx.root, 'content/posts/draft-date.md'));
    unlinkSync(join(fx.root, 'content/posts/later-date.md'));
    await eventually(() => page('/post/later-date'), (p) => p.status === 404);
  });

  it('swaps the stylesheet without a reload when only CSS changed', async () => {
    const events = await listenToEvents(server!.url);
    const cssFile = '../_shared/site.css';
    fx.write(cssFile, `${fx.read(cssFile)}\n.dev-test-marker { color: rebeccapurple; }\n`);
    await logged(/site\.css changed → /);
    await eventually(async () => events.text(), (t) => t.includes('event: css'));
    const data = JSON.parse(/event: css\ndata: (.*)\n/.exec(events.text())![1]) as { from: string[]; to: string[] };
    expect(data.from[0]).toMatch(/^\/assets\/site-\w+\.css$/);
    expect(data.to[0]).not.toBe(data.from[0]);
    const css = await fetch(`${server!.url}${data.to[0]}`).then((r) => r.text());
    expect(css).toContain('.dev-test-marker');
    expect((await page('/about')).body).toContain(data.to[0]);
    expect((await fetch(`${server!.url}${data.from[0]}`)).status).toBe(404);
    expect(events.text()).not.toContain('data: reload');
    events.close();
  });

  it('after edits, additions and deletions, serves exactly what a clean build writes', async () => {
    const out = mkdtempSync(join(tmpdir(), 'heartnotes-dev-clean-'));
    try {
      const built = runCli(['build', '--root', fx.root, '--out', out, '--no-cache', '--quiet']);
      expect(built.stderr).toBe('');
      expect(built.status).toBe(0);
      expect(diffTrees(readTree(join(fx.root, '.cache', 'dev')), readTree(out))).toEqual([]);
      for (const [path, file] of [['/about', 'about.html'], ['/', 'index.html'], ['/post/third-date', 'post/third-date.html']]) {
        const served = (await page(path)).body.replace(/<script>\(\(\)=>\{let g=\d+;const es=new EventSource[\s\S]*?<\/script><\/body>/, '</body>');
        expect(served, path).toBe(readFileSync(join(out, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('a page that starts listening only after an update went out is told on connecting, and reloads', async () => {
    const served = await page('/about');
    const generation = Number(/let g=(\d+);/.exec(served.body)![1]);
    // The edit lands while the page is still loading, before its EventSource connects.
    fx.write('content/pages/about.md', `${fx.read('content/pages/about.md')}\nOne more line.\n`);
    await eventually(() => page('/about'), (p) => p.body.includes('One more line.'));
    const events = await listenToEvents(server!.url);
    const hello = await eventually(async () => /event: hello\ndata: (\d+)/.exec(events.text()), (m) => m !== null);
    events.close();
    expect(Number(hello![1]), 'the generation the server is at, which the page compares with its own').toBeGreaterThan(generation);
  });

  it('mounts the forms function at /api/, storing in PGlite under the project', async () => {
    const json = await fetch(`${server!.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });

    const form = await fetch(`${server!.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${server!.url}/about` },
      body: 'name=A&message=Hello',
    });
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toContain('text/html');
    const html = await form.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Please enter your email address.');
    expect(html).toContain('<a href="/about">');

    const get = await fetch(`${server!.url}/api/subscribe`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(server!.output()).toMatch(/Forms \(\/api\/subscribe, \/api\/contact\) store submissions in PGlite at \S*\.data\/pglite\./);
  });
});

describe('dev planner', () => {
  it('maps each template to the files it imports, so a page template change stays local', () => {
    const dir = mkdtempSync(join(tmpdir(), 'heartnotes-deps-'));
    try {
      const files: Record<string, string> = {
        'site.config.ts': "import { templates } from './t/index.ts';",
        't/index.ts': "export const templates = { review: ReviewPage, article: ArticlePage };",
        't/pages/review.tsx': 'export function ReviewPage() { return <Layout><Countdown /></Layout>; }',
        't/pages/article.tsx': 'export function ArticlePage() { return <Layout />; }',
        't/components/layout.tsx': 'export function Layout() { return <Header />; }',
        't/components/header.tsx': 'export function Header() {}',
        't/islands/countdown.tsx': 'export default function Countdown() {}',
        't/schemas.ts': "import { z } from 'zod';",
      };
      for (const [f, text] of Object.entries(files)) {
        const path = join(dir, f);
        rmSync(path, { force: true });
        mkdirSync(join(path, '..'), { recursive: true });
        writeFileSync(path, text);
      }
      const imp = (...paths: string[]) => paths.map((path) => ({ path, kind: 'import-statement' as const }));
      const metafile: Metafile = {
        inputs: {
          'site.config.ts': { bytes: 1, imports: imp('t/index.ts', 't/schemas.ts') },
          't/index.ts': { bytes: 1, imports: imp('t/pages/review.tsx', 't/pages/article.tsx') },
          't/pages/review.tsx': { bytes: 1, imports: imp('t/components/layout.tsx', 't/islands/countdown.tsx') },
          't/pages/article.tsx': { bytes: 1, imports: imp('t/components/layout.tsx') },
          't/components/layout.tsx': { bytes: 1, imports: imp('t/components/header.tsx') },
          't/components/header.tsx': { bytes: 1, imports: [] },
          't/islands/countdown.tsx': { bytes: 1, imports: [] },
          't/schemas.ts': { bytes: 1, imports: [{ path: 'zod', kind: 'import-statement', external: true }] },
        },
        outputs: {},
      };
      function ReviewPage() { return null; }
      function ArticlePage() { return null; }
      const config = { templates: { review: ReviewPage, article: ArticlePage }, collections: {} } as unknown as SiteConfig;
      const { templates } = templateDependencies(config, metafile, dir, join(dir, 't/islands'));
      const review = templates.get('review')!;
      const article = templates.get('article')!;
      expect([...review.files].map((f) => f.slice(dir.length + 1)).sort()).toEqual([
        't/components/header.tsx', 't/components/layout.tsx', 't/islands/countdown.tsx', 't/pages/review.tsx',
      ]);
      expect(review.islands).toEqual(['countdown']);
      expect(article.islands).toEqual([]);
      expect(article.files.has(join(dir, 't/components/header.tsx'))).toBe(true);
      expect(article.files.has(join(dir, 't/pages/review.tsx'))).toBe(false);

      // Editing the review template changes only its key; editing the shared header changes both.
      writeFileSync(join(dir, 't/pages/review.tsx'), `${files['t/pages/review.tsx']}\n// edited`);
      const afterPage = templateDependencies(config, metafile, dir, join(dir, 't/islands')).templates;
      expect(afterPage.get('review')!.key).not.toBe(review.key);
      expect(afterPage.get('article')!.key).toBe(article.key);
      writeFileSync(join(dir, 't/components/header.tsx'), 'export function Header() { return 1; }');
      const afterShared = templateDependencies(config, metafile, dir, join(dir, 't/islands')).templates;
      expect(afterShared.get('review')!.key).not.toBe(afterPage.get('review')!.key);
      expect(afterShared.get('article')!.key).not.toBe(article.key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes a plan in one line, counting long lists', () => {
    const pages = Array.from({ length: 6 }, (_, i) => ({ file: `p${i}.html`, action: 'write' as const, label: `/p${i}`, reason: 'template changed', kind: 'page' as const }));
    expect(
      describePlan(['content/articles/x.md'], [
        { file: 'post/x.html', action: 'write', label: '/post/x', reason: 'its page', kind: 'page' },
        { file: 'articles.html', action: 'write', label: '/articles', reason: 'lists it', kind: 'page' },
        { file: 'feed.xml', action: 'write', label: 'feed.xml', reason: 'changed', kind: 'file' },
        { file: 'sitemap.xml', action: 'write', label: 'sitemap.xml', reason: 'changed', kind: 'file' },
      ], '18 ms'),
    ).toBe('content/articles/x.md changed → /post/x (its page), /articles (lists it), feed.xml, sitemap.xml: 4 files in 18 ms');
    expect(describePlan(['templates/components/header.tsx'], pages, '1.20 s')).toBe(
      'templates/components/header.tsx changed → 6 pages (template changed): 6 files in 1.20 s',
    );
  });

  it('takes a body-only edit without the site functions, planning only its page, as a full recompute would', () => {
    const { first, edit, note } = memorySite();
    const { fast, full } = edit({ 'a.md': note('A', 'A new body for a.') });
    expect(fast).toBeDefined();
    expectSameOutputs(fast!, full);
    expect(fast!.outputs.get('notes.html')).toBe(first.outputs.get('notes.html'));
    expect(planRebuild(first, fast!, { content: new Set(['content/notes/a.md']) })).toEqual([
      { file: 'notes/a.html', action: 'write', label: '/notes/a', reason: 'its page', kind: 'page' },
    ]);
    // A draft left out stays out, whatever its body says.
    const draft = edit({ 'c.md': note('C', 'Still a draft.', 'draft: true\n') });
    expect(draft.fast).toBeDefined();
    expect(planRebuild(first, draft.fast!, { content: new Set(['content/notes/c.md']) })).toEqual([]);
  });

  it('takes the full path when front matter changes or a site function used the body', () => {
    expect(memorySite().edit({ 'a.md': `---\ntitle: A2\n---\n\nBody of a.\n` }).fast).toBeUndefined();
    expect(memorySite().edit({ 'c.md': `---\ntitle: C\n---\n\nPublished.\n` }).fast).toBeUndefined();
    type Notes = { notes: Entry<{ title: string }>[] };
    const cases: Record<string, Partial<SiteConfig>> = {
      'a generated file reads a body': { files: ({ notes }: Notes) => ({ 'a.txt': notes.find((n) => n.id === 'a')!.body }) } as never,
      'the feed reads bodies': {
        feed: ({ notes }: Notes) => ({ title: 'N', entries: notes.map((n) => ({ path: `/${n.slug}`, title: n.data.title, date: '2025-01-01', summary: n.body.slice(0, 20) })) }),
      } as never,
      'an entry is placed in another page\'s props': {
        routes: [{ pattern: '/x', pages: ({ notes }: Notes) => [{ path: '/x', template: 'x', props: { featured: notes[0] }, sources: [] }] }],
      } as never,
      'shared data holds the entries': { shared: ({ notes }: Notes) => ({ notes }) } as never,
      'props hold a function': {
        routes: [{ pattern: '/x', pages: ({ notes }: Notes) => [{ path: '/x', template: 'x', props: { words: () => notes.length }, sources: [] }] }],
      } as never,
    };
    for (const [why, extra] of Object.entries(cases)) {
      const { edit, note } = memorySite(extra);
      const { fast, full } = edit({ 'a.md': note('A', 'A new body for a.') });
      expect(fast, why).toBeUndefined();
      expect(full.routes.length, why).toBeGreaterThan(0);
    }
    // Reading another entry's body does not stop an edit of this one.
    const other = memorySite({ files: ({ notes }: Notes) => ({ 'b.txt': notes.find((n) => n.id === 'b')!.body }) } as never);
    const { fast, full } = other.edit({ 'a.md': other.note('A', 'A new body for a.') });
    expect(fast).toBeDefined();
    expectSameOutputs(fast!, full);
  });
});
