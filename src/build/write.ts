import {
  copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The only stage that writes to the output. A build writes into a fresh sibling folder and swaps
 * it in at the end, so a failed build never leaves a half-written `dist/`.
 */
export interface Staging {
  /** The folder being written; becomes `outDir` on commit. */
  dir: string;
  outDir: string;
}

export function startOutput(outDir: string): Staging {
  const abs = resolve(outDir);
  const dir = `${abs}.tmp-${process.pid}-${Date.now().toString(36)}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { dir, outDir: abs };
}

/** Writes one file into the staging folder, creating its folders. */
export function writeOutputFile(stagingDir: string, outFile: string, contents: string | Uint8Array): void {
  const file = join(stagingDir, outFile);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, contents);
}

/**
 * Reuses a file from the previous output by hard link (a copy where links fail). Returns false
 * when the previous file is gone, so the caller renders it instead.
 */
export function reuseOutputFile(stagingDir: string, previousDir: string, outFile: string): boolean {
  const from = join(previousDir, outFile);
  const to = join(stagingDir, outFile);
  try {
    mkdirSync(dirname(to), { recursive: true });
    linkSync(from, to);
    return true;
  } catch {
    try {
      copyFileSync(from, to);
      return true;
    } catch {
      return false;
    }
  }
}

/** Copies a folder's files verbatim into the staging folder; returns the output paths copied. */
export function copyFolder(stagingDir: string, from: string): string[] {
  const copied: string[] = [];
  if (!existsSync(from)) return copied;
  const walk = (dir: string, rel: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relPath = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(join(dir, d.name), relPath);
      else if (d.isFile()) {
        mkdirSync(join(stagingDir, rel), { recursive: true });
        copyFileSync(join(dir, d.name), join(stagingDir, relPath));
        copied.push(relPath);
      }
    }
  };
  walk(from, '');
  return copied;
}

/** Swaps the staging folder in as the output. The old output is removed after the swap. */
export function commitOutput(staging: Staging): void {
  const old = `${staging.outDir}.old-${process.pid}-${Date.now().toString(36)}`;
  const hadOutput = existsSync(staging.outDir);
  if (hadOutput) renameSync(staging.outDir, old);
  try {
    renameSync(staging.dir, staging.outDir);
  } catch (error) {
    if (hadOutput) renameSync(old, staging.outDir);
    throw error;
  }
  if (hadOutput) rmSync(old, { recursive: true, force: true });
}

/** Throws the staging folder away; the previous output stays as it was. */
export function abortOutput(staging: Staging): void {
  rmSync(staging.dir, { recursive: true, force: true });
}
