// The search index (docs/search.md) through the real CLI: a build writes it into the output, an
// incremental build after an edit leaves exactly the index a clean build makes (no stale files),
// a failed build leaves the previous index as it was, and `dev` updates the index after an edit.
//
// What this proves and what it does not: it reads the index's page files (JSON), which hold each
// indexed page's address and text, its meta.json and a word file, and compares whole index folders
// byte for byte. It does not query the index; tests/unit/search-index-format.test.ts (the writer
// and the browser client together) and tests/e2e/search.test.ts (in Chromium) do.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';
import { openSearchRefresh } from '../../src/dev/search-refresh.ts';

/** Every file under `dir` with a hash of its bytes, by path. */
function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    out[file.slice(dir.length + 1)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
}

/** The indexed pages: address → text, read from the page files of the index (or its first part) in `outDir`. */
const indexedPages = (outDir: string) => partPages(join(outDir, 'search-index'));

/** The pages of one index folder (`search-index/` or a part of it): address → title and text. */
function partPages(indexDir: string): Record<string, string> {
  const dir = join(indexDir, 'pages');
  const pages: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    // Several pages' entries by page number (one per file unless maxFragmentFiles says fewer files).
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, { url: string; content: string; meta: { title: string } }>;
    for (const entry of Object.values(data)) pages[entry.url] = `${entry.meta.title} | ${entry.content}`;
  }
  return pages;
}

/** Rewrites a file unchanged, a second later in time. */
function touch(fx: FixtureCopy, file: string) {
  const path = join(fx.root, file);
  const next = new Date(statSync(path).mtimeMs + 1000);
  utimesSync(path, next, next);
}

/** A copy of the example site with `search` set to `options` and its posts marked for the index (the copy's own templates). */
function searchSite(options: string): FixtureCopy {
  const fx = copyFixture('basic');
  fx.write('site.config.ts', `import site from '../_shared/site.ts';\n\nexport default { ...site, search: ${options} };\n`);
  const pages = join(fx.temp, 'tests', 'fixtures', '_shared', 'templates', 'pages.tsx');
  writeFileSync(pages, readFileSync(pages, 'utf8').replace('      <article>', '      <article data-pagefind-body="">'));
  return fx;
}

const build = (fx: FixtureCopy, out = 'dist') => runCli(['build', '--root', fx.root, '--out', join(fx.root, out)], 120_000);

describe('search index', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = searchSite("{ exclude: ['/post/second-date'] }");
  });
  afterAll(() => fx.cleanup());

  it('a build writes the index of the marked pages into the output, less excluded ones', () => {
    const r = build(fx);
    expect(r.status, r.stderr).toBe(0);
    const dist = join(fx.root, 'dist');
    const meta = JSON.parse(readFileSync(join(dist, 'search-index', 'meta.json'), 'utf8')) as { pages: number; pageFiles: number; stemmed: boolean; shards: string[] };
    expect(meta).toMatchObject({ pages: 1, pageFiles: 1, stemmed: true });
    // The word files are the ones the meta lists, and hold the terms of their two letters: "week" under "we".
    expect(readdirSync(join(dist, 'search-index', 'words')).sort()).toEqual(meta.shards.map((s) => `${s}.json`).sort());
    expect(JSON.parse(readFileSync(join(dist, 'search-index', 'words', 'we.json'), 'utf8'))).toHaveProperty('week', [0, 1]);
    expect(existsSync(join(dist, 'pagefind')), 'no Pagefind folder').toBe(false);
    const pages = indexedPages(dist);
    expect(Object.keys(pages)).toEqual(['/post/first-date']);
    expect(pages['/post/first-date']).toMatch(/^First dates: <what> to say \| First dates: <what> to say .*Ask about their week/);
  });

  it('build --verbose tells the CPU time of the search index beside the Markdown parse and the rest', () => {
    const r = runCli(['build', '--root', fx.root, '--out', join(fx.root, 'verbose'), '--no-cache', '--verbose'], 120_000);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const time = '\\d+(?: ms|\\.\\d\\d s)';
    // Linux's /proc tells a thread's CPU time: this suite runs there.
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  search index +${time}   the parts' words and pages, main thread$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  everything else +${time}   of ${time} in all$`)));
  });

  it('an incremental build after an edit leaves the same index as a clean build, with no stale files', () => {
    const dist = join(fx.root, 'dist');
    const before = listing(join(dist, 'search-index'));
    fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('Ask about their week', 'Ask about their favourite marmalade'));
    const r = build(fx);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\(1 rendered, \d+ unchanged\)/);
    expect(indexedPages(dist)['/post/first-date']).toContain('Ask about their favourite marmalade');
    expect(indexedPages(dist)['/post/first-date']).not.toContain('Ask about their week');
    const after = listing(join(dist, 'search-index'));
    expect(after).not.toEqual(before);
    const clean = build(fx, 'clean');
    expect(clean.status, clean.stderr).toBe(0);
    expect(after).toEqual(listing(join(fx.root, 'clean', 'search-index')));
  });

  it('a build that changes no page keeps the index as it is; an index file deleted by hand is written again', () => {
    const dist = join(fx.root, 'dist');
    // The clean build above left the manifest of its own folder: build dist/ once to have dist's.
    expect(build(fx).status).toBe(0);
    const before = listing(join(dist, 'search-index'));
    const entry = join(dist, 'search-index', 'meta.json');
    const writtenAt = statSync(entry).mtimeMs;
    // Same text, new time: the build runs (the inputs' fingerprint changed) but renders no page.
    touch(fx, 'content/posts/second-date.md');
    const kept = build(fx);
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toMatch(/\(0 rendered, \d+ unchanged\)/);
    expect(statSync(entry).mtimeMs, 'not written again').toBe(writtenAt);
    expect(listing(join(dist, 'search-index'))).toEqual(before);
    const pageFile = readdirSync(join(dist, 'search-index', 'pages'))[0];
    rmSync(join(dist, 'search-index', 'pages', pageFile));
    touch(fx, 'content/posts/second-date.md');
    const restored = build(fx);
    expect(restored.status, restored.stderr).toBe(0);
    expect(listing(join(dist, 'search-index'))).toEqual(before);
  });

  it('a failed build leaves the previous index as it was', () => {
    const dist = join(fx.root, 'dist');
    const before = listing(join(dist, 'search-index'));
    fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('marmalade', 'toast').replace('date: 2025-01-05', 'date: 2025-02-30'));
    const r = build(fx);
    expect(r.status).toBe(1);
    expect(listing(join(dist, 'search-index'))).toEqual(before);
    expect(indexedPages(dist)['/post/first-date']).toContain('marmalade');
  });
});

describe('search index size', () => {
  it('maxTotalChars shares the text allowed among the pages, each indexed from its top; maxFragmentFiles bundles the page files', () => {
    const fx = searchSite('{ maxTotalChars: 90, maxFragmentFiles: 1 }');
    try {
      // Four pages may be indexed (home, about, two posts; the 404 is noindex, so never in the index
      // and given no share): 22 characters each, cut at a word.
      const r = build(fx);
      expect(r.status, r.stderr).toBe(0);
      const indexed = indexedPages(join(fx.root, 'dist'));
      expect(indexed['/post/first-date']).toBe('First dates: <what> to say | First dates: <what> to');
      expect(indexed['/post/second-date']?.length).toBeGreaterThan(0);
      expect(readdirSync(join(fx.root, 'dist', 'search-index', 'pages'))).toEqual(['0.json']);
    } finally {
      fx.cleanup();
    }
  });
});

describe('search index in parts', () => {
  it('maxPagesPerIndex splits the index into parts, listed in search-index/parts.json, each page in one', () => {
    const fx = searchSite('{ maxPagesPerIndex: 1 }');
    try {
      const r = build(fx);
      expect(r.status, r.stderr).toBe(0);
      const dist = join(fx.root, 'dist');
      expect(JSON.parse(readFileSync(join(dist, 'search-index', 'parts.json'), 'utf8'))).toEqual(['part-2/']);
      const part2 = join(dist, 'search-index', 'part-2');
      expect(JSON.parse(readFileSync(join(part2, 'meta.json'), 'utf8'))).toMatchObject({ pages: 1, pageFiles: 1 });
      // The two marked pages, one in each part, in the route table's order.
      const first = Object.keys(indexedPages(dist));
      const second = Object.keys(partPages(part2));
      expect([first, second].map((p) => p.length)).toEqual([1, 1]);
      expect([...first, ...second].sort()).toEqual(['/post/first-date', '/post/second-date']);
      // A clean build of the same input writes the same parts, byte for byte.
      const again = build(fx, 'again');
      expect(again.status, again.stderr).toBe(0);
      expect(listing(join(fx.root, 'again', 'search-index'))).toEqual(listing(join(dist, 'search-index')));
    } finally {
      fx.cleanup();
    }
  });
});

describe('search index in parts, after an edit', () => {
  /** Modification times of the files of one part (not its sub-folders' parts, nor the list of parts), by name. */
  const mtimes = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
        .filter((name) => !/^part-\d/.test(name) && name !== 'parts.json' && statSync(join(dir, name)).isFile())
        .map((name) => [name, statSync(join(dir, name)).mtimeMs]),
    );

  it('an incremental build builds again only the part whose page changed, and leaves the index a clean build makes', () => {
    const fx = searchSite('{ maxPagesPerIndex: 1 }');
    try {
      expect(build(fx).status).toBe(0);
      const dist = join(fx.root, 'dist');
      const part1 = join(dist, 'search-index');
      const part2 = join(part1, 'part-2');
      const edit = (file: string, from: string, to: string) => fx.write(file, fx.read(file).replace(from, to));
      const checkAgainstClean = () => {
        rmSync(join(fx.root, 'clean'), { recursive: true, force: true });
        expect(runCli(['build', '--root', fx.root, '--out', join(fx.root, 'clean'), '--no-cache']).status).toBe(0);
        expect(listing(part1)).toEqual(listing(join(fx.root, 'clean', 'search-index')));
      };

      // The first post is in the first part: the second part's files stay as they were written.
      const before = { part1: mtimes(part1), part2: mtimes(part2) };
      edit('content/posts/first-date.md', 'Ask about their week', 'Ask about their favourite marmalade');
      const r = build(fx);
      expect(r.stdout).toMatch(/\(1 rendered, \d+ unchanged\)/);
      expect(mtimes(part2), 'part 2 not written again').toEqual(before.part2);
      expect(mtimes(part1)).not.toEqual(before.part1);
      expect(indexedPages(dist)['/post/first-date']).toContain('marmalade');
      checkAgainstClean();

      // And the other way round.
      const between = { part1: mtimes(part1), part2: mtimes(part2) };
      edit('content/posts/second-date.md', 'Plan something you can talk through.', 'Plan something you can talk through, and marmalade.');
      expect(build(fx).status).toBe(0);
      expect(mtimes(part1), 'part 1 not written again').toEqual(between.part1);
      expect(mtimes(part2)).not.toEqual(between.part2);
      expect(partPages(part2)['/post/second-date']).toContain('and marmalade');
      checkAgainstClean();

      // A part's files changed by hand are not trusted: it is built again.
      writeFileSync(join(part2, 'meta.json'), '{}');
      edit('content/posts/first-date.md', 'favourite marmalade', 'favourite jam');
      expect(build(fx).status).toBe(0);
      checkAgainstClean();
    } finally {
      fx.cleanup();
    }
  });

  it('a part built again writes only the files whose bytes changed; one changed by hand is written again', () => {
    const fx = searchSite('{}');
    try {
      expect(build(fx).status).toBe(0);
      const index = join(fx.root, 'dist', 'search-index');
      const pageFileOf = (url: string) => readdirSync(join(index, 'pages')).find((name) => readFileSync(join(index, 'pages', name), 'utf8').includes(`"url":"${url}"`))!;
      const edited = pageFileOf('/post/first-date');
      const other = pageFileOf('/post/second-date');
      const before = mtimes(index);
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('Ask about their week', 'Ask about their favourite marmalade'));
      expect(build(fx).status).toBe(0);
      const after = mtimes(index);
      expect(after[`pages/${edited}`], 'the edited page\'s file').not.toBe(before[`pages/${edited}`]);
      expect(after[`pages/${other}`], 'another page\'s file').toBe(before[`pages/${other}`]);
      const unchanged = Object.keys(before).filter((name) => after[name] === before[name]);
      expect(unchanged.length, 'most of the part is left as it was').toBeGreaterThan(Object.keys(before).length / 2);
      expect(listing(index)).toEqual(cleanIndex(fx));

      // Another page's file changed by hand (same bytes' length): the next build that makes the part writes it again.
      const path = join(index, 'pages', other);
      writeFileSync(path, readFileSync(path, 'utf8').replace('"url"', '"URL"'));
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('favourite marmalade', 'favourite jam'));
      expect(build(fx).status).toBe(0);
      expect(listing(index)).toEqual(cleanIndex(fx));
    } finally {
      fx.cleanup();
    }
  });

  /** Builds `fx` into `clean` with no cache: the index an incremental build must leave. */
  const cleanIndex = (fx: FixtureCopy) => {
    rmSync(join(fx.root, 'clean'), { recursive: true, force: true });
    expect(runCli(['build', '--root', fx.root, '--out', join(fx.root, 'clean'), '--no-cache']).status).toBe(0);
    return listing(join(fx.root, 'clean', 'search-index'));
  };

  it('a part built again after an edit reads the pages it kept, whose records only their hashes stood for', () => {
    const fx = searchSite('{}');
    try {
      expect(build(fx).status).toBe(0);
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('Ask about their week', 'Ask about their favourite marmalade'));
      const edited = build(fx);
      expect(edited.stdout).toMatch(/\(1 rendered, \d+ unchanged\)/);
      const dist = join(fx.root, 'dist');
      expect(indexedPages(dist)['/post/second-date']).toContain('Plan something');
      expect(listing(join(dist, 'search-index'))).toEqual(cleanIndex(fx));
    } finally {
      fx.cleanup();
    }
  });

  it('a part built again takes its kept pages from the previous page files, and from their HTML where a page file does not match', () => {
    const fx = searchSite('{}');
    try {
      expect(build(fx).status).toBe(0);
      const dist = join(fx.root, 'dist');
      // The second post's entry changed by hand: its record no longer has the hash the manifest
      // holds, so the page's HTML is read instead, and the index is still the one a clean build makes.
      const pageFile = join(dist, 'search-index', 'pages', '1.json');
      writeFileSync(pageFile, readFileSync(pageFile, 'utf8').replace('Plan something', 'Tampered with'));
      expect(indexedPages(dist)['/post/second-date']).toContain('Tampered with');
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('Ask about their week', 'Ask about their favourite marmalade'));
      expect(build(fx).stdout).toMatch(/\(1 rendered, \d+ unchanged\)/);
      expect(indexedPages(dist)['/post/second-date']).toContain('Plan something');
      expect(listing(join(dist, 'search-index'))).toEqual(cleanIndex(fx));
    } finally {
      fx.cleanup();
    }
  });

  it('a new share of text per page (maxTotalChars) builds again the parts whose pages were all kept', () => {
    const fx = searchSite('{ maxTotalChars: 600, maxPagesPerIndex: 1 }');
    try {
      expect(build(fx).status).toBe(0);
      // A third post: every page's share of the 600 characters shrinks, so every record changes
      // though the first two posts' pages are kept as they were.
      fx.write('content/posts/third-date.md', fx.read('content/posts/second-date.md').replace('Second dates', 'Third dates'));
      expect(build(fx).status).toBe(0);
      const dist = join(fx.root, 'dist');
      expect(JSON.parse(readFileSync(join(dist, 'search-index', 'parts.json'), 'utf8'))).toEqual(['part-2/', 'part-3/']);
      expect(listing(join(dist, 'search-index'))).toEqual(cleanIndex(fx));
    } finally {
      fx.cleanup();
    }
  });
});

describe('search index in dev', () => {
  it('dev serves the index its first build wrote and writes it again after an edit, without stale files', async () => {
    const fx = searchSite('{}');
    const server = await startCli(['dev', '--root', fx.root, '--port', '0'], 60_000);
    try {
      const dist = join(fx.root, '.cache', 'dev');
      const served = await fetch(`${server.url}/search-index/meta.json`);
      expect(served.status).toBe(200);
      expect(Object.keys(indexedPages(dist)).sort()).toEqual(['/post/first-date', '/post/second-date']);
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md').replace('Ask about their week', 'Ask about their favourite marmalade'));
      // The new files move in before the old ones go: wait for both.
      const pageFiles = join(dist, 'search-index', 'pages');
      const after = await eventually(
        () => indexedPages(dist),
        (p) => p['/post/first-date']?.includes('marmalade') === true && readdirSync(pageFiles).length === 2,
      );
      expect(after['/post/first-date']).toContain('marmalade');
      expect(Object.keys(after).sort(), 'one page file per page, no other left').toEqual(['/post/first-date', '/post/second-date']);
      expect(readdirSync(pageFiles).sort()).toEqual(['0.json', '1.json']);
    } finally {
      await server.stop();
      fx.cleanup();
    }
  });

  it('with the index in parts, a refresh builds again only the part whose page changed, and all of them after a full build', async () => {
    // dev's refresh (src/dev/search-refresh.ts) on an output the CLI built: run directly, since a
    // dev server may also rebuild in full (a watcher event it cannot place), which rewrites the index.
    const fx = searchSite('{ maxPagesPerIndex: 1 }');
    try {
      expect(build(fx).status).toBe(0);
      const dist = join(fx.root, 'dist');
      const part2 = join(dist, 'search-index', 'part-2');
      const entry = () => statSync(join(part2, 'meta.json')).mtimeMs;
      const routes = ['first-date', 'second-date'].map((slug) => ({ path: `/post/${slug}`, outFile: `post/${slug}.html`, template: 'post', props: {}, sources: [] }));
      const changes: string[][] = [];
      const search = openSearchRefresh(dist, (written) => changes.push(written));
      const refresh = async () => {
        const before = changes.length;
        search.schedule(routes, { maxPagesPerIndex: 1 });
        await eventually(
          () => changes.length,
          (n) => n > before,
        );
        return changes.at(-1)!;
      };
      const rewrite = (word: string) => {
        const file = join(dist, 'post', 'first-date.html');
        writeFileSync(file, readFileSync(file, 'utf8').replace(/Ask about their \w+/, `Ask about their ${word}`));
      };

      // The first refresh knows no parts yet: it builds them all.
      rewrite('marmalade');
      expect((await refresh()).filter((f) => f.startsWith('search-index/part-2/')).length).toBeGreaterThan(0);
      const written = entry();
      rewrite('crumpets');
      const second = await refresh();
      expect(indexedPages(dist)['/post/first-date']).toContain('crumpets');
      expect(
        second.filter((f) => f.startsWith('search-index/part-2/')),
        'the second part is not written again',
      ).toEqual([]);
      expect(entry()).toBe(written);
      expect(partPages(part2)['/post/second-date']).toContain('Plan something you can talk through');
      // After a full build wrote the index (dev's `forget`), every part is built again.
      search.forget();
      rewrite('scones');
      expect((await refresh()).filter((f) => f.startsWith('search-index/part-2/')).length).toBeGreaterThan(0);
      await search.close();
    } finally {
      fx.cleanup();
    }
  });
});
