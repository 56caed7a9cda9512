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

/**
 * Starts Pagefind (its binary, as a child process) with an empty index. Pagefind's files depend on
 * the order records arrive in, so callers add them in a stable order (the route table's) to keep
 * the output deterministic.
 */
export function openSearchIndex(options: { maxFragmentFiles?: number } = {}): OpenSearchIndex {
  // Loaded only by builds that index.
  const service = import('pagefind');
  const index = service.then(async (pagefind) => {
    const { index, errors } = await pagefind.createIndex(options.maxFragmentFiles ? { maxFragments: options.maxFragmentFiles } : {});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    return index;
  });
  const added: Promise<string[]>[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await (await service).close();
  };
  // A failure is reported by files(); until then it must not surface as an unhandled rejection.
  index.catch(() => {});
  return {
    add(record) {
      const sent = index.then((i) => i.addCustomRecord(record)).then((r) => r.errors);
      sent.catch(() => {});
      added.push(sent);
    },
    async files() {
      try {
        const failed = (await Promise.all(added)).flat();
        if (failed.length) throw new Error(`Pagefind could not index a page: ${failed[0]}`);
        const { files, errors } = await (await index).getFiles();
        if (errors.length) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
        return files
          .filter((f) => !UNUSED.test(f.path))
          .map((f) => ({ outFile: `${SEARCH_DIR}/${f.path}`, contents: f.content }))
          .sort((a, b) => (a.outFile < b.outFile ? -1 : 1));
      } finally {
        await close();
      }
    },
    close,
  };
}
