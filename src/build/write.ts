import {
  copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PageOutcome, RenderOutcome } from './render-pages.ts';

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

/** Folders already created in this process, so a page write costs one system call, not three. */
const madeDirs = new Set<string>();

function ensureDir(dir: string): void {
  if (madeDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
  if (madeDirs.size > 50_000) madeDirs.clear();
}

/** Writes one file into the staging folder, creating its folders. */
export function writeOutputFile(stagingDir: string, outFile: string, contents: string | Uint8Array): void {
  const file = join(stagingDir, outFile);
  ensureDir(dirname(file));
  writeFileSync(file, contents);
}

/** A file under a folder, with what identifies its version on disk. */
export interface FolderFile {
  /** Path relative to the folder, POSIX separators. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** Lists a folder's files recursively, sorted; dot files are skipped. */
export function listFolder(from: string): FolderFile[] {
  const files: FolderFile[] = [];
  if (!existsSync(from)) return files;
  const walk = (dir: string, rel: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (d.name.startsWith('.')) continue;
      const relPath = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(join(dir, d.name), relPath);
      else if (d.isFile() || d.isSymbolicLink()) {
        const s = statSync(join(dir, d.name));
        files.push({ path: relPath, size: s.size, mtimeMs: s.mtimeMs });
      }
    }
  };
  walk(from, '');
  return files;
}

/** Copies one file verbatim into the staging folder. */
export function copyIntoOutput(stagingDir: string, fromDir: string, path: string): void {
  const to = join(stagingDir, path);
  ensureDir(dirname(to));
  copyFileSync(join(fromDir, path), to);
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

/**
 * Moves the changed files from the staging folder into the output and deletes the ones no longer
 * produced. Runs only after every check has passed, so a failed build still changes nothing; each
 * file is replaced with one rename, so a reader never sees a half-written file.
 */
export function commitChanges(staging: Staging, changed: Iterable<string>, removed: string[]): void {
  for (const file of changed) {
    const to = join(staging.outDir, file);
    ensureDir(dirname(to));
    renameSync(join(staging.dir, file), to);
  }
  for (const file of removed) {
    rmSync(join(staging.outDir, file), { force: true });
    removeEmptyParents(staging.outDir, dirname(file));
  }
  rmSync(staging.dir, { recursive: true, force: true });
}

function removeEmptyParents(root: string, dir: string): void {
  for (let d = dir; d && d !== '.'; d = dirname(d)) {
    try {
      rmdirSync(join(root, d));
    } catch {
      return;
    }
  }
}

/** Throws the staging folder away; the previous output stays as it was. */
export function abortOutput(staging: Staging): void {
  rmSync(staging.dir, { recursive: true, force: true });
}

/** Writes a rendered page to the staging folder and keeps only what later stages need. */
export function writeRendered(outcome: RenderOutcome, stagingDir: string): PageOutcome {
  if (!outcome.ok) return outcome;
  writeOutputFile(stagingDir, outcome.outFile, outcome.html);
  return { ok: true, path: outcome.path, outFile: outcome.outFile, links: outcome.links, ids: outcome.ids };
}
