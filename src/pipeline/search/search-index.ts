import { createHash, type Hash } from 'node:crypto';
import { threadCpuClock } from '../cpu.ts';
import type { SearchRecord } from './extract.ts';
import { partFiles, patchedPartFiles, recordOfPage, type PartContents, type PartFile } from './own-index.ts';

/** The output folder of the index: the browser reads `/search-index/meta.json` and the files it names. */
export const SEARCH_DIR = 'search-index';

/** Goes into every part's key: a generator that writes the index differently builds every part again. */
const INDEX_FORMAT = 'own-1';

/** One file of the index, by output path (`search-index/...`). */
export interface SearchFile {
  outFile: string;
  contents: Uint8Array;
}

/**
 * One page's record for the index: its hash (recordHash) with the record, or with a way to read
 * it when it is needed, which is only when its part is built again.
 */
export type IndexEntry = ({ hash: string; record: SearchRecord } | { hash: string; load: () => SearchRecord | undefined }) & {
  /** The hash the previous build's manifest recorded for the page, when it had one made the same way (a part is then patched without reading its records back). */
  was?: string;
};

/** The hash a part's key is made of, for one record. */
export function recordHash(record: SearchRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 32);
}

/** An index being filled. */
export interface OpenSearchIndex {
  /** Adds one record; a part's files are made once it is full. */
  add(entry: IndexEntry): void;
  /** Makes the last part's files once every record is in, and returns every file made and not emitted. */
  files(): Promise<SearchIndexFiles>;
  /** Lets go of the index without its files (a failed build). */
  close(): Promise<void>;
}

/** The files of an index, and its parts. */
export interface SearchIndexFiles {
  /** The files of every part built now, and the list of parts (those handed to `OpenIndexOptions.emit` left out). */
  files: SearchFile[];
  /** Every part, in order: its folder, the key of what it holds, and whether it was left as it is. */
  parts: SearchPart[];
  /** CPU milliseconds this thread spent making the parts' files (Linux; undefined where the system does not say). */
  cpuMs?: number;
}

/**
 * One part of an index: its folder in the output (`search-index` or `search-index/part-N`) and a key of
 * everything it is made from (its records in order and the settings). A part `reused`
 * was not built: `OpenIndexOptions.reuse` named its folder with the same key.
 */
export interface SearchPart {
  dir: string;
  key: string;
  reused: boolean;
}

export interface OpenIndexOptions {
  maxFragmentFiles?: number;
  maxPagesPerIndex?: number;
  /** How many pages the index will get (at most): the page files are shared out by it. */
  expectedPages?: number;
  /** Goes into every part's key: the generator's and its dependencies' version (optional). */
  salt?: string;
  /**
   * The previous index's parts still in the output, folder → key. A part whose records come out
   * with the same key is not built again: its files are the ones already there. Its records are
   * held until the part is full, then indexed or dropped.
   */
  reuse?: ReadonlyMap<string, string>;
  /**
   * Takes each part's files as soon as the part is made (optional): the index then lets go of
   * them, rather than holding every part's until `files()`. The 4,000-page bench's parts are
   * 25 MB, and a cold build's main thread held them through rendering, at its peak.
   */
  emit?: (files: SearchFile[], same?: ReadonlyMap<string, string>) => void;
  /**
   * Patches the previous index's part in the folder `dir` where it is (optional, with `emit`):
   * its files the change touches, and the others by output path with their keys, which `emit`
   * is given as kept (own-index.ts, `touchedPartFiles`). Taken when the manifest's record hashes
   * say which pages changed (`IndexEntry.was`); else `previous`.
   */
  touched?: (dir: string, pages: number, changed: ReadonlyMap<number, SearchRecord>) => { files: PartFile[]; same: ReadonlyMap<string, string> } | undefined;
  /**
   * Reads the previous index's part in the folder `dir` (optional). A part of `reuse` that
   * changed is then patched from it (`patchedPartFiles`) rather than made whole, when it was made
   * with these settings from the same pages in the same order, as its key says.
   */
  previous?: (dir: string) => PartContents | undefined;
}

/**
 * A part is patched when at most one of this many of its pages changed, else made whole: each
 * changed page is taken out of and put into the lists of every term it has.
 */
const PATCH_AT_MOST = 8;

/** Pages in one part of the index when `SearchOptions.maxPagesPerIndex` does not say. */
export const PAGES_PER_INDEX = 1000;

/** The file listing the index's parts after the first, as folders under the first (`["part-2/"]`). */
export const PARTS_FILE = 'parts.json';

/** One part of the index, in the folder `dir` of the output. */
interface Part {
  dir: string;
  /** Its records, kept until it is full (or the last), then written. */
  entries: IndexEntry[];
  /** Of the settings and every record's hash, in order: the part's key. */
  hash: Hash;
  key?: string;
  /** Whether it may turn out to be the previous build's (`reuse` names its folder). */
  mayReuse: boolean;
  reused: boolean;
  /** Its files, once it is full (or the last), unless they were emitted. */
  files?: SearchFile[];
}

/**
 * An empty index. Its files depend on the order records arrive in, so callers add them in a
 * stable order (the route table's) to keep the output deterministic.
 *
 * # Design decision
 * Every `maxPagesPerIndex` records make one part, an index of its own (own-index.ts), written as
 * soon as it is full while the next part fills; the browser queries every part (listed in
 * `parts.json`, src/search-client.ts), so a query still searches every page.
 *
 * Parts make an edit cheap: a part's key covers what it is built from, so a later build that
 * gets the same records for a part (`reuse`) keeps its files and builds only the parts whose
 * pages changed: one part of five for one edited page of the 4,000-page bench.
 */
export function openSearchIndex(options: OpenIndexOptions = {}): OpenSearchIndex {
  const perPart = Math.max(1, options.maxPagesPerIndex ?? PAGES_PER_INDEX);
  // The page files are shared among the parts in proportion to their pages.
  const partCount = Math.max(1, Math.ceil((options.expectedPages ?? 0) / perPart));
  const pageFiles = options.maxFragmentFiles ? Math.max(1, Math.ceil(options.maxFragmentFiles / partCount)) : undefined;
  const settings = pageFiles ? { pageFiles } : {};
  const parts: Part[] = [];
  const clock = threadCpuClock();
  let cpuMs = 0;
  // The key of a part is of the settings and every record's hash, in order.
  const keyHash = (dir: string) => createHash('sha256').update(JSON.stringify([options.salt ?? '', INDEX_FORMAT, dir, settings]));
  const open = (): Part => {
    const dir = parts.length ? `${SEARCH_DIR}/part-${parts.length + 1}` : SEARCH_DIR;
    const part: Part = { dir, entries: [], hash: keyHash(dir), mayReuse: options.reuse?.has(dir) ?? false, reused: false };
    parts.push(part);
    return part;
  };
  // The previous part in the part's folder, patched with the records that changed; undefined
  // when it is not the same pages made the same way (its key, made again from the records its
  // files hold, is not the key it was recorded with).
  const seal = (part: Part) => {
    if (part.key) return;
    part.key = part.hash.digest('hex').slice(0, 32);
    if (part.mayReuse && options.reuse?.get(part.dir) === part.key) {
      part.reused = true;
    } else {
      const started = clock?.();
      const made = patchedPart(part, options, keyHash, pageFiles) ?? { files: partFiles(part.entries.map(recordOf), pageFiles) };
      const files = made.files.map((f) => ({ outFile: `${part.dir}/${f.path}`, contents: f.contents }));
      if (started !== undefined) cpuMs += clock!() - started;
      if (options.emit) options.emit(files, made.same);
      else part.files = files;
    }
    part.entries = [];
  };
  let current = open();
  return {
    add(entry) {
      if (current.entries.length === perPart) {
        seal(current);
        current = open();
      }
      current.hash.update(entry.hash).update('\n');
      current.entries.push(entry);
    },
    async files() {
      seal(current);
      const files = parts.flatMap((p) => p.files ?? []);
      const more = parts.slice(1).map((p) => `${p.dir.slice(SEARCH_DIR.length + 1)}/`);
      files.push({ outFile: `${SEARCH_DIR}/${PARTS_FILE}`, contents: new TextEncoder().encode(JSON.stringify(more)) });
      return {
        files: files.sort((a, b) => (a.outFile < b.outFile ? -1 : 1)),
        parts: parts.map((p) => ({ dir: p.dir, key: p.key!, reused: p.reused })),
        ...(clock ? { cpuMs } : {}),
      };
    },
    async close() {},
  };
}

/**
 * The files of a part of `reuse` whose records changed, patched from the previous part: where it
 * is (`OpenIndexOptions.touched`) when the manifest's record hashes say which pages changed
 * (`IndexEntry.was`), else from all of its files (`previous`); undefined when it cannot be (the
 * part is then made whole).
 */
function patchedPart(part: Part, options: OpenIndexOptions, keyHash: (dir: string) => Hash, pageFiles: number | undefined): { files: PartFile[]; same?: ReadonlyMap<string, string> } | undefined {
  if (!part.mayReuse) return undefined;
  const changedIn = (hashes: string[]) => changedPages(part, hashes, keyHash(part.dir), options.reuse?.get(part.dir));
  const records = (changed: number[]) => new Map(changed.map((page) => [page, recordOf(part.entries[page]!)]));
  const recorded = part.entries.map((entry) => entry.was);
  if (options.touched && options.emit && recorded.every((hash) => hash)) {
    const changed = changedIn(recorded as string[]);
    return changed && options.touched(part.dir, part.entries.length, records(changed));
  }
  // The records as the part's files hold them, hashed again (about 35 ms a part of 1,000 pages).
  const before = options.previous?.(part.dir);
  if (!before || before.pages.length !== part.entries.length) return undefined;
  const changed = changedIn(before.pages.map((page) => recordHash(recordOfPage(page))));
  const files = changed && patchedPartFiles(before, records(changed), pageFiles);
  return files ? { files } : undefined;
}

/**
 * The pages of `part` whose record is not the one `hashes` (the previous part's, in order) say,
 * when those hashes make the key the part was recorded with (same pages, same order, same
 * settings: `key` is the part's hash of the settings, to be fed them) and few changed; else
 * undefined.
 */
function changedPages(part: Part, hashes: string[], key: Hash, recorded: string | undefined): number[] | undefined {
  for (const hash of hashes) key.update(hash).update('\n');
  if (key.digest('hex').slice(0, 32) !== recorded) return undefined;
  const changed = part.entries.flatMap((entry, page) => (entry.hash === hashes[page] ? [] : [page]));
  // A page added or removed before the part shifts every page of it: made whole, which costs less then.
  return changed.length * PATCH_AT_MOST > part.entries.length ? undefined : changed;
}

/** An entry's record, read now where it was left to be read when needed. */
function recordOf(entry: IndexEntry): SearchRecord {
  const record = 'record' in entry ? entry.record : entry.load();
  if (!record) throw new Error('a page kept from the previous build has no search record now');
  return record;
}

/** Whether the index file `outFile` belongs to the part in folder `dir` (`parts.json` belongs to none). */
export function inPart(outFile: string, dir: string): boolean {
  if (outFile === `${SEARCH_DIR}/${PARTS_FILE}`) return false;
  if (dir !== SEARCH_DIR) return outFile.startsWith(`${dir}/`);
  return outFile.startsWith(`${SEARCH_DIR}/`) && !outFile.startsWith(`${SEARCH_DIR}/part-`);
}
