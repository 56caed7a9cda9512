import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Drawn cards by key under `.cache/cards/`: `<key>.<check>.card` is the PNG itself, named with a
 * checksum of its bytes that every read checks (as the Markdown cache checks its entries), so an
 * entry cut short by a crash or a full disk, or damaged on disk, is drawn again rather than
 * published.
 *
 * # Design decision
 * An entry is a hard link to the card the build just wrote into its staging folder, not a second
 * copy: the build never writes into an output file in place (new files are renamed in), so the
 * link keeps the bytes it was made with, as the cache's copy of the output does (output-mirror.ts).
 * Where the disk has no hard links the entry is written (temporary name, then renamed).
 * Measured on the 4,000-article side-by-side corpus: the copies with an fsync each wrote 105 MB
 * more per cold build and cost 3–6 CPU-s of a ~60 CPU-s build on this machine's disk. Rejected:
 * the fsync per entry (after a power cut, an unflushed entry fails its checksum and is drawn
 * again: a slower build, never a wrong card); the checksum after the PNG (a card with a tail is
 * not the published file, so it could not be a link).
 */
export interface CardCache {
  has(key: string): boolean;
  /** The cached PNG, or undefined when there is none or it fails its checksum. */
  get(key: string): Buffer | undefined;
  /** Stores a card: a link to `written`, the file it was just written to, when there is one. */
  put(key: string, png: Uint8Array, written?: string): void;
}

/** Hash characters in each entry's name. */
const CHECK = 22;

const checksum = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, CHECK);

export function openCardCache(folder: string): CardCache {
  let names: Map<string, string> | undefined;
  // One listing of the folder, on first use: key -> file name.
  const entries = () => (names ??= listEntries(folder));
  let made = false;
  return {
    has: (key) => entries().has(key),
    get(key) {
      const name = entries().get(key);
      if (!name) return undefined;
      let png: Buffer | undefined;
      try {
        png = readFileSync(join(folder, name));
      } catch {
        png = undefined;
      }
      if (png && checksum(png) === name.slice(key.length + 1, key.length + 1 + CHECK)) return png;
      // Damaged or gone: forgotten, so the card drawn again is stored in its place.
      entries().delete(key);
      rmSync(join(folder, name), { force: true });
      return undefined;
    },
    put(key, png, written) {
      if (!made) {
        made = true;
        try {
          mkdirSync(folder, { recursive: true });
        } catch { /* the store fails below, and is only a miss next time */ }
      }
      const name = `${key}.${checksum(png)}.card`;
      const old = entries().get(key);
      if (old === name) return;
      if (old) rmSync(join(folder, old), { force: true });
      if (storeEntry(join(folder, name), png, written)) entries().set(key, name);
    },
  };
}

/** Entries by key; names of another form (an older cache's) are left out. */
function listEntries(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return found;
  }
  for (const name of names) {
    const m = /^([0-9a-f]+)\.[\w-]{22}\.card$/.exec(name);
    if (m) found.set(m[1]!, name);
  }
  return found;
}

/** Links `target` to `written`, else writes `png` there through a temporary name. A cache that cannot be written is only slower. */
function storeEntry(target: string, png: Uint8Array, written: string | undefined): boolean {
  if (written) {
    try {
      linkSync(written, target);
      return true;
    } catch { /* no hard links here (another disk, a file system without them): a copy */ }
  }
  // The process's and the thread's ids keep the temporary files of two builds (or a dev server and a build) apart.
  const temp = `${target}.${process.pid}-${threadId}.tmp`;
  try {
    writeFileSync(temp, png);
    renameSync(temp, target);
    return true;
  } catch {
    rmSync(temp, { force: true });
    return false;
  }
}
