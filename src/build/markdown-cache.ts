import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { hashText } from './cache.ts';

/** Bump when the pack format changes. */
const FORMAT = 1;
/** More packs than this are merged into one when a build starts. */
const MAX_PACKS = 24;
/** A cache folder larger than this is emptied rather than merged (it is only a cache). */
const MAX_BYTES = 512 * 1024 * 1024;

export interface MarkdownCache {
  /** Returns the cached HTML for `body`, rendering (and recording) it on a miss. */
  get(body: string, render: (body: string) => string): string;
  /** Writes this process's index, making its new entries visible to later builds. */
  flush(): void;
}

interface Location {
  pack: string;
  offset: number;
  length: number;
}

/**
 * Rendered Markdown by content hash, under `.cache/markdown/<key>/`, where the key covers the
 * Markdown pipeline's code and dependencies (not the templates: a template change re-renders
 * pages but reuses their Markdown).
 *
 * # Design decision
 * A file per entry was the first version; on this kind of disk the mkdir + write + rename per
 * page cost as much as parsing the page. Now each render thread appends entries to its own pack
 * file and writes an index of them when it finishes; readers load every index at start (a few
 * hundred KB for thousands of pages) and read entries by offset. An index is written only after
 * its pack, so a crashed build leaves entries nobody can see, never a wrong one.
 */
export function openMarkdownCache(cacheDir: string | undefined, key: string, salt: string): MarkdownCache {
  if (!cacheDir) return { get: (body, render) => render(body), flush() {} };
  const dir = join(cacheDir, 'markdown', `${FORMAT}-${key}`);
  const index = readIndex(dir);
  const name = `pack-${process.pid}-${threadId}-${Date.now().toString(36)}`;
  const fds = new Map<string, number>();
  const added: [string, Location][] = [];
  let writer: number | undefined;
  let writeOffset = 0;

  const read = (loc: Location): string | undefined => {
    try {
      let fd = fds.get(loc.pack);
      if (fd === undefined) fds.set(loc.pack, (fd = openSync(join(dir, `${loc.pack}.pack`), 'r')));
      const buf = Buffer.allocUnsafe(loc.length);
      return readSync(fd, buf, 0, loc.length, loc.offset) === loc.length ? buf.toString('utf8') : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    get(body, render) {
      const hash = hashText(salt, body).slice(0, 32);
      const loc = index.get(hash);
      const cached = loc ? read(loc) : undefined;
      if (cached !== undefined) return cached;
      const html = render(body);
      try {
        if (writer === undefined) {
          mkdirSync(dir, { recursive: true });
          writer = openSync(join(dir, `${name}.pack`), 'w');
        }
        const bytes = Buffer.from(html, 'utf8');
        writeSync(writer, bytes);
        const entry = { pack: name, offset: writeOffset, length: bytes.length };
        writeOffset += bytes.length;
        added.push([hash, entry]);
        index.set(hash, entry);
      } catch {
        // A cache that cannot be written is only slower, never wrong.
      }
      return html;
    },
    flush() {
      if (writer !== undefined) {
        closeSync(writer);
        writer = undefined;
        try {
          writeFileSync(join(dir, `${name}.idx`), added.map(([h, l]) => `${h} ${l.offset} ${l.length}`).join('\n'));
        } catch { /* see above */ }
      }
      for (const fd of fds.values()) closeSync(fd);
      fds.clear();
    },
  };
}

function readIndex(dir: string): Map<string, Location> {
  const index = new Map<string, Location>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.idx')).sort();
  } catch {
    return index;
  }
  for (const n of names) {
    const pack = n.slice(0, -4);
    for (const line of readFileSync(join(dir, n), 'utf8').split('\n')) {
      const [hash, offset, length] = line.split(' ');
      if (hash && length) index.set(hash, { pack, offset: Number(offset), length: Number(length) });
    }
  }
  return index;
}

/**
 * Housekeeping before a build: drops cache folders of other pipeline versions, and merges many
 * small packs (each dev rebuild adds one) into one.
 */
export function tidyMarkdownCache(cacheDir: string | undefined, key: string): void {
  if (!cacheDir) return;
  const root = join(cacheDir, 'markdown');
  const current = `${FORMAT}-${key}`;
  try {
    for (const d of readdirSync(root)) if (d !== current) rmSync(join(root, d), { recursive: true, force: true });
    const dir = join(root, current);
    const packs = readdirSync(dir).filter((n) => n.endsWith('.idx'));
    if (packs.length <= MAX_PACKS) return;
    const total = readdirSync(dir).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
    if (total > MAX_BYTES) {
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    const index = readIndex(dir);
    const name = `pack-merged-${Date.now().toString(36)}`;
    const out = openSync(join(dir, `${name}.pack`), 'w');
    const lines: string[] = [];
    let offset = 0;
    const readers = new Map<string, Buffer>();
    for (const [hash, loc] of index) {
      let data = readers.get(loc.pack);
      if (!data) readers.set(loc.pack, (data = readFileSync(join(dir, `${loc.pack}.pack`))));
      writeSync(out, data, loc.offset, loc.length);
      lines.push(`${hash} ${offset} ${loc.length}`);
      offset += loc.length;
    }
    closeSync(out);
    writeFileSync(join(dir, `${name}.idx`), lines.join('\n'));
    for (const n of readdirSync(dir)) if (!n.startsWith(name)) rmSync(join(dir, n), { force: true });
  } catch {
    // Housekeeping only.
  }
}
