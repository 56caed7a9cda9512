import { DiagnosticError, sortDiagnostics } from '../diagnostics/diagnostic.ts';
import { siteProblems } from '../pipeline/links/site-links.ts';
import type { PlannedFile } from '../pipeline/plan/change-plan.ts';
import type { ThreadRenderer } from '../pipeline/render/render-pool.ts';
import { drawCards, emitPlanned } from '../pipeline/write/emit.ts';
import { abortOutput, commitChanges, startOutput } from '../pipeline/write/write.ts';
import type { PageLinks } from './manifest-recorder.ts';
import type { Snapshot } from './snapshot.ts';

/** Where dev writes, and what it keeps between rebuilds. */
export interface DevOutput {
  root: string;
  outDir: string;
  cacheDir: string;
  renderer: ThreadRenderer;
  /** Each page's links and ids as last written; updated by `writePlan`. */
  links: PageLinks;
}

/**
 * Writes the planned files and renders the planned pages with the build's own emit step
 * (write/emit.ts), checks the site as a build does (links/site-links.ts), then moves them into
 * the output (the same staging and commit as an incremental build). Throws a `DiagnosticError`
 * for a template that fails, a dead link or a missing image; the output is then as it was.
 * Returns the files written and removed.
 */
export async function writePlan(out: DevOutput, previous: Snapshot, next: Snapshot, plan: PlannedFile[]): Promise<{ written: string[]; removed: string[] }> {
  const written = plan.filter((p) => p.action === 'write').map((p) => p.file);
  const removed = plan.filter((p) => p.action === 'remove').map((p) => p.file);
  const write = new Set(written);
  const staging = startOutput(out.outDir);
  try {
    const emit = { root: out.root, cacheDir: out.cacheDir, compiled: next.parts.compiled, state: next, write, stagingDir: staging.dir };
    const emitted = await emitPlanned({ ...emit, kept: (file) => out.links.get(file), render: { thread: out.renderer } });
    const only = linksToCheck(out.links, previous, next, plan, emitted.rendered);
    const problems = [...emitted.failures, ...siteProblems({ state: next, files: next.outputs.keys(), pages: emitted.pages, problems: emitted.failures, only })];
    if (problems.length) throw new DiagnosticError(sortDiagnostics(problems));
    await drawCards(emit);
    commitChanges(staging, write, removed);
    for (const [file, page] of emitted.rendered) out.links.set(file, page);
    for (const file of removed) out.links.delete(file);
    return { written, removed };
  } catch (error) {
    abortOutput(staging);
    throw error;
  }
}

/** Loads React, the templates and the Markdown cache on dev's render thread, before the first edit. */
export async function warmRenderer(out: DevOutput, snapshot: Snapshot): Promise<void> {
  await emitPlanned({
    root: out.root,
    cacheDir: out.cacheDir,
    compiled: snapshot.parts.compiled,
    state: snapshot,
    write: new Set(),
    kept: () => undefined,
    stagingDir: out.outDir,
    render: { thread: out.renderer },
  });
}

/**
 * The pages whose links need checking. The previous snapshot's links all resolved; while no file
 * appeared or went, no redirect changed and no rendered page lost or gained an id, only the
 * rendered pages' own links can be dead (checking all 4,000 pages' links costs ~150 ms).
 */
function linksToCheck(links: PageLinks, previous: Snapshot, next: Snapshot, plan: PlannedFile[], rendered: Map<string, { ids: string[] }>): Set<string> | undefined {
  if (plan.some((p) => p.action === 'remove' || p.reason === 'new page' || p.reason === 'new file')) return undefined;
  if (JSON.stringify(previous.redirects) !== JSON.stringify(next.redirects)) return undefined;
  for (const [file, page] of rendered) {
    if ((links.get(file)?.ids ?? []).join('\n') !== page.ids.join('\n')) return undefined;
  }
  return new Set(rendered.keys());
}
