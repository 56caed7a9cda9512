// The words of the search index, shared by the build that writes it (own-index.ts) and the browser
// that queries it (src/search-client.ts): the same text must give the same terms on both sides.
// Browser-safe: it imports no `node:` module.
import { stemmer } from 'stemmer';

/** Runs of letters and digits, after case and accents are folded (`Café's` → `cafe`, `s`). */
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** `text` lower-cased with its accents taken off, as the index compares words. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(MARKS, '');
}

/** The words of `text`, folded (`foldText`), in order. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * The term a folded word is indexed under: its English stem (Porter's algorithm) where the part's
 * pages are English, so "dates", "dating" and "date" meet; the word itself otherwise.
 */
export function termOf(word: string, stem: boolean): string {
  return stem && /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/**
 * The word file a term is in: its first two characters where they are ASCII letters or digits,
 * else their code points in hex, so every name is a plain file name on every host.
 */
export function shardOf(term: string): string {
  const head = [...term].slice(0, 2).join('');
  return /^[a-z0-9]+$/.test(head) ? head : `x${[...head].map((c) => c.codePointAt(0)!.toString(16)).join('-')}`;
}

/** The files of one part of the index, under its folder. */
export const INDEX_FILES = {
  /** The part's `PartMeta`. */
  meta: 'meta.json',
  /** A word file: term → `[page, count, page, count, …]`, terms sorted, pages ascending. */
  words: (shard: string) => `words/${shard}.json`,
  /** A page file: page number → `PageEntry`, for the pages whose number modulo `PartMeta.pageFiles` is `n`. */
  pages: (n: number) => `pages/${n}.json`,
} as const;

/** What `meta.json` says of a part. */
export interface PartMeta {
  /** Pages in the part, numbered from 0 in the order they were added. */
  pages: number;
  /** How many page files the pages are shared among. */
  pageFiles: number;
  /** Whether its terms are stems (`termOf`): every page in it is English. */
  stemmed: boolean;
  /** The word files it has, sorted. */
  shards: string[];
}

/** What a page file holds of one page: what a result shows. */
export interface PageEntry {
  url: string;
  /** `title`, and the page's `data-pagefind-meta` fields (`kind`, `date`). */
  meta: Record<string, string>;
  /** The page's text, for the excerpt. */
  content: string;
  /** Its language where it is not `en`, so a later build can make its record again from this entry. */
  language?: string;
}
