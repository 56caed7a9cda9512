import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { namesToRemove } from '../write/no-links.ts';
import { hashText } from '../plan/manifest.ts';

/** Bump when the pack format changes. */
const FORMAT = 2;
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
  /** Hash of the entry's bytes, checked on every read. */
  check: string;
}

/** Last line of every complete index; an index without it was cut short and is ignored. */
const END = 'end';

const checksum = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

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
 * its pack (to a temporary name, then renamed), ends with a line counting its entries, and holds
 * a hash of every entry's bytes that is checked on each read: a cut index is ignored and a
 * damaged entry is a miss, so a crashed build or a damaged disk costs a re-render, never a
 * wrong page. For that reason a build's pack and index are not synced to the disk (two fsyncs
 * were 160 ms of a one-edit deploy of the bench); only a merge, which removes the packs it
 * replaces, syncs its own.
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
      if (readSync(fd, buf, 0, loc.length, loc.offset) !== loc.length || checksum(buf) !== loc.check) return undefined;
      return buf.toString('utf8');
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
        const entry = { pack: name, offset: writeOffset, length: bytes.length, check: checksum(bytes) };
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
        // Not synced to the disk: an entry a power cut lost fails its hash, an index cut short
        // has no end line, and either is only a miss (see the design note above).
        closeSync(writer);
        writer = undefined;
        try {
          writeIndex(dir, name, added);
        } catch { /* see above */ }
      }
      for (const fd of fds.values()) closeSync(fd);
      fds.clear();
    },
  };
}

function writeIndex(dir: string, name: string, entries: [string, Location][], sync = false): void {
  const lines = entries.map(([h, l]) => `${h} ${l.offset} ${l.length} ${l.check}`);
  lines.push(`${END} ${entries.length}`);
  const tmp = join(dir, `${name}.idx-tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, lines.join('\n'));
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, join(dir, `${name}.idx`));
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
    let lines: string[];
    try {
      lines = readFileSync(join(dir, n), 'utf8').split('\n');
    } catch {
      continue;
    }
    const entries = parseIndex(pack, lines);
    if (entries) for (const [hash, loc] of entries) index.set(hash, loc);
  }
  return index;
}

/** The entries of one index, or undefined when it is cut short or damaged anywhere. */
function parseIndex(pack: string, lines: string[]): [string, Location][] | undefined {
  const last = lines.pop();
  if (last !== `${END} ${lines.length}`) return undefined;
  const entries: [string, Location][] = [];
  for (const line of lines) {
    const m = /^([0-9a-f]{32}) (\d+) (\d+) ([\w-]{22})$/.exec(line);
    if (!m) return undefined;
    entries.push([m[1], { pack, offset: Number(m[2]), length: Number(m[3]), check: m[4] }]);
  }
  return entries;
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
    for (const d of namesToRemove(root)) if (d !== current) rmSync(join(root, d), { recursive: true, force: true });
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
    const entries: [string, Location][] = [];
    let offset = 0;
    const readers = new Map<string, Buffer>();
    for (const [hash, loc] of index) {
      let data = readers.get(loc.pack);
      if (!data) readers.set(loc.pack, (data = readFileSync(join(dir, `${loc.pack}.pack`))));
      const bytes = data.subarray(loc.offset, loc.offset + loc.length);
      if (bytes.length !== loc.length || checksum(bytes) !== loc.check) continue; // damaged: dropped, re-rendered later
      writeSync(out, bytes);
      entries.push([hash, { ...loc, pack: name, offset }]);
      offset += loc.length;
    }
    // Synced: the packs it replaces are removed next, and a power cut must not lose them all.
    fsyncSync(out);
    closeSync(out);
    writeIndex(dir, name, entries, true);
    for (const n of namesToRemove(dir)) if (!n.startsWith(name)) rmSync(join(dir, n), { force: true });
  } catch {
    // Housekeeping only.
  }
}
