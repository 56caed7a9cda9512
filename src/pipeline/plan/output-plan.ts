import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildManifest } from './manifest.ts';
import { outputFileProblem, staysInside } from '../write/output-paths.ts';

export interface OutputPlan {
  /** `full`: write everything into a fresh folder and swap it in; `incremental`: move in only what changed. */
  mode: 'full' | 'incremental';
  /** Output files to (re)write. */
  write: Set<string>;
  /** Output files left as they are. */
  keep: Set<string>;
  /** Output files of the previous build that this build no longer produces. */
  remove: string[];
}

/** Above this share of changed files, a full swap is as cheap and keeps the output strictly atomic. */
const FULL_REBUILD_SHARE = 0.5;

/**
 * Compares what this build will produce (output file → key of its inputs) with what the previous
 * build recorded, and checks the previous files are still there untouched (size and mtime), so a
 * hand-edited or deleted output file is written again.
 */
export function planOutput(desired: Map<string, string>, manifest: BuildManifest | undefined, outDir: string): OutputPlan {
  const all = new Set(desired.keys());
  if (!manifest || !existsSync(outDir)) return { mode: 'full', write: all, keep: new Set(), remove: [] };
  const write = new Set<string>();
  const keep = new Set<string>();
  for (const [file, key] of desired) {
    const previous = manifest.files[file];
    if (previous?.key === key && unchangedOnDisk(join(outDir, file), previous)) keep.add(file);
    else write.add(file);
  }
  if (write.size > desired.size * FULL_REBUILD_SHARE) return { mode: 'full', write: all, keep: new Set(), remove: [] };
  // A path from the manifest that is not a proper output path was never ours to remove.
  const remove = Object.keys(manifest.files).filter((f) => !desired.has(f) && outputFileProblem(f) === undefined);
  // A folder of the output replaced by a link to elsewhere: write the whole output afresh
  // rather than through the link (the swap replaces the link itself).
  if (![...write, ...remove].every((f) => staysInside(outDir, f))) return { mode: 'full', write: all, keep: new Set(), remove: [] };
  return { mode: 'incremental', write, keep, remove };
}

function unchangedOnDisk(path: string, record: { size: number; mtimeMs: number }): boolean {
  try {
    const s = statSync(path);
    return s.size === record.size && s.mtimeMs === record.mtimeMs;
  } catch {
    return false;
  }
}
