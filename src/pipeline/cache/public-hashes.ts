import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FolderFile } from '../load/list-folder.ts';

/**
 * A hash of each public file's bytes, so that an output copied from the public folder has a key
 * that does not change with the file's time: a host's fresh clone gives every file a new time, and
 * a key of size and time (the one a build without a cache still uses) had a deploy copy every
 * public file again, rewrite its manifest lines and patch the cache's copy of the output (about
 * 105 files and 40 ms of a one-edit deploy of the bench). The hashes are kept in the cache folder
 * (`public-hashes.json`) by path, size and time: a build in place hashes only the files that
 * changed; a fresh clone hashes them all once (640 KB for this site).
 */
const FILE = 'public-hashes.json';
/** Bump when what the file holds changes. */
const FORMAT = 1;

type Stored = Record<string, [size: number, mtimeMs: number, hash: string]>;

/** Each of `files` (in `dir`) with `hash` set, from the cache where its size and time are as recorded. */
export function withPublicHashes(dir: string, files: FolderFile[], cacheDir: string): FolderFile[] {
  const stored = readStored(join(cacheDir, FILE));
  const used: Stored = {};
  let changed = Object.keys(stored).length !== files.length;
  const hashed = files.map((f) => {
    const was = stored[f.path];
    const hash = was && was[0] === f.size && was[1] === f.mtimeMs ? was[2] : hashFile(join(dir, f.path));
    if (hash !== was?.[2] || was[1] !== f.mtimeMs) changed = true;
    used[f.path] = [f.size, f.mtimeMs, hash];
    return { ...f, hash };
  });
  if (changed) writeStored(join(cacheDir, FILE), used);
  return hashed;
}

function readStored(file: string): Stored {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { format?: number; files?: Stored };
    return kept.format === FORMAT && kept.files ? kept.files : {};
  } catch {
    return {};
  }
}

/** Written beside its name, then renamed; one that cannot be written only makes the next build hash again. */
function writeStored(file: string, files: Stored): void {
  try {
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ format: FORMAT, files }));
    renameSync(temp, file);
  } catch {
    // The next build hashes again.
  }
}

/** A hash of a file's bytes, read 1 MB at a time (a public folder may hold large media). */
function hashFile(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('base64url');
}
