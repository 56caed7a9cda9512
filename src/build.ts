import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiagnosticError, formatDiagnostic, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts';
import { openCache } from './pipeline/cache/cache-dir.ts';
import { generatorRoot } from './pipeline/paths.ts';
import { keepHeapSmall } from './pipeline/heap.ts';
import type { LinkedPage } from './pipeline/links/links.ts';
import { linkContext, linksToCheck, siteProblems } from './pipeline/links/site-links.ts';
import { renderWorkerCount, startRenderWorkers, WORKER_THRESHOLD, type RenderWorkers } from './pipeline/render/render-pool.ts';
import { tidyMarkdownCache } from './pipeline/render/markdown-cache.ts';
import { planOutput, type OutputPlan } from './pipeline/plan/change-plan.ts';
import { fingerprintInputs, fingerprintOptionsFor, upToDateSummary } from './pipeline/plan/up-to-date.ts';
import {
  compileParts,
  computeSiteState,
  contentDirOf,
  manifestKeys,
  publicDirOf,
  parseContent,
  readPublic,
  type KeptKeys,
  type SiteParts,
  type SiteState,
  type SiteStateOptions,
} from './pipeline/site-state.ts';
import type { BuildOptions, BuildSummary, RenderTimings } from './pipeline/build-types.ts';
import { counts, describeLeftOut, summarize } from './pipeline/build-summary.ts';
import type { Entry, SiteConfig } from './pipeline/types.ts';
import { keepState, keptState, readKept, stateKey } from './pipeline/cache/kept-state.ts';
import { decodeContentFiles, readContentBytes, type ContentBytes } from './pipeline/load/load.ts';
import { recordBodyReads, watchBodyReads } from './pipeline/validate/body-use.ts';
import { validateRecord } from './pipeline/validate/validate.ts';
import type { BuildManifest } from './pipeline/plan/manifest.ts';
import { formatMs } from './pipeline/format.ts';
import { startClock, type StageClock } from './pipeline/stage-clock.ts';
import { openSiteSearch, withSearch, type SearchMade, type SiteSearch } from './pipeline/search/site-search.ts';
import { openValidationCache, type ValidationCache } from './pipeline/validate/validation-cache.ts';
import { siteImages, type ImageSet } from './pipeline/images/process-images.ts';
import { bundleForHost, type HostBundle } from './pipeline/hosts/functions.ts';
import { basePathOf } from './pipeline/routes/base-path.ts';
import { lockProject } from './pipeline/write/build-lock.ts';
import { diskFullError, folderBytes, isNoSpace } from './pipeline/write/disk-full.ts';
import { drawCards, emitPlanned, renderUnpublished, type CardsDrawn } from './pipeline/write/emit.ts';
import { outputDirOf } from './pipeline/write/output-paths.ts';
import { abortOutput, startOutput, type Staging } from './pipeline/write/write.ts';
import { asWriteFailure, noSpace, openPrevious, writeBuild, type BuildPlace, type PreviousBuild } from './pipeline/write/write-build.ts';

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

/** The site loaded: everything known before planning, and the workers started for rendering it. */
interface LoadedSite {
  parts: SiteParts;
  state: SiteState;
  /** The site's functions bundled for the host (`deploy.functions`); none in dev. */
  host?: HostBundle;
  /** Render workers started early (a cold build of a large site); closed by the render stage or on failure. */
  workers?: RenderWorkers;
  /** The input folders' fingerprint before they were read (write-build.ts compares it after); none for a restored output. */
  foldersBefore: string | undefined;
  /** The manifest keys of the kept state that still hold, when the state was taken from the cache (kept-state.ts). */
  keptKeys?: KeptKeys;
  /** When the state was computed afresh for a build with a cache: its key, and whose bodies the site's functions read, to keep it. */
  keep?: { key: string; reads: Set<Entry> };
  /** Whether the last build's state was taken (a build with a cache; `BuildSummary.siteState`). */
  stateFrom?: BuildSummary['siteState'];
}

/**
 * The build's stages in order, without the up-to-date check. `dev` runs it with its own compiled
 * parts and hooks, and keeps what it returns as its first snapshot.
 *
 * # Design decision
 * Each stage is a function that returns its value and the next stage takes it; nothing is shared
 * but the stage clock, which only measures. The emit step (emit.ts) and the site-wide check
 * (site-links.ts) are the ones dev runs on every edit.
 */
export async function buildSite(options: BuildOptions, dev?: DevBuildInputs): Promise<BuiltSite> {
  const clock = startClock(options.progress);
  const place = placeOf(options, !dev);
  const previous = openPrevious(place, (restored) => clock.lap(restored ? 'restore output from the cache' : 'read the last manifest'));
  // A build with no output to keep makes every page (heap.ts); one that renders most is known by its plan.
  if (dev || (!previous.manifest && !previous.restoring)) keepHeapSmall();
  try {
    const loaded = await loadSite(place, clock, previous, dev);
    return await emitSite(place, clock, previous, loaded);
  } catch (error) {
    // An output folder the cache filled for this build goes back to how it was: a failed build writes nothing.
    await previous.undoRestore?.();
    throw error;
  }
}

function placeOf(options: BuildOptions, mirror: boolean): BuildPlace {
  const root = resolve(options.root);
  const outDir = outputDirOf(root, options.outDir);
  const cacheDir = options.noCache ? undefined : openCache(root);
  return { options, root, outDir, cacheDir, fingerprint: fingerprintOptionsFor(options, outDir), mirror: mirror && Boolean(cacheDir) && !options.checkOnly };
}

/**
 * Compile, images, the host's functions, then the content loaded, validated and routed (see
 * site-state.ts). Every content problem is collected into one list and reported once, after links
 * are checked: the build goes on with the records that did validate (a broken entry is left out)
 * so that an editor meets schema errors, dates, duplicates, dead links and missing images in one run.
 */
async function loadSite(place: BuildPlace, clock: StageClock, previous: PreviousBuild, dev: DevBuildInputs | undefined): Promise<LoadedSite> {
  // Compiling writes the site's bundle into the cache's site/: a full disk there is said as such.
  const parts =
    dev?.parts ??
    (await compileParts(place.root, clock.lap, place.cacheDir).catch((error: unknown) => {
      throw isNoSpace(error) && place.cacheDir ? diskFullError({ folder: place.cacheDir, outDir: place.outDir }) : error;
    }));
  const { config } = parts.compiled;
  // A build whose output the cache put back is a fresh checkout's (a host's deploy): the next
  // build there is another checkout's, so no fingerprint for an up-to-date check is made (two walks
  // of the input folders, about 0.13 s of a one-edit deploy of the bench). A later build in
  // place makes one.
  const foldersBefore = previous.restoring ? undefined : fingerprintInputs(folderInputs(place.root, config), [], place.fingerprint);
  tidyMarkdownCache(place.cacheDir, parts.compiled.markdownKey);
  // Read after the fingerprint above; its listing serves the images too (pictures beside the articles).
  const bytes = readContentBytes(place.root, contentDirOf(config));
  clock.lap('content and routes');
  // Raster images are encoded (or taken from the cache) before rendering: Markdown renders
  // synchronously on worker threads, which get the finished manifest.
  const publicListing = readPublic(place.root, config, place.cacheDir);
  clock.starting('images');
  const images = await siteImages(place.root, config, publicListing.files, place.cacheDir, bytes.listed);
  clock.lap('images');
  // The functions answer under the site's base path: `--base-url`'s, known now (see below).
  const hostBase = basePathOf(place.options.baseUrl ?? '/');
  const host = dev ? undefined : await bundleForHost(place, parts.compiled, hostBase, clock.lap);
  const { options, cacheDir } = place;
  const { keep, found } = dev ? {} : lastState(place, parts, { bytes, publicListing, images, host });
  const kept = found && 'state' in found ? found : undefined;
  // A cold build (no previous output to keep) of a large site renders every page on workers:
  // start them now, so they load the site while this thread validates and routes the content.
  const early = !dev && !previous.manifest && options.workers === undefined && bytes.bytes.size + bytes.problems.size >= WORKER_THRESHOLD;
  const workers = early ? startRenderWorkers(parts.compiled, renderWorkerCount()) : undefined;
  try {
    let state: SiteState;
    if (kept) {
      state = kept.state;
    } else {
      // Opened before the content is parsed: front matter it already holds validated is parsed only if read.
      const validation = dev || !cacheDir ? undefined : openValidationCache(cacheDir, parts.compiled.versionKey, Boolean(options.drafts));
      const content = parseContent(decodeContentFiles(bytes), config, validation?.known);
      state = loadState(place, parts, { content, publicListing, images, host, validation }, dev, keep?.reads);
    }
    clock.lap('content and routes');
    const made: Pick<LoadedSite, 'keptKeys' | 'keep' | 'stateFrom'> = {
      keptKeys: kept?.keys,
      keep: kept ? undefined : keep,
      stateFrom: found && ('state' in found ? { kept: true, edited: found.edited.length } : { kept: false, reason: found.reason }),
    };
    // A base path in the site's own URL only (no `--base-url`) is known once its content is read:
    // the functions are bundled again under it, into the same output files.
    const siteBase = basePathOf(state.site.settings.url);
    if (!host || siteBase === hostBase) return { parts, state, host, workers, foldersBefore, ...made };
    const rebundled = await bundleForHost(place, parts.compiled, siteBase, clock.lap);
    const outputs = new Map(state.outputs);
    for (const [file, contents] of rebundled.output) outputs.set(file, { kind: 'file', contents });
    return { parts, state: { ...state, outputs }, host: rebundled, workers, foldersBefore, ...made };
  } catch (error) {
    await workers?.close();
    throw error;
  }
}

/**
 * The state of the last full build when only Markdown bodies changed since (kept-state.ts), or why
 * not; with the key and the body reads a state computed now is kept with (a build with a cache).
 */
function lastState(
  place: BuildPlace,
  parts: SiteParts,
  read: { bytes: ContentBytes; publicListing: SiteState['public']; images: ImageSet; host: HostBundle | undefined },
): { keep?: NonNullable<LoadedSite['keep']>; found?: ReturnType<typeof keptState> } {
  const { options, cacheDir, fingerprint } = place;
  if (!cacheDir) return {};
  const { bytes, publicListing, images } = read;
  const inputs = { baseUrl: options.baseUrl, host: options.host, drafts: options.drafts, today: fingerprint.today };
  const key = stateKey({ versionKey: parts.compiled.versionKey, options: inputs, parts, publicListing, images, hostFiles: read.host?.output });
  const keep = { key, reads: new Set<Entry>() };
  if (bytes.problems.size) return { keep };
  const state = { key, parts, bytes: bytes.bytes, mtimeOf: bytes.mtimeOf, publicListing, images, options: { drafts: options.drafts, today: fingerprint.today } };
  return { keep, found: keptState(state, readKept(cacheDir)) };
}

/** The folders a build reads whole, for the up-to-date fingerprint. */
function folderInputs(root: string, config: SiteConfig): string[] {
  return [join(root, contentDirOf(config)), join(root, publicDirOf(config)), join(generatorRoot, 'src')];
}

/** The site state (site-state.ts), validating only the entries of files changed since a build that kept them (validation-cache.ts). */
function loadState(
  place: BuildPlace,
  parts: SiteParts,
  read: { content: SiteState['content']; publicListing: SiteState['public']; images: ImageSet; host: HostBundle | undefined; validation: ValidationCache | undefined },
  dev: DevBuildInputs | undefined,
  reads?: Set<Entry>,
): SiteState {
  const { options } = place;
  const { validation } = read;
  // With `reads`, entries note which bodies the site's functions read (validate/body-use.ts), for keeping the state.
  const validate = validation?.validate ?? validateRecord;
  const state = computeSiteState(parts, read.content, read.publicListing, {
    root: place.root,
    baseUrl: options.baseUrl,
    host: options.host,
    drafts: options.drafts,
    today: place.fingerprint.today,
    validate: dev?.validate ?? (reads ? watched(validate) : validation?.validate),
    runSiteFunctions: dev?.runSiteFunctions ?? (reads ? (fn) => recordBodyReads(reads, fn) : undefined),
    images: read.images,
    cacheDir: place.cacheDir,
    hostFiles: read.host?.output,
    serverRules: Boolean(dev),
    hostLayout: !dev,
  });
  validation?.save();
  return state;
}

/** `validate` with the entries it makes watched for body reads (validate/body-use.ts). */
const watched =
  (validate: typeof validateRecord): typeof validateRecord =>
  (...args) => {
    const result = validate(...args);
    return result.entry ? { ...result, entry: watchBodyReads(result.entry) } : result.unpublished ? { ...result, unpublished: watchBodyReads(result.unpublished) } : result;
  };

/** Plan → render (with the search index fed as pages come) → check links → cards, index and swap. */
async function emitSite(place: BuildPlace, clock: StageClock, previous: PreviousBuild, loaded: LoadedSite): Promise<BuiltSite> {
  const { options, outDir, cacheDir, root } = place;
  const { parts, state } = loaded;
  const { compiled } = parts;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  for (const warning of state.warnings) warn?.(formatDiagnostic(warning));
  const staging: Staging = options.checkOnly ? { dir: mkdtempSync(join(tmpdir(), 'heartnotes-check-')), outDir } : startOutput(outDir);
  let search: SiteSearch | undefined;
  try {
    // The cached output was being put in place meanwhile: the plan is made against what it came to.
    const manifest = await previous.settled();
    if (previous.restoring) clock.lap('restore output from the cache');
    const keys = manifestKeys(state, compiled.versionKey, loaded.keptKeys);
    // Kept now, before the pages are rendered, when the build holds the least: a state without a
    // problem of its own is the content's whatever the pages bring (a dead link fails the build,
    // and the next one checks the links again), so a build that fails later keeps it too.
    if (loaded.keep && cacheDir && !options.checkOnly && !state.diagnostics.length)
      keepState(cacheDir, loaded.keep.key, state, keys, { read: loaded.keep.reads }, compiled.config.collections);
    const plan = planOutput(state.outputs, keys, manifest, outDir, previous.restoring && manifest !== undefined);
    if (plan.mode === 'full') keepHeapSmall();
    clock.lap('plan');
    search = options.checkOnly
      ? undefined
      : openSiteSearch({
          config: compiled.config,
          versionKey: compiled.versionKey,
          state,
          plan,
          manifest,
          outDir,
          stagingDir: staging.dir,
          starting: clock.starting,
          restored: previous.restoring && manifest !== undefined,
        });
    const threads: RenderTimings[] = [];
    const render = { workers: options.workers, workerPool: loaded.workers, onTimings: (t: RenderTimings) => threads.push(t), onPage: search?.onPage, timeParse: options.timeParse };
    const emitted = await emitPlanned({
      root,
      cacheDir,
      compiled,
      state,
      write: plan.write,
      kept: (file) => manifest?.files[file],
      stagingDir: staging.dir,
      render,
      starting: clock.starting,
    });
    const unpublished = await renderUnpublished({ compiled, cacheDir, state });
    clock.lap('render');
    const problems = [...state.diagnostics, ...emitted.failures, ...unpublished.failures];
    const links = linkContext(state, keys.keys());
    const only = problems.length ? undefined : linksToCheck(manifest, links, emitted.rendered);
    problems.push(...siteProblems({ state, files: keys.keys(), pages: emitted.pages, problems, unpublished: unpublished.pages, only }));
    clock.lap('check links');
    failOn(problems);
    let written: { cards?: CardsDrawn; search?: SearchMade } = {};
    if (options.checkOnly) abortOutput(staging);
    else written = await writeSite(place, clock, manifest, loaded, { keys, plan, pages: emitted.pages, staging, search, linkContext: links });
    clock.lap('write');
    const measured = { clock, threads, cards: written.cards, searchCpuMs: written.search?.cpuMs, siteState: loaded.stateFrom };
    return { summary: summarize(options, outDir, parts, state, plan, measured), state, pages: emitted.pages };
  } catch (error) {
    // What the build needed, before its staging folder goes: at least the output it replaces.
    const needed = isNoSpace(error) ? Math.max(folderBytes(outDir), folderBytes(staging.dir)) : 0;
    abortOutput(staging);
    throw isNoSpace(error) ? noSpace(error, place, needed) : asWriteFailure(error, outDir);
  } finally {
    await loaded.workers?.close();
    await search?.close();
  }
}

/** Finishes the search index and draws the cards; then writes the manifest and swaps the output in. */
async function writeSite(
  place: BuildPlace,
  clock: StageClock,
  previous: BuildManifest | undefined,
  loaded: LoadedSite,
  done: { keys: Map<string, string>; plan: OutputPlan; pages: LinkedPage[]; staging: Staging; search: SiteSearch | undefined; linkContext: string },
): Promise<{ cards?: CardsDrawn; search?: SearchMade }> {
  const { parts, state, host } = loaded;
  const finishing = done.search?.finish().then((made) => {
    if (done.search?.onPage) clock.lap('search index');
    return made;
  });
  const input = { root: place.root, cacheDir: place.cacheDir, compiled: parts.compiled, state, write: done.plan.write, stagingDir: done.staging.dir, starting: clock.starting };
  const [search, cards] = await Promise.all([finishing, drawCards(input)]);
  const { keys, plan } = withSearch(done.keys, done.plan, search);
  const leftOut = describeLeftOut(state.validated.leftOut);
  const files = [
    ...parts.compiled.inputs,
    ...parts.styles.inputs,
    ...parts.islands.inputs,
    ...(host?.inputs ?? []),
    join(place.root, 'package-lock.json'),
    join(generatorRoot, 'package-lock.json'),
  ];
  writeBuild(place, previous, {
    keys,
    plan,
    pages: done.pages,
    staging: done.staging,
    search,
    host,
    inputs: { folders: folderInputs(place.root, parts.compiled.config), files },
    foldersBefore: loaded.foldersBefore,
    summary: { ...counts(parts, state), ...(leftOut ? { leftOut } : {}) },
    linkContext: done.linkContext,
  });
  return { cards, search };
}

function failOn(diagnostics: Diagnostic[]): void {
  if (diagnostics.length) throw new DiagnosticError(sortDiagnostics(diagnostics));
}

export { formatMs };
