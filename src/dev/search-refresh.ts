import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SEARCH_DIR, startPageIndexer, writeIndex } from '../pipeline/search/index-pages.ts';
import type { Route, SearchOptions } from '../pipeline/types.ts';
import { commitChanges } from '../pipeline/write/write.ts';

/** How long after the last rebuild the index is built again: a burst of saves costs one index. */
const QUIET_MS = 400;

/**
 * Keeps `dev`'s search index current: the first build writes it like `heartnotes build`; after
 * each rebuild that changed pages, once edits pause, every page is indexed again from the output
 * and the index files are moved in, the previous ones no longer produced removed. A page's
 * reload does not wait for it: search catches up within a second or so.
 */
export function openSearchRefresh(outDir: string, onChange: (written: string[], removed: string[]) => void, log: (line: string) => void = () => {}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let latest: { routes: Route[]; options: SearchOptions } | undefined;

  const refresh = async () => {
    const target = latest;
    latest = undefined;
    if (!target) return;
    let dir: string | undefined;
    try {
      const pages = target.routes.map((r) => ({ path: r.path, outFile: r.outFile, keptIn: outDir }));
      const index = await startPageIndexer(pages, target.options).files();
      // From here on nothing awaits, so no rebuild's commit runs in between. A folder of its own
      // (not startOutput's, whose name a rebuild's staging could share within a millisecond).
      dir = mkdtempSync(`${outDir}.search-`);
      const files = writeIndex(index, dir);
      const removed = indexFiles(outDir).filter((f) => !files.has(f));
      commitChanges({ dir, outDir }, files.keys(), removed);
      onChange([...files.keys()], removed);
    } catch (error) {
      if (dir) rmSync(dir, { recursive: true, force: true });
      log(`Search index not updated: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return {
    /** Indexes the site again once rebuilds pause (no-op for a site without `search`). */
    schedule(routes: Route[], options: SearchOptions | undefined): void {
      if (!options) return;
      latest = { routes, options };
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(refresh);
      }, QUIET_MS);
    },
    /** Waits for an index being built; a scheduled one is dropped. */
    async close(): Promise<void> {
      clearTimeout(timer);
      latest = undefined;
      await running;
    },
  };
}

/** The index files in the output, as output paths. */
function indexFiles(outDir: string): string[] {
  const dir = join(outDir, SEARCH_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(outDir, join(e.parentPath, e.name)).split('\\').join('/'));
}
