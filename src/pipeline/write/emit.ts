import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { cardStyle, paintCards, type PlannedCard } from '../cards/cards.ts';
import type { CompiledSite } from '../compile/compile-site.ts';
import { placed } from '../hosts/layout.ts';
import { imageSettings } from '../images/image-set.ts';
import type { LinkedPage } from '../links/links.ts';
import { renderAll, type RenderPoolOptions } from '../render/render-pool.ts';
import { publicDirOf, type SiteState } from '../site-state.ts';
import { pageWithLinks } from '../plan/manifest.ts';
import type { Entry, Route } from '../types.ts';
import { copyIntoOutput, writeOutputFile } from './write.ts';

/** What one emit writes: the site, the files to write now and where, and how pages render. */
export interface EmitInput {
  root: string;
  cacheDir: string | undefined;
  compiled: CompiledSite;
  state: Pick<SiteState, 'outputs' | 'routes' | 'site' | 'images'>;
  /** Output files to write now (pages are rendered, other files written or copied). */
  write: ReadonlySet<string>;
  /** A page not rendered now: its links and ids as the output holds it (the previous build's, or dev's last write). */
  kept: (outFile: string) => { links?: string[]; ids?: string[] } | undefined;
  stagingDir: string;
  /** How pages render: workers, a kept thread, the search index's hook (render-pool.ts). */
  render?: Pick<RenderPoolOptions, 'workers' | 'workerPool' | 'thread' | 'onTimings' | 'onPage'> & { timeParse?: boolean };
  /** Says a long step is starting (the build's progress lines). */
  starting?: (what: string) => void;
}

/** Every page with its links and ids, and the pages that failed to render. */
export interface Emitted {
  pages: LinkedPage[];
  failures: Diagnostic[];
  /** The pages rendered now, by output file. */
  rendered: Map<string, { links: string[]; ids: string[] }>;
}

/**
 * The one emit step of `build` and `dev`: writes and copies the planned files into the staging
 * folder and renders the planned pages there. Returns every page with its links and ids (rendered
 * now, or as kept) for the site-wide check (links/site-links.ts), and the pages that failed.
 */
export async function emitPlanned(input: EmitInput): Promise<Emitted> {
  const { state, write, stagingDir } = input;
  const publicDir = join(input.root, publicDirOf(input.compiled.config));
  for (const [file, output] of state.outputs) {
    if (!write.has(file)) continue;
    if (output.kind === 'public') copyIntoOutput(stagingDir, publicDir, output.from ?? file, file);
    else if (output.kind === 'file') writeOutputFile(stagingDir, file, output.contents);
  }
  const toRender = state.routes.filter((route) => write.has(route.outFile));
  if (toRender.length) input.starting?.(`rendering ${toRender.length} page${toRender.length === 1 ? '' : 's'}`);
  const outcomes = await renderAll(toRender, renderOptions(input, stagingDir));
  const byPath = new Map(outcomes.map((o) => [o.path, o]));
  const pages: LinkedPage[] = [];
  const failures: Diagnostic[] = [];
  const rendered = new Map<string, { links: string[]; ids: string[] }>();
  for (const route of state.routes) {
    const outcome = byPath.get(route.path);
    if (outcome && !outcome.ok) {
      failures.push({ ...messages.renderFailed(route.path, outcome.error), file: route.sources[0] });
      continue;
    }
    if (outcome) rendered.set(route.outFile, { links: outcome.links, ids: outcome.ids });
    // A kept page's links and ids as the manifest holds them: made strings only if checked (links/site-links.ts).
    pages.push(pageWithLinks({ path: route.path, outFile: route.outFile, source: route.sources[0] }, outcome ?? input.kept(route.outFile) ?? {}));
  }
  return { pages, failures, rendered };
}

function renderOptions(input: Pick<EmitInput, 'compiled' | 'cacheDir' | 'render'> & { state: Pick<SiteState, 'site' | 'images'> }, stagingDir: string): RenderPoolOptions {
  const { compiled, state, render } = input;
  const { timeParse, ...pool } = render ?? {};
  return {
    config: compiled.config,
    configModule: compiled.configModule,
    workerModule: compiled.workerModule,
    setup: {
      site: state.site,
      versionKey: compiled.versionKey,
      markdownKey: compiled.markdownKey,
      cacheDir: input.cacheDir,
      stagingDir,
      images: { manifest: state.images.manifest, sizes: imageSettings(compiled.config.images).sizes },
      ...(timeParse ? { timeParse } : {}),
    },
    ...pool,
  };
}

/**
 * Renders the pages drafts and scheduled entries will have (`SiteState.unpublishedRoutes`) into a
 * folder of their own that is removed at once: only their links are kept, to be checked like any
 * page's, and a template that fails on one is reported now rather than on its publication date.
 */
export async function renderUnpublished(
  input: Pick<EmitInput, 'compiled' | 'cacheDir'> & { state: Pick<SiteState, 'site' | 'images' | 'outputs' | 'unpublishedRoutes' | 'siteFolder'> },
): Promise<{ pages: (LinkedPage & { entry: Entry })[]; failures: Diagnostic[] }> {
  const { state } = input;
  // One at the address of a published page is an error already (site-state.ts): not checked as that page.
  const routes: Route[] = state.unpublishedRoutes.filter((r) => !state.outputs.has(placed(r.outFile, state.siteFolder)));
  if (!routes.length) return { pages: [], failures: [] };
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-unpublished-'));
  try {
    const outcomes = await renderAll(routes, { ...renderOptions(input, dir), workers: 0 });
    const byPath = new Map(outcomes.map((o) => [o.path, o]));
    const pages: (LinkedPage & { entry: Entry })[] = [];
    const failures: Diagnostic[] = [];
    for (const route of routes) {
      const outcome = byPath.get(route.path)!;
      if (!outcome.ok) failures.push({ ...messages.renderFailed(route.path, outcome.error), file: route.sources[0] });
      else pages.push({ path: route.path, outFile: route.outFile, source: route.sources[0], links: outcome.links, ids: outcome.ids, entry: route.entry! });
    }
    return { pages, failures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Social cards drawn and taken from the cache, and the time spent. */
export interface CardsDrawn {
  drawn: number;
  cached: number;
  ms: number;
}

/**
 * Draws (or takes from the cache) the social cards among the files to write, on this thread,
 * once the pages are rendered and their links checked (a build that fails draws none) and the
 * render workers are gone. Undefined when there were none to draw.
 *
 * # Design decision
 * One thread, after rendering: the build's memory peaks either at the end of rendering or while
 * the cards are drawn, and a second thread for cards held a whole isolate and its share of card
 * buffers at the second peak. On the 4,000-page bench, half of the cards on a worker of their own
 * took the cards from about 5.1 s to 3.9 s, and the peak from 374–395 MB to 431–444 MB
 * (docs/architecture.md, "Peak memory under 400 MB"). Rejected as well: this thread drawing while
 * the worker renders (403–406 MB, no clear gain in time: the worker's pages wait while a card is
 * drawn) and the render workers drawing their pages' cards as they render (150–250 MB more).
 */
export async function drawCards(
  input: Pick<EmitInput, 'root' | 'cacheDir' | 'compiled' | 'write' | 'stagingDir' | 'starting'> & { state: Pick<SiteState, 'outputs'> },
): Promise<CardsDrawn | undefined> {
  const { config } = input.compiled;
  if (!config.cards) return undefined;
  const cards: [string, PlannedCard][] = [];
  for (const [file, output] of input.state.outputs) if (output.kind === 'card' && input.write.has(file)) cards.push([file, output.card]);
  if (!cards.length) return undefined;
  input.starting?.(`social cards (${cards.length})`);
  const started = performance.now();
  const { stagingDir, cacheDir } = input;
  const counts = await paintCards(cardStyle(config.cards, input.root), cards, cacheDir, (file, png) => writeOutputFile(stagingDir, file, png));
  return { ...counts, ms: performance.now() - started };
}
