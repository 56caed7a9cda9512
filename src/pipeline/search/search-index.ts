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
 * Builds the Pagefind index of `records` in memory and returns its files. Records are added in
 * the order given, and Pagefind's files depend on that order, so callers pass them in a stable
 * order (the route table's) to keep the output deterministic.
 */
export async function buildSearchIndex(records: SearchRecord[]): Promise<SearchFile[]> {
  // Loaded only by builds that index: it starts Pagefind's binary as a child process.
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await Promise.all(records.map((r) => index.addCustomRecord(r)));
    const failed = added.flatMap((a) => a.errors);
    if (failed.length) throw new Error(`Pagefind could not index a page: ${failed[0]}`);
    const { files, errors: writeErrors } = await index.getFiles();
    if (writeErrors.length) throw new Error(`Pagefind could not write its index: ${writeErrors.join('; ')}`);
    return files
      .filter((f) => !UNUSED.test(f.path))
      .map((f) => ({ outFile: `${SEARCH_DIR}/${f.path}`, contents: f.content }))
      .sort((a, b) => (a.outFile < b.outFile ? -1 : 1));
  } finally {
    await pagefind.close();
  }
}
