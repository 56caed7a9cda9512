import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDeadTemps, tempBeside } from '../write/build-lock.ts';

/** Bump when the cache layout changes; the version key covers everything else. */
export const LAYOUT = 6;

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

/** The manifest file's text: its head (`ManifestHead`) on the first line, then the rest (`manifestLines`). */
export function manifestText(m: BuildManifest): string {
  return manifestLines(m).join('\n');
}

/**
 * The manifest file's lines: its head (`ManifestHead`); everything else the manifest says but its
 * files (`Rest`); the table of the pages' links and ids (`Table`), a JSON array; then one line
 * per output file, in the order of the head's `output`: `key`, `record`, `links`, `ids`, split by
 * tabs. `record` is `-` when there is none; `links` and `ids` are numbers into the table joined by
 * commas, `-` when there are none.
 *
 * # Design decision
 * A deploy keeps all but a few of the 10,000 records of the 4,000-page bench, yet read (JSON) and
 * wrote (JSON again) the whole 4.9 MB manifest: about 0.2 s of its one second. Every record's
 * time changes (the output is restored into new files), so the records cannot be copied whole, but
 * their links and ids can: a kept record's are written back as the text they were read as
 * (`Numbered.tail`), and the table is written as read with the new strings added at its end. Its
 * strings are parsed only when a link or id is read. Sizes and times are the head's, not repeated.
 */
function manifestLines(m: BuildManifest): string[] {
  const entries = Object.entries(m.files);
  const output = entries.map(([file, r]) => `${file}\t${r.size}\t${r.mtimeMs}`).join('\n');
  const head: ManifestHead = { layout: m.layout, outDir: m.outDir, fingerprint: m.fingerprint, inputs: m.inputs, summary: m.summary, output };
  const { files: _files, ...rest } = m;
  const { table, lines } = storedRecords(entries);
  const stored: Rest = { ...rest, strings: table.count, drift: table.drift };
  return [JSON.stringify(head), JSON.stringify(stored), table.text, ...lines];
}

/** The manifest file's second line: the manifest but its head's fields and files, and its table's size. */
interface Rest extends Omit<BuildManifest, 'files'> {
  /** How many strings the table holds. */
  strings: number;
  /** Strings added and records dropped since the table's strings were last counted (`storedRecords`). */
  drift: number;
}

/** The whole manifest from its file's text (one of an older layout: its `outDir` and head fields, for output-folder.ts). */
export function parseManifest(text: string): BuildManifest {
  const lines = text.split('\n');
  const head = JSON.parse(lines[0]!) as ManifestHead & BuildManifest;
  if (head.layout !== LAYOUT || lines.length < 3) {
    const { output: _output, ...rest } = head;
    return { ...rest, files: {} };
  }
  const { strings, drift, ...rest } = JSON.parse(lines[1]!) as Rest;
  const table = new Table(lines[2]!, strings, drift);
  // A line cut short fails here; the table is parsed only when a link or id is read.
  if (!table.text.startsWith('[') || !table.text.endsWith(']')) throw new Error("the manifest's table is cut short");
  const files: BuildManifest['files'] = {};
  const output = head.output === '' ? [] : head.output.split('\n');
  if (output.length !== lines.length - 3) throw new Error(`the manifest lists ${output.length} files and ${lines.length - 3} records`);
  output.forEach((line, i) => {
    const a = line.indexOf('\t');
    const b = line.indexOf('\t', a + 1);
    files[line.slice(0, a)] = recordOf(lines[i + 3]!, Number(line.slice(a + 1, b)), Number(line.slice(b + 1)), table);
  });
  return { ...rest, layout: head.layout, files };
}

/** An output record from its line in the manifest file. */
function recordOf(line: string, size: number, mtimeMs: number, table: Table): OutputRecord {
  const a = line.indexOf('\t');
  const b = line.indexOf('\t', a + 1);
  if (a < 0 || b < 0) throw new Error(`a manifest record is cut short: ${line.slice(0, 80)}`);
  const key = line.slice(0, a);
  const record = line.slice(a + 1, b);
  const tail = line.slice(b + 1);
  if (tail === NONE) return record === '-' ? { key, size, mtimeMs } : { key, size, mtimeMs, record };
  table.records++;
  return new NumberedRecord(key, size, mtimeMs, record === '-' ? undefined : record, { table, tail });
}

/** The `links` and `ids` fields of a record with neither. */
const NONE = '-\t-';

/**
 * The table of the pages' links and ids as a manifest file holds it: each distinct link and id
 * written once, the records giving them by number.
 *
 * # Design decision
 * Every page of a site shares most of its links and ids (the header, footer and menu): on the
 * 4,000-page bench, 160,000 links are 23,600 distinct addresses and 90,000 ids 29,900 distinct
 * names. Written out in full they were 5.1 of the manifest's 7.3 MB; as numbers the file is
 * 4.9 MB, and a build that reads it holds one string per distinct value instead of one per use.
 */
class Table {
  #strings?: string[];
  constructor(
    /** The table's JSON text, as read. */
    readonly text: string,
    readonly count: number,
    readonly drift: number,
  ) {}
  /** How many records of the manifest read number into it. */
  records = 0;
  get strings(): string[] {
    if (this.#strings) return this.#strings;
    const strings = JSON.parse(this.text) as string[];
    if (!Array.isArray(strings) || strings.length !== this.count) throw new Error(`the manifest's table has ${String(strings.length)} strings, not ${this.count}`);
    return (this.#strings = strings);
  }
}

/**
 * Where a record read from a manifest file keeps its links and ids: the text of its line's last
 * two fields, numbers into that file's table, turned into strings only when read. A build that
 * keeps most pages reads few of them (links/site-links.ts, `linksToCheck`): the others are written
 * again as they were read (`storedRecords`).
 */
const NUMBERED = Symbol('numbered links and ids');

interface Numbered {
  table: Table;
  /** `links` and `ids` as the record's line gives them (`manifestLines`). */
  tail: string;
}

const numbersIn = (field: string): number[] | undefined => (field === '-' ? undefined : field === '' ? [] : field.split(',').map(Number));

/** The links (0) or ids (1) of a numbered record, as numbers. */
const numbersOf = (numbered: Numbered, which: 0 | 1): number[] | undefined => {
  const tab = numbered.tail.indexOf('\t');
  return numbersIn(which === 0 ? numbered.tail.slice(0, tab) : numbered.tail.slice(tab + 1));
};

function named(numbered: Numbered, which: 0 | 1): string[] | undefined {
  const numbers = numbersOf(numbered, which);
  if (!numbers) return undefined;
  const { strings } = numbered.table;
  return numbers.map((n) => {
    const value = strings[n];
    if (value === undefined) throw new Error(`the manifest names string ${n} of ${strings.length}`);
    return value;
  });
}

/** An output record as a manifest file holds it: `links` and `ids` made from their numbers when first read. */
class NumberedRecord implements OutputRecord {
  key: string;
  size: number;
  mtimeMs: number;
  record?: string;
  readonly [NUMBERED]: Numbered;
  #links?: string[];
  #ids?: string[];
  constructor(key: string, size: number, mtimeMs: number, record: string | undefined, numbered: Numbered) {
    this.key = key;
    this.size = size;
    this.mtimeMs = mtimeMs;
    if (record !== undefined) this.record = record;
    this[NUMBERED] = numbered;
  }
  get links(): string[] | undefined {
    return (this.#links ??= named(this[NUMBERED], 0));
  }
  get ids(): string[] | undefined {
    return (this.#ids ??= named(this[NUMBERED], 1));
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
    return (this.#links ??= named(this[NUMBERED], 0) ?? []);
  }
  get ids(): string[] {
    return (this.#ids ??= named(this[NUMBERED], 1) ?? []);
  }
}

const numberedOf = (from: object): Numbered | undefined => (from as { [NUMBERED]?: Numbered })[NUMBERED];

/** An output record with the links and ids of `from` (a record or page read from a manifest, or one made now), as lazily as `from` holds them. */
export function withLinks(fields: Omit<OutputRecord, 'links' | 'ids'>, from: { links?: string[]; ids?: string[] }): OutputRecord {
  const numbered = numberedOf(from);
  if (numbered) return new NumberedRecord(fields.key, fields.size, fields.mtimeMs, fields.record, numbered);
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

/**
 * The records' lines (`manifestLines`) and the table they number into: the table read, when
 * records of it are carried over, with this build's new links and ids added after it.
 *
 * The table is counted again (every carried record's numbers read) once the strings added and the
 * records dropped since it was last counted exceed a quarter of it, and made again from the strings
 * still used when fewer than half are, so it stays about the size a fresh one would be. A deploy
 * that renders one page adds a few dozen strings and counts nothing.
 */
function storedRecords(entries: [string, OutputRecord][]): { table: { text: string; count: number; drift: number }; lines: string[] } {
  let base: Table | undefined;
  for (const [, record] of entries) if ((base = numberedOf(record)?.table)) break;
  const carried = (record: OutputRecord) => {
    const numbered = numberedOf(record);
    return numbered && numbered.table === base ? numbered : undefined;
  };
  let carriedCount = 0;
  if (base) for (const [, record] of entries) if (carried(record)) carriedCount++;
  let renumber: ((tail: string) => string) | undefined;
  let kept: string[] | undefined;
  let drift = base ? base.drift + base.records - carriedCount : 0;
  if (base && drift > base.count / 4) {
    drift = 0;
    const used = new Uint8Array(base.count);
    let count = 0;
    for (const [, record] of entries) {
      const numbered = carried(record);
      if (numbered) for (const which of [0, 1] as const) for (const n of numbersOf(numbered, which) ?? []) if (!used[n]) count += used[n] = 1;
    }
    if (count < base.count / 2) {
      const to = new Int32Array(base.count);
      const strings = base.strings;
      kept = [];
      for (let n = 0; n < base.count; n++) if (used[n]) to[n] = kept.push(strings[n]!) - 1;
      const field = (numbers: number[] | undefined) => (numbers ? numbers.map((n) => to[n]!).join(',') : '-');
      renumber = (tail) => {
        const tab = tail.indexOf('\t');
        return `${field(numbersIn(tail.slice(0, tab)))}\t${field(numbersIn(tail.slice(tab + 1)))}`;
      };
    }
  }
  const start = kept ? kept.length : (base?.count ?? 0);
  // This build's new links and ids are numbered after the table; one also in it is written again
  // rather than looked for there (a map of every string costs more than the few repeats; the
  // count above drops them again).
  const added: string[] = [];
  const numbers = new Map<string, number>();
  const field = (values: string[] | undefined) => {
    if (!values) return '-';
    return values
      .map((value) => {
        let n = numbers.get(value);
        if (n === undefined) numbers.set(value, (n = start + added.push(value) - 1));
        return n;
      })
      .join(',');
  };
  const lines = entries.map(([, record]) => {
    const numbered = carried(record);
    const tail = numbered ? (renumber ? renumber(numbered.tail) : numbered.tail) : `${field(record.links)}\t${field(record.ids)}`;
    return `${record.key}\t${record.record ?? '-'}\t${tail}`;
  });
  // A table made afresh has just been counted.
  if (base) drift += added.length;
  const newText = added.map((value) => JSON.stringify(value)).join(',');
  let text: string;
  if (kept) text = JSON.stringify([...kept, ...added]);
  else if (base && base.count > 0) text = added.length ? `${base.text.slice(0, -1)},${newText}]` : base.text;
  else text = `[${newText}]`;
  return { table: { text, count: start + added.length, drift }, lines };
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
    // A thousand lines at a time: the manifest is the largest text a build makes (5 MB for the
    // 4,000-page bench), and joined whole it was copied again at the end of the build, where its
    // memory peaks.
    const fd = openSync(pending, 'w');
    try {
      const lines = manifestLines(full);
      for (let i = 0; i < lines.length; i += 1000) writeFileSync(fd, `${i ? '\n' : ''}${lines.slice(i, i + 1000).join('\n')}`);
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
