import { basePathOf, withBase } from '../pipeline/routes/base-path.ts';
import { styleAssetsUnderBase } from '../pipeline/bundle/styles.ts';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DiagnosticError, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { buildSite } from '../build.ts';
import { openCache } from '../pipeline/cache/cache-dir.ts';
import { formatMs } from '../pipeline/format.ts';
import { describePlan, planRebuild, type PlannedFile } from '../pipeline/plan/change-plan.ts';
import { openThreadRenderer } from '../pipeline/render/render-pool.ts';
import { contentDirOf, readPublic } from '../pipeline/site-state.ts';
import { writeOutputFile } from '../pipeline/write/write.ts';
import { applyBodyEdits } from './body-edit.ts';
import { keepHeapSmall } from '../pipeline/heap.ts';
import { RASTER } from '../pipeline/images/image-set.ts';
import { siteImages, VECTOR } from '../pipeline/images/process-images.ts';
import { classifyChange, compileDevParts, nextContent, nextParts, relativeTo, watchedPaths, type ChangeKind } from './changes.ts';
import { openManifestRecorder, type ManifestRecorder } from './manifest-recorder.ts';
import { openSearchRefresh } from './search-refresh.ts';
import { computeSnapshot, devHooks, snapshotOf, validationCacheFor, type CompiledParts, type Snapshot, type SnapshotOptions } from './snapshot.ts';
import { warmRenderer, writePlan, type DevOutput } from './write-plan.ts';

export interface DevSessionOptions {
  root: string;
  outDir: string;
  baseUrl?: string;
  drafts?: boolean;
  /** A line per stage of a full build (the first one above all; default: none). */
  progress?: (line: string) => void;
  /** Show the stack of an unexpected error (`--verbose`; default: its first line and a pointer to --verbose). */
  verbose?: boolean;
  /** Called as soon as a new stylesheet is in the output, before pages are rewritten (optional). */
  onStylesheet?: (change: { from: string[]; to: string[] }) => void;
  /**
   * Called after every compile, before content is read, with every path to watch (see
   * `watchedPaths`) and the content folder (optional).
   */
  onWatch?: (paths: string[], contentFolder: string | undefined) => void;
}

/** What one rebuild did, for the terminal and the open browsers. */
export interface RebuildReport {
  /** One line for the terminal (several when it failed). */
  line: string;
  /** Set when the rebuild failed; the previous output stays served. */
  problems?: Diagnostic[];
  /** Whether open pages should reload (false when nothing visible changed or only the stylesheet did). */
  reload: boolean;
  /** Files written or removed. */
  plan: PlannedFile[];
}

/** A dev session's state between edits; replaced, never patched, by each rebuild. */
interface Session extends DevOutput {
  options: DevSessionOptions;
  /** The last good snapshot; undefined until a build succeeds. */
  snapshot?: Snapshot;
  /** The parts last compiled, whether or not the build after them succeeded. */
  parts?: CompiledParts;
  /** Files the last failure was found in; their folders are watched too. */
  problemFiles: string[];
  /** The last build or rebuild failed: the next that succeeds says it built again. */
  failing: boolean;
  /** Changed paths not yet applied (a failed rebuild keeps them for the next). */
  pending: Set<string>;
  manifest: ManifestRecorder;
  /** Builds the search index again after rebuilds that changed pages. */
  search: ReturnType<typeof openSearchRefresh>;
}

/**
 * A long-lived build: the compiled site, the loaded and validated content, the route table and
 * the key of every output file stay in memory between edits. An edit re-reads only what changed,
 * recomputes the site state, and renders and writes only the files whose key changed.
 *
 * # Design decision
 * The first build and any change to the generator or `site.config.ts` run the build itself
 * (`buildSite`, with dev's validation and body-read hooks), so the output `dev` starts from is
 * exactly what `heartnotes build` writes and the build's site state becomes the first snapshot.
 * Later edits recompute the snapshot with the same shared stages (site-state.ts) and plan against
 * the previous one with the same change planner. Options considered: calling `build()` on every
 * edit (~2 s on 4,000 pages: it re-reads and re-validates everything and plans against the
 * manifest on disk), or patching the previous snapshot in place. Recomputing from mostly-reused
 * pieces (records and validated entries of unchanged files are the same objects) keeps every
 * stage the build's own code and data immutable between edits.
 */
export async function openDevSession(options: DevSessionOptions) {
  keepHeapSmall();
  const root = realpathSync(resolve(options.root));
  const outDir = resolve(root, options.outDir);
  const cacheDir = openCache(root);
  const s: Session = {
    options,
    root,
    outDir,
    cacheDir,
    renderer: openThreadRenderer({ checkParts: true }),
    links: new Map(),
    problemFiles: [],
    failing: false,
    pending: new Set(),
    manifest: openManifestRecorder(cacheDir, outDir, () => s.links),
    search: openSearchRefresh(outDir, (written, removed) => s.manifest.record(written, removed)),
  };
  s.options.onWatch?.(watchedPaths(root, undefined), undefined);
  const initial = await fullBuild(s, 'Initial build');
  // Load React and the Markdown cache now rather than on the first edit.
  if (s.snapshot) await warmRenderer(s, s.snapshot);
  return {
    initial,
    /** Applies a batch of changed paths (absolute) to the snapshot and the output. */
    apply: (paths: string[]) => applyChanges(s, paths),
    /** What a changed path is to the planner (`full` before the site has built). */
    classify: (path: string): ChangeKind => (s.snapshot ? classifyChange(root, s.snapshot.parts, path) : 'full'),
    /** Every path a watcher should follow, from the config and the compiled site's inputs. */
    watchedPaths: () => watchedPaths(root, s.parts, s.problemFiles),
    /** Writes what dev changed into the build manifest and closes the Markdown cache. */
    close(): void {
      void s.search.close();
      s.manifest.flush();
      s.renderer.close();
    },
  };
}

export type DevSession = Awaited<ReturnType<typeof openDevSession>>;

const today = () => new Date().toISOString().slice(0, 10);

function snapshotOptions(s: Session): SnapshotOptions {
  return { root: s.root, baseUrl: s.options.baseUrl, drafts: s.options.drafts, today: today() };
}

/** Everything from scratch: the build's own stages, whose site state becomes the snapshot. */
async function fullBuild(s: Session, why: string): Promise<RebuildReport> {
  const started = performance.now();
  s.manifest.flush();
  s.renderer.close();
  try {
    const parts = await compileDevParts(s.root);
    s.parts = parts;
    s.problemFiles = [];
    s.options.onWatch?.(watchedPaths(s.root, parts), join(s.root, contentDirOf(parts.compiled.config)));
    const now = new Date();
    const validation = validationCacheFor(parts, { ...snapshotOptions(s), today: now.toISOString().slice(0, 10) });
    const hooks = devHooks(validation);
    const { outDir, baseUrl, drafts } = s.options;
    s.search.forget();
    const built = await buildSite(
      { root: s.root, outDir, baseUrl, drafts, now, progress: s.options.progress },
      { parts, validate: hooks.validate, runSiteFunctions: hooks.runSiteFunctions },
    );
    s.snapshot = snapshotOf(parts, built.state, validation, hooks.reads);
    s.links = new Map(built.pages.map((p) => [p.outFile, { links: p.links, ids: p.ids }]));
    s.manifest.reload();
    s.pending = new Set();
    s.failing = false;
    const { rendered, reused } = built.summary;
    const line = `${why}: ${rendered} page(s) rendered, ${reused} unchanged, in ${formatMs(performance.now() - started)}`;
    return { line: withWarnings(line, built.state.warnings), reload: true, plan: [] };
  } catch (error) {
    return failed(s, error);
  }
}

/** Applies a batch of changed paths (absolute): a full build, or the edit planned against the snapshot. */
async function applyChanges(s: Session, paths: string[]): Promise<RebuildReport> {
  for (const p of paths) s.pending.add(p);
  const changed = [...s.pending].sort();
  const names = [...new Set(changed.map(relativeTo(s.root)))];
  if (!s.snapshot) return fullBuild(s, `${names.join(', ')} changed → full rebuild (the last build failed)`);
  const previous = s.snapshot;
  const kinds = new Set(changed.map((p) => classifyChange(s.root, previous.parts, p)));
  if (kinds.has('full')) return fullBuild(s, `${names.join(', ')} changed → full rebuild (generator or site config)`);
  if ([...kinds].every((k) => k === 'unused')) {
    s.pending = new Set();
    return { line: `${names.join(', ')} changed → not used by the site: nothing to rebuild`, reload: false, plan: [] };
  }
  const started = performance.now();
  try {
    const next = await nextSnapshot(s, previous, changed, kinds);
    const contentDir = contentDirOf(next.parts.compiled.config);
    const plan = planRebuild(previous, next, { content: new Set(names.filter((n) => n.startsWith(`${contentDir}/`))) });
    const stylesheet = stylesheetChange(previous, next);
    if (stylesheet) {
      // The browser can swap the stylesheet now; pages naming it are rewritten below.
      const base = basePathOf(next.site.settings.url);
      for (const a of styleAssetsUnderBase(next.parts.styles.assets, base)) writeOutputFile(s.outDir, a.outFile, a.contents);
      s.options.onStylesheet?.(stylesheet);
    }
    const { written, removed } = await writePlan(s, previous, next, plan);
    s.manifest.record(written, removed);
    if (removed.length || written.some((f) => f.endsWith('.html'))) s.search.schedule(next.routes, next.parts.compiled.config.search);
    s.snapshot = next;
    s.pending = new Set();
    const visible = plan.some((p) => p.kind !== 'file' || p.file.endsWith('.html') || p.file.endsWith('.css'));
    const onlyStyles = !!stylesheet && [...kinds].every((k) => k === 'styles');
    const line = describePlan(names, plan, formatMs(performance.now() - started), '', s.failing);
    s.failing = false;
    return { line: withWarnings(line, next.warnings, previous.warnings), reload: visible && !onlyStyles, plan };
  } catch (error) {
    return failed(s, error);
  }
}

/** The snapshot after an edit: the fast path for body-only edits, else the shared stages again. */
async function nextSnapshot(s: Session, previous: Snapshot, changed: string[], kinds: Set<ChangeKind>): Promise<Snapshot> {
  const parts = await nextParts(s.root, previous.parts, kinds);
  if (parts !== previous.parts) s.parts = parts;
  if (parts.compiled !== previous.parts.compiled) s.options.onWatch?.(watchedPaths(s.root, parts), undefined);
  const edited = changed.filter((p) => classifyChange(s.root, previous.parts, p) === 'content');
  const content = nextContent(s.root, previous, parts, edited);
  const publicListing = kinds.has('public') ? readPublic(s.root, parts.compiled.config) : previous.public;
  // A raster file added, changed or removed (in public/ or beside the content), or an SVG beside
  // the content (published under a hashed name): the image step runs again, and takes every
  // unchanged image from the cache.
  const imagesChanged = changed.some((p) => RASTER.test(p) || (VECTOR.test(p) && classifyChange(s.root, previous.parts, p) === 'content'));
  const images = imagesChanged ? await siteImages(s.root, parts.compiled.config, publicListing.files, s.cacheDir) : previous.images;
  const options = snapshotOptions(s);
  // Only Markdown bodies changed: the site's functions need not run again (body-edit.ts).
  const bodyOnly = !imagesChanged && [...kinds].every((k) => k === 'content') && applyBodyEdits(previous, content, edited.map(relativeTo(s.root)), options);
  return bodyOnly || computeSnapshot(parts, content, publicListing, options, previous.validation, images);
}

/** The stylesheets' addresses before and after, when they changed. */
function stylesheetChange(previous: Snapshot, next: Snapshot): { from: string[]; to: string[] } | undefined {
  // As the pages name them: under the site's base path (render/base-html.ts).
  const at = (site: Snapshot['site']) => site.assets.css.map((href) => withBase(href, basePathOf(site.settings.url)));
  const from = at(previous.site);
  const to = at(next.site);
  return from.join('\n') === to.join('\n') ? undefined : { from, to };
}

/** `line`, then each of `warnings` that `before` did not have (the warnings an edit brought). */
function withWarnings(line: string, warnings: Diagnostic[], before: Diagnostic[] = []): string {
  const known = new Set(before.map(formatDiagnostic));
  const fresh = warnings.map(formatDiagnostic).filter((w) => !known.has(w));
  return [line, ...fresh].join('\n');
}

/** An error dev did not expect, as one sentence (the whole stack with --verbose). */
function unexpectedError(error: unknown, verbose = false): string {
  if (verbose) return (error as Error)?.stack ?? String(error);
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
  return `${message}; run "heartnotes dev --verbose" for the stack`;
}

/** A failed build or rebuild: its problems for the terminal and the browsers; the output stays. */
function failed(s: Session, error: unknown): RebuildReport {
  const problems: Diagnostic[] = error instanceof DiagnosticError ? error.diagnostics : [{ code: 'dev/error', message: unexpectedError(error, s.options.verbose) }];
  // The files a build failed at are what the editor will fix (or create, for a missing import).
  s.problemFiles = problems.flatMap((p) => (p.file ? [p.file] : []));
  s.failing = true;
  s.options.onWatch?.(watchedPaths(s.root, s.parts, s.problemFiles), undefined);
  return { line: problems.map(formatDiagnostic).join('\n\n'), problems, reload: false, plan: [] };
}
