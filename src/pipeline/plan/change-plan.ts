import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildManifest, OutputRecord } from './manifest.ts';
import type { Output, PageKey } from '../site-state.ts';
import { allStayInside, outputFileProblem } from '../write/output-paths.ts';

/**
 * The change planner: given what the previous run left (each output file's record) and what this
 * run will produce, which files to write, which to keep and which to remove, each with a reason.
 * `build` compares with the manifest of the previous build (`planOutput`), `dev` with its previous
 * snapshot (`planRebuild`); both walk the files with `planChanges`.
 */

/** One output file to write or remove, and why. */
export interface PlannedFile {
  /** Output path, e.g. `blog/hello-world.html`. */
  file: string;
  action: 'write' | 'remove';
  /** Site path for pages (`/blog/hello-world`), the output path for other files. */
  label: string;
  /** Why, in the terms of what was edited, e.g. "its page", "lists it", "template article changed". */
  reason: string;
  kind: Output['kind'];
}

/** What the edit touched, for the reasons: content files (root-relative). */
export interface EditCause {
  content: Set<string>;
}

/**
 * Walks the next output files against the previous ones: a file whose `reasonToWrite` gives a
 * reason is written, one that gives none is kept, and a previous file no longer produced is
 * removed.
 */
export function planChanges<P>(
  previous: ReadonlyMap<string, P>,
  next: ReadonlyMap<string, Output>,
  reasonToWrite: (before: P | undefined, after: Output, file: string) => string | undefined,
  describeRemoved: (before: P, file: string) => Pick<PlannedFile, 'label' | 'kind'>,
): { planned: PlannedFile[]; keep: Set<string> } {
  const planned: PlannedFile[] = [];
  const keep = new Set<string>();
  for (const [file, output] of next) {
    const reason = reasonToWrite(previous.get(file), output, file);
    if (reason) planned.push({ file, action: 'write', label: labelOf(file, output), reason, kind: output.kind });
    else keep.add(file);
  }
  for (const [file, before] of previous) {
    if (next.has(file)) continue;
    planned.push({ file, action: 'remove', reason: 'removed', ...describeRemoved(before, file) });
  }
  return { planned, keep };
}

const labelOf = (file: string, output: Output) => (output.kind === 'page' ? output.route.path : file);

/**
 * Dev: compares two snapshots' output files and returns the ones to write or remove, each with a
 * reason. A page is written when any part of its key differs; the first differing part names the reason.
 */
export function planRebuild(previous: { outputs: ReadonlyMap<string, Output> }, next: { outputs: ReadonlyMap<string, Output> }, cause: EditCause): PlannedFile[] {
  return planChanges(
    previous.outputs,
    next.outputs,
    (before, after) => changeReason(before, after, cause),
    (before, file) => ({ label: labelOf(file, before), kind: before.kind }),
  ).planned;
}

/** Why an output file differs from its previous version, or `undefined` when it does not. */
function changeReason(before: Output | undefined, after: Output, cause: EditCause): string | undefined {
  if (before === after) return undefined; // carried over unchanged (a body-only edit)
  if (!before || before.kind !== after.kind) return after.kind === 'page' ? 'new page' : 'new file';
  if (after.kind === 'public' && before.kind === 'public') {
    return before.size !== after.size || before.mtimeMs !== after.mtimeMs ? 'public file changed' : undefined;
  }
  if (after.kind === 'file' && before.kind === 'file') {
    if (before.key !== undefined || after.key !== undefined) return before.key === after.key ? undefined : 'changed';
    return sameContents(before.contents, after.contents) ? undefined : 'changed';
  }
  if (after.kind === 'card' && before.kind === 'card') return before.card.key === after.card.key ? undefined : 'card changed';
  if (after.kind === 'page' && before.kind === 'page') return pageReason(before.key, after.key, after.route.sources, cause);
  return undefined;
}

function pageReason(before: PageKey, after: PageKey, sources: string[], cause: EditCause): string | undefined {
  const own = sources.some((s) => cause.content.has(s));
  const sameRoute = sameData(before.route, after.route);
  if (before.entry !== after.entry || (own && !sameRoute)) return 'its page';
  if (before.template !== after.template) return 'template changed';
  if (before.islands !== after.islands) return 'island bundle changed';
  if (before.assets !== after.assets) return 'stylesheet or island loader changed';
  if (before.site !== after.site) return 'site data changed';
  if (before.images !== after.images) return 'image changed';
  if (!sameRoute) return cause.content.size ? 'lists it' : 'its data changed';
  return undefined;
}

function sameContents(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

export interface OutputPlan {
  /** `full`: write everything into a fresh folder and swap it in; `incremental`: move in only what changed. */
  mode: 'full' | 'incremental';
  /** Output files to (re)write. */
  write: Set<string>;
  /** Output files left as they are. */
  keep: Set<string>;
  /** Output files of the previous build that this build no longer produces. */
  remove: string[];
}

/** Above this share of changed files, a full swap is as cheap and keeps the output strictly atomic. */
const FULL_REBUILD_SHARE = 0.5;

/**
 * Build: compares what this build will produce (each output file's manifest key, see
 * `manifestKeys`) with what the previous build recorded, and checks the previous files are still
 * there untouched (size and mtime), so a hand-edited or deleted output file is written again.
 * `restored`: this build put the output folder's files there itself, from the cache, and took
 * the manifest's sizes and times from them then (`startRestore`), so they are not looked at again.
 */
export function planOutput(
  outputs: ReadonlyMap<string, Output>,
  keys: ReadonlyMap<string, string>,
  manifest: BuildManifest | undefined,
  outDir: string,
  restored = false,
): OutputPlan {
  const full = (): OutputPlan => ({ mode: 'full', write: new Set(outputs.keys()), keep: new Set(), remove: [] });
  if (!manifest || !existsSync(outDir)) return full();
  const recorded = new Map(Object.entries(manifest.files));
  const { planned, keep } = planChanges<OutputRecord>(
    recorded,
    outputs,
    (before, _after, file) => {
      if (!before) return 'new';
      return before.key === keys.get(file) && (restored || unchangedOnDisk(join(outDir, file), before)) ? undefined : 'changed';
    },
    (_before, file) => ({ label: file, kind: 'file' }),
  );
  const write = new Set(planned.filter((p) => p.action === 'write').map((p) => p.file));
  if (write.size > outputs.size * FULL_REBUILD_SHARE) return full();
  // A path from the manifest that is not a proper output path was never ours to remove.
  const remove = planned.filter((p) => p.action === 'remove' && outputFileProblem(p.file) === undefined).map((p) => p.file);
  // A folder of the output replaced by a link to elsewhere: write the whole output afresh
  // rather than through the link (the swap replaces the link itself).
  if (!allStayInside(outDir, [...write, ...remove])) return full();
  return { mode: 'incremental', write, keep, remove };
}

function unchangedOnDisk(path: string, record: { size: number; mtimeMs: number }): boolean {
  try {
    const s = statSync(path);
    return s.size === record.size && s.mtimeMs === record.mtimeMs;
  } catch {
    return false;
  }
}

/** At most this many pages are named one by one per reason; more are counted. */
const NAMED = 4;

/**
 * The plan in one line: `content/blog/x.md changed → /blog/x (its page), /blog (lists it),
 * feed.xml, sitemap.xml: 4 files in 18 ms`. After a failed rebuild (`fixed`), the line says the
 * site built again first, and an empty plan (the fix put back what the last good build had) says
 * that rather than "nothing to rewrite".
 */
export function describePlan(changed: string[], plan: PlannedFile[], ms: string, note = '', fixed = false): string {
  const what = changed.length <= 3 ? changed.join(', ') : `${changed.slice(0, 3).join(', ')} and ${changed.length - 3} more`;
  const byReason = new Map<string, PlannedFile[]>();
  for (const p of plan) if (p.kind === 'page') byReason.set(p.reason, [...(byReason.get(p.reason) ?? []), p]);
  const items: string[] = [];
  for (const [reason, pages] of byReason) {
    if (pages.length > NAMED) items.push(`${pages.length} pages (${reason})`);
    else items.push(...pages.map((p) => `${p.label} (${reason})`));
  }
  const others = plan.filter((p) => p.kind !== 'page');
  items.push(...others.map((f) => (f.action === 'remove' ? `${f.label} (removed)` : f.label)));
  const count = `${plan.length} file${plan.length === 1 ? '' : 's'}`;
  if (fixed) {
    const done = items.length ? items.join(', ') : 'every page as the last good build left it';
    return `${what} changed${note} → built again: ${done}: ${count} in ${ms}`;
  }
  return `${what} changed${note} → ${items.length ? items.join(', ') : 'nothing to rewrite'}: ${count} in ${ms}`;
}

/**
 * Whether two plain values (what a route table returns) are equal, comparing objects key by key.
 * Faster than comparing their JSON on 4,000 routes (~50 ms): unchanged parts are mostly the same
 * strings and often the same objects, and nothing is allocated. Unlike JSON, a key set to
 * `undefined` differs from a missing one: that only costs a needless render.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!(k in y) || !sameData(x[k], y[k])) return false;
  return true;
}
