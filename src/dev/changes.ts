import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { compileSite } from '../pipeline/compile/compile-site.ts';
import { bundleIslands, islandFolders } from '../pipeline/bundle/islands.ts';
import { bundleStyles } from '../pipeline/bundle/styles.ts';
import { readContentFile } from '../pipeline/load/load.ts';
import { generatorRoot } from '../pipeline/paths.ts';
import { templateDependencies } from '../pipeline/plan/template-deps.ts';
import { compileParts, contentDirOf, loadFile, publicDirOf, type LoadedFile } from '../pipeline/site-state.ts';
import type { SiteConfig } from '../pipeline/types.ts';
import { walkOrder, type CompiledParts, type Snapshot } from './snapshot.ts';

/**
 * What a changed path is to dev, from the compiled site's config and its source inputs: the
 * watcher's paths and the classification of each change come from the same list.
 */

/** What a changed path is, for the planner. */
export type ChangeKind = 'full' | 'content' | 'public' | 'styles' | 'islands' | 'templates' | 'unused';

/** The site's folders as absolute paths: from its config, and where the island bundler looks. */
export function siteFolders(root: string, config: SiteConfig) {
  return {
    content: join(root, contentDirOf(config)),
    public: join(root, publicDirOf(config)),
    // bundleIslands's folders: a new island or page script is picked up there.
    islands: realOrSelf(islandFolders(root, config.islands).islands),
    scripts: realOrSelf(islandFolders(root, config.islands).scripts),
  };
}

/** Compiles the site and bundles its assets, with each template's dependencies. */
export async function compileDevParts(root: string): Promise<CompiledParts> {
  const parts = await compileParts(root);
  const analysed = templateDependencies(parts.compiled.config, parts.compiled.metafile, root, siteFolders(root, parts.compiled.config).islands);
  return { ...parts, ...analysed };
}

/** The parts after a change of the given kinds: only what those kinds touch is compiled again. */
export async function nextParts(root: string, previous: CompiledParts, kinds: Set<ChangeKind>): Promise<CompiledParts> {
  const all = kinds.has('unused'); // e.g. a file a broken template was missing
  const recompile = all || kinds.has('templates') || kinds.has('islands');
  const compiled = recompile ? await compileSite(root) : previous.compiled;
  const [styles, islands] = await Promise.all([
    all || kinds.has('styles') ? bundleStyles(root, compiled.config.styles) : previous.styles,
    all || kinds.has('islands') ? bundleIslands(root, compiled.config.islands) : previous.islands,
  ]);
  const analysed = recompile
    ? templateDependencies(compiled.config, compiled.metafile, root, siteFolders(root, compiled.config).islands)
    : { templates: previous.templates, contentModel: previous.contentModel };
  return { compiled, ...analysed, styles, islands };
}

/** Whether `path` is the generator's own source, which only a restart-like full rebuild takes in. */
function isGeneratorSource(root: string, path: string, real: string): boolean {
  return real.startsWith(join(generatorRoot, 'src') + sep) || relative(root, path).split(sep)[0] === 'src';
}

/** What a changed path (absolute) is, given the parts the site was last compiled from. */
export function classifyChange(root: string, parts: CompiledParts, path: string): ChangeKind {
  const real = realOrSelf(path);
  const rel = relative(root, path).split(sep).join('/');
  const dirs = siteFolders(root, parts.compiled.config);
  if (rel === 'site.config.ts' || isGeneratorSource(root, path, real)) return 'full';
  if (path.startsWith(dirs.content + sep)) return 'content';
  if (path.startsWith(dirs.public + sep)) return 'public';
  if (parts.styles.inputs.some((f) => realOrSelf(f) === real)) return 'styles';
  if (real.startsWith(dirs.islands + sep) || real.startsWith(dirs.scripts + sep) || parts.islands.inputs.includes(real)) return 'islands';
  if (parts.compiled.inputs.includes(real)) return 'templates';
  return 'unused';
}

/**
 * Every path a watcher should follow: `site.config.ts`, the content and public folders and the
 * stylesheet the config names, every source file the compiled site, the stylesheet and the
 * islands were built from (esbuild's metafiles), the islands' folders, and the generator's own
 * sources when this project is the generator's repository. The folders of `problemFiles` (where
 * the last build failed) are added: before the site has ever compiled they are all that is known
 * of its sources.
 */
export function watchedPaths(root: string, parts: CompiledParts | undefined, problemFiles: string[] = []): string[] {
  const paths = [join(root, 'site.config.ts')];
  const generatorSrc = join(generatorRoot, 'src');
  // A linked src/ (test fixtures, the benchmark corpus) belongs to another checkout.
  if (realOrSelf(generatorSrc).startsWith(root + sep)) paths.push(generatorSrc);
  for (const file of problemFiles) {
    // The folder of a file the compile failed at, so creating a missing import is seen too; never
    // the whole project (its output would be watched).
    const dir = dirname(resolve(root, file));
    if (dir.startsWith(root + sep)) paths.push(dir);
  }
  if (!parts) return paths;
  const { config } = parts.compiled;
  const dirs = siteFolders(root, config);
  paths.push(dirs.content, dirs.public, dirs.islands, dirs.scripts);
  if (config.styles) paths.push(resolve(root, config.styles));
  const sources = [...parts.compiled.inputs, ...parts.styles.inputs, ...parts.islands.inputs].filter(
    (f) => !f.includes(`${sep}node_modules${sep}`) && !realOrSelf(f).startsWith(generatorSrc + sep) && existsSync(f),
  );
  return [...new Set([...paths, ...sources])];
}

/** Re-reads changed content files; with a new content model, re-parses every file. */
export function nextContent(root: string, previous: Snapshot, parts: CompiledParts, changed: string[]): Map<string, LoadedFile> {
  const reparse = parts.contentModel !== previous.parts.contentModel;
  const { config } = parts.compiled;
  if (!reparse && changed.length === 0) return previous.content;
  const files = new Map(previous.content);
  let added = false;
  for (const path of changed) {
    const file = relativeTo(root)(path);
    if (!/\.(md|json)$/.test(file) || file.split('/').some((s) => s.startsWith('.'))) continue;
    let read: ReturnType<typeof readContentFile> | undefined;
    let mtimeMs: number | undefined;
    try {
      read = readContentFile(path, file);
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      read = undefined;
    }
    if (read === undefined) files.delete(file);
    else if (!reparse && !read.problem && files.get(file)?.text === read.text)
      continue; // saved unchanged
    else {
      added ||= !files.has(file);
      files.set(file, read.problem ? { text: read.text, diagnostics: [read.problem], unreadable: true, mtimeMs } : { ...loadFile(file, read.text, config), mtimeMs });
    }
  }
  if (reparse)
    for (const [file, loaded] of files)
      if (!loaded.unreadable && !changed.includes(join(root, file))) files.set(file, { ...loadFile(file, loaded.text, config), mtimeMs: loaded.mtimeMs });
  return added ? new Map([...files].sort(([a], [b]) => walkOrder(a, b))) : files;
}

/** Root-relative POSIX paths, as content files are keyed. */
export function relativeTo(root: string): (path: string) => string {
  return (path) => relative(root, path).split(sep).join('/');
}

/** A path with symbolic links resolved; for a deleted file, its folder's. */
export function realOrSelf(path: string): string {
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
