import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Entry } from '../types.ts';
import { imageFields, validateRecord, type ImageField } from './validate.ts';

/**
 * Published entries as validation left them, by a hash of their file's text, kept in the cache
 * folder between builds (`validated.json`), so a build after an edit validates only the files
 * that changed. A fresh clone's files are all new to the file system but not to this cache. With
 * each entry go the front-matter fields that name images: a file this cache knows (`known`) has
 * its front matter parsed only if something reads it (load.ts, `KnownText`).
 *
 * # Design decision
 * Only what cannot go stale is kept: an entry that passed every check of its own file, published
 * (not a draft, not scheduled), with data that JSON keeps exactly (strings, numbers, booleans,
 * arrays and plain objects). The key covers the file's path and text, the compiled site (its
 * schemas and settings: `versionKey`) and whether drafts are published; an entry is taken from
 * the cache only while its date is not after today (a clock set back makes it scheduled again).
 * Problems are never cached: a file with one is validated on every build and reports it.
 * Checks across files (duplicate addresses, links) run on every build over every entry.
 */
export interface ValidationCache {
  validate: typeof validateRecord;
  /** Whether this file's text is kept here: it parsed and validated without a problem before (`KnownText`, load.ts). */
  known(file: string, source: string): boolean;
  /** Writes the entries this build used, when they differ from what the file holds. */
  save(): void;
}

const FILE = 'validated.json';
/** Bump when what the file holds changes: a file of another format is not read. */
const FORMAT = 2;

export function openValidationCache(cacheDir: string, versionKey: string, drafts: boolean): ValidationCache {
  const file = join(cacheDir, FILE);
  const salt = `${versionKey}\0${drafts ? 'drafts' : 'published'}\0`;
  const stored = readStored(file);
  const used: Record<string, Stored> = {};
  let changed = false;
  // Each file's key, for the text it was computed from: `known` and then `validate` ask for the same one.
  const keys = new Map<string, { source: string; key: string }>();
  const keyOf = (file: string, source: string) => {
    const last = keys.get(file);
    if (last?.source === source) return last.key;
    const key = createHash('sha256').update(salt).update(file).update('\0').update(source).digest('base64url');
    keys.set(file, { source, key });
    return key;
  };
  return {
    known: (file, source) => keyOf(file, source) in stored,
    validate(record, spec, options) {
      const key = keyOf(record.file, record.source);
      const cached = stored[key];
      if (cached && !(typeof cached.entry.data.date === 'string' && options.today && cached.entry.data.date > options.today)) {
        used[key] = cached;
        return { diagnostics: [], entry: { ...structuredClone(cached.entry), body: cached.entry.body ?? record.body }, imageFields: cached.images };
      }
      const result = validateRecord(record, spec, options);
      changed = true;
      const entry = result.entry;
      if (entry && !entry.draft && !entry.scheduled && keptByJson(entry)) {
        // The body is most of an entry: kept only when it is not the file's own (placeholders
        // filled). Its key stays in place (null), so the entry's keys keep their order: pages'
        // keys hash their props as JSON, and an entry in another order would render them again.
        const copy: Stored['entry'] = structuredClone(entry);
        if (copy.body === record.body) copy.body = null;
        used[key] = { entry: copy, images: result.imageFields ?? imageFields(record.data) };
      }
      return result;
    },
    save() {
      if (!changed && Object.keys(used).length === Object.keys(stored).length) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, JSON.stringify({ format: FORMAT, entries: used }));
        renameSync(temp, file);
      } catch {
        // A cache that cannot be written is only slower next time.
      }
    },
  };
}

/**
 * A kept entry, without `body` when its body is the file's (which is then read from the record),
 * and the fields of its front matter that name images (`imageFields`), so its front matter need
 * not be parsed again to find them.
 */
interface Stored {
  entry: Omit<Entry, 'body'> & { body: string | null };
  images: ImageField[];
}

function readStored(file: string): Record<string, Stored> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; entries?: unknown };
    const entries = parsed.format === FORMAT ? parsed.entries : undefined;
    return entries && typeof entries === 'object' && !Array.isArray(entries) ? (entries as Record<string, Stored>) : {};
  } catch {
    return {};
  }
}

/** Whether JSON gives `value` back exactly: no undefined, Date, Map, class instance, function, NaN or infinity in it. */
function keptByJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(keptByJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((v) => v !== undefined && keptByJson(v));
}
