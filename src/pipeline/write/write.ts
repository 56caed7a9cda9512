import {
  copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AfterSwapError } from './after-swap.ts';
import { shownPath } from './disk-full.ts';
import { BACKUP_JOURNAL, markAsOutput, OUTPUT_MARKER, recoverOutput, removeOwnFolder, rollBack } from './output-folder.ts';
import { isLink } from './no-links.ts';
import { outputFile } from './output-paths.ts';
import type { PageOutcome, RenderOutcome } from '../render/render-pages.ts';

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
  // The CLI follows a link given as --out (`outputTarget`); swapping a link aside would lose its target's files.
  if (isLink(abs)) throw new Error(`refusing to replace ${abs}: it is a symbolic link, and a build replaces its output folder by renaming it`);
  recoverOutput(abs);
  const dir = `${abs}.tmp-${process.pid}-${Date.now().toString(36)}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  markAsOutput(dir);
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

/** Writes one file into the staging folder, creating its folders; returns the file written. */
export function writeOutputFile(stagingDir: string, outFile: string, contents: string | Uint8Array): string {
  const file = outputFile(stagingDir, outFile);
  ensureDir(dirname(file));
  withPath(file, () => writeFileSync(file, contents));
  return file;
}

/** Copies one file verbatim into the staging folder, as `outFile` (default: at the same path). */
export function copyIntoOutput(stagingDir: string, fromDir: string, path: string, outFile = path): void {
  const to = outputFile(stagingDir, outFile);
  ensureDir(dirname(to));
  withPath(to, () => copyFileSync(join(fromDir, path), to));
}

/**
 * Runs a write, giving its error the path written when it has none: a failed `write` (a full
 * disk) names no file, and the build tells a full output disk from a full `.cache` by the path.
 */
export function withPath(path: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    if (error instanceof Error && !(error as NodeJS.ErrnoException).path) Object.assign(error, { path });
    throw error;
  }
}

/**
 * Swaps the staging folder in as the output. The old output is removed after the swap. A process
 * killed between the two renames leaves no `<out>`, only `<out>.old-…`: the next build puts it
 * back first (`recoverOutput`), so the previous output is never lost.
 */
export function commitOutput(staging: Staging): void {
  const old = `${staging.outDir}.old-${process.pid}-${Date.now().toString(36)}`;
  const hadOutput = existsSync(staging.outDir);
  if (hadOutput) renameSync(staging.outDir, old);
  haltForTest('swap');
  try {
    renameSync(staging.dir, staging.outDir);
  } catch (error) {
    if (hadOutput) renameSync(old, staging.outDir);
    throw error;
  }
  if (hadOutput) removeLeftover(old);
}

/** Removes a folder the new output no longer needs; what a failure leaves, the next build removes (`recoverOutput`). */
function removeLeftover(dir: string): void {
  try {
    removeOwnFolder(dir);
  } catch {
    // The new output is in place either way.
  }
}

/**
 * Moves the changed files from the staging folder into the output and deletes the ones no longer
 * produced. Runs only after every check has passed, so a failed build still changes nothing; each
 * file is replaced with one rename, so a reader never sees a half-written file.
 *
 * The files it replaces or removes are kept in `<out>.bak-<pid>-…` (a hard link each, so the
 * replacing rename stays atomic) with a journal of the files it adds. A process killed half way
 * leaves the output part old, part new; the next build rolls it back to the previous output
 * (`recoverOutput`) before anything else. Only a complete commit renames the backup to `.done-…`.
 */
export function commitChanges(staging: Staging, changed: Iterable<string>, removed: string[]): void {
  // Every target is proven inside the output, links followed, before anything moves.
  const moves = [...changed].map((file) => ({ file, from: outputFile(staging.dir, file), to: outputFile(staging.outDir, file, true) }));
  const removals = removed.map((file) => ({ file, abs: outputFile(staging.outDir, file, true) }));
  // An output folder made before the marker existed gets it with its first incremental build.
  if (!existsSync(join(staging.outDir, OUTPUT_MARKER))) {
    moves.push({ file: OUTPUT_MARKER, from: join(staging.dir, OUTPUT_MARKER), to: join(staging.outDir, OUTPUT_MARKER) });
  }
  const backup = startBackup(staging.outDir, moves.filter((m) => !existsSync(m.to)).map((m) => m.file));
  try {
    for (const [i, { file, from, to }] of moves.entries()) {
      if (existsSync(to)) keepCopy(to, outputFile(backup, file));
      ensureDir(dirname(to));
      renameSync(from, to);
      if (i === 0) haltForTest('changes');
    }
    for (const { file, abs } of removals) {
      if (existsSync(abs)) {
        const kept = outputFile(backup, file);
        ensureDir(dirname(kept));
        renameSync(abs, kept);
      }
      removeEmptyParents(staging.outDir, dirname(file));
    }
  } catch (error) {
    undoChanges(backup, staging.outDir, error);
  }
  finishBackup(backup);
  removeLeftover(staging.dir);
}

/**
 * An incremental commit failed half way (a file that could not be moved): the previous output is
 * put back at once from the backup, and the error thrown as it was (the output is the previous
 * build again). If that fails too, the output is part old, part new, and the message says so.
 */
function undoChanges(backup: string, outDir: string, error: unknown): never {
  try {
    madeDirs.clear();
    rollBack(backup, outDir);
  } catch {
    const e = error as Error;
    throw new AfterSwapError(`${shownPath(outDir)}/ is part old, part new: ${e.message}, and putting the previous build back failed too; the next build puts it back before anything else (its files are kept in ${shownPath(backup)}/).`);
  }
  // A failed rename is said at the output file it was to replace, not at the staging folder.
  const e = error as NodeJS.ErrnoException & { dest?: string };
  if (e.dest) e.path = e.dest;
  throw error;
}

/** Creates the backup folder of an incremental commit, its journal written before anything moves. */
function startBackup(outDir: string, added: string[]): string {
  const backup = `${outDir}.bak-${process.pid}-${Date.now().toString(36)}`;
  mkdirSync(backup);
  const journal = join(backup, BACKUP_JOURNAL);
  writeFileSync(`${journal}.tmp`, JSON.stringify({ added }));
  renameSync(`${journal}.tmp`, journal);
  return backup;
}

/** A hard link to `from` at `to` (a copy where the disk has no links): the old version, kept. */
function keepCopy(from: string, to: string): void {
  ensureDir(dirname(to));
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The commit is complete: the backup is no longer needed (renamed first, so it is never rolled back). */
function finishBackup(backup: string): void {
  const done = backup.replace(/\.bak-(?=\d+-[0-9a-z]+$)/, '.done-');
  renameSync(backup, done);
  removeOwnFolder(done);
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

/**
 * Tests only: `HEARTNOTES_TEST_HALT=<point>` blocks this process at that point (for up to a
 * minute), so a test can kill it there with SIGKILL: `swap`, between the two renames of a full
 * build's swap; `changes`, after the first file an incremental build moves in.
 */
function haltForTest(point: string): void {
  if (process.env.HEARTNOTES_TEST_HALT === point) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}

/** Throws the staging folder away; the previous output stays as it was. */
export function abortOutput(staging: Staging): void {
  removeOwnFolder(staging.dir);
}

/** Writes a rendered page to the staging folder and keeps only what later stages need. */
export function writeRendered(outcome: RenderOutcome, stagingDir: string): PageOutcome {
  if (!outcome.ok) return outcome;
  writeOutputFile(stagingDir, outcome.outFile, outcome.html);
  return { ok: true, path: outcome.path, outFile: outcome.outFile, links: outcome.links, ids: outcome.ids };
}
