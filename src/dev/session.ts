import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { DiagnosticError, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { messages } from '../diagnostics/messages.ts';
import { readManifest, writeManifest, type BuildManifest } from '../pipeline/plan/manifest.ts';
import { compileSite } from '../pipeline/compile/compile-site.ts';
import { formatMs } from '../pipeline/format.ts';
import { build } from '../build.ts';
import { bundleIslands } from '../pipeline/bundle/islands.ts';
import { checkLinks, type LinkedPage } from '../pipeline/links/links.ts';
import { readContentFile, readContentFiles } from '../pipeline/load/load.ts';
import type { MarkdownCache } from '../pipeline/render/markdown-cache.ts';
import { generatorRoot } from '../pipeline/paths.ts';
import { renderAll } from '../pipeline/render/render-pool.ts';
import type { RenderContext } from '../pipeline/render/render.ts';
import type { PageOutcome } from '../pipeline/render/render-pages.ts';
import { bundleStyles } from '../pipeline/bundle/styles.ts';
import type { Route } from '../pipeline/types.ts';
import { commitChanges, copyIntoOutput, listFolder, startOutput, writeOutputFile, writeRendered, abortOutput } from '../pipeline/write/write.ts';
import { applyBodyEdits } from './body-edit.ts';
import { describePlan, planRebuild, type PlannedFile } from '../pipeline/plan/dev-plan.ts';
import { computeSnapshot, loadFile, walkOrder, type CompiledParts, type LoadedFile, type Snapshot } from './snapshot.ts';
import { templateDependencies } from './template-deps.ts';

export interface DevSessionOptions {
  root: string;
  outDir: string;
  baseUrl?: string;
  drafts?: boolean;
  /** Called as soon as a new stylesheet is in the output, before pages are rewritten (optional). */
  onStylesheet?: (change: { from: string[]; to: string[] }) => void;
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

/** Below this many pages, rendering on this thread beats starting workers. */
const THREAD_RENDER_LIMIT = 300;

/** What a changed path is, for the planner. */
type ChangeKind = 'full' | 'content' | 'public' | 'styles' | 'islands' | 'templates' | 'unused';

/**
 * A long-lived build: the compiled site, the loaded and validated content, the route table and
 * the key of every output file stay in memory between edits. An edit re-reads only what changed,
 * recomputes the output list, and renders and writes only the files whose key changed.
 *
 * # Design decision
 * The first build and any change to the generator or `site.config.ts` go through `build()` itself,
 * so the output `dev` starts from is exactly what `heartnotes build` writes; the in-memory snapshot
 * is then computed beside it. Options considered: keep calling `build()` on every edit (~2 s on
 * 4,000 pages: it re-reads and re-validates everything and plans against the manifest on disk), or
 * patch the previous snapshot in place. Recomputing the snapshot from mostly-reused pieces (the
 * records and validated entries of unchanged files are the same objects) keeps every stage the
 * build's own code and data immutable between edits.
 */
export async function openDevSession(options: DevSessionOptions) {
  const root = realpathSync(resolve(options.root));
  const outDir = resolve(root, options.outDir);
  const cacheDir = join(root, '.cache');
  let snapshot: Snapshot | undefined;
  let pending = new Set<string>();
  let manifest: BuildManifest | undefined;
  let manifestTimer: NodeJS.Timeout | undefined;
  let renderer: { module: string; ctx: RenderContext & { cache: MarkdownCache } } | undefined;
  const links = new Map<string, { links: string[]; ids: string[] }>();
  const today = () => new Date().toISOString().slice(0, 10);

  const folders = () => {
    const config = snapshot?.parts.compiled.config;
    const contentDir = config?.contentDir ?? 'content';
    return {
      contentDir,
      content: join(root, contentDir),
      public: join(root, config?.publicDir ?? 'public'),
      publicDir: config?.publicDir ?? 'public',
      islands: realOrSelf(join(root, 'templates', 'islands')),
      scripts: realOrSelf(join(root, 'templates', 'scripts')),
    };
  };

  const compileParts = async (): Promise<CompiledParts> => {
    const compiled = await compileSite(root);
    const [styles, islands] = await Promise.all([bundleStyles(root, compiled.config.styles), bundleIslands(root, { runtime: compiled.config.islands?.runtime })]);
    const analysed = templateDependencies(compiled.config, compiled.metafile, root, folders().islands);
    return { compiled, ...analysed, styles, islands };
  };

  /** Everything from scratch: `build()`, then the snapshot beside it. */
  const fullBuild = async (why: string): Promise<RebuildReport> => {
    const started = performance.now();
    flushManifest();
    disposeRenderer();
    try {
      const summary = await build({ root, outDir: options.outDir, baseUrl: options.baseUrl, drafts: options.drafts });
      const parts = await compileParts();
      const config = parts.compiled.config;
      const contentDir = config.contentDir ?? 'content';
      const content = new Map<string, LoadedFile>();
      const read = readContentFiles(root, contentDir);
      for (const [file, text] of read.files) content.set(file, loadFile(file, text, contentDir, parts));
      for (const [file, problem] of read.problems) content.set(file, { text: '', diagnostics: [problem], unreadable: true });
      const publicDir = config.publicDir ?? 'public';
      const next = computeSnapshot(parts, content, listFolder(join(root, publicDir)).files, snapshotOptions(publicDir), undefined);
      manifest = readManifest(cacheDir, outDir);
      links.clear();
      for (const [file, output] of next.outputs) {
        if (output.kind !== 'page') continue;
        const record = manifest?.files[file];
        links.set(file, record?.links && record.ids ? { links: record.links, ids: record.ids } : await linksOnDisk(join(outDir, file)));
      }
      snapshot = next;
      pending = new Set();
      return {
        line: `${why}: ${summary.rendered} page(s) rendered, ${summary.reused} unchanged, in ${formatMs(performance.now() - started)}`,
        reload: true,
        plan: [],
      };
    } catch (error) {
      return failed(error);
    }
  };

  const snapshotOptions = (publicDir: string) => ({ baseUrl: options.baseUrl, drafts: options.drafts, today: today(), publicDir });

  const classify = (path: string): ChangeKind => {
    const real = realOrSelf(path);
    const rel = relative(root, path).split(sep).join('/');
    const dirs = folders();
    if (rel === 'site.config.ts' || real.startsWith(join(generatorRoot, 'src') + sep) || rel.startsWith('src/')) return 'full';
    if (path.startsWith(dirs.content + sep)) return 'content';
    if (path.startsWith(dirs.public + sep)) return 'public';
    const parts = snapshot!.parts;
    if (parts.styles.inputs.some((f) => realOrSelf(f) === real)) return 'styles';
    if (real.startsWith(dirs.islands + sep) || real.startsWith(dirs.scripts + sep) || parts.islands.inputs.includes(real)) return 'islands';
    if (parts.compiled.inputs.includes(real)) return 'templates';
    return 'unused';
  };

  /** Applies a batch of changed paths (absolute) to the snapshot and the output. */
  const apply = async (paths: string[]): Promise<RebuildReport> => {
    for (const p of paths) pending.add(p);
    const changed = [...pending].sort();
    const names = [...new Set(changed.map((p) => relative(root, p).split(sep).join('/')))];
    if (!snapshot) return fullBuild(`${names.join(', ')} changed → full rebuild (the last build failed)`);
    const kinds = new Set(changed.map(classify));
    if (kinds.has('full')) return fullBuild(`${names.join(', ')} changed → full rebuild (generator or site config)`);
    if ([...kinds].every((k) => k === 'unused')) {
      pending = new Set();
      return { line: `${names.join(', ')} changed → not used by the site: nothing to rebuild`, reload: false, plan: [] };
    }
    const started = performance.now();
    try {
      const previous = snapshot;
      const parts = await nextParts(previous.parts, kinds);
      const dirs = folders();
      const edited = changed.filter((p) => classify(p) === 'content');
      const content = nextContent(previous, parts, edited, dirs.contentDir);
      const publicFiles = kinds.has('public') ? listFolder(dirs.public).files : previous.publicFiles;
      const opts = snapshotOptions(dirs.publicDir);
      // Only Markdown bodies changed: the site's functions need not run again (body-edit.ts).
      const bodyOnly = [...kinds].every((k) => k === 'content') && applyBodyEdits(previous, content, edited.map(relativeTo(root)), opts);
      const next = bodyOnly || computeSnapshot(parts, content, publicFiles, opts, previous.validation);
      const cause = { content: new Set(names.filter((n) => n.startsWith(`${dirs.contentDir}/`))) };
      const plan = planRebuild(previous, next, cause);
      const stylesheet = stylesheetChange(previous, next);
      if (stylesheet) {
        // The browser can swap the stylesheet now; pages naming it are rewritten below.
        for (const a of next.parts.styles.assets) writeOutputFile(outDir, a.outFile, a.contents);
        options.onStylesheet?.(stylesheet);
      }
      await writePlan(previous, next, plan);
      snapshot = next;
      pending = new Set();
      const visible = plan.some((p) => p.kind !== 'file' || p.file.endsWith('.html') || p.file.endsWith('.css'));
      const onlyStyles = !!stylesheet && [...kinds].every((k) => k === 'styles');
      return {
        line: describePlan(names, plan, formatMs(performance.now() - started)),
        reload: visible && !onlyStyles,
        plan,
      };
    } catch (error) {
      return failed(error);
    }
  };

  const nextParts = async (previous: CompiledParts, kinds: Set<ChangeKind>): Promise<CompiledParts> => {
    const all = kinds.has('unused'); // e.g. a file a broken template was missing
    const recompile = all || kinds.has('templates') || kinds.has('islands');
    const compiled = recompile ? await compileSite(root) : previous.compiled;
    const [styles, islands] = await Promise.all([
      all || kinds.has('styles') ? bundleStyles(root, compiled.config.styles) : previous.styles,
      all || kinds.has('islands') ? bundleIslands(root, { runtime: compiled.config.islands?.runtime }) : previous.islands,
    ]);
    const analysed = recompile
      ? templateDependencies(compiled.config, compiled.metafile, root, folders().islands)
      : { templates: previous.templates, contentModel: previous.contentModel };
    return { compiled, ...analysed, styles, islands };
  };

  /** Re-reads changed content files; with a new content model, re-parses every file. */
  const nextContent = (previous: Snapshot, parts: CompiledParts, changed: string[], contentDir: string) => {
    const reparse = parts.contentModel !== previous.parts.contentModel;
    if (!reparse && changed.length === 0) return previous.content;
    const files = new Map(previous.content);
    let added = false;
    for (const path of changed) {
      const file = relativeTo(root)(path);
      if (!/\.(md|json)$/.test(file) || file.split('/').some((s) => s.startsWith('.'))) continue;
      let read: ReturnType<typeof readContentFile> | undefined;
      try {
        read = readContentFile(path, file);
      } catch {
        read = undefined;
      }
      if (read === undefined) files.delete(file);
      else if (!reparse && !read.problem && files.get(file)?.text === read.text) continue; // saved unchanged
      else {
        added ||= !files.has(file);
        files.set(file, read.problem ? { text: read.text, diagnostics: [read.problem], unreadable: true } : loadFile(file, read.text, contentDir, parts));
      }
    }
    if (reparse) for (const [file, loaded] of files) if (!loaded.unreadable && !changed.includes(join(root, file))) files.set(file, loadFile(file, loaded.text, contentDir, parts));
    return added ? new Map([...files].sort(([a], [b]) => walkOrder(a, b))) : files;
  };

  /** Renders the planned pages, checks every page's links, then moves the files into the output. */
  const writePlan = async (previous: Snapshot, next: Snapshot, plan: PlannedFile[]) => {
    const write = plan.filter((p) => p.action === 'write');
    const routes = write.flatMap((p) => {
      const output = next.outputs.get(p.file)!;
      return output.kind === 'page' ? [output.route] : [];
    });
    const staging = startOutput(outDir);
    try {
      const outcomes = await render(next, routes, staging.dir);
      const renderErrors: Diagnostic[] = [];
      const rendered = new Map<string, { links: string[]; ids: string[] }>();
      for (const o of outcomes) {
        if (o.ok) rendered.set(o.outFile, o);
        else renderErrors.push({ ...messages.renderFailed(o.path, o.error), file: routes.find((r) => r.path === o.path)?.sources[0] });
      }
      if (renderErrors.length) throw new DiagnosticError(renderErrors);
      const pages: LinkedPage[] = next.routes.map((r) => {
        const found = rendered.get(r.outFile) ?? links.get(r.outFile);
        return { path: r.path, outFile: r.outFile, source: r.sources[0], links: found?.links ?? [], ids: found?.ids ?? [] };
      });
      const only = linksToCheck(previous, next, plan, rendered);
      const dead = checkLinks(pages, new Set(next.outputs.keys()), next.redirects, only);
      if (dead.length) {
        // Checked again with the sources, only now, so each dead link is shown at its line.
        const texts = new Map([...next.content].map(([file, loaded]) => [file, loaded.text]));
        throw new DiagnosticError(checkLinks(pages, new Set(next.outputs.keys()), next.redirects, only, { texts }));
      }

      for (const p of write) {
        const output = next.outputs.get(p.file)!;
        if (output.kind === 'file') writeOutputFile(staging.dir, p.file, output.contents);
        if (output.kind === 'public') copyIntoOutput(staging.dir, folders().public, p.file);
      }
      const removed = plan.filter((p) => p.action === 'remove').map((p) => p.file);
      commitChanges(staging, write.map((p) => p.file), removed);
      for (const [file, page] of rendered) links.set(file, { links: page.links, ids: page.ids });
      for (const file of removed) links.delete(file);
      recordInManifest(write.map((p) => p.file), removed);
    } catch (error) {
      abortOutput(staging);
      throw error;
    }
  };

  const render = async (next: Snapshot, routes: Route[], stagingDir: string): Promise<PageOutcome[]> => {
    const { compiled } = next.parts;
    const setup = { site: next.site, versionKey: compiled.versionKey, markdownKey: compiled.markdownKey, cacheDir, stagingDir };
    if (routes.length > THREAD_RENDER_LIMIT) {
      return renderAll(routes, { config: compiled.config, configModule: compiled.configModule, workerModule: compiled.workerModule, setup });
    }
    const { createRenderContext, renderPage } = await import('../pipeline/render/render-pages.ts');
    const markdownOptions = JSON.stringify([next.site.settings.url, next.site.settings.affiliateHosts]);
    const module = `${compiled.configModule}\0${markdownOptions}`;
    if (renderer?.module !== module) {
      disposeRenderer();
      renderer = { module, ctx: createRenderContext(compiled.config, setup) };
    }
    const ctx = { ...renderer.ctx, site: next.site };
    return routes.map((route) => writeRendered(renderPage(route, ctx), stagingDir));
  };

  /**
   * The pages whose links need checking. The previous snapshot's links all resolved; while no file
   * appeared or went, no redirect changed and no rendered page lost or gained an id, only the
   * rendered pages' own links can be dead (checking all 4,000 pages' links costs ~150 ms).
   */
  const linksToCheck = (
    previous: Snapshot,
    next: Snapshot,
    plan: PlannedFile[],
    rendered: Map<string, { ids: string[] }>,
  ): Set<string> | undefined => {
    if (plan.some((p) => p.action === 'remove' || p.reason === 'new page' || p.reason === 'new file')) return undefined;
    if (JSON.stringify(previous.redirects) !== JSON.stringify(next.redirects)) return undefined;
    for (const [file, page] of rendered) {
      if ((links.get(file)?.ids ?? []).join('\n') !== page.ids.join('\n')) return undefined;
    }
    return new Set(rendered.keys());
  };

  /**
   * Later `build`s rewrite what dev wrote (its key never matches) and forget what dev removed.
   * The manifest is updated when it is flushed, a second after the last rebuild, so the stat
   * calls and the copy of its 4,000 entries are not on the way to the reload.
   */
  const unrecorded = new Map<string, 'written' | 'removed'>();
  const recordInManifest = (written: string[], removed: string[]) => {
    if (!manifest) return;
    for (const file of written) unrecorded.set(file, 'written');
    for (const file of removed) unrecorded.set(file, 'removed');
    clearTimeout(manifestTimer);
    manifestTimer = setTimeout(flushManifest, 1_000);
  };

  function flushManifest(): void {
    clearTimeout(manifestTimer);
    manifestTimer = undefined;
    if (!manifest) return;
    if (unrecorded.size) {
      const files = { ...manifest.files };
      for (const [file, change] of unrecorded) {
        const s = change === 'written' ? statIfPresent(join(outDir, file)) : undefined;
        if (s) files[file] = { key: 'written-by-dev', size: s.size, mtimeMs: s.mtimeMs, ...links.get(file) };
        else delete files[file]; // removed, by dev or since
      }
      unrecorded.clear();
      manifest = { ...manifest, files, fingerprint: undefined, inputs: undefined };
    }
    const { layout: _layout, ...rest } = manifest;
    writeManifest(cacheDir, rest);
  }

  function disposeRenderer(): void {
    renderer?.ctx.cache.flush();
    renderer = undefined;
  }

  const failed = (error: unknown): RebuildReport => {
    const problems = error instanceof DiagnosticError ? error.diagnostics : [{ code: 'dev/error', message: (error as Error).stack ?? String(error) }];
    return { line: problems.map(formatDiagnostic).join('\n\n'), problems, reload: false, plan: [] };
  };

  const initial = await fullBuild('Initial build');
  // Load React and the Markdown cache now rather than on the first edit.
  if (snapshot) await render(snapshot, [], outDir);
  return {
    initial,
    apply,
    classify,
    /** Files a watcher should follow besides the content, public and template folders. */
    watchedInputs(): string[] {
      const parts = snapshot?.parts;
      if (!parts) return [];
      const generatorSrc = join(generatorRoot, 'src') + sep;
      return [...parts.compiled.inputs, ...parts.styles.inputs, ...parts.islands.inputs].filter(
        (f) => !f.includes(`${sep}node_modules${sep}`) && !realOrSelf(f).startsWith(generatorSrc) && existsSync(f),
      );
    },
    /** Writes what dev changed into the build manifest and closes the Markdown cache. */
    close(): void {
      flushManifest();
      disposeRenderer();
    },
  };
}

export type DevSession = Awaited<ReturnType<typeof openDevSession>>;

/** The stylesheets' addresses before and after, when they changed. */
function stylesheetChange(previous: Snapshot, next: Snapshot): { from: string[]; to: string[] } | undefined {
  const from = previous.site.assets.css;
  const to = next.site.assets.css;
  return from.join('\n') === to.join('\n') ? undefined : { from, to };
}

function statIfPresent(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Root-relative POSIX paths, as content files are keyed. */
function relativeTo(root: string): (path: string) => string {
  return (path) => relative(root, path).split(sep).join('/');
}

/** A path with symbolic links resolved; for a deleted file, its folder's. */
function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

async function linksOnDisk(file: string): Promise<{ links: string[]; ids: string[] }> {
  const { extractIds, extractLinks } = await import('../pipeline/render/render.ts');
  try {
    const html = readFileSync(file, 'utf8');
    return { links: extractLinks(html), ids: extractIds(html) };
  } catch {
    return { links: [], ids: [] };
  }
}

