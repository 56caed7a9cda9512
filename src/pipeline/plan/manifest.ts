import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDeadTemps, tempBeside } from '../write/build-lock.ts';

/** Bump when the cache layout changes; the version key covers everything else. */
export const LAYOUT = 5;

export function hashText(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

/** What one output file was built from, and what it looked like on disk afterwards. */
export interface OutputRecord {
  /** Hash of its inputs. */
  key: string;
  size: number;
  mtimeMs: number;
  /** Pages only: links to check and ids offered, so an unchanged page is still link-checked. */
  links?: string[];
  ids?: string[];
  /** Pages in the search index: their record's hash ('' for nothing to index), see index-pages.ts. */
  record?: string;
}

/** What the previous build wrote, so unchanged output can be left alone. */
export interface BuildManifest {
  layout: number;
  /** This build's id (a random UUID), which the cached copy of its output names (output-mirror.ts). */
  build?: string;
  outDir: string;
  files: Record<string, OutputRecord>;
  /** Fingerprint of every input (see up-to-date.ts); absent when an input changed mid-build. */
  fingerprint?: string;
  /** The folders and files the fingerprint covers. */
  inputs?: { folders: string[]; files: string[] };
  /** What the pages' search `record` hashes were made with (`PageIndexer.recordSettings`). */
  searchRecords?: string;
  /** The search index's parts, folder → key of what each was built from (see search-index.ts). */
  searchParts?: Record<string, string>;
  /** What the pages' links were checked against: the output's files, redirects and more (`linkContext`, site-links.ts). */
  linkContext?: string;
  /** The previous build's counts, reported again when nothing needs doing. */
  /** `leftOut`: the "Left out …" line of that build, when it left entries out. */
  summary?: { pages: number; redirects: number; assets: number; leftOut?: string };
}

/** The manifest's file name in the cache folder. */
export const MANIFEST_FILE = 'build-manifest.json';

export function readManifest(cacheDir: string | undefined, outDir: string): BuildManifest | undefined {
  if (!cacheDir) return undefined;
  try {
    const m = parseManifest(readFileSync(join(cacheDir, MANIFEST_FILE), 'utf8'));
    return m.layout === LAYOUT && m.outDir === outDir ? m : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first line of the manifest file: what a build with nothing to do needs, and no more. The
 * output's files are one `file\tsize\tmtimeMs` line each.
 *
 * # Design decision
 * A warm build of the 4,000-page bench spent about a quarter of its time parsing the whole
 * manifest (6.7 MB of JSON: every page's links, ids and keys) to compare about 10,000 sizes and
 * times. The head is the same facts in about a tenth of the bytes, in the same file, so it can
 * never disagree with the manifest the way a second file could after a crash or a `dev` write.
 */
export interface ManifestHead {
  layout: number;
  outDir: string;
  fingerprint?: string;
  inputs?: BuildManifest['inputs'];
  summary?: BuildManifest['summary'];
  output: string;
}

/** The manifest file's text: its head (`ManifestHead`) on the first line, then the whole manifest (`StoredManifest`). */
export function manifestText(m: BuildManifest): string {
  return manifestLines(m).join('\n');
}

/** The manifest file's two lines: its head, and the whole manifest. */
function manifestLines(m: BuildManifest): [string, string] {
  const output = Object.entries(m.files)
    .map(([file, r]) => `${file}\t${r.size}\t${r.mtimeMs}`)
    .join('\n');
  const head: ManifestHead = { layout: m.layout, outDir: m.outDir, fingerprint: m.fingerprint, inputs: m.inputs, summary: m.summary, output };
  return [JSON.stringify(head), JSON.stringify(stored(m))];
}

/** The whole manifest from its file's text. */
export function parseManifest(text: string): BuildManifest {
  return unstored(JSON.parse(text.slice(text.indexOf('\n') + 1)) as StoredManifest | BuildManifest);
}

/**
 * The manifest as its file holds it: the pages' links and ids as numbers into `strings`, where
 * each distinct link and id is written once.
 *
 * # Design decision
 * Every page of a site shares most of its links and ids (the header, footer and menu): on the
 * 4,000-page bench, 160,000 links are 23,600 distinct addresses and 90,000 ids 29,900 distinct
 * names. Written out in full they were 5.1 of the manifest's 7.3 MB, read and parsed at the start
 * of every build that has a previous one and written at its end, where a cold build's memory
 * peaks; as numbers the file is 4.9 MB, and a build that reads it holds one string per distinct
 * value instead of one per use.
 */
interface StoredManifest extends Omit<BuildManifest, 'files'> {
  strings: string[];
  files: Record<string, Omit<OutputRecord, 'links' | 'ids'> & { links?: number[]; ids?: number[] }>;
}

/**
 * Where a record read from a manifest file keeps its links and ids: as numbers into that file's
 * `strings`, turned into strings only when read. A build that keeps most pages reads few of them
 * (links/site-links.ts, `linksToCheck`): their numbers are written again as they were (`stored`),
 * into the same table with this build's new strings added after it.
 */
const NUMBERED = Symbol('numbered links and ids');

interface Numbered {
  strings: string[];
  links?: number[];
  ids?: number[];
}

const named = (numbered: Numbered, numbers: number[] | undefined) => numbers?.map((n) => numbered.strings[n]!);

/** An output record as a manifest file holds it: `links` and `ids` made from their numbers when first read. */
class NumberedRecord implements OutputRecord {
  key: string;
  size: number;
  mtimeMs: number;
  record?: string;
  readonly [NUMBERED]: Numbered;
  #links?: string[];
  #ids?: string[];
  constructor(fields: Omit<OutputRecord, 'links' | 'ids'>, numbered: Numbered) {
    this.key = fields.key;
    this.size = fields.size;
    this.mtimeMs = fields.mtimeMs;
    if (fields.record !== undefined) this.record = fields.record;
    this[NUMBERED] = numbered;
  }
  get links(): string[] | undefined {
    return (this.#links ??= named(this[NUMBERED], this[NUMBERED].links));
  }
  get ids(): string[] | undefined {
    return (this.#ids ??= named(this[NUMBERED], this[NUMBERED].ids));
  }
}

/** A page kept from the previous build, its links and ids as that build's manifest holds them. */
class KeptPage {
  path: string;
  outFile: string;
  source?: string;
  readonly [NUMBERED]: Numbered;
  #links?: string[];
  #ids?: string[];
  constructor(fields: { path: string; outFile: string; source?: string }, numbered: Numbered) {
    this.path = fields.path;
    this.outFile = fields.outFile;
    if (fields.source !== undefined) this.source = fields.source;
    this[NUMBERED] = numbered;
  }
  get links(): string[] {
    return (this.#links ??= named(this[NUMBERED], this[NUMBERED].links) ?? []);
  }
  get ids(): string[] {
    return (this.#ids ??= named(this[NUMBERED], this[NUMBERED].ids) ?? []);
  }
}

const numberedOf = (from: object): Numbered | undefined => (from as { [NUMBERED]?: Numbered })[NUMBERED];

/** An output record with the links and ids of `from` (a record or page read from a manifest, or one made now), as lazily as `from` holds them. */
export function withLinks(fields: Omit<OutputRecord, 'links' | 'ids'>, from: { links?: string[]; ids?: string[] }): OutputRecord {
  const numbered = numberedOf(from);
  if (numbered) return new NumberedRecord(fields, numbered);
  return { ...fields, ...(from.links ? { links: from.links } : {}), ...(from.ids ? { ids: from.ids } : {}) };
}

/** A page of the site-wide check with the links and ids of `from` (`withLinks`); none when `from` has none. */
export function pageWithLinks(
  fields: { path: string; outFile: string; source?: string },
  from: { links?: string[]; ids?: string[] },
): { path: string; outFile: string; source?: string; links: string[]; ids: string[] } {
  const numbered = numberedOf(from);
  if (numbered) return new KeptPage(fields, numbered);
  return { ...fields, links: from.links ?? [], ids: from.ids ?? [] };
}

function stored(m: BuildManifest): StoredManifest {
  // The table of the manifest read, when records of it are carried over (their numbers index it).
  let base: string[] | undefined;
  for (const record of Object.values(m.files)) if ((base = numberedOf(record)?.strings)) break;
  const table = base;
  const carried = (record: OutputRecord) => {
    const numbered = numberedOf(record);
    return numbered && numbered.strings === table ? numbered : undefined;
  };
  // Renumbered when fewer than half of the table's strings are still used (pages gone, links
  // changed: `numbered` adds new ones after it), so it stays about the size a fresh one would be.
  let renumber = (numbers: number[] | undefined) => numbers;
  if (base) {
    const used = new Uint8Array(base.length);
    let count = 0;
    for (const record of Object.values(m.files)) {
      const numbered = carried(record);
      for (const list of [numbered?.links, numbered?.ids]) for (const n of list ?? []) if (!used[n]) count += used[n] = 1;
    }
    if (count < base.length / 2) {
      const to = new Int32Array(base.length);
      const kept: string[] = [];
      for (let n = 0; n < base.length; n++) if (used[n]) to[n] = kept.push(base[n]!) - 1;
      base = kept;
      renumber = (numbers) => numbers?.map((n) => to[n]!);
    }
  }
  const strings: string[] = base ? [...base] : [];
  // This build's new links and ids are numbered after the table; one also in it is written again
  // rather than looked for there (a map of every string costs more than the few repeats; the
  // renumbering above drops them again).
  const numbers = new Map<string, number>();
  const numberOf = (values: string[]) =>
    values.map((value) => {
      let n = numbers.get(value);
      if (n === undefined) numbers.set(value, (n = strings.push(value) - 1));
      return n;
    });
  const files: StoredManifest['files'] = {};
  for (const [file, record] of Object.entries(m.files)) {
    const numbered = carried(record);
    const { key, size, mtimeMs } = record;
    const rest = { key, size, mtimeMs, ...(record.record === undefined ? {} : { record: record.record }) };
    if (numbered) {
      const [links, ids] = [renumber(numbered.links), renumber(numbered.ids)];
      files[file] = { ...rest, ...(links ? { links } : {}), ...(ids ? { ids } : {}) };
      continue;
    }
    const { links, ids } = record;
    files[file] = { ...rest, ...(links ? { links: numberOf(links) } : {}), ...(ids ? { ids: numberOf(ids) } : {}) };
  }
  return { ...m, strings, files };
}

/** The manifest with its links and ids readable as strings again (`NumberedRecord`); a file of an older layout (no `strings`) as it is. */
function unstored(m: StoredManifest | BuildManifest): BuildManifest {
  if (!('strings' in m)) return m;
  const { strings, files, ...rest } = m;
  const checked = (numbers: number[] | undefined) => {
    for (const n of numbers ?? []) if (strings[n] === undefined) throw new Error(`the manifest names string ${n} of ${strings.length}`);
    return numbers;
  };
  const out: BuildManifest['files'] = {};
  for (const [file, { links, ids, ...record }] of Object.entries(files)) {
    out[file] = links || ids ? new NumberedRecord(record, { strings, links: checked(links), ids: checked(ids) }) : record;
  }
  return { ...rest, files: out };
}

/** The head of the manifest (`ManifestHead`), when it is this layout's and for `outDir`. */
export function readManifestHead(cacheDir: string, outDir: string): ManifestHead | undefined {
  try {
    const head = JSON.parse(firstLine(join(cacheDir, MANIFEST_FILE))) as ManifestHead;
    return head.layout === LAYOUT && head.outDir === outDir ? head : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first line of a file, read up to its end only: the manifest's head is about a tenth of the
 * file (0.7 of 7.3 MB on the 4,000-page bench), and every build that may be up to date reads it
 * (about 0.2 s less than reading the whole file there).
 */
function firstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    for (;;) {
      const chunk = Buffer.allocUnsafe(256 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      const end = chunk.subarray(0, n).indexOf(10);
      if (end >= 0 || n === 0) {
        chunks.push(chunk.subarray(0, end >= 0 ? end : n));
        return Buffer.concat(chunks).toString('utf8');
      }
      chunks.push(chunk.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the manifest beside its final name before the output is swapped in, so a failed write
 * (a full disk) fails the build while the previous output is still in place. `publish` makes it
 * current once the new output is in: the old manifest is removed first, so a crash between the
 * swap and `publish` leaves no manifest (the next build is a full one), never a wrong one. The
 * temporary name is this build's own (pid and random), so two processes never share it; `abort`
 * removes it when the build fails before the swap.
 */
export function prepareManifest(cacheDir: string | undefined, manifest: Omit<BuildManifest, 'layout'>): { publish(): BuildManifest; abort(): void } {
  const full: BuildManifest = { layout: LAYOUT, ...manifest };
  if (!cacheDir) return { publish: () => full, abort() {} };
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, MANIFEST_FILE);
  removeDeadTemps(file);
  const pending = tempBeside(file);
  try {
    // Line by line: the manifest is the largest text a build makes (7 MB for the 4,000-page
    // bench), and joined it was copied again at the end of the build, where its memory peaks.
    const fd = openSync(pending, 'w');
    try {
      const [head, body] = manifestLines(full);
      writeFileSync(fd, `${head}\n`);
      writeFileSync(fd, body);
    } finally {
      closeSync(fd);
    }
    rmSync(file, { force: true });
  } catch (error) {
    rmSync(pending, { force: true });
    // Named by the manifest's own name: the temporary one means nothing to the reader.
    throw Object.assign(error as Error, { path: file });
  }
  return {
    publish: () => {
      renameSync(pending, file);
      return full;
    },
    abort: () => rmSync(pending, { force: true }),
  };
}

/** Writes the manifest at once (dev, where the output is already in place). */
export function writeManifest(cacheDir: string | undefined, manifest: Omit<BuildManifest, 'layout'>): void {
  prepareManifest(cacheDir, manifest).publish();
}
