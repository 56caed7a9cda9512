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

/** A Pagefind index being filled. */
export interface OpenSearchIndex {
  /** Sends one record; records reach Pagefind in the order they are added. */
  add(record: SearchRecord): void;
  /** Builds the index in memory once every record is in, and returns its files; stops Pagefind. */
  files(): Promise<SearchFile[]>;
  /** Stops Pagefind without an index. */
  close(): Promise<void>;
}

/** Pages in one part of the index when `SearchOptions.maxPagesPerIndex` does not say. */
export const PAGES_PER_INDEX = 1000;

/** The file listing the index's parts after the first, as folders beside `pagefind.js` (`["part-2/"]`). */
export const PARTS_FILE = 'parts.json';

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof import('pagefind').createIndex>>['index']>;

/** One part of the index: a Pagefind index of its own, in the folder `dir` of the output. */
interface Part {
  dir: string;
  index: Promise<PagefindIndex>;
  added: Promise<string[]>[];
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
 */
export function openSearchIndex(options: { maxFragmentFiles?: number; maxPagesPerIndex?: number; expectedPages?: number } = {}): OpenSearchIndex {
  // Loaded only by builds that index.
  const service = import('pagefind');
  const perPart = Math.max(1, options.maxPagesPerIndex ?? PAGES_PER_INDEX);
  // The excerpt files are shared among the parts in proportion to their pages.
  const partCount = Math.max(1, Math.ceil((options.expectedPages ?? 0) / perPart));
  const maxFragments = options.maxFragmentFiles ? Math.max(1, Math.ceil(options.maxFragmentFiles / partCount)) : undefined;
  const parts: Part[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await (await service).close();
  };
  const open = (): Part => {
    const index = service.then(async (pagefind) => {
      const { index, errors } = await pagefind.createIndex(maxFragments ? { maxFragments } : {});
      if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
      return index;
    });
    // A failure is reported by files(); until then it must not surface as an unhandled rejection.
    index.catch(() => {});
    const part: Part = { dir: parts.length ? `${SEARCH_DIR}/part-${parts.length + 1}` : SEARCH_DIR, index, added: [] };
    parts.push(part);
    return part;
  };
  const seal = (part: Part) => {
    part.files ??= partFiles(part);
    part.files.catch(() => {});
  };
  let current = open();
  return {
    add(record) {
      if (current.added.length === perPart) {
        seal(current);
        current = open();
      }
      const sent = current.index.then((i) => i.addCustomRecord(record)).then((r) => r.errors);
      sent.catch(() => {});
      current.added.push(sent);
    },
    async files() {
      try {
        seal(current);
        const files = (await Promise.all(parts.map((p) => p.files!))).flat();
        const more = parts.slice(1).map((p) => `${p.dir.slice(SEARCH_DIR.length + 1)}/`);
        files.push({ outFile: `${SEARCH_DIR}/${PARTS_FILE}`, contents: new TextEncoder().encode(JSON.stringify(more)) });
        return files.sort((a, b) => (a.outFile < b.outFile ? -1 : 1));
      } finally {
        await close();
      }
    },
    close,
  };
}

/** A full part's files, under its folder; Pagefind then lets go of its index. */
async function partFiles(part: Part): Promise<SearchFile[]> {
  const failed = (await Promise.all(part.added)).flat();
  if (failed.length) throw new Error(`Pagefind could not index a page: ${failed[0]}`);
  const index = await part.index;
  const { files, errors } = await index.getFiles();
  if (errors.length) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
  await index.deleteIndex();
  return files.filter((f) => !UNUSED.test(f.path)).map((f) => ({ outFile: `${part.dir}/${f.path}`, contents: f.content }));
}
