import type { Entry } from '../types.ts';

/**
 * Which entries' bodies the site's own functions (`routes`, `settings`, `shared`, `redirects`,
 * `files`, `feed`) used when a snapshot was computed. An entry in neither set can have its body
 * edited without running those functions again: they would compute the same route table, site
 * data and generated files, because nothing they read changed (see body-edit.ts).
 */
export interface BodyUse {
  /** Entries whose `body` or `bodyLine` a site function read. */
  read: WeakSet<Entry>;
  /** Entries found, as objects, in route props, shared data, settings or redirects. */
  escaped: WeakSet<Entry>;
  /**
   * A function, class instance or other value the walk cannot see through was found there; it
   * could hold any entry, so no body edit is taken as unused.
   */
  opaque: boolean;
}

/** The entries made by `watchBodyReads`, with their bodies. */
const watched = new WeakMap<object, { body: string; bodyLine: number }>();

/** Where reads of watched bodies are recorded; set only while a site function runs. */
let reads: Set<Entry> | undefined;

// One pair of accessors for every watched entry: entries made the same way share one hidden class,
// so a site function that reads `data` of thousands of them stays as fast as on plain objects.
const accessors: PropertyDescriptorMap = Object.fromEntries(
  (['body', 'bodyLine'] as const).map((name) => [
    name,
    {
      get(this: Entry) {
        reads?.add(this);
        return watched.get(this)![name];
      },
      enumerable: true,
      configurable: true,
    },
  ]),
);

/**
 * The entry with `body` and `bodyLine` as getters that note the read while `recordBodyReads` runs.
 * It looks the same to every other reader: same keys in the same order, enumerable, same values
 * (so JSON, spreading and structured cloning to render workers see a plain entry).
 */
export function watchBodyReads(entry: Entry): Entry {
  const { id, slug, file, data, body, bodyLine, ...rest } = entry;
  const watchedEntry = { id, slug, file, data } as Entry;
  Object.defineProperties(watchedEntry, accessors);
  Object.assign(watchedEntry, rest);
  watched.set(watchedEntry, { body, bodyLine });
  return watchedEntry;
}

/** `entry` with other data, watched as `entry` was (relative-images.ts resolves image fields so). */
export function withData(entry: Entry, data: Entry['data']): Entry {
  const copy = { ...entry, data };
  return watched.has(entry) ? watchBodyReads(copy) : copy;
}

/** Runs `fn` (synchronous), noting every watched entry whose body it reads into `into`. */
export function recordBodyReads<T>(into: Set<Entry>, fn: () => T): T {
  const outer = reads;
  reads = into;
  try {
    return fn();
  } finally {
    reads = outer;
  }
}

/**
 * Walks plain data (route props, shared data) for watched entries held as objects, visiting each
 * object once.
 */
export function findEscapedEntries(values: unknown[]): { escaped: WeakSet<Entry>; opaque: boolean } {
  const escaped = new WeakSet<Entry>();
  const seen = new Set<object>();
  const stack = [...values];
  let opaque = false;
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'function') opaque = true;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (watched.has(value)) {
      escaped.add(value as Entry);
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const proto = Object.getPrototypeOf(value);
    if (value instanceof Date) continue;
    if (proto !== Object.prototype && proto !== null) {
      opaque = true;
      continue;
    }
    for (const key of Object.keys(value)) stack.push((value as Record<string, unknown>)[key]);
  }
  return { escaped, opaque };
}
