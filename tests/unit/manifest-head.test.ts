// The build manifest's first line (ManifestHead): all a build with nothing to do reads, so it must
// say exactly what the whole manifest says about the output, and an up-to-date check must notice
// any output file changed, cut short or gone.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAYOUT, MANIFEST_FILE, manifestText, parseManifest, readManifestHead, type BuildManifest } from '../../src/pipeline/plan/manifest.ts';
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

describe('the manifest head', () => {
  it('round-trips: the whole manifest comes back from the text, and the head says the same of the output', () => {
    const { dir, manifest } = outputWith({ 'index.html': '<p>home</p>', 'post/a b.html': '<p>a</p>', 'style.css': 'p{}' });
    const cache = mkdtempSync(join(temp, 'cache-'));
    writeFileSync(join(cache, MANIFEST_FILE), manifestText(manifest));
    expect(parseManifest(manifestText(manifest))).toEqual(manifest);
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
