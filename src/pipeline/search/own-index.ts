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
  const shards = new Map<string, Record<string, number[]>>();
  for (const term of [...terms.keys()].sort()) {
    const shard = shardOf(term);
    let words = shards.get(shard);
    if (!words) shards.set(shard, (words = {}));
    words[term] = terms.get(term)!;
  }
  const fileCount = Math.max(1, Math.min(records.length, pageFiles ?? records.length));
  const pages: Record<number, PageEntry>[] = Array.from({ length: fileCount }, () => ({}));
  records.forEach((r, page) => (pages[page % fileCount]![page] = { url: r.url, meta: r.meta, content: r.content, ...(r.language === 'en' ? {} : { language: r.language }) }));
  const shardNames = [...shards.keys()].sort();
  const meta: PartMeta = { pages: records.length, pageFiles: records.length ? fileCount : 0, stemmed, shards: shardNames };
  const encoder = new TextEncoder();
  const file = (path: string, value: unknown): PartFile => ({ path, contents: encoder.encode(JSON.stringify(value)) });
  return [
    file(INDEX_FILES.meta, meta),
    ...shardNames.map((s) => file(INDEX_FILES.words(s), shards.get(s))),
    ...(records.length ? pages.map((entries, n) => file(INDEX_FILES.pages(n), entries)) : []),
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
