import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { outputFile } from '../write/output-paths.ts';
import { writeOutputFile } from '../write/write.ts';
import type { SearchOptions } from '../types.ts';
import { isExcluded, searchRecord, type SearchRecord } from './extract.ts';
import { inPart, openSearchIndex, PARTS_FILE, recordHash, type IndexEntry, type OpenIndexOptions, type SearchFile, type SearchIndexFiles, type SearchPart } from './search-index.ts';
import type { PageEntry } from './words.ts';
import { readPart, readPartPages, recordOfPage, touchedPartFiles } from './own-index.ts';

export { inPart, SEARCH_DIR, type SearchPart } from './search-index.ts';

/** A page of the site, in the route table's order. */
export interface IndexedPage {
  path: string;
  outFile: string;
  /** The page asks search engines not to index it (`PageSpec.noindex`): the site's own search leaves it out too (optional). */
  noindex?: boolean;
  /**
   * Where its finished HTML is, for a page this build does not render (kept from the previous
   * output); `undefined` for a page being rendered now, whose HTML comes through `page()`.
   */
  keptIn?: string;
  /** A kept page's record hash from the previous build's manifest ('' for none): its HTML is then read only if its part is built again. */
  record?: string;
  /** A page rendered now: its record hash in the previous build's manifest, when it had one. */
  was?: string;
}

/** The search index of one build, fed while the pages render. */
export interface PageIndexer {
  /** A page rendered now, in any order (`RenderPoolOptions.onPage`). */
  page(outFile: string, html: string): void;
  /**
   * Once every page is in: builds the last part and writes what is left into the indexer's
   * `IndexOutput` (each part's files were written as the part was made). Returns each written
   * file's output path with a key for the manifest, and the index's parts (those reused were not
   * written: their files are the previous output's). A file `unchanged` says the output already
   * holds (by its key) is not written but returned in `same`. Only for an indexer given an output.
   */
  finish(): Promise<{ keys: Map<string, string>; same: Map<string, string>; parts: SearchPart[]; cpuMs?: number }>;
  /** Once every page is in: builds the index and returns its files, writing nothing. */
  files(): Promise<SearchIndexFiles>;
  /** Lets go of the index without its files (a failed build). */
  close(): Promise<void>;
  /** Each indexed page's record hash ('' when it has nothing to index), by output file, for the manifest. */
  recordHashes: ReadonlyMap<string, string>;
  /** What the records were made with (the settings and each page's share of text): hashes kept under other settings are not used. */
  recordSettings: string;
}

/** Where an indexer writes its files as it makes them: a folder, and the files it need not write. */
export interface IndexOutput {
  stagingDir: string;
  /** Whether the output already holds this file with this key: then it is not written (optional). */
  unchanged?: (outFile: string, key: string) => boolean;
  /**
   * This file's key when the output holds it as the previous build wrote it (optional): a part
   * patched in place (`touchedPartFiles`) keeps the files it does not touch.
   */
  kept?: (outFile: string) => string | undefined;
}

/**
 * Starts indexing `pages`: each page's record goes to the index as soon as it and every page
 * before it are known, so the index's parts are made while pages render and get their records in
 * the route table's order whatever order the render threads finish in (its files depend on that order).
 *
 * `reuse` names the previous index's parts still in the output (folder → key, see
 * `openSearchIndex`): a part whose pages give the same records is not built again.
 *
 * # Design decision
 * A part is made whole from its records, so an incremental build builds again the parts whose records
 * changed. A kept page's record is known by its hash, from the previous build's manifest, and is
 * read from the page kept in the previous output (its HTML is exactly what is served) only when
 * its part is built again; without a manifest (`--no-cache`) every kept page is read. Reading
 * the kept pages of every part was about 3 s of a one-edit deploy of the 4,000-page bench.
 * Rejected: keeping each page's text in the manifest, which would duplicate the site's text in
 * the cache to save reading the pages of the one part an edit changes.
 */
export function startPageIndexer(
  pages: IndexedPage[],
  options: SearchOptions,
  reuse?: { salt: string; parts?: ReadonlyMap<string, string>; recordSettings?: string; previousDir?: string },
  output?: IndexOutput,
): PageIndexer {
  const wanted = pages.filter((p) => !p.noindex && !isExcluded(p.path, options.exclude));
  const share = options.maxTotalChars === undefined ? undefined : Math.floor(options.maxTotalChars / Math.max(wanted.length, 1));
  const maxChars = share === undefined ? options.maxChars : Math.min(share, options.maxChars ?? share);
  const keys = new Map<string, string>();
  const same = new Map<string, string>();
  const emit = output
    ? (files: SearchFile[], untouched?: ReadonlyMap<string, string>) => {
        const written = writeIndex(files, output.stagingDir, (file, key) => {
          const kept = output.unchanged?.(file, key) ?? false;
          if (kept) same.set(file, key);
          return kept;
        });
        for (const [file, key] of written) keys.set(file, key);
        for (const [file, key] of untouched ?? []) same.set(file, key);
      }
    : undefined;
  // A part of the previous index, read from the output it is in (its folder there is `previousDir`'s parent's),
  // or patched where it is there.
  const previousPart = reuse?.previousDir === undefined ? undefined : (dir: string) => readPart(join(reuse.previousDir!, '..', dir));
  const touched = output?.kept && reuse?.previousDir !== undefined ? patchInPlace(reuse.previousDir, output.kept) : undefined;
  const index = openSearchIndex({ ...options, expectedPages: wanted.length, salt: reuse?.salt, reuse: reuse?.parts, emit, previous: previousPart, touched });
  const rendered = new Map<string, SearchRecord | undefined>();
  let next = 0;
  const recordHashes = new Map<string, string>();
  const recordSettings = createHash('sha256').update(JSON.stringify([options, maxChars ?? null])).digest('hex').slice(0, 16);
  const hashesHold = reuse?.recordSettings === recordSettings;
  const recordOf = (page: IndexedPage, html: string) => searchRecord(html, page.path, { ...options, maxChars });
  const readKept = (page: IndexedPage) => recordOf(page, readFileSync(outputFile(page.keptIn!, page.outFile), 'utf8'));
  const previous = reuse?.previousDir === undefined ? undefined : previousRecords(reuse.previousDir);
  // A kept page's record, from the previous index where it holds the record the manifest names.
  const loadKept = (page: IndexedPage) => previous?.(page.path, page.record!) ?? readKept(page);
  const entryOf = (record: SearchRecord | undefined): IndexEntry | undefined => (record ? { hash: recordHash(record), record } : undefined);
  const pump = () => {
    for (; next < wanted.length; next++) {
      const page = wanted[next];
      let entry: IndexEntry | undefined;
      if (page.keptIn && page.record !== undefined && hashesHold) entry = page.record ? { hash: page.record, load: () => loadKept(page), was: page.record } : undefined;
      else if (page.keptIn) entry = entryOf(readKept(page));
      else if (rendered.has(page.outFile)) entry = entryOf(rendered.get(page.outFile));
      else return;
      if (entry && !page.keptIn && page.was && hashesHold) entry.was = page.was;
      rendered.delete(page.outFile);
      recordHashes.set(page.outFile, entry?.hash ?? '');
      if (entry) index.add(entry);
    }
  };
  const files = async () => {
    pump();
    if (next < wanted.length) throw new Error(`the search index is missing the page ${wanted[next].path}`);
    return index.files();
  };
  const byOutFile = new Map(wanted.map((p) => [p.outFile, p]));
  pump();
  return {
    page(outFile, html) {
      const page = byOutFile.get(outFile);
      if (!page) return;
      rendered.set(outFile, recordOf(page, html));
      pump();
    },
    files,
    finish: async () => {
      if (!emit) throw new Error('finish() needs an indexer started with an output folder');
      const index = await files();
      emit(index.files);
      return { keys: sorted(keys), same: sorted(same), parts: index.parts, ...(index.cpuMs === undefined ? {} : { cpuMs: index.cpuMs }) };
    },
    close: () => index.close(),
    recordHashes,
    recordSettings,
  };
}

/** A map in its keys' order: the files come out in the same order however the parts were written. */
const sorted = (map: Map<string, string>): Map<string, string> => new Map([...map].sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The records in the previous index at `dir` (its folder in the output), by page path, read the
 * first time one is asked for: each part's page files, a part at a time until the page is found.
 * A record comes back only when its hash is the one asked for, so a page file changed or left from
 * other settings is never trusted; otherwise undefined, and the page's HTML is read instead.
 *
 * # Design decision
 * A one-edit deploy builds again the part its page is in, and needs the records of that part's
 * other pages. The page files hold those records already (own-index.ts): reading 1,000 of them
 * took 56 ms in a profile of the bench's deploy, and the whole part was made again in 194 ms
 * against 672 ms when its kept pages' HTML was read and extracted.
 */
function previousRecords(dir: string): (path: string, hash: string) => SearchRecord | undefined {
  let unread: string[] | undefined;
  const found = new Map<string, PageEntry>();
  // A part gone or unreadable gives none: its pages are read from their HTML.
  const readPages = (part: string) => {
    for (const entry of readPartPages(part)?.pages ?? []) found.set(entry.url, entry);
  };
  return (path, hash) => {
    if (!unread) {
      let more: string[] = [];
      try {
        more = JSON.parse(readFileSync(join(dir, PARTS_FILE), 'utf8')) as string[];
      } catch {
        /* no list: the first part alone */
      }
      unread = [dir, ...more.map((folder) => join(dir, folder))];
    }
    while (!found.has(path) && unread.length) readPages(unread.shift()!);
    const entry = found.get(path);
    if (!entry) return undefined;
    const record = recordOfPage(entry);
    return recordHash(record) === hash ? record : undefined;
  };
}

type ManifestFiles = Record<string, { key: string; size: number; mtimeMs: number }>;

/**
 * The previous build's index, by output path and manifest key, when it is still in `outDir` as
 * that build wrote it (size and modification time); `undefined` when it is not. A build whose
 * pages are all unchanged keeps it: the index depends only on the pages' HTML and the site's
 * settings, and a change to those changes pages.
 */
export function previousIndex(files: ManifestFiles, outDir: string): Map<string, string> | undefined {
  const kept = new Map<string, string>();
  for (const [file, record] of Object.entries(files)) {
    if (!record.key.startsWith('search:')) continue;
    if (!intact(outDir, file, record)) return undefined;
    kept.set(file, record.key);
  }
  return kept.size ? kept : undefined;
}

/**
 * The previous build's index parts (`parts`: folder → key, from its manifest) whose files are all
 * still in `outDir` as it wrote them, with those files by output path and manifest key.
 */
export function previousParts(parts: Record<string, string> | undefined, files: ManifestFiles, outDir: string, restored = false): Map<string, { key: string; files: Map<string, string> }> {
  const found = new Map<string, { key: string; files: Map<string, string> }>();
  const indexFiles = Object.entries(files).filter(([, record]) => record.key.startsWith('search:'));
  for (const [dir, key] of Object.entries(parts ?? {})) {
    const mine = indexFiles.filter(([file]) => inPart(file, dir));
    if (mine.length && (restored || mine.every(([file, record]) => intact(outDir, file, record)))) found.set(dir, { key, files: new Map(mine.map(([file, record]) => [file, record.key])) });
  }
  return found;
}

/** Whether an output file is as the manifest recorded it (size and modification time). */
export function intact(outDir: string, file: string, record: { size: number; mtimeMs: number }): boolean {
  try {
    const s = statSync(outputFile(outDir, file));
    return s.size === record.size && s.mtimeMs === record.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * `OpenIndexOptions.touched` for a previous index in `previousDir`: a part patched where it is,
 * its files the change does not touch kept as the output holds them (`kept` gives their keys).
 */
function patchInPlace(previousDir: string, kept: (outFile: string) => string | undefined): NonNullable<OpenIndexOptions['touched']> {
  return (dir, count, changed) => {
    const made = touchedPartFiles(join(previousDir, '..', dir), count, changed);
    if (!made) return undefined;
    const untouched = new Map<string, string>();
    for (const path of made.same) {
      const key = kept(`${dir}/${path}`);
      if (key === undefined) return undefined;
      untouched.set(`${dir}/${path}`, key);
    }
    return { files: made.files, same: untouched };
  };
}

/** Writes the index's files into `stagingDir`, but those `skip` names; returns each written one's output path with a key (its content hash) for the manifest. */
export function writeIndex(files: SearchIndexFiles['files'], stagingDir: string, skip?: (outFile: string, key: string) => boolean): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files) {
    const key = `search:${createHash('sha256').update(file.contents).digest('hex').slice(0, 16)}`;
    if (skip?.(file.outFile, key)) continue;
    writeOutputFile(stagingDir, file.outFile, file.contents);
    keys.set(file.outFile, key);
  }
  return keys;
}
