import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inPart, SEARCH_DIR, startPageIndexer, writeIndex } from '../pipeline/search/index-pages.ts';
import type { Route, SearchOptions } from '../pipeline/types.ts';
import { commitChanges } from '../pipeline/write/write.ts';

/** How long after the last rebuild the index is built again: a burst of saves costs one index. */
const QUIET_MS = 400;

/**
 * Keeps `dev`'s search index current: the first build writes it like `heartnotes build`; after
 * each rebuild that changed pages, once edits pause, every page is read again from the output,
 * the index parts whose records changed since the last refresh are built again and their files
 * moved in, the previous ones no longer produced removed. A page's reload does not wait for it:
 * search catches up within a second or so (a few seconds on a site of thousands of pages).
 */
export function openSearchRefresh(outDir: string, onChange: (written: string[], removed: string[]) => void, log: (line: string) => void = () => {}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let latest: { routes: Route[]; options: SearchOptions } | undefined;
  // The parts the last refresh left in the output, folder → key; forgotten when a full build
  // writes an index of its own (`forget`), which `generation` counts.
  let parts: Map<string, string> | undefined;
  let generation = 0;

  const refresh = async () => {
    const target = latest;
    latest = undefined;
    if (!target) return;
    let dir: string | undefined;
    try {
      const pages = target.routes.map((r) => ({ path: r.path, outFile: r.outFile, noindex: r.noindex, keptIn: outDir }));
      const started = generation;
      const index = await startPageIndexer(pages, target.options, { salt: 'dev', parts }).files();
      // A full build wrote its index meanwhile: the parts this one kept may no longer be there.
      if (started !== generation && index.parts.some((p) => p.reused)) {
        latest ??= target;
        return await refresh();
      }
      // From here on nothing awaits, so no rebuild's commit runs in between. A folder of its own
      // (not startOutput's, whose name a rebuild's staging could share within a millisecond).
      dir = mkdtempSync(`${outDir}.search-`);
      const files = writeIndex(index.files, dir);
      const reused = index.parts.filter((p) => p.reused).map((p) => p.dir);
      const removed = indexFiles(outDir).filter((f) => !files.has(f) && !reused.some((d) => inPart(f, d)));
      commitChanges({ dir, outDir }, files.keys(), removed);
      parts = new Map(index.parts.map((p) => [p.dir, p.key]));
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
    /** A full build wrote the index: the next refresh builds every part. */
    forget(): void {
      parts = undefined;
      generation++;
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
