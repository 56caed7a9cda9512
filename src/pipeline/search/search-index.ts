import { createHash, type Hash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { processCpuMsOf } from '../cpu.ts';
import type { SearchRecord } from './extract.ts';

/** The output folder of the index: the browser imports `/pagefind/pagefind.js`. */
export const SEARCH_DIR = 'pagefind';

/** One file of the index, by output path (`pagefind/...`). */
export interface SearchFile {
  outFile: string;
  contents: Uint8Array;
}

// Pagefind also ships its ready-made interfaces (pagefind-ui, modular and component UI) and a
// highlighter; a site that wants one copies it from the package, so the output holds only what
// the low-level `pagefind.js` API needs.
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|playground\/)/;

/**
 * One page's record for the index: its hash (recordHash) with the record, or with a way to read
 * it when it is needed, which is only when its part is built again.
 */
export type IndexEntry = { hash: string; record: SearchRecord } | { hash: string; load: () => SearchRecord | undefined };

/** The hash a part's key is made of, for one record. */
export function recordHash(record: SearchRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 32);
}

/** A Pagefind index being filled. */
export interface OpenSearchIndex {
  /** Sends one record; records reach Pagefind in the order they are added. */
  add(entry: IndexEntry): void;
  /** Builds the index in memory once every record is in, and returns its files; stops Pagefind. */
  files(): Promise<SearchIndexFiles>;
  /** Stops Pagefind without an index. */
  close(): Promise<void>;
}

/** The files of an index, and its parts. */
export interface SearchIndexFiles {
  /** The files of every part built now, and the list of parts. */
  files: SearchFile[];
  /** Every part, in order: its folder, the key of what it holds, and whether it was left as it is. */
  parts: SearchPart[];
  /** CPU milliseconds Pagefind's process used (Linux; undefined when none was started or the system does not say). */
  cpuMs?: number;
}

/**
 * One part of an index: its folder in the output (`pagefind` or `pagefind/part-N`) and a key of
 * everything Pagefind made it from (its records in order and the settings). A part `reused`
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
  /** How many pages the index will get (at most): the excerpt files are shared out by it. */
  expectedPages?: number;
  /** Goes into every part's key: the generator's and its dependencies' version (optional). */
  salt?: string;
  /**
   * The previous index's parts still in the output, folder → key. A part whose records come out
   * with the same key is not built again: its files are the ones already there. Its records are
   * held until the part is full, then sent or dropped. Without it, records go to Pagefind at once.
   */
  reuse?: ReadonlyMap<string, string>;
}

/** Pages in one part of the index when `SearchOptions.maxPagesPerIndex` does not say. */
export const PAGES_PER_INDEX = 1000;

/** The file listing the index's parts after the first, as folders beside `pagefind.js` (`["part-2/"]`). */
export const PARTS_FILE = 'parts.json';

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof import('pagefind').createIndex>>['index']>;

/** One part of the index: a Pagefind index of its own, in the folder `dir` of the output. */
interface Part {
  dir: string;
  /** Started when the first record is sent. */
  index?: Promise<PagefindIndex>;
  added: Promise<string[]>[];
  count: number;
  /** Of the settings and every record's hash, in order: the part's key. */
  hash: Hash;
  key?: string;
  /** Records held back while the part may turn out to be the previous build's. */
  held?: IndexEntry[];
  reused: boolean;
  /** Its files, once it is full (or the last): Pagefind builds them while later parts fill. */
  files?: Promise<SearchFile[]>;
}

/**
 * Starts Pagefind (its binary, as a child process) with an empty index. Pagefind's files depend on
 * the order records arrive in, so callers add them in a stable order (the route table's) to keep
 * the output deterministic.
 *
 * # Design decision
 * Every `maxPagesPerIndex` records make one part: a Pagefind index of their own, built and freed
 * as soon as it is full, while the next part fills. The browser merges the parts (Pagefind's
 * `mergeIndex`, listed in `pagefind/parts.json`), so a query still searches every page. Pagefind
 * holds an index's whole text and needs about four times that while it writes the files: one
 * index of the 4,000-page bench peaked at about 780 MB, parts of 1,000 pages at about 240 MB,
 * in about the same time. Rejected: capping each page's text (a reader searching for a phrase
 * deep in an article must find it).
 *
 * Parts also make an edit cheap: a part's key covers what Pagefind builds it from, so a later
 * build that gets the same records for a part (`reuse`) keeps its files and builds only the parts
 * whose pages changed: one part of five for one edited page of the 4,000-page bench.
 */
export function openSearchIndex(options: OpenIndexOptions = {}): OpenSearchIndex {
  // Loaded only by builds that index.
  const service = import('pagefind');
  const perPart = Math.max(1, options.maxPagesPerIndex ?? PAGES_PER_INDEX);
  // The excerpt files are shared among the parts in proportion to their pages.
  const partCount = Math.max(1, Math.ceil((options.expectedPages ?? 0) / perPart));
  const maxFragments = options.maxFragmentFiles ? Math.max(1, Math.ceil(options.maxFragmentFiles / partCount)) : undefined;
  const parts: Part[] = [];
  let closed = false;
  let backend: ChildProcess | undefined;
  let cpuMs: number | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    cpuMs = backend?.pid === undefined ? undefined : processCpuMsOf(backend.pid);
    await (await service).close();
  };
  const pagefindOptions = maxFragments ? { maxFragments } : {};
  const open = (): Part => {
    const dir = parts.length ? `${SEARCH_DIR}/part-${parts.length + 1}` : SEARCH_DIR;
    const hash = createHash('sha256').update(JSON.stringify([options.salt ?? '', dir, pagefindOptions]));
    const part: Part = { dir, added: [], count: 0, hash, reused: false, ...(options.reuse?.has(dir) ? { held: [] } : {}) };
    parts.push(part);
    return part;
  };
  const newIndex = () => service.then((pagefind) => withSpawned(() => pagefind.createIndex(pagefindOptions), (child) => (backend ??= child)));
  // Without parts to reuse, every part's index is asked for now. Pagefind answers in order, so an
  // index asked for when its part opens arrives only after every record sent before it is indexed,
  // and the part's records wait meanwhile: about 1,700 of them (14 MB) in a 4,000-page build.
  const early = options.reuse?.size ? [] : Array.from({ length: partCount }, newIndex);
  for (const index of early) index.catch(() => {});
  const createIndex = () => early.shift() ?? newIndex();
  const { send, seal } = partActions(createIndex, options.reuse);
  let current = open();
  return {
    add(entry) {
      if (current.count === perPart) {
        seal(current);
        current = open();
      }
      current.count++;
      current.hash.update(entry.hash).update('\n');
      if (current.held) current.held.push(entry);
      else send(current, entry);
    },
    async files() {
      try {
        seal(current);
        const files = (await Promise.all(parts.map((p) => p.files!))).flat();
        const more = parts.slice(1).map((p) => `${p.dir.slice(SEARCH_DIR.length + 1)}/`);
        files.push({ outFile: `${SEARCH_DIR}/${PARTS_FILE}`, contents: new TextEncoder().encode(JSON.stringify(more)) });
        await close();
        return {
          files: files.sort((a, b) => (a.outFile < b.outFile ? -1 : 1)),
          parts: parts.map((p) => ({ dir: p.dir, key: p.key!, reused: p.reused })),
          ...(cpuMs === undefined ? {} : { cpuMs }),
        };
      } finally {
        await close();
      }
    },
    close,
  };
}

/**
 * Calls `start`, handing `onSpawn` any child process Node starts meanwhile (Pagefind starts its
 * service process inside its first `createIndex`), so the build can tell the CPU time it used.
 */
function withSpawned<T>(start: () => T, onSpawn: (child: ChildProcess) => void): T {
  const listener = (message: unknown) => onSpawn((message as { process: ChildProcess }).process);
  subscribe('child_process', listener);
  try {
    return start();
  } finally {
    unsubscribe('child_process', listener);
  }
}

/**
 * Sending a record to a part's Pagefind index (started with the first), and sealing a full part:
 * its key is then known, and a part held back for `reuse` with the same key is left as it is;
 * any other part's records go to Pagefind and its files are asked for.
 */
function partActions(createIndex: () => Promise<{ index?: PagefindIndex; errors: string[] }>, reuse: ReadonlyMap<string, string> | undefined) {
  const start = (part: Part): Promise<PagefindIndex> => {
    part.index ??= createIndex().then(({ index, errors }) => {
      if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
      return index;
    });
    // A failure is reported by files(); until then it must not surface as an unhandled rejection.
    part.index.catch(() => {});
    return part.index;
  };
  const send = (part: Part, entry: IndexEntry) => {
    const record = 'record' in entry ? entry.record : entry.load();
    if (!record) throw new Error('a page kept from the previous build has no search record now');
    const sent = start(part).then((i) => i.addCustomRecord(record)).then((r) => r.errors);
    sent.catch(() => {});
    part.added.push(sent);
  };
  const seal = (part: Part) => {
    if (part.files) return;
    part.key = part.hash.digest('hex').slice(0, 32);
    if (part.held && reuse?.get(part.dir) === part.key) {
      part.reused = true;
      part.files = Promise.resolve([]);
      return;
    }
    for (const entry of part.held ?? []) send(part, entry);
    part.held = undefined;
    // A site with nothing to index still gets the first part's files (Pagefind's script, an empty index).
    start(part);
    part.files = partFiles(part);
    part.files.catch(() => {});
  };
  return { send, seal };
}

/** Whether the index file `outFile` belongs to the part in folder `dir` (`parts.json` belongs to none). */
export function inPart(outFile: string, dir: string): boolean {
  if (outFile === `${SEARCH_DIR}/${PARTS_FILE}`) return false;
  if (dir !== SEARCH_DIR) return outFile.startsWith(`${dir}/`);
  return outFile.startsWith(`${SEARCH_DIR}/`) && !outFile.startsWith(`${SEARCH_DIR}/part-`);
}

/** A full part's files, under its folder; Pagefind then lets go of its index. */
async function partFiles(part: Part): Promise<SearchFile[]> {
  const failed = (await Promise.all(part.added)).flat();
  if (failed.length) throw new Error(`Pagefind could not index a page: ${failed[0]}`);
  const index = await part.index!;
  const { files, errors } = await index.getFiles();
  if (errors.length) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
  await index.deleteIndex();
  return files.filter((f) => !UNUSED.test(f.path)).map((f) => ({ outFile: `${part.dir}/${f.path}`, contents: f.content }));
}
