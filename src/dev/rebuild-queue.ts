import { statSync } from 'node:fs';
import { isEditorTempFile } from './editor-files.ts';

/** Changes closer together than this are planned as one rebuild (an editor's save can be several writes). */
const SETTLE_MS = 8;

/**
 * Collects changed paths and hands them to `rebuild` in batches, one rebuild at a time; changes
 * that arrive meanwhile are planned together afterwards. Until `start`, changes are only collected
 * (the first build is running).
 */
export function createRebuildQueue() {
  const changes = new Set<string>();
  /** Each path's state (see `signature`) when it was last handed to a rebuild. */
  const handed = new Map<string, string>();
  let rebuild: ((batch: string[]) => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  };
  const run = async (): Promise<void> => {
    if (running) {
      await running;
      return schedule();
    }
    if (changes.size === 0 || !rebuild) return;
    const batch = [...changes];
    changes.clear();
    for (const path of batch) handed.set(path, signature(path));
    running = rebuild(batch);
    await running;
    running = undefined;
  };
  return {
    /** A watcher saw `path` change. */
    changed(path: string): void {
      if (isEditorTempFile(path)) return; // an editor's lock, swap or backup file: the save itself follows
      if (handed.get(path) === signature(path)) return; // already rebuilt: the other watcher's report
      changes.add(path);
      if (rebuild) schedule();
    },
    /** Starts rebuilding, with what changed since the queue was created first. */
    start(fn: (batch: string[]) => Promise<void>): void {
      rebuild = fn;
      if (changes.size) schedule();
    },
    /** Stops scheduling and waits for a rebuild under way. */
    async stop(): Promise<void> {
      clearTimeout(timer);
      rebuild = undefined;
      await running;
    },
  };
}

/** A file's state: changes with every write, rename or deletion. */
function signature(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return 'gone';
  }
}
