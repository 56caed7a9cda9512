import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Drawn cards by key under `.cache/cards/`: `<key>.card` holds the PNG followed by a checksum of
 * it, checked on every read as the Markdown cache checks its entries, so an entry cut short by a
 * crash or a full disk, or damaged on disk, is drawn again rather than published. An entry is
 * written to a temporary name, flushed to disk (fsync), then renamed: after a power cut the name
 * holds either nothing or the whole card.
 *
 * # Design decision
 * Entries are written off the drawing thread (the file system's own threads), a few at a time:
 * the fsync costs about 0.8 ms a card on this kind of disk, seconds for a few thousand cards if
 * drawing waited for each. Rejected: no fsync (the checksum alone would catch a cut entry, but
 * every build after a power cut would redraw it, and renaming an unflushed file can leave an
 * empty one).
 */
export interface CardCache {
  has(key: string): boolean;
  /** The cached PNG, or undefined when there is none or it fails its checksum. */
  get(key: string): Buffer | undefined;
  /** Stores a card; resolves once few enough stores are still running. */
  put(key: string, png: Uint8Array): Promise<void>;
  /** Waits for every store to finish. */
  flush(): Promise<void>;
}

/** Hash characters after each entry's PNG. */
const CHECK = 22;
/** Stores running at once: bounds the cards held in memory while the disk catches up. */
const IN_FLIGHT = 8;

const checksum = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, CHECK);

export function openCardCache(folder: string): CardCache {
  const file = (key: string) => join(folder, `${key}.card`);
  const running = new Set<Promise<void>>();
  let made = false;
  return {
    has: (key) => existsSync(file(key)),
    get(key) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file(key));
      } catch {
        return undefined;
      }
      const png = bytes.subarray(0, bytes.length - CHECK);
      return bytes.length > CHECK && checksum(png) === bytes.subarray(png.length).toString('latin1') ? png : undefined;
    },
    async put(key, png) {
      if (!made) {
        made = true;
        try {
          mkdirSync(folder, { recursive: true });
        } catch { /* the store fails below, and is only a miss next time */ }
      }
      const store = storeEntry(file(key), png).finally(() => running.delete(store));
      running.add(store);
      while (running.size >= IN_FLIGHT) await Promise.race(running);
    },
    async flush() {
      await Promise.all(running);
    },
  };
}

/** Writes `png` and its checksum to a temporary file, flushes it to disk, renames it to `target`. A cache that cannot be written is only slower. */
async function storeEntry(target: string, png: Uint8Array): Promise<void> {
  // A card worker stores cards too (drawCardsOnWorker): the thread's id keeps their temporary files apart.
  const temp = `${target}.${process.pid}-${threadId}.tmp`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(Buffer.concat([png, Buffer.from(checksum(png), 'latin1')]));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch {
    await rm(temp, { force: true });
  }
}
