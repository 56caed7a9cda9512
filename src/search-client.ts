// The browser half of the search index the build writes (src/pipeline/search/own-index.ts): the
// generator's one module for a site's browser code, since the index format is the generator's. It fetches only the files a query needs: the list of parts, each
// part's `meta.json`, one word file per word of the query, and the page files of the results shown.
import { INDEX_FILES, shardOf, termOf, wordsOf, type PageEntry, type PartMeta } from './pipeline/search/words.ts';

/** A stretch of an excerpt: its text, and whether it is a word the query matched. */
export type ExcerptPiece = [text: string, matched: boolean];

/** One result: the page's address, its fields (`title`, `kind`, `date`), and an excerpt around the best match. */
export interface SearchResult {
  /** The page's path in the site, as indexed (`/post/x`): a site under a base path puts the base before it. */
  url: string;
  meta: Record<string, string>;
  excerpt: ExcerptPiece[];
}

export interface SearchClient {
  /** Every page that holds each word of `term` (the last one also as the start of a word, while it is typed), best first; the first `limit` with their excerpts. */
  search(term: string, limit: number): Promise<{ total: number; shown: SearchResult[] }>;
  /** Fetches the list of parts and their `meta.json` now, so the first query waits only for its words. */
  preload(): Promise<void>;
}

/** Words in an excerpt. */
const EXCERPT_WORDS = 22;
/** How much a term's count on a page weighs, saturating: BM25's k1, with every page taken as the same length. */
const SATURATION = 1.2;

interface Part {
  base: string;
  meta: PartMeta;
}

/** What one word of a query matches in one part: page → the best of its terms' weights. */
type WordHits = Map<number, number>;

/**
 * A client for the index whose first part is at `indexUrl` (an absolute URL ending in `/`, e.g.
 * `https://example.com/search-index/`).
 *
 * # Design decision
 * Ranking is BM25 without the page length: each matched term weighs its inverse document frequency
 * (over every part) times its count on the page, saturating. Leaving out the length keeps a page's
 * stored counts independent of every other page, so one edit rebuilds one part; a title's words
 * count `TITLE_WEIGHT` times (own-index.ts), which is where length mattered most.
 */
export function openSearchClient(indexUrl: string): SearchClient {
  const cache = new Map<string, Promise<unknown>>();
  const json = <T>(url: string): Promise<T> => {
    let found = cache.get(url);
    if (!found) {
      found = fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
        return r.json();
      });
      // A failed fetch is tried again by the next query.
      found.catch(() => cache.delete(url));
      cache.set(url, found);
    }
    return found as Promise<T>;
  };
  let parts: Promise<Part[]> | undefined;
  const loadParts = () =>
    (parts ??= json<string[]>(`${indexUrl}parts.json`)
      .then((more) => Promise.all([indexUrl, ...more.map((dir) => `${indexUrl}${dir}`)].map(async (base) => ({ base, meta: await json<PartMeta>(`${base}${INDEX_FILES.meta}`) }))))
      .catch((error: unknown) => {
        parts = undefined;
        throw error;
      }));

  return {
    preload: async () => void (await loadParts()),
    async search(term, limit) {
      const words = wordsOf(term);
      if (!words.length) return { total: 0, shown: [] };
      const typing = /[\p{L}\p{N}]$/u.test(term) && words.at(-1)!.length > 1 ? words.at(-1) : undefined;
      const all = await loadParts();
      const postings = await Promise.all(all.map((part) => wordPostings(part, words, typing, json)));
      const pageCount = all.reduce((n, p) => n + p.meta.pages, 0);
      const frequency = new Map<string, number>();
      // Each term once per part, however many words of the query match it ("date dates").
      for (const part of postings) for (const [t, list] of new Map(part.flatMap((word) => [...word]))) frequency.set(t, (frequency.get(t) ?? 0) + list.length / 2);
      const ranked: { part: number; page: number; score: number }[] = [];
      postings.forEach((part, p) => {
        const hits = part.map((word) => wordHits(word, frequency, pageCount));
        for (const [page, first] of hits[0] ?? []) {
          let score = first;
          for (const other of hits.slice(1)) score = other.has(page) ? score + other.get(page)! : NaN;
          if (!Number.isNaN(score)) ranked.push({ part: p, page, score });
        }
      });
      ranked.sort((a, b) => b.score - a.score || a.part - b.part || a.page - b.page);
      const shown = await Promise.all(
        ranked.slice(0, limit).map(async ({ part, page }) => {
          const { base, meta } = all[part]!;
          const entries = await json<Record<string, PageEntry>>(`${base}${INDEX_FILES.pages(page % meta.pageFiles)}`);
          const entry = entries[page]!;
          const matched = new Set(postings[part]!.flatMap((word) => [...word.keys()]));
          return {
            url: entry.url,
            meta: entry.meta,
            excerpt: excerptOf(entry.content, (w) => matched.has(termOf(w, meta.stemmed)) || (typing !== undefined && w.startsWith(typing))),
          };
        }),
      );
      return { total: ranked.length, shown };
    },
  };
}

/**
 * For each word of the query, the terms of `part` it matches with their postings
 * (`[page, count, …]`): its own term, and while it is being typed every term it starts.
 */
async function wordPostings(part: Part, words: string[], typing: string | undefined, json: <T>(url: string) => Promise<T>): Promise<Map<string, number[]>[]> {
  const { base, meta } = part;
  const shards = new Set(meta.shards);
  const load = async (shard: string): Promise<Record<string, number[]>> => (shards.has(shard) ? json<Record<string, number[]>>(`${base}${INDEX_FILES.words(shard)}`) : {});
  return Promise.all(
    words.map(async (word, i) => {
      const term = termOf(word, meta.stemmed);
      const found = new Map<string, number[]>();
      const own = (await load(shardOf(term)))[term];
      if (own) found.set(term, own);
      if (i === words.length - 1 && typing) {
        for (const [t, list] of Object.entries(await load(shardOf(typing)))) if (t.startsWith(typing)) found.set(t, list);
      }
      return found;
    }),
  );
}

/** Page → its weight for one word of the query: the best of the word's terms on that page. */
function wordHits(terms: Map<string, number[]>, frequency: Map<string, number>, pageCount: number): WordHits {
  const hits: WordHits = new Map();
  for (const [term, list] of terms) {
    const df = frequency.get(term) ?? 0;
    const idf = Math.log(1 + (pageCount - df + 0.5) / (df + 0.5));
    for (let i = 0; i < list.length; i += 2) {
      const count = list[i + 1]!;
      const weight = (idf * count) / (count + SATURATION);
      if (weight > (hits.get(list[i]!) ?? 0)) hits.set(list[i]!, weight);
    }
  }
  return hits;
}

/**
 * The start of the window of `EXCERPT_WORDS` that holds the same matches as the one starting at
 * `from` with them nearest its middle, as long as the window stays full: the earliest window with
 * the most matches has its last match at its very end.
 */
function centred(length: number, marked: boolean[], from: number): number {
  const window = marked.slice(from, from + EXCERPT_WORDS);
  const first = window.indexOf(true);
  if (first < 0) return from;
  const last = window.lastIndexOf(true);
  const middle = from + Math.floor((first + last) / 2) - Math.floor(EXCERPT_WORDS / 2);
  return Math.max(from + last - EXCERPT_WORDS + 1, Math.min(middle, from + first, length - EXCERPT_WORDS), 0);
}

/** Words an excerpt may skip at its start to begin with a sentence rather than its last words. */
const SENTENCE_LOOKAHEAD = 8;
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/**
 * Where an excerpt starting at token `from` had better start: after the first sentence end among
 * its first few words, when that comes before its first matched word ("ended. This guide…" starts
 * at "This"). Moving the start later keeps every match the window had.
 */
function sentenceStart(tokens: string[], marked: boolean[], from: number): number {
  if (from === 0) return 0;
  for (let i = from; i < Math.min(tokens.length, from + SENTENCE_LOOKAHEAD) && !marked[i]; i++) {
    if (SENTENCE_END.test(tokens[i - 1]!)) return i;
    if (SENTENCE_END.test(tokens[i]!) && i + 1 < tokens.length) return i + 1;
  }
  return from;
}

/**
 * `EXCERPT_WORDS` words of `content` where the most of them match, each matched word as a piece
 * of its own (its punctuation left outside); the start of the text when none does (a title match).
 */
function excerptOf(content: string, matches: (word: string) => boolean): ExcerptPiece[] {
  const tokens = content.split(/\s+/).filter(Boolean);
  const marked = tokens.map((token) => wordsOf(token).some(matches));
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (marked[i]) count++;
    if (i >= EXCERPT_WORDS && marked[i - EXCERPT_WORDS]) count--;
    const start = Math.max(0, i - EXCERPT_WORDS + 1);
    if (count > bestCount) [best, bestCount] = [start, count];
  }
  best = sentenceStart(tokens, marked, centred(tokens.length, marked, best));
  const pieces: ExcerptPiece[] = [];
  const push = (text: string, matched: boolean) => {
    const last = pieces.at(-1);
    if (last && !last[1] && !matched) last[0] += text;
    else if (text) pieces.push([text, matched]);
  };
  tokens.slice(best, best + EXCERPT_WORDS).forEach((token, i) => {
    if (i) push(' ', false);
    if (!marked[best + i]) return push(token, false);
    const [, before = '', word = '', after = ''] = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su.exec(token) ?? [];
    push(before, false);
    push(word, true);
    push(after, false);
  });
  return pieces;
}
