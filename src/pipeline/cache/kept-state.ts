import { createHash, hash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ImageSet } from '../images/process-images.ts';
import { imagesNamed } from '../images/references.ts';
import { loadFile, outputsOf, type KeptKeys, knowEntryKey, entryKey, type LoadedFile, type PublicListing, type SiteParts, type SiteState } from '../site-state.ts';
import { unknownSiteValues } from '../markdown/site-values.ts';
import type { CollectionSpec, Entry, Route } from '../types.ts';
import { findEscapedEntries } from '../validate/body-use.ts';
import { locateField } from '../validate/locate.ts';
import { validateRecord, type ImageRef } from '../validate/validate.ts';
import { contentText } from '../load/load.ts';

/**
 * The site state of the last full build, kept in the cache folder (`site-state.bin`), so that a
 * build after an edit that changed only Markdown bodies (the usual deploy: one article's text)
 * takes it instead of validating every entry and running the site's functions again. On the
 * 4,000-page bench that work is most of a one-edit deploy: about 1 s of the main thread.
 *
 * # Why this is the same as a full build
 * The site's functions (`prepare`, `routes`, `settings`, `shared`, `redirects`, `files`, `feed`,
 * `checks`, the cards' `of`) receive the validated content and nothing else, and are deterministic
 * (as the whole incremental build assumes). The kept state is taken only when everything else they
 * could see is as it was: the same compiled site and generator (`versionKey`, this code), the same
 * options and day, styles, islands, host functions, processed images, public file names and sizes,
 * card fonts and images (by their bytes), and the same content files, each with the same text
 * except Markdown bodies. An edited body must belong to an entry whose body no site function read
 * (`recordBodyReads`) and which no route's props, shared data, settings or redirects hold as an
 * object (`findEscapedEntries`), as dev's body-only edits (dev/body-edit.ts); it must not name a
 * processed image (pages' image keys read bodies) nor an unknown `{{site.name}}`, and its file must
 * validate without a problem, to the same entry but for the body. Then the routes, generated
 * files and cards are those the functions would make again; only the edited entries' bodies,
 * and so their pages' keys, differ. Anything else takes the full path, which writes a new state.
 *
 * The file holds no entry body that is the end of its file's text (nearly all): each is put back
 * from the text read (`bodyLengths`). Each route's props are serialised on their own, end to end
 * at the start of the file, and read back only for a page rendered again (most of the state by
 * size: lists of cards); then the rest, serialised, then its length (4 bytes).
 */
const FILE = 'site-state.bin';
/** Bump when what the file holds changes: a file of another format is not read. */
const FORMAT = 3;

/** What a kept state depends on besides the content files; any difference and it is not taken. */
export interface StateInputs {
  versionKey: string;
  options: { baseUrl?: string; host?: string; drafts?: boolean; today: string };
  parts: SiteParts;
  publicListing: PublicListing;
  images: ImageSet;
  hostFiles?: Map<string, string | Uint8Array>;
}

/** Which entries' bodies the site's functions used while the state was computed (validate/body-use.ts). */
export interface BodyReads {
  read: Set<Entry>;
}

interface Kept {
  format: number;
  key: string;
  /** Every content file: a hash of its text, and for a Markdown entry's file, of the text before its body. */
  files: Map<string, { text: string; front?: string }>;
  /** Files of entries a site function read the body of, that a route's props or the site data hold, or whose body names a processed image. */
  bodyUsed: Set<string>;
  /** A function or class instance was found in the data: no body edit can be taken as unused. */
  opaque: boolean;
  state: Pick<SiteState, 'validated' | 'routes' | 'unrouted' | 'redirects' | 'site' | 'warnings' | 'unpublishedRoutes' | 'siteFolder' | 'made'>;
  /** The manifest key of every output but public files and processed images. */
  keys: Map<string, string>;
  /** Every entry (the same objects the state holds), with its `entryKey` and, when its body is left out, its length: the end of its file's text (else -1). Arrays, which read back faster than maps. */
  entries: Entry[];
  entryKeys: string[];
  bodyLengths: number[];
  /** The routes' props, each serialised on its own, end to end at the start of the file (`bytes`, set when read): a route's `props` holds its number here. */
  props: { bytes: Uint8Array; ends: number[] };
}

// One call a file (`hash`, no hash object each): a deploy of the bench hashes some 4,000.
const hashOf = (data: string | Uint8Array) => hash('sha256', data, 'base64url');

/** The key a kept state must carry to be taken for these inputs. */
export function stateKey(inputs: StateInputs): string {
  const hash = createHash('sha256');
  const add = (...values: (string | Uint8Array)[]) => {
    for (const value of values) hash.update(value).update('\0');
  };
  const { parts, publicListing, images } = inputs;
  add(String(FORMAT), codeKey(), inputs.versionKey, JSON.stringify(inputs.options));
  for (const asset of [...parts.styles.assets, ...parts.islands.assets]) add(asset.outFile, asset.contents);
  add(JSON.stringify({ chunks: parts.islands.chunks, loader: parts.islands.loader }));
  for (const [file, contents] of inputs.hostFiles ?? []) add(file, contents);
  add(JSON.stringify({ files: publicListing.files.map((f) => [f.path, f.size]), broken: publicListing.broken }));
  add(
    JSON.stringify({
      manifest: images.manifest,
      published: images.published,
      sources: images.sources,
      failures: [...images.failures],
      files: [...images.files].map(([file, image]) => [file, image.key]),
    }),
  );
  return hash.digest('hex');
}

let code: string | undefined;

/**
 * This code's own version: the names of the compiled generator's files (esbuild names each chunk
 * by a hash of its contents) and the bytes of those not so named. From source (the tests), the
 * bytes of this folder's files.
 */
function codeKey(): string {
  if (code !== undefined) return code;
  const hash = createHash('sha256');
  try {
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const name of readdirSync(dir).sort()) {
      hash.update(name).update('\0');
      if (!name.startsWith('chunk-')) hash.update(readFileSync(join(dir, name)));
    }
  } catch {
    hash.update(String(Date.now()));
  }
  return (code = hash.digest('hex'));
}

/**
 * Writes the state a build computed without a problem of its own, for the next build to take
 * (`keptState`). A state that cannot be written (a value the serializer refuses, a full disk)
 * only makes the next build slower.
 */
export function keepState(cacheDir: string, key: string, state: SiteState, keys: Map<string, string>, reads: BodyReads, collections: Record<string, CollectionSpec>): void {
  const file = join(cacheDir, FILE);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    // The routes' props first, each written as it is serialised, then the rest, then its length:
    // a cold build holds one route's bytes at a time, not the whole file twice over.
    const fd = openSync(temp, 'w');
    try {
      let end = 0;
      const ends: number[] = [];
      const put = (bytes: Uint8Array) => {
        writeSync(fd, bytes);
        ends.push((end += bytes.length));
      };
      const rest = serialize(keptOf(key, state, keys, reads, collections, put, ends));
      writeSync(fd, rest);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(rest.length);
      writeSync(fd, length);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch {
    rmSync(temp, { force: true });
    rmSync(file, { force: true });
  }
}

function keptOf(
  key: string,
  state: SiteState,
  keys: Map<string, string>,
  reads: BodyReads,
  collections: Record<string, CollectionSpec>,
  putProps: (bytes: Uint8Array) => void,
  propsEnds: number[],
): Kept {
  const entries: Entry[] = [];
  const bodyLengths: number[] = [];
  const entryKeys: string[] = [];
  const copies = new Map<Entry, Entry>();
  const bodyUsed = new Set<string>();
  const { escaped, opaque } = findEscapedEntries([state.site.settings, state.site.shared, state.redirects, ...[...state.routes, ...state.unpublishedRoutes].map((r) => r.props)]);
  const manifest = state.images.manifest;
  // Each entry once, as a copy without its body when the body is the end of its file's text.
  const kept = (entry: Entry): Entry => {
    let copy = copies.get(entry);
    if (copy) return copy;
    const { body } = entry;
    const text = state.content.get(entry.file)?.text;
    const leftOut = text !== undefined && text.endsWith(body);
    copy = leftOut ? { ...entry, body: '' } : { ...entry };
    entries.push(copy);
    bodyLengths.push(leftOut ? body.length : -1);
    entryKeys.push(entryKey(entry));
    if (reads.read.has(entry) || escaped.has(entry) || imagesNamed(body, manifest, entry.file).length) bodyUsed.add(entry.file);
    copies.set(entry, copy);
    return copy;
  };
  // Each route's props as bytes of their own, read back only for a page rendered again: most of
  // the state by size (lists of cards), and most of the time a build would spend reading it.
  // End to end in the file, before the rest (one buffer to read back); a route's props are its number.
  let props = 0;
  const keptRoute = (route: Route): Route => {
    putProps(serialize(route.props));
    return { ...route, ...(route.entry ? { entry: kept(route.entry) } : {}), props: props++ as unknown as Route['props'] };
  };
  const { validated } = state;
  const content = Object.fromEntries(
    Object.entries(validated.content).map(([name, value]) => [name, collections[name]?.kind === 'markdown' && Array.isArray(value) ? (value as Entry[]).map(kept) : value]),
  );
  const unpublishedEntries = Object.fromEntries(Object.entries(validated.unpublishedEntries).map(([name, list]) => [name, list.map(kept)]));
  const routes = state.routes.map(keptRoute);
  const unpublishedRoutes = state.unpublishedRoutes.map(keptRoute);

  return {
    format: FORMAT,
    key,
    files: fileHashes(state.content),
    bodyUsed,
    opaque,
    state: {
      // Where an image field is written is found again from its file, if ever asked (`keptState`).
      validated: { ...validated, content, unpublishedEntries, images: validated.images.map(({ locate: _, ...ref }) => ref as ImageRef) },
      routes,
      unrouted: state.unrouted,
      redirects: state.redirects,
      site: state.site,
      warnings: state.warnings,
      unpublishedRoutes,
      siteFolder: state.siteFolder,
      made: state.made,
    },
    // Keys of outputs a next build lists afresh (public files, processed images) are not kept.
    keys: new Map(
      [...keys].filter(([file]) => {
        const output = state.outputs.get(file);
        return output && output.kind !== 'public' && !(output.kind === 'file' && output.key !== undefined);
      }),
    ),
    entries,
    entryKeys,
    bodyLengths,
    props: { bytes: new Uint8Array(), ends: propsEnds },
  };
}

/** Each content file's hash, and for a Markdown record's, the hash of the text before its body (`Kept.files`). */
function fileHashes(content: SiteState['content']): Kept['files'] {
  const files: Kept['files'] = new Map();
  for (const [file, loaded] of content) {
    const record = loaded.record;
    const front = record?.kind === 'markdown' ? hashOf(loaded.text.slice(0, loaded.text.length - record.body.length)) : undefined;
    files.set(file, { text: hashOf(loaded.text), ...(front === undefined ? {} : { front }) });
  }
  return files;
}

/** The kept state as its file holds it (`keptState` checks it holds), or why there is none to take. */
export type KeptFile = Kept | { reason: string };

/** Reads the kept state, which `keptState` then checks against the build's inputs. */
export function readKept(cacheDir: string): KeptFile {
  try {
    const bytes = readFileSync(join(cacheDir, FILE));
    const restEnd = bytes.length - 4;
    const restStart = restEnd - bytes.readUInt32LE(restEnd);
    const kept = deserialize(bytes.subarray(restStart, restEnd)) as Kept;
    if (kept?.format !== FORMAT || (kept.props.ends.at(-1) ?? 0) !== restStart) return { reason: 'none kept' };
    kept.props.bytes = bytes.subarray(0, restStart);
    return kept;
  } catch {
    return { reason: 'none kept' };
  }
}

/** What `keptState` takes from the build: its inputs as read this time. */
export interface StateRead {
  key: string;
  parts: SiteParts;
  /** The content files' bytes as read (load.ts, `readContentBytes`). */
  bytes: Map<string, Buffer>;
  mtimeOf: (file: string) => number | undefined;
  publicListing: PublicListing;
  images: ImageSet;
  options: { drafts?: boolean; today: string };
}

/**
 * The kept state, with the edited bodies put in, when it holds for this build (see the file's
 * comment); else why not, and the build computes the state afresh. `keys` are the manifest keys
 * that still hold: all but those of the edited entries' pages.
 */
export function keptState(read: StateRead, kept: KeptFile): { state: SiteState; keys: KeptKeys; edited: string[] } | { reason: string } {
  if ('reason' in kept) return kept;
  if (kept.key !== read.key) return { reason: 'another generator, compiled site, day, option, style, island, image or public file' };
  const { state } = kept;

  // Compared by their bytes: only an edited file is decoded now (and checked as the full path would).
  const edited = new Map<string, string>();
  for (const [file, bytes] of read.bytes) {
    const was = kept.files.get(file);
    if (!was) return { reason: `${file} is new` };
    if (was.text === bytesHash(bytes)) continue;
    const decoded = contentText(bytes, file);
    if (decoded.problem) return { reason: `${file}: it does not load` };
    edited.set(file, decoded.text);
  }
  if (kept.files.size !== read.bytes.size) return { reason: `${[...kept.files.keys()].find((file) => !read.bytes.has(file))} is gone` };
  // The cards' fonts and images, by their bytes.
  for (const [file, hash] of state.made.read) {
    let now: string | undefined;
    try {
      now = createHash('sha256').update(readFileSync(file)).digest('hex');
    } catch {
      // Gone or unreadable: said by the full path.
    }
    if (now !== hash) return { reason: `the cards' ${file} changed` };
  }

  const byFile = new Map<string, Entry[]>();
  for (const entry of kept.entries) byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
  const bodies = new Map<Entry, string>();
  for (const [file, text] of edited) {
    const body = editedBody(file, text, kept, byFile.get(file) ?? [], read);
    if (typeof body !== 'string') return { reason: `${file}: ${body.reason}` };
    for (const entry of byFile.get(file)!) bodies.set(entry, body);
  }

  // Taken. The files' texts and the bodies of entries not edited are decoded when first read: a
  // one-edit build reads almost none of them (their pages' keys are kept, and their pages are not rendered).
  const content = new Map<string, LoadedFile>();
  for (const [file, bytes] of read.bytes) content.set(file, loadedLazily(file, bytes, edited.get(file), read.mtimeOf));
  const textOf = (file: string) => content.get(file)?.text ?? '';
  kept.entries.forEach((entry, i) => {
    const body = bodies.get(entry);
    if (body !== undefined) {
      entry.body = body;
      return;
    }
    const length = kept.bodyLengths[i]!;
    if (length >= 0) bodyLazily(entry, () => textOf(entry.file), length);
    knowEntryKey(entry, kept.entryKeys[i]!);
  });
  const { config } = read.parts.compiled;
  for (const ref of state.validated.images) {
    ref.locate = () => {
      const record = loadFile(ref.file, textOf(ref.file), config).record;
      return record ? locateField(record, ref.path, 'value') : { file: ref.file };
    };
  }
  for (const route of [...state.routes, ...state.unpublishedRoutes]) propsLazily(route, kept.props);
  const outputs = outputsOf(read.parts, read.publicListing.files, state.made, state.routes, state.site, read.images, state.siteFolder, true);
  const stale = new Set(state.routes.filter((r) => r.entry && bodies.has(r.entry)).map((r) => r.outFile));
  return {
    state: { ...state, content, public: read.publicListing, outputs, diagnostics: [], images: read.images },
    keys: { keys: kept.keys, stale },
    edited: [...edited.keys()],
  };
}

/** A hash of a file's bytes as of its text: without the byte order mark decoding drops. */
function bytesHash(bytes: Buffer): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return hashOf(bytes.subarray(start));
}

/** A content file whose text is decoded when first read. */
function loadedLazily(file: string, bytes: Buffer, text: string | undefined, mtimeOf: (file: string) => number | undefined): LoadedFile {
  return {
    get text() {
      return (text ??= contentText(bytes, file).text);
    },
    diagnostics: [],
    get mtimeMs() {
      return mtimeOf(file);
    },
  };
}

/** Gives `route` its props from the bytes `keptOf` made of them, when first read. */
function propsLazily(route: Route, packed: Kept['props']): void {
  const n = route.props as unknown as number;
  let props: Route['props'] | undefined;
  Object.defineProperty(route, 'props', {
    get() {
      return (props ??= deserialize(packed.bytes.subarray(n ? packed.ends[n - 1] : 0, packed.ends[n])) as Route['props']);
    },
    set(value: Route['props']) {
      props = value;
    },
    enumerable: true,
    configurable: true,
  });
}

/** Gives `entry` the last `length` characters of its file's text as its body, when first read. */
function bodyLazily(entry: Entry, text: () => string, length: number): void {
  let body: string | undefined;
  Object.defineProperty(entry, 'body', {
    get() {
      if (body === undefined) {
        const whole = text();
        body = length ? whole.slice(whole.length - length) : '';
      }
      return body;
    },
    set(value: string) {
      body = value;
    },
    enumerable: true,
    configurable: true,
  });
}

/**
 * The new body of an edited file's entries, when the edit changed only the body of entries no site
 * function used (see the file's comment); else why not.
 */
function editedBody(file: string, text: string, kept: Kept, entries: Entry[], read: StateRead): string | { reason: string } {
  const front = kept.files.get(file)?.front;
  if (!entries.length || front === undefined) return { reason: 'not a Markdown entry' };
  if (kept.opaque || kept.bodyUsed.has(file)) return { reason: "its body is read by the site's functions or shows on other pages" };
  const { config } = read.parts.compiled;
  const loaded = loadFile(file, text, config);
  const record = loaded.record;
  if (!record || loaded.diagnostics.length || record.kind !== 'markdown') return { reason: 'it does not load' };
  if (hashOf(text.slice(0, text.length - record.body.length)) !== front) return { reason: 'its front matter changed' };
  const result = validateRecord(record, config.collections[record.collection], read.options);
  const entry = result.entry ?? result.unpublished;
  const same = (e: Entry) =>
    e.id === entry?.id && e.slug === entry.slug && e.bodyLine === entry.bodyLine && e.draft === entry.draft && e.scheduled === entry.scheduled && e.unlisted === entry.unlisted;
  if (result.diagnostics.length || !entry || !entries.every(same)) return { reason: 'it does not validate as it did' };
  if (imagesNamed(entry.body, read.images.manifest, file).length) return { reason: 'its body names a processed image' };
  if (unknownSiteValues(entry.body, kept.state.site.settings.values).length) return { reason: 'its body names an unknown site value' };
  return entry.body;
}
