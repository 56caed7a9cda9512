import { basePathOf } from '../pipeline/routes/base-path.ts';
import { join } from 'node:path';
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { messages } from '../diagnostics/messages.ts';
import { checkLinks, type LinkedPage } from '../pipeline/links/links.ts';
import { cardStyle, paintCards, type PlannedCard } from '../pipeline/cards/cards.ts';
import type { PlannedFile } from '../pipeline/plan/change-plan.ts';
import { renderAll, type ThreadRenderer } from '../pipeline/render/render-pool.ts';
import { imageSettings } from '../pipeline/images/image-set.ts';
import { publicDirOf } from '../pipeline/site-state.ts';
import type { Route } from '../pipeline/types.ts';
import { abortOutput, commitChanges, copyIntoOutput, startOutput, writeOutputFile } from '../pipeline/write/write.ts';
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
 * Renders the planned pages, checks links, then moves the planned files into the output (the
 * same staging and commit as an incremental build). Throws a `DiagnosticError` for a template
 * that fails or a dead link; the output is then as it was. Returns the files written and removed.
 */
export async function writePlan(out: DevOutput, previous: Snapshot, next: Snapshot, plan: PlannedFile[]): Promise<{ written: string[]; removed: string[] }> {
  const write = plan.filter((p) => p.action === 'write');
  const routes = write.flatMap((p) => {
    const output = next.outputs.get(p.file)!;
    return output.kind === 'page' ? [output.route] : [];
  });
  const staging = startOutput(out.outDir);
  try {
    const rendered = await renderPages(out, next, routes, staging.dir);
    checkDevLinks(out, previous, next, plan, rendered);
    const publicDir = join(out.root, publicDirOf(next.parts.compiled.config));
    const cards: [string, PlannedCard][] = [];
    for (const p of write) {
      const output = next.outputs.get(p.file)!;
      if (output.kind === 'file') writeOutputFile(staging.dir, p.file, output.contents);
      if (output.kind === 'public') copyIntoOutput(staging.dir, publicDir, p.file);
      if (output.kind === 'card') cards.push([p.file, output.card]);
    }
    const { cards: cardsConfig } = next.parts.compiled.config;
    if (cardsConfig && cards.length) await paintCards(cardStyle(cardsConfig, out.root), cards, out.cacheDir, (file, png) => writeOutputFile(staging.dir, file, png));
    const written = write.map((p) => p.file);
    const removed = plan.filter((p) => p.action === 'remove').map((p) => p.file);
    commitChanges(staging, written, removed);
    for (const [file, page] of rendered) out.links.set(file, { links: page.links, ids: page.ids });
    for (const file of removed) out.links.delete(file);
    return { written, removed };
  } catch (error) {
    abortOutput(staging);
    throw error;
  }
}

/** Renders routes into the staging folder (on workers from `WORKER_THRESHOLD` pages); their links and ids by output file. */
export async function renderPages(out: DevOutput, next: Snapshot, routes: Route[], stagingDir: string): Promise<Map<string, { links: string[]; ids: string[] }>> {
  const { compiled } = next.parts;
  const outcomes = await renderAll(routes, {
    config: compiled.config,
    configModule: compiled.configModule,
    workerModule: compiled.workerModule,
    setup: { site: next.site, versionKey: compiled.versionKey, markdownKey: compiled.markdownKey, cacheDir: out.cacheDir, stagingDir, images: { manifest: next.images.manifest, sizes: imageSettings(compiled.config.images).sizes } },
    thread: out.renderer,
  });
  const renderErrors: Diagnostic[] = [];
  const rendered = new Map<string, { links: string[]; ids: string[] }>();
  for (const o of outcomes) {
    if (o.ok) rendered.set(o.outFile, o);
    else renderErrors.push({ ...messages.renderFailed(o.path, o.error), file: routes.find((r) => r.path === o.path)?.sources[0] });
  }
  if (renderErrors.length) throw new DiagnosticError(renderErrors);
  return rendered;
}

/** Throws a `DiagnosticError` listing dead links, each at its line in its content file. */
function checkDevLinks(out: DevOutput, previous: Snapshot, next: Snapshot, plan: PlannedFile[], rendered: Map<string, { links: string[]; ids: string[] }>): void {
  const pages: LinkedPage[] = next.routes.map((r) => {
    const found = rendered.get(r.outFile) ?? out.links.get(r.outFile);
    return { path: r.path, outFile: r.outFile, source: r.sources[0], links: found?.links ?? [], ids: found?.ids ?? [] };
  });
  const only = linksToCheck(out.links, previous, next, plan, rendered);
  const files = new Set(next.outputs.keys());
  if (checkLinks(pages, files, next.redirects, only).length === 0) return;
  // Checked again with the sources, only now, so each dead link is shown at its line.
  const texts = new Map([...next.content].map(([file, loaded]) => [file, loaded.text]));
  throw new DiagnosticError(checkLinks(pages, files, next.redirects, only, { texts, base: basePathOf(next.site.settings.url) }));
}

/**
 * The pages whose links need checking. The previous snapshot's links all resolved; while no file
 * appeared or went, no redirect changed and no rendered page lost or gained an id, only the
 * rendered pages' own links can be dead (checking all 4,000 pages' links costs ~150 ms).
 */
function linksToCheck(
  links: PageLinks,
  previous: Snapshot,
  next: Snapshot,
  plan: PlannedFile[],
  rendered: Map<string, { ids: string[] }>,
): Set<string> | undefined {
  if (plan.some((p) => p.action === 'remove' || p.reason === 'new page' || p.reason === 'new file')) return undefined;
  if (JSON.stringify(previous.redirects) !== JSON.stringify(next.redirects)) return undefined;
  for (const [file, page] of rendered) {
    if ((links.get(file)?.ids ?? []).join('\n') !== page.ids.join('\n')) return undefined;
  }
  return new Set(rendered.keys());
}
