import { readdirSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { isRealFolder } from '../pipeline/write/no-links.ts';
import { watch } from 'chokidar';
import { isEditorTempFile } from './editor-files.ts';

/**
 * The file watcher of a dev server. It starts empty: every path comes from the session (see
 * `watchedPaths` in changes.ts), which names them after each compile, before the content is read,
 * so an edit made meanwhile is not missed.
 */
export function openWatcher(changed: (path: string) => void) {
  const watcher = watch([], { ignoreInitial: true, ignored: (path) => /[/\\](node_modules|\.cache|\.git)([/\\]|$)/.test(path) || isEditorTempFile(path) });
  watcher.on('all', (_event, path) => changed(path));
  // chokidar reports a save ~10 ms late on 4,000 content files (it watches each file and re-reads
  // a folder on every change in it); one plain watch per content folder reports it in ~1 ms.
  let folderWatchers = new Map<string, FSWatcher>();
  let contentWatched: string | undefined;
  const added = new Set<string>();
  return {
    watcher,
    /** Adds paths not watched yet; a new content folder replaces the previous one's fast watch. */
    watchPaths(paths: string[], contentFolder: string | undefined): void {
      const fresh = paths.filter((p) => !added.has(p));
      for (const p of fresh) added.add(p);
      if (fresh.length) watcher.add(fresh);
      if (!contentFolder || contentFolder === contentWatched) return;
      for (const w of folderWatchers.values()) w.close();
      contentWatched = contentFolder;
      folderWatchers = watchFolders(contentFolder, changed);
    },
    async close(): Promise<void> {
      await watcher.close();
      for (const w of folderWatchers.values()) w.close();
    },
  };
}

/**
 * Watches `dir` and its subfolders, one `fs.watch` per folder (not recursive: Node 20 emulates
 * that on Linux), and folders that appear later. Only speeds up reports: chokidar still sees
 * every change, and `changed` drops its report of a state already rebuilt.
 */
function watchFolders(dir: string, changed: (path: string) => void): Map<string, FSWatcher> {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder) || !isRealFolder(folder)) return;
    try {
      const w = watchFolder(folder, (_event, name) => {
        if (!name) return;
        const path = join(folder, name.toString());
        if (isRealFolder(path)) add(path);
        changed(path);
      });
      w.on('error', () => {
        w.close();
        watchers.delete(folder);
      });
      watchers.set(folder, w);
      for (const e of readdirSync(folder, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith('.')) add(join(folder, e.name));
    } catch {
      // Gone already, or out of watches: chokidar still reports its changes.
    }
  };
  add(dir);
  return watchers;
}
