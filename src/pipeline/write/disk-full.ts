import { readdirSync, statfsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * A full disk, said as one sentence: which folder, how much the build needed against how much is
 * free, and that the previous output is untouched. A raw ENOSPC stack trace from the compiled CLI
 * named none of that.
 */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
}

/** Whether `error` is a DiskFullError (made on the main thread, by the one generator copy there). */
export function isDiskFullError(error: unknown): error is DiskFullError {
  return error instanceof DiskFullError;
}

/** Whether `error` is the system's "no space left on device". */
export function isNoSpace(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOSPC';
}

export interface DiskFull {
  /** The folder being written when the disk filled: the output, or the `.cache` folder. */
  folder: string;
  /** About how many bytes the build needed there; unknown for the cache. */
  neededBytes?: number;
  /** The output folder, which the build leaves as it was. */
  outDir: string;
}

/** The sentence for a full disk, with the space free on it now. */
export function diskFullError({ folder, neededBytes, outDir }: DiskFull): DiskFullError {
  const free = formatBytes(freeBytes(folder));
  const space = neededBytes === undefined ? `${free} is free` : `this build needs about ${formatBytes(neededBytes)} and ${free} is free`;
  const out = `${shownPath(outDir)}/`;
  return new DiskFullError(`The disk holding ${folder} is full: ${space}. Nothing was changed: ${out} is as it was. Free some space and build again.`);
}

/** The free bytes (for an ordinary user) on the disk holding `path`, or its nearest existing folder. */
export function freeBytes(path: string): number {
  for (let p = path; ; p = dirname(p)) {
    try {
      const s = statfsSync(p);
      return s.bavail * s.bsize;
    } catch (error) {
      if (dirname(p) === p) throw error;
    }
  }
}

/** The bytes the files under `dir` hold (0 when it does not exist). */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += folderBytes(path);
    else if (e.isFile()) total += statSync(path).size;
  }
  return total;
}

/** `14.2 MB`, `812 KB`, `0 B`: decimal units, as disk tools and file managers show them. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1000;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** A path as the user would type it from here: relative when inside the working folder. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
