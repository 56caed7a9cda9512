// The search row of `npm run bench -- --floor` that is not Pagefind: what an index of the build's
// own making would cost, measured on the same records, to weigh replacing Pagefind (its cost per
// record sets the one-edit deploy's floor, docs/architecture.md "The deploy's floor is Pagefind's").
// A measuring model, not the site's search: no browser side, and stemming is a suffix-stripper
// cached per distinct word (a full Porter stemmer costs more per distinct word; there are about
// 40,000 in the bench's 4,000 articles, so it moves the figure by a fraction of a second).
//
// The index it writes: every word of a page's text (lower case, accents folded, stemmed) with its
// count on that page, in shard files by the word's first two letters (`w/<shard>.json`, words and
// pages in order); each page's text and fields in one of 500 excerpt files (`f/<n>.json`, by page
// number); `pages.json` with the page count. Page numbers are the places of the pages' addresses in
// order, so an edit keeps every page's number and touches only the shards of its old and new words.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FRAGMENT_FILES = 500;
const SUFFIXES = [
  'ational',
  'iveness',
  'fulness',
  'ousness',
  'ization',
  'ations',
  'ation',
  'ness',
  'ment',
  'ings',
  'ing',
  'edly',
  'ies',
  'ied',
  'ers',
  'ed',
  'er',
  'ly',
  'es',
  's',
];

/** A word's stem: the longest listed suffix off, leaving at least three letters. */
function stem(word) {
  for (const suffix of SUFFIXES) if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

/** A page's words by stem, with their counts; the title's count five times. */
function termsOf(record, stems) {
  const counts = new Map();
  const add = (text, weight) => {
    for (const word of text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []) {
      let s = stems.get(word);
      if (s === undefined) stems.set(word, (s = stem(word)));
      counts.set(s, (counts.get(s) ?? 0) + weight);
    }
  };
  add(record.meta.title ?? '', 5);
  add(record.content, 1);
  return counts;
}

const shardOf = (term) => term.slice(0, 2);

/** Writes `shards` (shard → term → page → count) as files under `dir/w`, words and pages in order. */
function writeShards(dir, shards, only) {
  for (const [name, terms] of shards) {
    if (only && !only.has(name)) continue;
    const out = {};
    for (const term of [...terms.keys()].sort()) out[term] = [...terms.get(term)].sort((a, b) => a[0] - b[0]).flat();
    writeFileSync(join(dir, 'w', `${encodeURIComponent(name)}.json`), JSON.stringify(out));
  }
}

function writeFragment(dir, records, n) {
  const out = {};
  for (let id = n; id < records.length; id += FRAGMENT_FILES) out[id] = records[id];
  writeFileSync(join(dir, 'f', `${n}.json`), JSON.stringify(out));
}

/** The whole index of `records` (in page-number order) into `dir`. */
function buildIndex(records, dir) {
  const stems = new Map();
  const shards = new Map();
  records.forEach((record, id) => {
    for (const [term, count] of termsOf(record, stems)) {
      const name = shardOf(term);
      let terms = shards.get(name);
      if (!terms) shards.set(name, (terms = new Map()));
      let pages = terms.get(term);
      if (!pages) terms.set(term, (pages = new Map()));
      pages.set(id, count);
    }
  });
  mkdirSync(join(dir, 'w'), { recursive: true });
  mkdirSync(join(dir, 'f'), { recursive: true });
  writeShards(dir, shards);
  for (let n = 0; n < Math.min(FRAGMENT_FILES, records.length); n++) writeFragment(dir, records, n);
  writeFileSync(join(dir, 'pages.json'), JSON.stringify({ pages: records.length }));
  return shards.size;
}

/** Page `id` changed from `before` to `after`: the shards of its old and new words and its excerpt file are written again, from the files in `dir`. */
function updateIndex(dir, records, id, before, after) {
  const stems = new Map();
  const old = termsOf(before, stems);
  const now = termsOf(after, stems);
  const touched = new Set([...old.keys(), ...now.keys()].map(shardOf));
  const shards = new Map();
  for (const name of touched) {
    let parsed = {};
    try {
      parsed = JSON.parse(readFileSync(join(dir, 'w', `${encodeURIComponent(name)}.json`), 'utf8'));
    } catch {
      /* a shard only the new words need */
    }
    const terms = new Map();
    for (const [term, flat] of Object.entries(parsed)) {
      const pages = new Map();
      for (let i = 0; i < flat.length; i += 2) if (flat[i] !== id) pages.set(flat[i], flat[i + 1]);
      if (pages.size) terms.set(term, pages);
    }
    shards.set(name, terms);
  }
  for (const [term, count] of now) {
    const terms = shards.get(shardOf(term));
    if (!terms.has(term)) terms.set(term, new Map());
    terms.get(term).set(id, count);
  }
  records[id] = after;
  writeShards(dir, shards, touched);
  writeFragment(dir, records, id % FRAGMENT_FILES);
  return touched.size;
}

/**
 * Times the model on `records` (the build's, in address order): the whole index (this thread's CPU
 * and wall), then one page changed in place, and checks that the changed index is byte for byte
 * the whole index of the changed records.
 */
export function timeOwnIndex(records, threadClock) {
  const sorted = [...records].sort((a, b) => (a.url < b.url ? -1 : 1));
  const cold = mkdtempSync(join(tmpdir(), 'heartnotes-own-index-'));
  const fresh = mkdtempSync(join(tmpdir(), 'heartnotes-own-index-'));
  try {
    const [t0, w0] = [threadClock(), performance.now()];
    const shardCount = buildIndex(sorted, cold);
    const whole = { label: `own index, whole (${sorted.length} pages, ${shardCount} word files)`, thread: threadClock() - t0, process: undefined, wall: performance.now() - w0 };
    const id = Math.floor(sorted.length / 4);
    const after = { ...sorted[id], content: `${sorted[id].content} A sentence added for this deploy.` };
    const [t1, w1] = [threadClock(), performance.now()];
    const touched = updateIndex(cold, sorted, id, sorted[id], after);
    const edit = { label: `own index, one page changed (${touched} word files written again)`, thread: threadClock() - t1, process: undefined, wall: performance.now() - w1 };
    buildIndex(sorted, fresh);
    const same = (name) => readFileSync(join(cold, name)).equals(readFileSync(join(fresh, name)));
    const names = ['pages.json', ...readdirNames(join(fresh, 'w'), 'w'), ...readdirNames(join(fresh, 'f'), 'f')];
    const differing = names.filter((n) => !same(n));
    if (differing.length) throw new Error(`the changed index differs from a whole one in ${differing.length} files, first ${differing[0]}`);
    return [whole, edit];
  } finally {
    rmSync(cold, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  }
}

/** The files of `dir`, sorted, as paths under `prefix`. */
function readdirNames(dir, prefix) {
  return readdirSync(dir)
    .sort()
    .map((name) => join(prefix, name));
}
