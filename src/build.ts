import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { DiagnosticError, formatDiagnostic, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts';
import { messages } from './diagnostics/messages.ts';
import { LAYOUT, prepareManifest, readManifest, type BuildManifest } from './pipeline/plan/manifest.ts';
import { openCache } from './pipeline/cache/cache-dir.ts';
import { newBuildId, restoreOutput, updateMirror } from './pipeline/cache/output-mirror.ts';
import { cardStyle, paintCards, type PlannedCard } from './pipeline/cards/cards.ts';
import { compileSite } from './pipeline/compile/compile-site.ts';
import { generatorRoot } from './pipeline/paths.ts';
import { checkImages, checkLinks, type LinkedPage } from './pipeline/links/links.ts';
import { drawCardsOnWorker, renderAll, startRenderWorkers, WORKER_THRESHOLD, type RenderWorkers } from './pipeline/render/render-pool.ts';
import { tidyMarkdownCache } from './pipeline/render/markdown-cache.ts';
import { planOutput, type OutputPlan } from './pipeline/plan/change-plan.ts';
import { fingerprintInputs, fingerprintOf, fingerprintOptionsFor, inputLines, upToDateSummary, type FingerprintOptions } from './pipeline/plan/up-to-date.ts';
import {
  bundleAssets, computeSiteState, contentDirOf, manifestKeys, publicDirOf, readContent, readPublic,
  type SiteParts, type SiteState, type SiteStateOptions,
} from './pipeline/site-state.ts';
import type { BuildOptions, BuildSummary, RenderTimings } from './pipeline/build-types.ts';
import type { Entry, Redirect, SiteConfig } from './pipeline/types.ts';
import type { LeftOut, ValidateResult } from './pipeline/validate/validate.ts';
import { formatMs } from './pipeline/format.ts';
import { processCpuMs, threadCpuMs } from './pipeline/cpu.ts';
import { previousIndex, previousParts, startPageIndexer, type PageIndexer } from './pipeline/search/index-pages.ts';
import { openValidationCache } from './pipeline/validate/validation-cache.ts';
import { imageSettings } from './pipeline/images/image-set.ts';
import { siteImages } from './pipeline/images/process-images.ts';
import { bundleHostFunctions, type HostBundle } from './pipeline/hosts/functions.ts';
import { basePathOf } from './pipeline/routes/base-path.ts';
import { placed, sitePathOfFile } from './pipeline/hosts/layout.ts';
import { hostConfig, NETLIFY_FUNCTIONS, stageProjectFiles } from './pipeline/hosts/project-files.ts';
import { hostOf } from './pipeline/hosts/host.ts';
import { imageFailureDiagnostics } from './pipeline/images/references.ts';
import { finishAfterSwap, fsReason } from './pipeline/write/after-swap.ts';
import { lockProject } from './pipeline/write/build-lock.ts';
import { OUTPUT_MARKER } from './pipeline/write/output-folder.ts';
import { diskFullError, folderBytes, isNoSpace, shownPath } from './pipeline/write/disk-full.ts';
import { outputDirOf } from './pipeline/write/output-paths.ts';
import { abortOutput, commitChanges, commitOutput, copyIntoOutput, startOutput, writeOutputFile, type Staging } from './pipeline/write/write.ts';

/**
 * A build: compile → bundle styles and islands → load, validate, route (the site state) → plan →
 * render → check links → write. Output whose inputs did not change since the previous build is
 * left as it is; with nothing changed at all, the up-to-date check answers without compiling.
 * Throws a `DiagnosticError` listing every problem found; the previous output is then untouched.
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  if (options.checkOnly) return (await buildSite(options)).summary;
  // One build of a project at a time (build-lock.ts); the one before may leave nothing to do.
  const root = resolve(options.root);
  const outDir = outputDirOf(root, options.outDir);
  const release = await lockProject(root, (line) => console.error(line)).catch((error: unknown) => {
    throw isNoSpace(error) ? diskFullError({ folder: join(root, '.cache'), outDir }) : asWriteFailure(error, outDir);
  });
  try {
    return upToDateSummary(options) ?? (await buildSite(options)).summary;
  } finally {
    release();
  }
}

/** What `dev` brings to a build it runs: its compiled parts and its hooks into the site state. */
export interface DevBuildInputs extends Pick<SiteStateOptions, 'validate' | 'runSiteFunctions'> {
  parts: SiteParts;
}

/** A finished build, for `dev` to keep in memory. */
export interface BuiltSite {
  summary: BuildSummary;
  state: SiteState;
  /** Every page with its links and ids, rendered now or recorded by the previous build. */
  pages: LinkedPage[];
}

/** One build's settings and its stage timer. */
interface BuildRun {
  options: BuildOptions;
  root: string;
  outDir: string;
  cacheDir: string | undefined;
  fingerprint: FingerprintOptions;
  /** The previous build's manifest, when it built into the same folder (or its output was restored from the cache). */
  manifest: BuildManifest | undefined;
  /** Whether the output is kept in the cache too (`build`, not `dev` or `check`). */
  mirror: boolean;
  /** Empties the output folder again when it was filled from the cache for this build (`restoreOutput`). */
  undoRestore?: () => void;
  started: number;
  stages: Record<string, number>;
  stageCpu: NonNullable<BuildSummary['stageCpu']>;
  /** Where each render thread spent its time. */
  threads: RenderTimings[];
  /** Social cards drawn and taken from the cache, how many of them on a worker, and the time spent on them. */
  cards?: { drawn: number; cached: number; onWorker: number; ms: number };
  /** Render workers started early (a cold build of a large site); closed by the render stage or on failure. */
  workerPool?: RenderWorkers;
  /** The search index, fed as pages render (`SiteConfig.search`); stopped on failure. */
  search?: PageIndexer;
  /** The previous build's search index, kept as it is when no page changed. */
  searchKept?: Map<string, string>;
  /** The previous build's index parts still in the output, with their files (manifest keys), for `search` to reuse. */
  searchReusable?: ReturnType<typeof previousParts>;
  /** This build's index parts, folder → key, for the manifest. */
  searchParts?: Record<string, string>;
  /** CPU milliseconds of Pagefind's process, once the index is built (Linux). */
  searchCpuMs?: number;
  /** The site's functions bundled for the host (`deploy.functions`); none in dev. */
  hostBundle?: HostBundle;
  /** The folder of the output the site's files are in (`SiteState.siteFolder`), once known. */
  siteFolder?: string;
  /** Ends the current stage: its time is added to `stages` (and said, with `progress`). */
  lap(stage: string): void;
  /** Says a long stage is starting (`progress`), e.g. "rendering 132 pages". */
  starting(what: string): void;
}

/**
 * The build's stages in order, without the up-to-date check. `dev` runs it with its own compiled
 * parts and hooks, and keeps what it returns as its first snapshot.
 */
export async function buildSite(options: BuildOptions, dev?: DevBuildInputs): Promise<BuiltSite> {
  const run = startRun(options, !dev);
  try {
    return await runStages(run, options, dev);
  } catch (error) {
    // An output folder the cache filled for this build goes back to how it was: a failed build writes nothing.
    run.undoRestore?.();
    throw error;
  }
}

async function runStages(run: BuildRun, options: BuildOptions, dev: DevBuildInputs | undefined): Promise<BuiltSite> {
  // Compiling writes the site's bundle into the cache's site/: a full disk there is said as such.
  const parts = dev?.parts ?? (await compileParts(run).catch((error: unknown) => {
    throw isNoSpace(error) && run.cacheDir ? diskFullError({ folder: run.cacheDir, outDir: run.outDir }) : error;
  }));
  const foldersBefore = fingerprintInputs(folderInputs(run.root, parts.compiled.config), [], run.fingerprint);
  tidyMarkdownCache(run.cacheDir, parts.compiled.markdownKey);
  let state: SiteState;
  try {
    state = await siteState(run, parts, dev);
  } catch (error) {
    await run.workerPool?.close();
    throw error;
  }
  const warn = options.warn ?? ((line: string) => console.warn(line));
  for (const warning of state.warnings) warn?.(formatDiagnostic(warning));
  const staging: Staging = options.checkOnly
    ? { dir: mkdtempSync(join(tmpdir(), 'heartnotes-check-')), outDir: run.outDir }
    : startOutput(run.outDir);
  try {
    const keys = manifestKeys(state, parts.compiled.versionKey);
    const plan = planOutput(state.outputs, keys, run.manifest, run.outDir);
    run.lap('plan');
    startSearch(run, parts.compiled, state, plan);
    const { pages, failures } = await renderPlanned(run, parts, state, plan, staging);
    const unpublished = await renderUnpublished(run, parts, state);
    run.lap('render');
    // Unreadable images: at the Markdown or front matter naming them, or on the pages showing them.
    const problems = [...state.diagnostics, ...failures, ...unpublished.failures, ...imageFailureDiagnostics(state.images, sourceTexts(state), state.validated.images, pages)];
    // Links are site paths: checked against the files as the site names them, whatever its folder in the output.
    const site = siteView(state.siteFolder, pages, keys);
    const base = basePathOf(state.site.settings.url);
    problems.push(...checkContentLinks(site.pages, site.files, state.redirects, sourceTexts(state), state.validated, problems, state.unrouted, base));
    problems.push(...checkUnpublishedLinks(unpublished.pages, site.pages, site.files, state, problems));
    run.lap('check links');
    failOn(problems);
    if (options.checkOnly) abortOutput(staging);
    else {
      // This thread draws the cards while Pagefind, in its own process, finishes the index.
      const [searched] = await Promise.all([searchIndex(run, { keys, plan, staging }), writeCards(parts.compiled, run, state, plan, staging)]);
      writeBuild(run, parts, state, { ...searched, pages, staging, foldersBefore });
    }
    run.lap('write');
    return { summary: summarize(run, parts, state, plan), state, pages };
  } catch (error) {
    // What the build needed, before its staging folder goes: at least the output it replaces.
    const needed = isNoSpace(error) ? Math.max(folderBytes(run.outDir), folderBytes(staging.dir)) : 0;
    abortOutput(staging);
    throw isNoSpace(error) ? noSpace(error, run, needed) : asWriteFailure(error, run.outDir);
  } finally {
    await run.workerPool?.close();
    await run.search?.close();
  }
}

function startRun(options: BuildOptions, mirror = false): BuildRun {
  const started = performance.now();
  const root = resolve(options.root);
  const outDir = outputDirOf(root, options.outDir);
  const cacheDir = options.noCache ? undefined : openCache(root);
  mirror &&= Boolean(cacheDir) && !options.checkOnly;
  const stages: Record<string, number> = {};
  const stageCpu: BuildRun['stageCpu'] = {};
  let last = started;
  let lastCpu = processCpuMs();
  let lastThread = threadCpuMs();
  const progress = options.progress;
  const lap = (stage: string) => {
    const now = performance.now();
    const cpu = processCpuMs();
    const thread = threadCpuMs();
    progress?.(`  ${stage}: ${formatMs(now - last)}`);
    stages[stage] = (stages[stage] ?? 0) + (now - last);
    const sum = (stageCpu[stage] ??= { processMs: 0, ...(thread === undefined ? {} : { threadMs: 0 }) });
    sum.processMs += cpu - lastCpu;
    if (sum.threadMs !== undefined && thread !== undefined && lastThread !== undefined) sum.threadMs += thread - lastThread;
    [last, lastCpu, lastThread] = [now, cpu, thread];
  };
  const fingerprint = fingerprintOptionsFor(options, outDir);
  // An empty output folder (a host's fresh clone) starts from the output kept in the cache.
  const existed = existsSync(outDir);
  const restored = mirror ? restoreOutput(cacheDir!, root, outDir, LAYOUT) : undefined;
  if (restored) lap('restore output from the cache');
  const manifest = restored ?? readManifest(cacheDir, outDir);
  const undoRestore = restored ? () => emptyRestored(outDir, existed) : undefined;
  const starting = (what: string) => progress?.(`  ${what}…`);
  return { options, root, outDir, cacheDir, fingerprint, manifest, mirror, undoRestore, started, stages, stageCpu, threads: [], lap, starting };
}

/** Puts an output folder the cache filled back as it was: absent, or holding at most the output marker. */
function emptyRestored(outDir: string, existed: boolean): void {
  if (!existed) return rmSync(outDir, { recursive: true, force: true });
  for (const name of readdirSync(outDir)) if (name !== OUTPUT_MARKER) rmSync(join(outDir, name), { recursive: true, force: true });
}

/** Compiles `site.config.ts` with its templates, then bundles the stylesheet and the islands. */
async function compileParts(run: BuildRun): Promise<SiteParts> {
  const compiled = await compileSite(run.root);
  run.lap('compile templates');
  const assets = await bundleAssets(run.root, compiled.config);
  run.lap('styles and islands');
  return { compiled, ...assets };
}

/** The folders a build reads whole, for the up-to-date fingerprint. */
function folderInputs(root: string, config: SiteConfig): string[] {
  return [join(root, contentDirOf(config)), join(root, publicDirOf(config)), join(generatorRoot, 'src')];
}

/**
 * Loads, validates and routes the content (see site-state.ts).
 *
 * Every content problem is collected into one list and reported once, after links are checked:
 * the build goes on with the records that did validate (a broken entry is left out) so that
 * an editor meets schema errors, dates, duplicates, dead links and missing images in one run.
 * It fails before the swap, so the previous output stays as it was.
 */
async function siteState(run: BuildRun, parts: SiteParts, dev: DevBuildInputs | undefined): Promise<SiteState> {
  const { config } = parts.compiled;
  // What ran since the last stage (the input fingerprint, tidying the Markdown cache) is counted
  // as it always was; the images stage is the image step alone.
  run.lap('content and routes');
  // Raster images are encoded (or taken from the cache) before rendering: Markdown renders
  // synchronously on worker threads, which get the finished manifest.
  const publicListing = readPublic(run.root, config);
  run.starting('images');
  const images = await siteImages(run.root, config, publicListing.files, run.cacheDir);
  run.lap('images');
  // The functions answer under the site's base path: `--base-url`'s, known now (see below).
  const hostBase = basePathOf(run.options.baseUrl ?? '/');
  if (!dev) await bundleForHost(run, parts, hostBase);
  const content = readContent(run.root, config);
  // A cold build (no previous output to keep) of a large site renders every page on workers:
  // start them now, so they load the site while this thread validates and routes the content.
  if (!dev && !run.manifest && run.options.workers === undefined && content.size >= WORKER_THRESHOLD) {
    run.workerPool = startRenderWorkers(parts.compiled, availableParallelism());
  }
  // Entries of files unchanged since a build that kept them are not validated again (validation-cache.ts).
  const validation = dev || !run.cacheDir ? undefined : openValidationCache(run.cacheDir, parts.compiled.versionKey, Boolean(run.options.drafts));
  const state = computeSiteState(parts, content, publicListing, {
    root: run.root,
    baseUrl: run.options.baseUrl,
    host: run.options.host,
    drafts: run.options.drafts,
    today: run.fingerprint.today,
    validate: dev?.validate ?? validation?.validate,
    runSiteFunctions: dev?.runSiteFunctions,
    images,
    hostFiles: run.hostBundle?.output,
    serverRules: Boolean(dev),
    hostLayout: !dev,
  });
  validation?.save();
  run.siteFolder = state.siteFolder;
  run.lap('content and routes');
  // A base path in the site's own URL only (no `--base-url`) is known once its content is read:
  // the functions are bundled again under it, into the same output files.
  const siteBase = basePathOf(state.site.settings.url);
  if (run.hostBundle && siteBase !== hostBase) {
    await bundleForHost(run, parts, siteBase);
    for (const [file, contents] of run.hostBundle.output) state.outputs.set(file, { kind: 'file', contents });
  }
  return state;
}

/** The site's functions bundled for the host the build writes for, mounted under `base`, with the host's project files. */
async function bundleForHost(run: BuildRun, parts: SiteParts, base: string): Promise<void> {
  const { config } = parts.compiled;
  const host = run.options.host ?? hostOf(config);
  run.hostBundle = await bundleHostFunctions(run.root, config, host, parts.compiled.inputs, base);
  const hostFiles = hostConfig(run.root, run.outDir, host, run.hostBundle.output.size > 0);
  for (const [file, contents] of hostFiles.files) run.hostBundle.project.set(file, contents);
  for (const warning of hostFiles.warnings) (run.options.warn ?? ((line: string) => console.warn(line)))(warning);
  run.lap('host functions');
}

/**
 * Copies and writes the planned files and renders the planned pages. Returns every page with its
 * links and ids (rendered now or recorded by the previous build) and the pages that failed to render.
 */
async function renderPlanned(
  run: BuildRun,
  parts: SiteParts,
  state: SiteState,
  plan: OutputPlan,
  staging: Staging,
): Promise<{ pages: LinkedPage[]; failures: Diagnostic[] }> {
  const { compiled } = parts;
  const publicDir = join(run.root, publicDirOf(compiled.config));
  const toRender = [];
  for (const [file, output] of state.outputs) {
    if (!plan.write.has(file)) continue;
    if (output.kind === 'public') copyIntoOutput(staging.dir, publicDir, output.from ?? file, file);
    else if (output.kind === 'file') writeOutputFile(staging.dir, file, output.contents);
  }
  for (const route of state.routes) if (plan.write.has(route.outFile)) toRender.push(route);
  if (toRender.length) run.starting(`rendering ${toRender.length} page${toRender.length === 1 ? '' : 's'}`);
  const outcomes = await renderAll(toRender, {
    config: compiled.config,
    configModule: compiled.configModule,
    workerModule: compiled.workerModule,
    setup: { site: state.site, versionKey: compiled.versionKey, markdownKey: compiled.markdownKey, cacheDir: run.cacheDir, stagingDir: staging.dir, images: { manifest: state.images.manifest, sizes: imageSettings(compiled.config.images).sizes }, timeParse: run.options.timeParse },
    workers: run.options.workers,
    onTimings: (t) => run.threads.push(t),
    workerPool: run.workerPool,
    onPage: run.search?.page,
  });
  const rendered = new Map(outcomes.map((o) => [o.path, o]));
  const pages: LinkedPage[] = [];
  const failures: Diagnostic[] = [];
  for (const route of state.routes) {
    const outcome = rendered.get(route.path);
    if (outcome && !outcome.ok) {
      failures.push({ ...messages.renderFailed(route.path, outcome.error), file: route.sources[0] });
      continue;
    }
    const found = outcome ?? run.manifest!.files[route.outFile];
    pages.push({ path: route.path, outFile: route.outFile, source: route.sources[0], links: found.links ?? [], ids: found.ids ?? [] });
  }
  return { pages, failures };
}

/**
 * Renders the pages drafts and scheduled entries will have (`SiteState.unpublishedRoutes`) into a
 * folder of their own that is removed at once: only their links are kept, to be checked like any
 * page's, and a template that fails on one is reported now rather than on its publication date.
 */
async function renderUnpublished(run: BuildRun, parts: SiteParts, state: SiteState): Promise<{ pages: (LinkedPage & { entry: Entry })[]; failures: Diagnostic[] }> {
  // One at the address of a published page is an error already (site-state.ts): not checked as that page.
  const routes = state.unpublishedRoutes.filter((r) => !state.outputs.has(placed(r.outFile, state.siteFolder)));
  if (!routes.length) return { pages: [], failures: [] };
  const { compiled } = parts;
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-unpublished-'));
  try {
    const outcomes = await renderAll(routes, {
      config: compiled.config,
      configModule: compiled.configModule,
      workerModule: compiled.workerModule,
      setup: { site: state.site, versionKey: compiled.versionKey, markdownKey: compiled.markdownKey, cacheDir: run.cacheDir, stagingDir: dir, images: { manifest: state.images.manifest, sizes: imageSettings(compiled.config.images).sizes } },
      workers: 0,
    });
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

/** The pages and output files by their site paths (`post/x.html`), for a site laid out in a folder of the output (hosts/layout.ts). */
function siteView(folder: string, pages: LinkedPage[], keys: Map<string, string>): { pages: LinkedPage[]; files: Set<string> } {
  if (!folder) return { pages, files: new Set(keys.keys()) };
  return { pages: pages.map((p) => ({ ...p, outFile: sitePathOfFile(p.outFile, folder) })), files: new Set([...keys.keys()].map((f) => sitePathOfFile(f, folder))) };
}

/**
 * The links an entry not yet published holds itself (in its Markdown or front matter), checked
 * against the site as it will be when it is published: the published pages, and the other
 * unpublished pages that will be out by then. A draft is published by hand, so it may link to any
 * of them; an entry scheduled for a day may link to one scheduled for that day or before, not to a
 * draft or a later one (its unattended build on the day would fail). A missing image already
 * reported at its field is not reported again.
 */
export function checkUnpublishedLinks(
  unpublished: (LinkedPage & { entry: Entry })[],
  published: LinkedPage[],
  files: Set<string>,
  state: Pick<SiteState, 'redirects' | 'validated' | 'unrouted' | 'content' | 'site'>,
  problems: Diagnostic[],
): Diagnostic[] {
  if (!unpublished.length) return [];
  const texts = sourceTexts(state);
  const pending = new Set(state.validated.failed.map((f) => f.slug));
  const all = [...published, ...unpublished];
  const out: Diagnostic[] = [];
  const said = new Set(problems.map((d) => d.message));
  // Pages published by the same time are checked together.
  const byTime = new Map<string, (LinkedPage & { entry: Entry })[]>();
  for (const page of unpublished) byTime.set(page.entry.scheduled ?? '', [...(byTime.get(page.entry.scheduled ?? '') ?? []), page]);
  for (const [date, group] of byTime) {
    const outByThen = unpublished.filter((q) => date === '' || (q.entry.scheduled !== undefined && q.entry.scheduled <= date));
    const notYet = new Map([...state.validated.unpublished].filter(([, leftOut]) => !outByThen.some((q) => q.entry.file === leftOut.file)));
    const reachable = new Set([...files, ...outByThen.map((q) => q.outFile)]);
    const found = checkLinks(all, reachable, state.redirects, new Set(group.map((p) => p.outFile)), { texts, pending, unrouted: state.unrouted, unpublished: notYet, base: basePathOf(state.site.settings.url) });
    // Only the links the entry itself holds: what templates add around it (related reading,
    // listings) is made from the content of the day it is published, and checked that day.
    const own = new Set(group.map((p) => p.source));
    out.push(...found.filter((d) => d.line !== undefined && own.has(d.file) && !(d.code === 'links/missing-image' && said.has(d.message))));
  }
  return out;
}

/**
 * Starts the search index (`SiteConfig.search`) of a build that writes: pages go to it as they
 * render. An incremental build that writes and removes no page keeps the previous index instead.
 */
function startSearch(run: BuildRun, compiled: { config: SiteConfig; versionKey: string }, state: SiteState, plan: OutputPlan): void {
  const { config } = compiled;
  if (!config.search || run.options.checkOnly) return;
  const pagesChanged = state.routes.some((r) => plan.write.has(r.outFile)) || plan.remove.some((f) => f.endsWith('.html'));
  if (plan.mode === 'incremental' && !pagesChanged) run.searchKept = previousIndex(run.manifest?.files ?? {}, run.outDir);
  if (run.searchKept) {
    run.searchParts = run.manifest?.searchParts;
    return;
  }
  const previous = run.manifest?.files ?? {};
  const pages = state.routes.map((r) => {
    if (plan.write.has(r.outFile)) return { path: r.path, outFile: r.outFile, noindex: r.noindex };
    return { path: r.path, outFile: r.outFile, noindex: r.noindex, keptIn: run.outDir, ...(previous[r.outFile]?.record === undefined ? {} : { record: previous[r.outFile].record }) };
  });
  // Parts whose pages give the same records as last time are kept, not built again.
  // The index is made in the site's folder of the output (hosts/layout.ts), by site paths.
  const inFolder = Object.entries(run.manifest?.files ?? {}).filter(([file]) => file.startsWith(state.siteFolder)).map(([file, record]) => [sitePathOfFile(file, state.siteFolder), record]);
  run.searchReusable = plan.mode === 'incremental' ? previousParts(run.manifest?.searchParts, Object.fromEntries(inFolder), join(run.outDir, state.siteFolder)) : undefined;
  const reuse = new Map([...(run.searchReusable ?? [])].map(([dir, part]) => [dir, part.key]));
  run.search = startPageIndexer(pages, config.search, { salt: compiled.versionKey, parts: reuse, recordSettings: run.manifest?.searchRecords });
}

/**
 * The search index, written into the staging folder with the pages: its files join the plan and
 * the manifest keys like any output file, and the previous build's index files it no longer
 * produces are removed (they are in the manifest, not in this build's outputs).
 */
async function searchIndex(
  run: BuildRun,
  { keys, plan, staging }: { keys: Map<string, string>; plan: OutputPlan; staging: Staging },
): Promise<{ keys: Map<string, string>; plan: OutputPlan }> {
  const kept = run.searchKept;
  if (kept) {
    return { keys: new Map([...keys, ...kept]), plan: { ...plan, keep: new Set([...plan.keep, ...kept.keys()]), remove: plan.remove.filter((f) => !kept.has(f)) } };
  }
  if (!run.search) return { keys, plan };
  run.starting('search index');
  const folder = run.siteFolder ?? '';
  const made = await run.search.finish(join(staging.dir, folder));
  const { parts, cpuMs } = made;
  const index = new Map([...made.keys].map(([file, key]) => [placed(file, folder), key]));
  run.lap('search index');
  run.searchCpuMs = cpuMs;
  run.searchParts = Object.fromEntries(parts.map((p) => [p.dir, p.key]));
  // A reused part's files stay as the previous build wrote them.
  const reused = new Map(parts.filter((p) => p.reused).flatMap((p) => [...run.searchReusable!.get(p.dir)!.files].map(([file, key]) => [placed(file, folder), key] as const)));
  return {
    keys: new Map([...keys, ...index, ...reused]),
    plan: {
      ...plan,
      write: new Set([...plan.write, ...index.keys()]),
      keep: new Set([...plan.keep, ...reused.keys()]),
      remove: plan.remove.filter((f) => !index.has(f) && !reused.has(f)),
    },
  };
}

/** From this many cards to draw, a worker draws half of them beside this thread. */
const CARD_WORKER_THRESHOLD = 200;

/**
 * Draws (or takes from the cache) the social cards the plan writes, once the pages are rendered
 * and their links checked (a build that fails draws none): on this thread, and for many cards,
 * half of them on a worker of their own.
 *
 * # Design decision
 * After rendering, with the render workers gone: a worker that imports no site, beside this
 * thread, so the cards take both cores while Pagefind finishes (the 4,000-page bench's ~4 CPU-s
 * of cards had kept one core busy for 4–5 s after rendering, the other mostly idle once the
 * index came in parts). Rejected: this thread drawing while the workers render (no faster, the
 * cores being busy either way, and about 200 MB more at peak: the workers' finished pages waited
 * for this thread, 718–737 MB against 525 MB); the render workers drawing their pages' cards as
 * they render (about 150–250 MB more at peak: both workers' heaps at their fullest plus the
 * cards' buffers, 790–880 MB against 610–660 MB).
 */
async function writeCards(compiled: SiteParts['compiled'], run: BuildRun, state: SiteState, plan: OutputPlan, staging: Staging): Promise<void> {
  const { config } = compiled;
  // `check` writes nothing a reader sees; a card has no mistakes of an editor's to find.
  if (!config.cards || run.options.checkOnly) return;
  const cards: [string, PlannedCard][] = [];
  for (const [file, output] of state.outputs) if (output.kind === 'card' && plan.write.has(file)) cards.push([file, output.card]);
  if (!cards.length) return;
  run.starting(`social cards (${cards.length})`);
  const started = performance.now();
  const style = cardStyle(config.cards, run.root);
  const write = (file: string, png: Uint8Array) => writeOutputFile(staging.dir, file, png);
  const share = cards.length >= CARD_WORKER_THRESHOLD ? Math.floor(cards.length / 2) : 0;
  const counts = await Promise.all([
    paintCards(style, cards.slice(share), run.cacheDir, write),
    share ? drawCardsOnWorker(compiled, { style, cards: cards.slice(0, share), cacheDir: run.cacheDir, stagingDir: staging.dir }) : { drawn: 0, cached: 0 },
  ]);
  run.cards = { drawn: counts[0].drawn + counts[1].drawn, cached: counts[0].cached + counts[1].cached, onWorker: share, ms: performance.now() - started };
}

/**
 * Writes the manifest beside its final name, then swaps the output in and makes the manifest
 * current. Everything is written before the swap: a write that fails (a full disk) fails the
 * build with the previous output untouched.
 */
function writeBuild(
  run: BuildRun,
  parts: SiteParts,
  state: SiteState,
  done: { keys: Map<string, string>; plan: OutputPlan; pages: LinkedPage[]; staging: Staging; foldersBefore: string },
): void {
  const { keys, plan, pages, staging } = done;
  const linksOf = new Map(pages.map((p) => [p.outFile, p]));
  const files: BuildManifest['files'] = {};
  for (const [file, key] of keys) {
    const previous = plan.keep.has(file) ? run.manifest!.files[file] : undefined;
    const page = linksOf.get(file);
    // A rename keeps size and mtime, so the staged file's are the ones the output will have.
    const stat = previous ?? statSync(join(staging.dir, file));
    const record = run.search?.recordHashes.get(file) ?? (run.searchKept ? previous?.record : undefined);
    files[file] = { key, size: stat.size, mtimeMs: stat.mtimeMs, ...(page ? { links: page.links, ids: page.ids } : {}), ...(record === undefined ? {} : { record }) };
  }
  // Record the fingerprint only if no input changed while this build read them.
  const folders = folderInputs(run.root, parts.compiled.config);
  const inputFiles = [
    ...parts.compiled.inputs,
    ...parts.styles.inputs,
    ...parts.islands.inputs,
    ...(run.hostBundle?.inputs ?? []),
    join(run.root, 'package-lock.json'),
    join(generatorRoot, 'package-lock.json'),
  ];
  // One walk of the folders serves both: whether they changed while this build read them, and the fingerprint.
  const folderLines = inputLines(folders);
  const unchanged = fingerprintOf(folderLines, run.fingerprint) === done.foldersBefore;
  const leftOut = describeLeftOut(state.validated.leftOut);
  const pendingManifest = prepareManifest(run.cacheDir, {
    build: newBuildId(),
    outDir: run.outDir,
    files,
    ...(run.searchParts ? { searchParts: run.searchParts } : {}),
    ...(run.search ? { searchRecords: run.search.recordSettings } : run.searchKept && run.manifest?.searchRecords ? { searchRecords: run.manifest.searchRecords } : {}),
    ...(unchanged ? { fingerprint: fingerprintOf([...folderLines, ...inputLines([], inputFiles)], run.fingerprint), inputs: { folders, files: inputFiles } } : {}),
    // Said again by a build that finds nothing changed.
    summary: { ...counts(parts, state), ...(leftOut ? { leftOut } : {}) },
  });
  swapIn(run, staging, plan, pendingManifest);
}

/**
 * Stages the files the host reads from the project folder beside their places, swaps the output
 * in, then puts the manifest, the cache's copy of the output and those files in place. A failure
 * before the swap leaves the previous output; one after it says the output holds the new build
 * and what is stale.
 */
function swapIn(run: BuildRun, staging: Staging, plan: OutputPlan, manifest: ReturnType<typeof prepareManifest>): void {
  let project: ReturnType<typeof stageProjectFiles> | undefined;
  try {
    project = run.hostBundle ? stageProjectFiles(run.root, run.hostBundle.project) : undefined;
    if (plan.mode === 'full') commitOutput(staging);
    else commitChanges(staging, plan.write, plan.remove);
  } catch (error) {
    manifest.abort();
    project?.abort();
    throw error;
  }
  const publish = () => {
    const published = manifest.publish();
    if (run.mirror) updateMirror(run.cacheDir!, run.root, { manifest: published, previous: run.manifest?.build, changes: plan.mode === 'incremental' ? plan : undefined });
  };
  finishAfterSwap(run.outDir, [
    { writes: join(run.cacheDir ?? run.root, 'build-manifest.json'), ifFailed: 'the next build is a full one', run: publish },
    ...(project ? [{ writes: projectFilesShown(run), ifFailed: "the host's files there are the previous build's", run: () => project.commit() }] : []),
  ]);
}

/** The project file or folder a failed commit of the host's files names: Netlify's functions, else `wrangler.toml`. */
function projectFilesShown(run: BuildRun): string {
  const files = [...(run.hostBundle?.project.keys() ?? [])];
  return join(run.root, files.length > 0 && !files.some((f) => f.startsWith(NETLIFY_FUNCTIONS)) ? files[0] : NETLIFY_FUNCTIONS);
}

function counts(parts: SiteParts, state: SiteState): { pages: number; redirects: number; assets: number } {
  return { pages: state.routes.length, redirects: state.redirects.length, assets: parts.styles.assets.length + parts.islands.assets.length + state.public.files.length };
}

/** The build's summary, logged as the "Left out" line (when entries were) and one line of counts. */
function summarize(run: BuildRun, parts: SiteParts, state: SiteState, plan: OutputPlan): BuildSummary {
  const { checkOnly } = run.options;
  const rendered = state.routes.filter((r) => plan.write.has(r.outFile)).length;
  const summary: BuildSummary = {
    ...counts(parts, state),
    rendered,
    reused: state.routes.length - rendered,
    ms: performance.now() - run.started,
    outDir: relative(process.cwd(), run.outDir) || '.',
    stages: run.stages,
    stageCpu: run.stageCpu,
    threads: run.threads,
    ...(run.cards ? { cards: run.cards } : {}),
    ...(run.searchCpuMs === undefined ? {} : { searchCpuMs: run.searchCpuMs }),
  };
  const log = run.options.log ?? (() => {});
  const leftOut = describeLeftOut(state.validated.leftOut);
  if (leftOut) log(leftOut);
  const { encoded, cached } = state.images;
  if (encoded + cached) log(`Images: ${encoded + cached} (${encoded} encoded, ${cached} from the cache)`);
  log(
    `${checkOnly ? 'Checked' : 'Built'} ${summary.pages} pages (${summary.rendered} rendered, ${summary.reused} unchanged), ` +
      `${summary.redirects} redirects, ${summary.assets} assets${checkOnly ? '' : ` → ${summary.outDir}/`} in ${formatMs(summary.ms)}`,
  );
  return summary;
}

/** Content files' texts by path, so a dead link is shown at its line. */
function sourceTexts(state: Pick<SiteState, 'content'>): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [file, loaded] of state.content) if (!loaded.unreadable) texts.set(file, loaded.text);
  return texts;
}

/**
 * A full disk, in the output (every output write names its file, see `writeOutputFile`), in
 * another folder a write names (`.netlify/v1/functions`), or, for a write that names none, in
 * `.cache`. The free space is read after the staging folder was removed.
 */
function noSpace(error: NodeJS.ErrnoException, run: BuildRun, needed: number): Error {
  const path = typeof error.path === 'string' ? error.path : undefined;
  if ((path && path.startsWith(run.outDir)) || (!path && !run.cacheDir)) return diskFullError({ folder: run.outDir, neededBytes: needed, outDir: run.outDir });
  if (!path || (run.cacheDir && path.startsWith(run.cacheDir))) return diskFullError({ folder: run.cacheDir!, outDir: run.outDir });
  return diskFullError({ folder: dirname(path), outDir: run.outDir });
}

/** A file-system error (a read-only folder, a missing one) as one sentence instead of a stack trace. */
function asWriteFailure(error: unknown, outDir: string): unknown {
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || !e.path || !/^E[A-Z]+$/.test(e.code)) return error;
  return new DiagnosticError([messages.writeFailed(shownPath(e.path), fsReason(e), shownPath(outDir))]);
}

/**
 * Dead links and anchors (at the line of the link in its Markdown file) and missing images (at
 * the line of the field or the Markdown image), as one list.
 *
 * # Design decision
 * A link to a page whose file failed to load or validate is not reported: that page is missing
 * only because of the error already shown at its file. The route functions cannot be asked which
 * pages the broken files would make (they would be handed data that failed its schema), so the
 * slugs those files would have (`slug:` or the file name) stand for their pages; a link whose last
 * segment is one of them is let through. A route row that threw made none of its pages: a link
 * to a path its pattern describes is let through too (`unrouted`), its cause being reported once
 * (or being a broken entry the row's error names, see `buildRouteTable`). A link to a draft or a
 * scheduled entry says so (`unpublished`). Rejected: stopping before links whenever validation
 * failed (an editor then meets dead links one build later) and reporting them anyway (a second,
 * misleading error for one mistake).
 */
export function checkContentLinks(
  linked: LinkedPage[],
  files: Set<string>,
  redirects: Redirect[],
  texts: Map<string, string>,
  validated: Pick<ValidateResult, 'failed' | 'images'> & Partial<Pick<ValidateResult, 'unpublished'>>,
  problems: Diagnostic[],
  unrouted: string[] = [],
  base = '/',
): Diagnostic[] {
  const pending = new Set(validated.failed.map((f) => f.slug));
  for (const p of problems) if (p.file?.endsWith('.md') && !p.code.startsWith('content/duplicate')) pending.add(basename(p.file, '.md'));
  const images = checkImages(validated.images, files, base);
  // A missing image is one mistake however many pages show it: a cover in front matter is reported
  // at its field, not again on every listing, category or related-articles block that renders it;
  // an image only templates add is reported once per file.
  // (A missing image beside the content was reported at its field already: images/relative-images.ts.)
  const seen = new Set([...images, ...problems.filter((p) => p.code === 'links/missing-image')].map((d) => d.message));
  // An image field with the base written in is reported at its field, not again as a link on each page showing it.
  const quoted = (d: Diagnostic) => /"([^"]*)"/.exec(d.message)?.[1];
  const baseImages = new Set(images.filter((d) => d.code === 'links/base-in-link').map(quoted));
  const links = checkLinks(linked, files, redirects, undefined, { texts, pending, unrouted, unpublished: validated.unpublished, base }).filter((d) => {
    if (d.code === 'links/base-in-link') return !baseImages.has(quoted(d));
    if (d.code !== 'links/missing-image' && d.code !== 'links/malformed-escape') return true;
    const key = `${d.file}\0${d.message}`;
    if (seen.has(d.message) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...images, ...links];
}

/** "Left out 2 entries: a.md (draft), b.md (scheduled for 2026-12-01); …", or '' when none. */
export function describeLeftOut(leftOut: LeftOut[], shown = 5): string {
  if (!leftOut.length) return '';
  const each = leftOut.slice(0, shown).map((e) => `${e.file} (${e.reason === 'draft' ? 'draft' : `scheduled for ${e.date}`})`);
  const more = leftOut.length > shown ? `, and ${leftOut.length - shown} more` : '';
  return `Left out ${leftOut.length} ${leftOut.length === 1 ? 'entry' : 'entries'}: ${each.join(', ')}${more}; "heartnotes dev" shows ${leftOut.length === 1 ? 'it' : 'them'}`;
}

function failOn(diagnostics: Diagnostic[]): void {
  if (diagnostics.length) throw new DiagnosticError(sortDiagnostics(diagnostics));
}

export { formatMs };
