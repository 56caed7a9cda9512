// The build manifest's first line (ManifestHead): all a build with nothing to do reads, so it must
// say exactly what the whole manifest says about the output, and an up-to-date check must notice
// any output file changed, cut short or gone.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAYOUT, MANIFEST_FILE, manifestText, parseManifest, readManifestHead, withLinks, type BuildManifest } from '../../src/pipeline/plan/manifest.ts';
import { outputIntact } from '../../src/pipeline/plan/up-to-date.ts';

const temp = mkdtempSync(join(tmpdir(), 'heartnotes-manifest-head-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function outputWith(files: Record<string, string>): { dir: string; manifest: BuildManifest } {
  const dir = mkdtempSync(join(temp, 'out-'));
  const records: BuildManifest['files'] = {};
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
    // A fractional time, as most file systems give: it must survive the text form exactly.
    utimesSync(join(dir, file), 1_700_000_000.123456, 1_700_000_000.123456);
    const s = statSync(join(dir, file));
    records[file] = { key: `k-${file}`, size: s.size, mtimeMs: s.mtimeMs, links: ['/a'], ids: ['b'] };
  }
  const manifest: BuildManifest = {
    layout: LAYOUT,
    outDir: dir,
    files: records,
    fingerprint: 'f',
    inputs: { folders: ['content'], files: ['site.config.ts'] },
    summary: { pages: 2, redirects: 0, assets: 1 },
  };
  return { dir, manifest };
}

/** The manifest as its readers see it: each record's fields, its links and ids read (a record read from a file makes them when read). */
/** The strings of the table a manifest file's text holds (its third line). */
const tableOf = (text: string) => JSON.parse(text.split('\n')[2]!) as string[];

function readable(m: BuildManifest) {
  const files = Object.fromEntries(
    Object.entries(m.files).map(([file, r]) => [file, { key: r.key, size: r.size, mtimeMs: r.mtimeMs, record: r.record, links: r.links, ids: r.ids }]),
  );
  return { ...m, files };
}

describe('the manifest head', () => {
  it('round-trips: the whole manifest comes back from the text, and the head says the same of the output', () => {
    const { dir, manifest } = outputWith({ 'index.html': '<p>home</p>', 'post/a b.html': '<p>a</p>', 'style.css': 'p{}' });
    const cache = mkdtempSync(join(temp, 'cache-'));
    writeFileSync(join(cache, MANIFEST_FILE), manifestText(manifest));
    expect(readable(parseManifest(manifestText(manifest)))).toEqual(readable(manifest));
    const head = readManifestHead(cache, dir);
    expect(head).toMatchObject({ layout: LAYOUT, outDir: dir, fingerprint: 'f', inputs: manifest.inputs, summary: manifest.summary });
    expect(head!.output.split('\n').map((l) => l.split('\t')[0])).toEqual(Object.keys(manifest.files));
    expect(outputIntact(head!, dir)).toBe(true);
    expect(readManifestHead(cache, join(dir, 'elsewhere'))).toBeUndefined();
  });

  it('notices an output file edited in place, cut short or removed', () => {
    const { dir, manifest } = outputWith({ 'index.html': '<p>home</p>', 'about.html': '<p>about</p>' });
    const head = () => JSON.parse(manifestText(manifest).split('\n')[0]);
    expect(outputIntact(head(), dir)).toBe(true);
    // Same size, new time: edited in place.
    writeFileSync(join(dir, 'about.html'), '<p>ABOUT</p>');
    expect(outputIntact(head(), dir)).toBe(false);
    utimesSync(join(dir, 'about.html'), 1_700_000_000.123456, 1_700_000_000.123456);
    expect(outputIntact(head(), dir)).toBe(true);
    writeFileSync(join(dir, 'about.html'), '<p>');
    utimesSync(join(dir, 'about.html'), 1_700_000_000.123456, 1_700_000_000.123456);
    expect(outputIntact(head(), dir)).toBe(false);
    rmSync(join(dir, 'about.html'));
    expect(outputIntact(head(), dir)).toBe(false);
  });

  it('is not read from a manifest of the older one-line layout', () => {
    const { dir, manifest } = outputWith({ 'index.html': 'x' });
    const cache = mkdtempSync(join(temp, 'cache-'));
    writeFileSync(join(cache, MANIFEST_FILE), JSON.stringify({ ...manifest, layout: LAYOUT - 1 }));
    expect(readManifestHead(cache, dir)).toBeUndefined();
    // The whole-manifest reader still takes an old one-line file (output-folder.ts reads its outDir).
    expect(parseManifest(JSON.stringify(manifest)).outDir).toBe(dir);
  });
});

describe('the links and ids of pages a build keeps', () => {
  const page = (i: number) => ({ key: `k${i}`, size: i, mtimeMs: i, links: ['/', `/post/${i}`, '#top'], ids: ['top', `h${i}`] });
  const manifestOf = (files: BuildManifest['files']): BuildManifest => ({ layout: LAYOUT, outDir: '/out', files });

  it('are written again as read, beside a page made now, and read back the same', () => {
    const first = parseManifest(manifestText(manifestOf(Object.fromEntries([1, 2, 3].map((i) => [`p${i}.html`, page(i)])))));
    // A build keeping p1 and p2 (carried as read) and rendering p3 and a new p4 again.
    const next = manifestOf({
      'p1.html': withLinks({ key: 'k1', size: 1, mtimeMs: 10 }, first.files['p1.html']!),
      'p2.html': withLinks({ key: 'k2', size: 2, mtimeMs: 20 }, first.files['p2.html']!),
      'p3.html': { ...page(3), links: ['/', '/post/1', '/new'] },
      'p4.html': page(4),
    });
    const back = parseManifest(manifestText(next));
    expect(readable(back)).toEqual(readable(next));
    expect(back.files['p1.html']!.links).toEqual(['/', '/post/1', '#top']);
    expect(back.files['p3.html']!.links).toEqual(['/', '/post/1', '/new']);
  });

  it('keep a table of the strings still used: one where most went is made again', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}.html`, page(i)]));
    const read = parseManifest(manifestText(manifestOf(many)));
    // Only two of the forty pages are kept: most of the table's strings are no page's now.
    const kept = manifestOf({
      'p0.html': withLinks({ key: 'k0', size: 0, mtimeMs: 0 }, read.files['p0.html']!),
      'p1.html': withLinks({ key: 'k1', size: 1, mtimeMs: 1 }, read.files['p1.html']!),
    });
    const text = manifestText(kept);
    expect(tableOf(text).sort()).toEqual(['#top', '/', '/post/0', '/post/1', 'h0', 'h1', 'top'].sort());
    expect(readable(parseManifest(text))).toEqual(readable(kept));
  });

  it('stay about the size a fresh table would be over many builds that each render one page again', () => {
    // With files that have no links (assets): they number nothing, so keeping them changes no count.
    const assets = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`a${i}.css`, { key: `a${i}`, size: i, mtimeMs: i }]));
    let read = parseManifest(manifestText(manifestOf({ ...assets, ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}.html`, page(i)])) })));
    for (let build = 0; build < 200; build++) {
      // Page `build % 40` is rendered again with a link no page had before; the others are kept as read.
      const again = build % 40;
      const files = Object.fromEntries(
        Object.entries(read.files).map(([file, record]) =>
          file === `p${again}.html` ? [file, { ...page(again), links: ['/', `/new/${build}`] }] : [file, withLinks({ key: record.key, size: record.size, mtimeMs: build }, record)],
        ),
      );
      const next = manifestOf(files);
      const text = manifestText(next);
      read = parseManifest(text);
      expect(readable(read)).toEqual(readable(next));
      // What changed since the table was last counted, after the first build: its four new strings (two links, two ids) and one page.
      if (build === 0) expect((JSON.parse(text.split('\n')[1]!) as { drift: number }).drift).toBe(5);
    }
    const fresh = new Set(Object.values(read.files).flatMap((r) => [...(r.links ?? []), ...(r.ids ?? [])]));
    // Counted once a quarter of it changed, made again when under half is used: within about three times.
    expect(tableOf(manifestText(read)).length).toBeLessThanOrEqual(3 * fresh.size);
  });

  it('tell no links from an empty list, and no search record from an empty one', () => {
    const files: BuildManifest['files'] = {
      'a.html': { key: 'ka', size: 1, mtimeMs: 1, links: [], ids: [], record: '' },
      'b.css': { key: 'kb', size: 2, mtimeMs: 2 },
      'c.html': { key: 'kc', size: 3, mtimeMs: 3, links: ['/a b', 'x\ty "q"'], record: 'r' },
    };
    const read = parseManifest(manifestText(manifestOf(files)));
    expect(readable(read)).toEqual(readable(manifestOf(files)));
    // And again when carried as read.
    const carried = manifestOf(
      Object.fromEntries(
        Object.entries(read.files).map(([file, r]) => [file, withLinks({ key: r.key, size: r.size, mtimeMs: 9, ...(r.record === undefined ? {} : { record: r.record }) }, r)]),
      ),
    );
    expect(readable(parseManifest(manifestText(carried)))).toEqual(readable(carried));
  });
});
