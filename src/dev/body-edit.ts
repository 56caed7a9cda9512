import type { Entry, Route } from '../pipeline/types.ts';
import { sameData } from '../pipeline/plan/change-plan.ts';
import { entryKey, type LoadedFile, type Output } from '../pipeline/site-state.ts';
import { validateWatched, type Snapshot, type SnapshotOptions } from './snapshot.ts';
import { imagesNamed } from '../pipeline/images/references.ts';

/**
 * The next snapshot for an edit that changed only Markdown bodies, without running the site's
 * functions again; `undefined` when the edit is not one (then `computeSnapshot` does it all).
 *
 * # Why this is the same as a clean build
 * The site's functions (`routes`, `settings`, `shared`, `redirects`, `files`, `feed`) receive
 * the validated content and nothing else. For each edited file the new entry has the same id,
 * slug, file and front matter (compared value by value) and only a different `body`/`bodyLine`.
 * If, when the previous snapshot was computed, no site function read that entry's body
 * (`BodyUse.read`, noted by getters) and the entry object itself did not end up in any route's
 * props, the shared data, the settings or the redirects (`BodyUse.escaped`, found by walking
 * them), then running the functions again would read the same values and return the same
 * routes, site data and generated files (sitemap, feed, PDF). What changes is only the `entry` of
 * the routes built from that file: those routes get the new entry and so a new entry key, and the
 * planner renders exactly them. A function that reads an entry's body (the checklist PDF reads
 * its guide's) puts that entry in `read`, and editing it takes the full path.
 *
 * Assumes the site's functions are deterministic (the same input gives the same output), as the
 * whole incremental rebuild does.
 */
export function applyBodyEdits(
  previous: Snapshot,
  content: Map<string, LoadedFile>,
  files: string[],
  options: SnapshotOptions,
): Snapshot | undefined {
  const { validation, bodyUse } = previous;
  if (bodyUse.opaque || validation.today !== options.today || validation.drafts !== options.drafts) return undefined;
  const { collections } = previous.parts.compiled.config;
  const replaced = new Map<Entry, Entry>();
  for (const file of files) {
    const before = previous.content.get(file);
    const after = content.get(file);
    if (after === before) continue;
    const r0 = before?.record;
    const r1 = after?.record;
    if (!r0 || !r1 || before.diagnostics.length || after.diagnostics.length) return undefined;
    if (r0.kind !== 'markdown' || r1.kind !== 'markdown' || r0.collection !== r1.collection) return undefined;
    const v0 = validation.results.get(r0);
    if (!v0 || v0.diagnostics.length) return undefined;
    const v1 = validateWatched(r1, collections[r1.collection], { drafts: options.drafts, today: options.today });
    if (v1.diagnostics.length) return undefined;
    const e0 = v0.entry;
    const e1 = v1.entry;
    if (e0 && e1) {
      if (e0.id !== e1.id || e0.slug !== e1.slug || e0.file !== e1.file || !sameData(e0.data, e1.data)) return undefined;
      if (bodyUse.read.has(e0) || bodyUse.escaped.has(e0)) return undefined;
      // A body naming a processed image changes the page's image key (site-state.ts): the full path computes it.
      const { manifest } = previous.images;
      if (imagesNamed(e0.body, manifest, e0.file).length || imagesNamed(e1.body, manifest, e1.file).length) return undefined;
      replaced.set(e0, e1);
    } else if (e0 || e1) {
      return undefined; // published or unpublished
    }
    // Neither: a draft left out before and after, whatever its body says.
    validation.results.set(r1, v1);
  }

  const outputs = new Map(previous.outputs);
  const routes = previous.routes.map((route): Route => {
    const entry = route.entry && replaced.get(route.entry);
    if (!entry) return route;
    const next = { ...route, entry };
    const output = outputs.get(route.outFile) as Extract<Output, { kind: 'page' }>;
    outputs.set(route.outFile, { kind: 'page', route: next, key: { ...output.key, entry: entryKey(entry) } });
    return next;
  });
  return { ...previous, content, routes, outputs };
}
