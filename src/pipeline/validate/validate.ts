import { basename } from 'node:path';
import type { ZodType } from 'zod';
import { formatLocation, type Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { ContentRecord } from '../load/load.ts';
import type { CollectionSpec, Entry } from '../types.ts';
import { fillPlaceholders, unknownPlaceholders } from '../markdown/pipeline.ts';
import { MAX_NESTING, tooDeeplyNested } from '../markdown/nesting.ts';
import { unsafeLinksIn } from '../markdown/safe-urls.ts';
import { sitePathProblem } from '../write/output-paths.ts';
import { slugify } from '../load/slug.ts';
import { closest } from './closest.ts';
import { controlCharactersInData } from './control-values.ts';
import { fieldName, locateField } from './locate.ts';

export { closest, locateField };

export interface ValidateResult {
  /** Every collection, holding only the records that validated (a broken entry is left out). */
  content: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /** Drafts and future-dated entries not published, in file order. */
  leftOut: LeftOut[];
  /**
   * Those entries themselves, by collection (marked `draft` or `scheduled`): not published, but
   * checked like every entry, so one that would fail the build on its publication date (a
   * misspelt category, a dead link, an address another entry has) fails it now.
   */
  unpublishedEntries: Record<string, Entry[]>;
  /** The entries in `leftOut` by the slug their page would have, so a link to one can say why it is missing. */
  unpublished: Map<string, LeftOut>;
  /** Markdown records that failed their schema, with the slug they would have had. */
  failed: { file: string; slug: string }[];
  /** Site paths of images (`/…​.png` and the like) named in the data of published records. */
  images: ImageRef[];
}

/** An entry `validateContent` did not publish, and why. */
export interface LeftOut {
  file: string;
  reason: 'draft' | 'scheduled';
  /** The entry's date (scheduled entries). */
  date?: string;
}

/** An image path found in a record's data. */
export interface ImageRef {
  src: string;
  file: string;
  /** The field holding it: names and list positions. */
  path: (string | number)[];
  /** Where it is written: file, line, column and frame (a YAML parse, so only asked for a missing one). */
  locate: () => Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'>;
}

export interface ValidateOptions {
  /** Keep `draft: true` and future-dated entries (default: false). */
  drafts?: boolean;
  /** Today, as `YYYY-MM-DD` (default: the current UTC date). */
  today?: string;
  /** Data collections whose file exists, read or not: one that failed to parse is not also missing (default: those with a record). */
  existing?: Set<string>;
  /** When a content file was last modified (optional): of two entries that clash, the newer is the one the error is at. */
  modified?: (file: string) => number | undefined;
}

/**
 * Checks every record against its collection's schema and returns the content by collection.
 * Every problem in every file is collected; nothing stops at the first one. `check` validates one
 * record (default: `validateRecord`; the dev server passes one that remembers unchanged records).
 */
export function validateContent(
  records: ContentRecord[],
  collections: Record<string, CollectionSpec>,
  options: ValidateOptions = {},
  check: typeof validateRecord = validateRecord,
): ValidateResult {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const diagnostics: Diagnostic[] = [];
  const content: Record<string, unknown> = {};
  const leftOut: LeftOut[] = [];
  const unpublished = new Map<string, LeftOut>();
  const failed: ValidateResult['failed'] = [];
  const images: ImageRef[] = [];
  const recordOf = new Map(records.map((r) => [r.file, r]));
  for (const [name, spec] of Object.entries(collections)) content[name] = spec.kind === 'markdown' ? [] : undefined;

  const unpublishedEntries: Record<string, Entry[]> = {};
  for (const record of records) {
    const result = check(record, collections[record.collection], { drafts: options.drafts, today });
    diagnostics.push(...result.diagnostics);
    if (result.data !== undefined) content[record.collection] = result.data;
    if (result.entry) (content[record.collection] as Entry[]).push(result.entry);
    if (result.leftOut) {
      const out = { file: record.file, ...result.leftOut };
      leftOut.push(out);
      unpublished.set(slugOf(record), out);
    }
    if (result.unpublished) (unpublishedEntries[record.collection] ??= []).push(result.unpublished);
    if (result.diagnostics.length && record.kind === 'markdown') failed.push({ file: record.file, slug: slugOf(record) });
    if (result.entry || result.unpublished || result.data !== undefined) images.push(...findImages(record, result.imageFields));
  }

  const present = new Set(records.map((r) => r.collection));
  const newest = newestFirst(options.modified);
  for (const [name, spec] of Object.entries(collections)) {
    // A data file that exists but failed to parse or validate has been reported; it is not missing.
    if (spec.kind === 'json' && content[name] === undefined && !present.has(name) && !options.existing?.has(name)) {
      const result = (spec.schema as ZodType).safeParse(undefined);
      if (result.success) content[name] = result.data;
      else diagnostics.push({ code: 'content/missing-file', message: `the data file content/${spec.file} is missing`, hint: `create it; the ${name} collection reads it` });
    }
    if (spec.kind === 'markdown') {
      const entries = content[name] as Entry[];
      // Drafts and scheduled entries take their slug, id and title as much as published ones do.
      const every = [...entries, ...(unpublishedEntries[name] ?? [])];
      const duplicates = findDuplicateSlugs(name, every, recordOf, newest);
      diagnostics.push(...duplicates);
      diagnostics.push(...findDuplicateFields(name, every, recordOf, newest));
      // Only the first entry of a slug is kept, so the same mistake is not reported again as two
      // inputs of one page by the route table.
      if (duplicates.length) {
        const seen = new Set<string>();
        content[name] = entries.filter((e) => !seen.has(e.slug) && seen.add(e.slug));
      }
    }
  }
  return { content, diagnostics, leftOut, unpublishedEntries, unpublished, failed, images };
}

/**
 * Orders the entries (or files) of a clash so that the one that causes it comes first: the file
 * modified last; failing that, the first `prefer` holds for (one not published yet: a new draft
 * beside a published entry); then the one later in file order. The error is anchored at it,
 * naming the others.
 */
export function newestFirst(modified: ((file: string) => number | undefined) | undefined) {
  return <T>(items: T[], fileOf: (item: T) => string, ...prefer: ((item: T) => boolean)[]): T[] => {
    const time = (item: T) => modified?.(fileOf(item)) ?? 0;
    const latest = Math.max(...items.map(time));
    // Files written within a moment of each other (one checkout, one copy) are as old as each other.
    const isNewest = (item: T) => time(item) >= latest - SAME_AGE_MS;
    return [...items].sort((a, b) => {
      for (const p of [isNewest, ...prefer]) {
        const byState = Number(p(b)) - Number(p(a));
        if (byState) return byState;
      }
      const [fa, fb] = [fileOf(a), fileOf(b)];
      return fa < fb ? 1 : fa > fb ? -1 : 0;
    });
  };
}

/** Files modified less than this far apart count as written together (a clone, a copy of the project). */
const SAME_AGE_MS = 2000;

type Newest = ReturnType<typeof newestFirst>;

/** The slug a Markdown record has, or would have once it validates. */
function slugOf(record: ContentRecord): string {
  const slug = (record.data as { slug?: unknown } | null)?.slug;
  return typeof slug === 'string' ? slug : basename(record.file, '.md');
}

const IMAGE = /^\/(?!\/)\S+\.(?:png|jpe?g|gif|svg|webp|avif|ico)(?:[?#]\S*)?$/i;

/**
 * Every site path of an image in a record's data: any text value starting with one "/" and ending
 * in an image extension (before any query or fragment, which are dropped to find the file, as in
 * a page's Markdown). That is every `imagePath()` field, and any other field holding one,
 * without the schema having to mark them.
 */
function findImages(record: ContentRecord, fields = imageFields(record.data)): ImageRef[] {
  return fields.map(({ path, src }) => ({ src, file: record.file, path, locate: () => locateField(record, path, 'value') }));
}

/** A field of a record's data that holds an image path: where it is (names and list positions), and the path. */
export interface ImageField {
  path: (string | number)[];
  src: string;
}

/** The fields of a record's data that hold image paths (`findImages`). */
export function imageFields(data: unknown): ImageField[] {
  const found: ImageField[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      if (IMAGE.test(value)) found.push({ path, src: value });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(data, []);
  return found;
}

/**
 * Entries of one collection that share an `id` (where the collection has one) or a title: two
 * pages a reader cannot tell apart, or two records a listing keyed by id would merge.
 */
export function findDuplicateFields(collection: string, entries: Entry[], recordOf: Map<string, ContentRecord>, newest: Newest = newestFirst(undefined)): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const field of ['id', 'title'] as const) {
    const byValue = new Map<string, Entry[]>();
    for (const e of entries) {
      const value = (e.data as Record<string, unknown>)[field];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const key = typeof value === 'string' ? value.trim().toLowerCase() : String(value);
      byValue.set(key, [...(byValue.get(key) ?? []), e]);
    }
    for (const group of byValue.values()) {
      if (group.length < 2) continue;
      const list = newest(group, (e) => e.file, isUnpublishedEntry);
      const at = list.map((e) => {
        const record = recordOf.get(e.file);
        return record ? { file: e.file, ...locateField(record, [field], 'value') } : { file: e.file };
      });
      const value = (list[0].data as Record<string, unknown>)[field] as string | number;
      out.push({ ...messages.duplicateField(field, value, collection, at.map(formatLocation)), ...at[0] });
    }
  }
  return out;
}

const isUnpublishedEntry = (e: Entry) => Boolean(e.draft || e.scheduled);

/** One record after its schema: the data (JSON), the entry (Markdown; none for a draft left out), or its problems. */
export interface ValidatedRecord {
  diagnostics: Diagnostic[];
  data?: unknown;
  entry?: Entry;
  /** Why a valid entry was not published (optional). */
  leftOut?: Omit<LeftOut, 'file'>;
  /** That entry, marked `draft` or `scheduled`: checked, not published (optional). */
  unpublished?: Entry;
  /**
   * The record's fields that name images (`imageFields`), with a valid entry or data (optional:
   * found in the data where not given). The validation cache keeps them, so a file it knows has
   * its front matter parsed only to locate a missing image.
   */
  imageFields?: ImageField[];
}

/** Checks one record against its collection's schema; the same result for the same record and options. */
export function validateRecord(
  record: ContentRecord,
  spec: CollectionSpec,
  options: { drafts?: boolean; today: string },
): ValidatedRecord {
  // A value holding a control character is one mistake at its escape, not also a schema's.
  const control = controlCharactersInData(record);
  if (control.length) return { diagnostics: control };
  const result = (spec.schema as ZodType).safeParse(record.data, { reportInput: true });
  if (!result.success) {
    return { diagnostics: result.error.issues.flatMap((issue) => describeIssue(issue, record, spec.schema)) };
  }
  if (spec.kind === 'json') return { diagnostics: [], data: result.data, imageFields: imageFields(record.data) };
  const data = result.data as Record<string, unknown>;
  const body = [...checkBody(record, data), ...(spec.placeholders === 'fields-only' ? placeholderProblems(record, spec) : [])];
  if (body.length) return { diagnostics: body };
  const draft = data.draft === true;
  const scheduled = typeof data.date === 'string' && data.date > options.today ? data.date : undefined;
  // A draft is unfinished by definition, so it may keep the scaffold's text; anything else may
  // not, a scheduled entry included: its publication is unattended, and would fail on the day.
  // Such text is a mistake of wording only: the entry is still there for the checks across
  // entries (its category, the links to it), so every mistake of it is said in one build.
  const unfinished = draft ? [] : scaffoldTextLeft(record, data, spec.scaffoldText ?? []);
  const id = basename(record.file, '.md');
  const entry: Entry = {
    id,
    slug: typeof data.slug === 'string' ? data.slug : id,
    file: record.file,
    data,
    body: spec.placeholders ? fillPlaceholders(record.body, data) : record.body,
    bodyLine: record.bodyLine,
    // Published only by `drafts` builds (dev); templates mark such pages (PageProps.page).
    ...(draft ? { draft: true as const } : scheduled ? { scheduled } : {}),
    // Published, but kept out of listings, the sitemap, the feed and the search index (Entry.unlisted).
    ...(data.unlisted === true ? { unlisted: true as const } : {}),
  };
  const images = imageFields(record.data);
  if (!options.drafts && draft) return { diagnostics: unfinished, leftOut: { reason: 'draft' }, unpublished: entry, imageFields: images };
  if (!options.drafts && scheduled) return { diagnostics: unfinished, leftOut: { reason: 'scheduled', date: scheduled }, unpublished: entry, imageFields: images };
  return { diagnostics: unfinished, entry, imageFields: images };
}

/**
 * Text `heartnotes new` wrote for the editor to replace (the collection's `scaffoldText`), still
 * in a front-matter value or a body line: without this check the placeholder is published.
 */
function scaffoldTextLeft(record: ContentRecord, data: Record<string, unknown>, texts: string[]): Diagnostic[] {
  if (!texts.length || record.kind !== 'markdown') return [];
  const found: Diagnostic[] = [];
  // Every text value, those in lists and groups too (a review's `pros`).
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      if (texts.some((t) => value.includes(t))) found.push({ ...messages.scaffoldText(fieldName(path)), ...locateField(record, path, 'value') });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  for (const [field, value] of Object.entries(data)) walk(value, [field]);
  // Lines are looked at only in a body holding such text: most hold none.
  if (!texts.some((t) => record.body.includes(t))) return found;
  const lines = record.body.split('\n');
  lines.forEach((text, i) => {
    if (!texts.some((t) => text.includes(t))) return;
    const line = record.bodyLine + i;
    found.push({ ...messages.scaffoldText('the body'), file: record.file, line, column: 1, frame: codeFrame(record.source, line, 1) });
  });
  return found;
}

/**
 * What the schema cannot see: a file name that cannot be an address (when no `slug` replaces it),
 * a link whose address pages would drop (`javascript:`), and nesting too deep to parse in
 * reasonable time.
 */
function checkBody(record: ContentRecord, data: Record<string, unknown>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const id = basename(record.file, '.md');
  if (typeof data.slug !== 'string' && sitePathProblem(`/${id}`)) {
    diagnostics.push({ ...messages.unsafeFileName(id, slugify(id)), file: record.file });
  }
  for (const link of unsafeLinksIn(record.body)) {
    const line = record.bodyLine + link.line - 1;
    diagnostics.push({ ...messages.unsafeLink(link.href), file: record.file, line, column: link.column, frame: codeFrame(record.source, line, link.column) });
  }
  const nesting = tooDeeplyNested(record.body);
  if (nesting) {
    const line = record.bodyLine + nesting.line - 1;
    diagnostics.push({ ...messages.tooDeep(nesting.depth, MAX_NESTING), file: record.file, line, column: 1, frame: codeFrame(record.source, line, 1) });
  }
  return diagnostics;
}

/** `{{name}}` placeholders in a body that name no field of the collection, at their line, with the fields they may name. */
function placeholderProblems(record: ContentRecord, spec: CollectionSpec): Diagnostic[] {
  const known = keysOf(spec.schema, []);
  // A schema that is not one object (a union, say) lists no fields to hold placeholders against.
  if (!known.length) return [];
  return unknownPlaceholders(record.body, known).map(({ name, line, column }) => {
    const at = record.bodyLine + line - 1;
    return { ...messages.unknownPlaceholder(name, known, closest(name, known)), file: record.file, line: at, column, frame: codeFrame(record.source, at, column) };
  });
}

/**
 * Entries of one collection that share a slug, so would write the same page: one error, at the
 * newer entry's `slug:` line (or its file, when the file name is the slug), naming the others.
 */
export function findDuplicateSlugs(collection: string, entries: Entry[], recordOf: Map<string, ContentRecord> = new Map(), newest: Newest = newestFirst(undefined)): Diagnostic[] {
  const bySlug = new Map<string, Entry[]>();
  for (const e of entries) bySlug.set(e.slug, [...(bySlug.get(e.slug) ?? []), e]);
  const out: Diagnostic[] = [];
  for (const [slug, group] of bySlug) {
    if (group.length < 2) continue;
    // Failing a newer file, the one that sets `slug:` to another's address is the cause.
    const setsSlug = (e: Entry) => typeof (recordOf.get(e.file)?.data as { slug?: unknown } | undefined)?.slug === 'string';
    const list = newest(group, (e) => e.file, isUnpublishedEntry, setsSlug);
    const at = list.map((e) => slugLocation(e, recordOf.get(e.file)));
    out.push({ ...messages.duplicateSlug(slug, collection, at.map(formatLocation)), ...at[0] });
  }
  return out;
}

/** Where an entry's slug is written: its `slug:` value, or the file's start when the file name is the slug. */
function slugLocation(entry: Entry, record: ContentRecord | undefined): Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'> {
  if (!record) return { file: entry.file };
  if (typeof (record.data as { slug?: unknown } | null)?.slug === 'string') return { file: entry.file, ...locateField(record, ['slug'], 'value') };
  return { file: entry.file, line: 1, column: 1 };
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  input?: unknown;
  keys?: string[];
  values?: unknown[];
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  params?: Record<string, unknown>;
}

function describeIssue(issue: ZodIssueLike, record: ContentRecord, schema: ZodType): Diagnostic[] {
  const field = fieldName(issue.path);
  const collectionLabel = `the "${record.collection}" collection`;
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    const allowed = keysOf(schema, issue.path);
    return issue.keys.map((key) => ({
      ...messages.unknownKey(fieldName([...issue.path, key]), collectionLabel, allowed, closest(key, allowed)),
      ...locateField(record, [...issue.path, key], 'key'),
    }));
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    const where = locateField(record, issue.path.slice(0, -1), 'key');
    return [{ ...messages.missingField(field, collectionLabel, describeExpected(issue.expected)), ...where }];
  }
  if (issue.code === 'invalid_type') {
    const diagnostic = messages.wrongType(field, describeExpected(issue.expected), describeValue(issue.input));
    // The usual cause: unquoted text containing ": ", which YAML reads as a field.
    const colonInText = issue.expected === 'string' && isPlainObject(issue.input);
    return [
      {
        ...diagnostic,
        ...(colonInText ? { hint: 'this text contains ": ", which YAML reads as "field: value"; put the whole text in double quotes' } : {}),
        ...locateField(record, issue.path, 'value'),
      },
    ];
  }
  if (issue.code === 'custom' && typeof issue.params?.impossibleDate === 'string') {
    return [{ ...messages.impossibleDate(field, String(issue.input), issue.params.impossibleDate), ...locateField(record, issue.path, 'value') }];
  }
  const problem =
    issue.code === 'invalid_value' && issue.values
      ? `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, but it is ${describeValue(issue.input)}`
      : `is not valid: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  const hint =
    issue.code === 'invalid_value' ? `use one of the listed values` : typeof issue.params?.hint === 'string' ? issue.params.hint : `fix the value of "${field}"`;
  return [{ ...messages.invalidValue(field, problem, hint), ...locateField(record, issue.path, 'value') }];
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function describeExpected(expected: string | undefined): string {
  switch (expected) {
    case 'string': return 'text';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'array': return 'a list';
    case 'object': return 'a group of fields';
    case 'date': return 'a date (YYYY-MM-DD)';
    default: return expected ?? 'a value';
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return `the date ${value.toISOString().slice(0, 10)}`;
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'a group of fields';
  return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
}

function keysOf(schema: unknown, path: PropertyKey[]): string[] {
  let node = unwrap(schema);
  for (const part of path) {
    if (!node) return [];
    if (typeof part === 'number') node = unwrap((node as { element?: unknown }).element);
    else node = unwrap((node as { shape?: Record<string, unknown> }).shape?.[String(part)]);
  }
  const shape = (node as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(schema: unknown): unknown {
  let s = schema as { def?: { type?: string; innerType?: unknown; in?: unknown; element?: unknown }; element?: unknown } | undefined;
  for (let i = 0; i < 8 && s?.def; i++) {
    const t = s.def.type;
    if (t === 'optional' || t === 'nullable' || t === 'default' || t === 'readonly' || t === 'catch' || t === 'prefault') s = s.def.innerType as typeof s;
    else if (t === 'pipe') s = s.def.in as typeof s;
    else break;
  }
  return s;
}
