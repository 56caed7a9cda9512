import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { outputFile } from '../write/output-paths.ts';
import { writeOutputFile } from '../write/write.ts';
import type { SearchOptions } from '../types.ts';
import { isExcluded, searchRecord, type SearchRecord } from './extract.ts';
import { buildSearchIndex } from './search-index.ts';

export { SEARCH_DIR } from './search-index.ts';

/** A page of the site, and where its finished HTML is now. */
export interface IndexedPage {
  path: string;
  outFile: string;
  /** The folder holding the page's HTML: the staging folder for a page written now, the output for one kept. */
  dir: string;
}

/**
 * Indexes the finished pages and writes the index into `stagingDir`; returns each index file's
 * output path with a key (its content hash) for the build manifest.
 *
 * # Design decision
 * Every build indexes every page: Pagefind cannot update an index, so an incremental build reads
 * the pages it kept from the previous output (their HTML is exactly what is served). Rejected:
 * keeping each page's text in the manifest, which would duplicate the site's text in `.cache/`
 * and need a second path for `--no-cache` builds, to save reading files that cost far less than
 * indexing them.
 */
export async function indexPages(pages: IndexedPage[], options: SearchOptions, stagingDir: string): Promise<Map<string, string>> {
  const records: SearchRecord[] = [];
  for (const page of pages) {
    if (isExcluded(page.path, options.exclude)) continue;
    const record = searchRecord(readFileSync(outputFile(page.dir, page.outFile), 'utf8'), page.path, options);
    if (record) records.push(record);
  }
  const files = await buildSearchIndex(records);
  const keys = new Map<string, string>();
  for (const file of files) {
    writeOutputFile(stagingDir, file.outFile, file.contents);
    keys.set(file.outFile, `search:${createHash('sha256').update(file.contents).digest('hex').slice(0, 16)}`);
  }
  return keys;
}
