import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchRecord } from './extract.ts';
import { INDEX_FILES, shardOf, termOf, wordsOf, type PageEntry, type PartMeta } from './words.ts';

/** A word of a page's title counts as this many of its text: a page about a thing ranks above one that mentions it. */
export const TITLE_WEIGHT = 5;

/** One written file of a part, by its path in the part's folder. */
export interface PartFile {
  path: string;
  contents: Uint8Array;
}

/**
 * The files of one part of the index, for `records` numbered in the order given: `meta.json`,
 * one word file per two-letter start of a term, and the pages' entries in `pageFiles` files (one
 * per page when not given). The same records in the same order give the same bytes.
 *
 * # Design decision
 * The index is the build's own: every term of a page with its count, in files by the term's
 * first two letters, so a query fetches one small file per word it holds, and the browser
 * computes the ranking itself (src/search-client.ts). Replaced Pagefind (its binary as a child
 * process), whose cost per record set the floor of every build: the bench's 4,043 pages took
 * 8.9 CPU-s in Pagefind and take about 1.6 CPU-s here, and a one-edit deploy rebuilt a part of
 * 1,000 pages in about 3.6 s (docs/architecture.md, "An index of our own").
 */
export function partFiles(records: readonly SearchRecord[], pageFiles?: number): PartFile[] {
  const stemmed = records.every((r) => r.language === 'en');
  const terms = new Map<string, number[]>();
  const stems = new Map<string, string>();
  records.forEach((record, page) => {
    for (const [term, count] of termCounts(record, stemmed, stems)) {
      const pages = terms.get(term);
      if (pages) pages.push(page, count);
      else terms.set(term, [page, count]);
    }
  });
  return encodePart(terms, records.map(pageEntryOf), stemmed, pageFiles);
}

/** A part as its files hold it (`readPart`): each term's pages with counts, and each page's entry by number. */
export interface PartContents {
  meta: PartMeta;
  /** Term → `[page, count, page, count, …]`, pages ascending. */
  terms: Map<string, number[]>;
  pages: PageEntry[];
}

/**
 * A part's files read back from the folder `dir` it was written to, or undefined when one is
 * missing or not what `partFiles` writes.
 */
export function readPart(dir: string): PartContents | undefined {
  const part = readPartPages(dir);
  if (!part) return undefined;
  try {
    const terms = new Map<string, number[]>();
    for (const shard of part.meta.shards)
      for (const [term, pages] of Object.entries(readJson<Record<string, number[]>>(join(dir, INDEX_FILES.words(shard))))) terms.set(term, pages);
    return { ...part, terms };
  } catch {
    return undefined;
  }
}

/** A part's `meta.json` and its pages' entries by number (`readPart` without the terms), or undefined when a file is missing or a page is not there. */
export function readPartPages(dir: string): Omit<PartContents, 'terms'> | undefined {
  try {
    const meta = readJson<PartMeta>(join(dir, INDEX_FILES.meta));
    const pages: PageEntry[] = [];
    for (let n = 0; n < meta.pageFiles; n++)
      for (const [page, entry] of Object.entries(readJson<Record<string, PageEntry>>(join(dir, INDEX_FILES.pages(n))))) pages[Number(page)] = entry;
    return pages.length === meta.pages && Object.keys(pages).length === meta.pages ? { meta, pages } : undefined;
  } catch {
    return undefined;
  }
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The files of a part whose pages are `previous`'s, in the same order, with new records for the
 * pages `changed` numbers: the same bytes as `partFiles` over the whole new list of records,
 * computed from the changed pages alone. Undefined when the part is not stemmed, or a new record
 * is not English (the whole part's terms would change); `partFiles` then makes it.
 *
 * # Design decision
 * A one-edit deploy of the 4,000-page bench made its part of 1,000 pages again: about 300 ms of
 * its main thread, most of it in finding the terms of 999 pages it already had. The part's word
 * files hold those terms with their pages: the edited page's old terms are taken out of them and
 * its new ones put in, and every file is written by the same code as a part made whole.
 */
export function patchedPartFiles(previous: PartContents, changed: ReadonlyMap<number, SearchRecord>, pageFiles?: number): PartFile[] | undefined {
  if (!previous.meta.stemmed || [...changed.values()].some((r) => r.language !== 'en')) return undefined;
  const terms = new Map([...previous.terms].map(([term, pages]) => [term, [...pages]]));
  const pages = [...previous.pages];
  const stems = new Map<string, string>();
  for (const [page, record] of changed) {
    for (const term of termCounts(recordOfPage(pages[page]!), true, stems).keys()) {
      const postings = terms.get(term);
      const at = postings ? postingAt(postings, page) : -1;
      // Not in the part as its record says: the files are not that record's (`partFiles` then makes the part).
      if (!postings || postings[at] !== page) return undefined;
      postings.splice(at, 2);
      if (!postings.length) terms.delete(term);
    }
    for (const [term, count] of termCounts(record, true, stems)) {
      const postings = terms.get(term);
      if (postings) postings.splice(postingAt(postings, page), 0, page, count);
      else terms.set(term, [page, count]);
    }
    pages[page] = pageEntryOf(record);
  }
  return encodePart(terms, pages, true, pageFiles);
}

/**
 * `patchedPartFiles` for the part in `dir` with `pages` pages, reading and writing only what the
 * change touches: the changed pages' page files, the word files of their old and new terms, and
 * `meta.json` when the list of word files changes. `same`: the part's other files, whose bytes
 * the patched part has unchanged. Undefined where `patchedPartFiles` would be, or the part is not
 * as `meta.json` says.
 *
 * # Design decision
 * On a one-edit deploy of the bench the whole part's files (about 190) were read, encoded again and
 * hashed to find the five or six that differ: about 0.07 s of its main thread.
 */
export function touchedPartFiles(dir: string, pages: number, changed: ReadonlyMap<number, SearchRecord>): { files: PartFile[]; same: string[] } | undefined {
  try {
    const meta = readJson<PartMeta>(join(dir, INDEX_FILES.meta));
    if (!meta.stemmed || meta.pages !== pages || !meta.pageFiles || [...changed.values()].some((r) => r.language !== 'en')) return undefined;
    const pageFiles = new Map<number, Record<number, PageEntry>>();
    const pageFile = (n: number) => pageFiles.get(n) ?? pageFiles.set(n, readJson<Record<number, PageEntry>>(join(dir, INDEX_FILES.pages(n)))).get(n)!;
    const shards = new Map<string, Record<string, number[]>>();
    const shardFile = (shard: string) =>
      shards.get(shard) ?? shards.set(shard, meta.shards.includes(shard) ? readJson<Record<string, number[]>>(join(dir, INDEX_FILES.words(shard))) : {}).get(shard)!;
    const stems = new Map<string, string>();
    for (const [page, record] of changed) {
      const entries = pageFile(page % meta.pageFiles);
      const old = entries[page];
      if (!old) return undefined;
      for (const term of termCounts(recordOfPage(old), true, stems).keys()) {
        const words = shardFile(shardOf(term));
        const postings = words[term];
        const at = postings ? postingAt(postings, page) : -1;
        if (!postings || postings[at] !== page) return undefined;
        postings.splice(at, 2);
        if (!postings.length) delete words[term];
      }
      for (const [term, count] of termCounts(record, true, stems)) {
        const words = shardFile(shardOf(term));
        const postings = words[term];
        if (postings) postings.splice(postingAt(postings, page), 0, page, count);
        else words[term] = [page, count];
      }
      entries[page] = pageEntryOf(record);
    }
    const encoder = new TextEncoder();
    const file = (path: string, value: unknown): PartFile => ({ path, contents: encoder.encode(JSON.stringify(value)) });
    const files: PartFile[] = [];
    const left = new Set(meta.shards);
    for (const [shard, words] of shards) {
      const terms = Object.keys(words).sort();
      if (!terms.length) {
        left.delete(shard);
        continue;
      }
      left.add(shard);
      // In sorted order, as a part made whole writes them.
      files.push(file(INDEX_FILES.words(shard), Object.fromEntries(terms.map((term) => [term, words[term]]))));
    }
    const shardNames = [...left].sort();
    const metaChanged = shardNames.join('\n') !== meta.shards.join('\n');
    if (metaChanged) files.push(file(INDEX_FILES.meta, { pages: meta.pages, pageFiles: meta.pageFiles, stemmed: true, shards: shardNames } satisfies PartMeta));
    for (const [n, entries] of pageFiles) files.push(file(INDEX_FILES.pages(n), entries));
    const made = new Set(files.map((f) => f.path));
    const all = [INDEX_FILES.meta, ...meta.shards.map((s) => INDEX_FILES.words(s)), ...Array.from({ length: meta.pageFiles }, (_, n) => INDEX_FILES.pages(n))];
    // A word file of a shard now empty is neither: it goes with the part's old files.
    const gone = new Set(meta.shards.filter((s) => !left.has(s)).map((s) => INDEX_FILES.words(s)));
    return { files, same: all.filter((path) => !made.has(path) && !gone.has(path)) };
  } catch {
    return undefined;
  }
}

/** Where `page` is in `[page, count, …]` (pages ascending), or where it would go. */
function postingAt(postings: number[], page: number): number {
  let low = 0;
  let high = postings.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (postings[mid * 2]! < page) low = mid + 1;
    else high = mid;
  }
  return low * 2;
}

/** A page's entry in the page files: what a result shows, and its language where it is not English. */
function pageEntryOf(r: SearchRecord): PageEntry {
  return { url: r.url, meta: r.meta, content: r.content, ...(r.language === 'en' ? {} : { language: r.language }) };
}

/** The record a page entry was made from (`pageEntryOf`), its keys in a record's order (its hash depends on them). */
export function recordOfPage(entry: PageEntry): SearchRecord {
  return { url: entry.url, content: entry.content, language: entry.language ?? 'en', meta: entry.meta };
}

/** The files of a part: its terms in word files by their first two letters, its pages in `pageFiles` files, and `meta.json`. */
function encodePart(terms: Map<string, number[]>, entries: PageEntry[], stemmed: boolean, pageFiles?: number): PartFile[] {
  const shards = new Map<string, Record<string, number[]>>();
  for (const term of [...terms.keys()].sort()) {
    const shard = shardOf(term);
    let words = shards.get(shard);
    if (!words) shards.set(shard, (words = {}));
    words[term] = terms.get(term)!;
  }
  const fileCount = Math.max(1, Math.min(entries.length, pageFiles ?? entries.length));
  const pages: Record<number, PageEntry>[] = Array.from({ length: fileCount }, () => ({}));
  entries.forEach((entry, page) => (pages[page % fileCount]![page] = entry));
  const shardNames = [...shards.keys()].sort();
  const meta: PartMeta = { pages: entries.length, pageFiles: entries.length ? fileCount : 0, stemmed, shards: shardNames };
  const encoder = new TextEncoder();
  const file = (path: string, value: unknown): PartFile => ({ path, contents: encoder.encode(JSON.stringify(value)) });
  return [
    file(INDEX_FILES.meta, meta),
    ...shardNames.map((s) => file(INDEX_FILES.words(s), shards.get(s))),
    ...(entries.length ? pages.map((entries, n) => file(INDEX_FILES.pages(n), entries)) : []),
  ];
}

/** A page's terms with their counts: each word of its text once, each of its title `TITLE_WEIGHT` times more. */
function termCounts(record: SearchRecord, stemmed: boolean, stems: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of wordsOf(text)) {
      let term = stems.get(word);
      if (term === undefined) stems.set(word, (term = termOf(word, stemmed)));
      counts.set(term, (counts.get(term) ?? 0) + weight);
    }
  };
  add(record.meta.title ?? '', TITLE_WEIGHT);
  add(record.content, 1);
  return counts;
}
