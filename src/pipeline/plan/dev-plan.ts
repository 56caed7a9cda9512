import { sameData, type Output, type PageKey, type Snapshot } from '../../dev/snapshot.ts';

/** One output file to write or remove, and why. */
export interface PlannedFile {
  /** Output path, e.g. `post/first-date.html`. */
  file: string;
  action: 'write' | 'remove';
  /** Site path for pages (`/post/first-date`), the output path for other files. */
  label: string;
  /** Why, in the terms of what was edited, e.g. "its page", "lists it", "template article changed". */
  reason: string;
  kind: Output['kind'];
}

/** What the edit touched, for the reasons: content files (root-relative) and compiled parts. */
export interface EditCause {
  content: Set<string>;
}

/**
 * Compares two snapshots' output files and returns the ones to write or remove, each with a reason.
 * A page is written when any part of its key differs; the first differing part names the reason.
 */
export function planRebuild(previous: Snapshot, next: Snapshot, cause: EditCause): PlannedFile[] {
  const plan: PlannedFile[] = [];
  for (const [file, output] of next.outputs) {
    const before = previous.outputs.get(file);
    if (before === output) continue; // carried over unchanged (a body-only edit)
    const label = output.kind === 'page' ? output.route.path : file;
    const write = (reason: string) => plan.push({ file, action: 'write', label, reason, kind: output.kind });
    if (!before || before.kind !== output.kind) {
      write(output.kind === 'page' ? 'new page' : 'new file');
    } else if (output.kind === 'public' && before.kind === 'public') {
      if (before.size !== output.size || before.mtimeMs !== output.mtimeMs) write('public file changed');
    } else if (output.kind === 'file' && before.kind === 'file') {
      if (!sameContents(before.contents, output.contents)) write('changed');
    } else if (output.kind === 'page' && before.kind === 'page') {
      const reason = pageReason(before.key, output.key, output.route.sources, cause);
      if (reason) write(reason);
    }
  }
  for (const [file, output] of previous.outputs) {
    if (next.outputs.has(file)) continue;
    plan.push({ file, action: 'remove', label: output.kind === 'page' ? output.route.path : file, reason: 'removed', kind: output.kind });
  }
  return plan;
}

function pageReason(before: PageKey, after: PageKey, sources: string[], cause: EditCause): string | undefined {
  const own = sources.some((s) => cause.content.has(s));
  const sameRoute = sameData(before.route, after.route);
  if (before.entry !== after.entry || (own && !sameRoute)) return 'its page';
  if (before.template !== after.template) return 'template changed';
  if (before.islands !== after.islands) return 'island bundle changed';
  if (before.assets !== after.assets) return 'stylesheet or island loader changed';
  if (before.site !== after.site) return 'site data changed';
  if (!sameRoute) return cause.content.size ? 'lists it' : 'its data changed';
  return undefined;
}

function sameContents(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** At most this many pages are named one by one per reason; more are counted. */
const NAMED = 4;

/**
 * The plan in one line: `content/articles/x.md changed → /post/x (its page), /articles (lists it),
 * feed.xml, sitemap.xml: 4 files in 18 ms`.
 */
export function describePlan(changed: string[], plan: PlannedFile[], ms: string, note = ''): string {
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
  return `${what} changed${note} → ${items.length ? items.join(', ') : 'nothing to rewrite'}: ${count} in ${ms}`;
}
