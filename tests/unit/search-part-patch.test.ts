// A part of the search index patched with the pages that changed (own-index.ts, patchedPartFiles)
// must be the part made whole from the new records, byte for byte; where it cannot be patched,
// the index makes it whole.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../src/pipeline/search/extract.ts';
import { partFiles, patchedPartFiles, readPart, touchedPartFiles, type PartFile } from '../../src/pipeline/search/own-index.ts';
import { openSearchIndex, recordHash, type SearchFile } from '../../src/pipeline/search/search-index.ts';

const temp = mkdtempSync(join(tmpdir(), 'heartnotes-part-patch-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const WORDS = 'date dating dates trust listen calm 2024 café naïve breakup heal gift ring walk talk honest slow kind zebra quiet 7th'.split(' ');

/** A small seeded generator, so a failure names the case that made it. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function text(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}

function record(url: string, next: () => number): SearchRecord {
  return { url, content: text(next, 5 + Math.floor(next() * 30)), language: 'en', meta: { title: text(next, 1 + Math.floor(next() * 3)), kind: 'post' } };
}

/** Writes a part's files into a new folder, as a build leaves them in its output. */
function written(files: PartFile[]): string {
  const dir = mkdtempSync(join(temp, 'part-'));
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.contents);
  }
  return dir;
}

/** One to three pages of `before` edited: the records after, and the changed ones by page. */
function edits(before: SearchRecord[], next: () => number): { after: SearchRecord[]; changed: Map<number, SearchRecord> } {
  const after = [...before];
  const changed = new Map<number, SearchRecord>();
  for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
    const page = Math.floor(next() * after.length);
    // Some edits take every word out of a page: its terms leave the part, and maybe a word file with them.
    const edited = next() < 0.2 ? { ...after[page]!, content: '', meta: { title: '' } } : record(after[page]!.url, next);
    after[page] = edited;
    changed.set(page, edited);
  }
  return { after, changed };
}

const bytes = (files: { contents: Uint8Array }[]) => files.map((f) => Buffer.from(f.contents).toString());
const paths = (files: (PartFile | SearchFile)[]) => files.map((f) => ('path' in f ? f.path : f.outFile));

describe('a search index part patched with the pages that changed', () => {
  it('is the part made whole from the new records, for edits that add, drop and move terms, over many cases', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const before = Array.from({ length: 2 + Math.floor(next() * 40) }, (_, i) => record(`/post/${i}`, next));
      const pageFiles = next() < 0.5 ? undefined : 1 + Math.floor(next() * 5);
      const previous = readPart(written(partFiles(before, pageFiles)));
      expect(previous, `seed ${seed}`).toBeDefined();
      const { after, changed } = edits(before, next);
      const patched = patchedPartFiles(previous!, changed, pageFiles);
      const whole = partFiles(after, pageFiles);
      expect(patched && paths(patched), `seed ${seed}`).toEqual(paths(whole));
      expect(bytes(patched!), `seed ${seed}`).toEqual(bytes(whole));
    }
  });

  it('reads and writes only the files the change touches, and the rest is the part made whole', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const before = Array.from({ length: 2 + Math.floor(next() * 40) }, (_, i) => record(`/post/${i}`, next));
      const pageFiles = next() < 0.5 ? undefined : 1 + Math.floor(next() * 5);
      const dir = written(partFiles(before, pageFiles));
      const { after, changed } = edits(before, next);
      const touched = touchedPartFiles(dir, before.length, changed);
      expect(touched, `seed ${seed}`).toBeDefined();
      const whole = partFiles(after, pageFiles);
      // The files written, and those left as they are, are together the part made whole.
      const result = new Map([
        ...touched!.same.map((path) => [path, readFileSync(join(dir, path), 'utf8')] as const),
        ...touched!.files.map((f) => [f.path, Buffer.from(f.contents).toString()] as const),
      ]);
      expect([...result.keys()].sort(), `seed ${seed}`).toEqual(paths(whole).sort());
      for (const f of whole) expect(result.get(f.path), `seed ${seed}: ${f.path}`).toBe(Buffer.from(f.contents).toString());
      // Fewer files than the whole part, when it has several.
      expect(touched!.files.length, `seed ${seed}`).toBeLessThanOrEqual(whole.length);
    }
    // Not the part it is said to be (another count of pages): left to the whole part.
    const next = random(5);
    const dir = written(partFiles(Array.from({ length: 4 }, (_, i) => record(`/post/${i}`, next))));
    expect(touchedPartFiles(dir, 5, new Map([[1, record('/post/1', next)]]))).toBeUndefined();
  });

  it('leaves to the whole part a record that is not English, which changes whether its terms are stems', () => {
    const next = random(7);
    const before = Array.from({ length: 5 }, (_, i) => record(`/post/${i}`, next));
    const previous = readPart(written(partFiles(before)))!;
    expect(patchedPartFiles(previous, new Map([[2, { ...before[2]!, language: 'fr' }]]))).toBeUndefined();
  });

  it('is not taken from files that do not hold the records they are said to (a word file edited by hand)', () => {
    const next = random(11);
    const before = Array.from({ length: 6 }, (_, i) => record(`/post/${i}`, next));
    const dir = written(partFiles(before));
    const previous = readPart(dir)!;
    // A term taken out of the files: the first page that has it is edited, and its old terms are not all there.
    const [term, postings] = [...previous.terms][0]!;
    previous.terms.delete(term);
    const page = postings[0]!;
    expect(patchedPartFiles(previous, new Map([[page, record(before[page]!.url, next)]]))).toBeUndefined();
  });

  it('in an index, gives the files of a clean build, whether the previous part is patched or, made another way, is not', async () => {
    const next = random(3);
    const before = Array.from({ length: 25 }, (_, i) => record(`/post/${i}`, next));
    const made = async (records: SearchRecord[], salt: string, previous?: { parts: Map<string, string>; dir: string }) => {
      const index = openSearchIndex({
        maxPagesPerIndex: 10,
        expectedPages: records.length,
        salt,
        reuse: previous?.parts,
        previous: previous && ((dir) => readPart(join(previous.dir, dir))),
      });
      for (const r of records) index.add({ hash: recordHash(r), record: r });
      return index.files();
    };
    const first = await made(before, 'v1');
    const out = written(first.files.map((f) => ({ path: f.outFile, contents: f.contents })));
    const parts = new Map(first.parts.map((p) => [p.dir, p.key]));
    const after = [...before];
    after[13] = record('/post/13', next);
    const clean = await made(after, 'v1');
    const patched = await made(after, 'v1', { parts, dir: out });
    expect(patched.parts.map((p) => [p.dir, p.reused])).toEqual([
      ['search-index', true],
      ['search-index/part-2', false],
      ['search-index/part-3', true],
    ]);
    // Only the part that changed is made; its files are the clean build's.
    const part2 = (files: SearchFile[]) => files.filter((f) => f.outFile.startsWith('search-index/part-2/'));
    expect(bytes(part2(patched.files))).toEqual(bytes(part2(clean.files)));
    // The previous index made by another generator (another salt): no part is kept or patched, each is made whole.
    const otherSalt = await made(after, 'v2', { parts, dir: out });
    expect(otherSalt.parts.every((p) => !p.reused)).toBe(true);
    expect(bytes(otherSalt.files)).toEqual(bytes((await made(after, 'v2')).files));
  });
});
