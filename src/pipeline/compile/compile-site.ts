import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isRealFolder } from '../write/no-links.ts';
import type * as esbuild from 'esbuild';
import { esbuildApi } from './esbuild.ts';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { esbuildDiagnostics } from './esbuild-diagnostics.ts';
import { templateFrame } from '../render/template-frame.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import type { SiteConfig } from '../types.ts';
import { generatorRoot } from '../paths.ts';
import { cacheDir } from '../cache/cache-dir.ts';
import { GENERATOR_PREFIX, loadCompiledSite, type GeneratorModules } from './site-modules.ts';
import { keptFileIn, recordSources, withKeptCompile, type CompileRecord } from './compile-cache.ts';
import * as generatorIndex from '../../index.ts';
import * as generatorEscape from '../../escape.ts';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as zod from 'zod';

/** A compiled site: the config module and the render worker, both ready to import. */
export interface CompiledSite {
  config: SiteConfig;
  /** Absolute path of the compiled config module (workers import it too). */
  configModule: string;
  /** Absolute path of the compiled render worker. */
  workerModule: string;
  /** Changes whenever the generator, a template, the config or a dependency changes. */
  versionKey: string;
  /** Changes whenever the Markdown pipeline or a dependency changes (not with templates). */
  markdownKey: string;
  /** Every source file compiled in (absolute paths), for the up-to-date check. */
  inputs: string[];
  /** esbuild's metafile of the compile (paths relative to the project root): who imports what. */
  metafile: esbuild.Metafile;
}

export { generatorRoot };

/**
 * Compiles `site.config.ts` (with its templates) and the render worker with one esbuild call,
 * into a content-addressed folder in the cache (`cacheDir`), and imports the config.
 *
 * # Design decision
 * Templates are TypeScript + JSX. Options considered: a runtime loader (tsx) in every process,
 * or compiling once per build. A loader costs ~200 ms per process and per worker and cannot
 * re-import a changed template; compiling with esbuild takes ~30 ms, hands workers plain
 * JavaScript, and its output hash doubles as the cache version key.
 */
export async function compileSite(root: string, keep?: string): Promise<CompiledSite> {
  const configFile = join(root, 'site.config.ts');
  if (!existsSync(configFile)) {
    throw new DiagnosticError([{ ...messages.configMissing(relative(process.cwd(), configFile) || configFile) }]);
  }
  // The last compile's output folder is used when it is whole: its files give its version key again.
  const compiled = await withKeptCompile<Compiled, Compiled>(
    { file: keptFileIn(keep, 'site'), root, salt: compileSalt(root) },
    (kept) => (folderVersion(join(cacheDir(root), 'site', kept.versionKey), root) === kept.versionKey ? kept : undefined),
    (record) => compileAnew(root, configFile, record),
  );
  const dir = join(cacheDir(root), 'site', compiled.versionKey);
  pruneOldBuilds(join(cacheDir(root), 'site'), compiled.versionKey);
  // Stack traces through the compiled templates point at the .tsx files (modules loaded from now on).
  process.setSourceMapsEnabled(true);
  const mod = await loadCompiledSite(dir, SITE_ENTRY, generatorModules, sharedPackages).catch((error: unknown) => {
    throw loadFailure(error, root);
  });
  return {
    config: mod.default as SiteConfig,
    configModule: join(dir, SITE_ENTRY),
    workerModule: join(dir, 'render-worker.js'),
    versionKey: compiled.versionKey,
    markdownKey: markdownPipelineKey(root),
    inputs: compiled.inputs.map((file) => resolve(root, file)),
    metafile: compiled.metafile,
  };
}

/** What a compile leaves for loading the site: its output folder's name and who imports what. */
interface Compiled {
  versionKey: string;
  /** Every source file compiled in, relative to the root. */
  inputs: string[];
  metafile: esbuild.Metafile;
}

/**
 * Compiles the site and the render worker and writes them into the cache's `site/<versionKey>/`;
 * what to keep for the next build, when `record` saw every input esbuild compiled.
 */
async function compileAnew(root: string, configFile: string, record: CompileRecord): Promise<{ answer: Compiled; keep?: Compiled }> {
  const plugins = [recordSources(root, record)];
  let site: esbuild.BuildResult<{ write: false; metafile: true }>;
  let worker: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    [site, worker] = await Promise.all([esbuildApi.build(siteBuild(root, configFile, plugins)), esbuildApi.build(workerBuild(root, plugins))]);
  } catch (error) {
    throw new DiagnosticError(esbuildDiagnostics(error, messages.templateCompile, root));
  }
  const outputs = [...(await toCommonJs(site.outputFiles, root)), ...worker.outputFiles.map((file) => ({ name: baseName(file.path), contents: file.contents }))];
  const versionKey = versionOf(outputs, root);
  // Write into a folder named by the hash, so a changed template gets a fresh module URL.
  const dir = join(cacheDir(root), 'site', versionKey);
  if (!holdsExactly(dir, outputs)) writeFolderAtomically(dir, outputs);
  const inputs = [...new Set([...Object.keys(site.metafile.inputs), ...Object.keys(worker.metafile.inputs)])].filter((file) => !file.includes(':'));
  const compiled: Compiled = { versionKey, inputs, metafile: site.metafile };
  const seenAll = inputs.every((file) => record.files.has(relative(root, resolve(root, file))));
  return { answer: compiled, ...(seenAll ? { keep: compiled } : {}) };
}

/** The version key of a compile's output files: their names and bytes, and the dependencies' versions. */
function versionOf(outputs: { name: string; contents: Uint8Array }[], root: string): string {
  const hash = createHash('sha256');
  for (const file of [...outputs].sort((a, b) => a.name.localeCompare(b.name))) hash.update(`/${file.name}`).update(file.contents);
  hash.update(dependencyFingerprint(root));
  return hash.digest('hex').slice(0, 16);
}

/** The version key of the files in a compiled folder, as `versionOf` gives it; `undefined` when it cannot be read. */
function folderVersion(dir: string, root: string): string | undefined {
  try {
    return versionOf(
      readdirSync(dir).map((name) => ({ name, contents: readFileSync(join(dir, name)) })),
      root,
    );
  } catch {
    return undefined;
  }
}

/**
 * What a compile depends on besides the files it reads: esbuild's version, the settings given to
 * it (the compile's own source, where the output folder is, where the generator is) and the
 * dependencies' versions.
 */
function compileSalt(root: string): string {
  const own = join(generatorRoot, 'src', 'pipeline', 'compile');
  const hash = createHash('sha256').update(`${esbuildApi.version}\0${process.env.NODE_ENV ?? 'production'}\0`);
  for (const name of readdirSync(own).sort()) hash.update(`${name}\0`).update(readFileSync(join(own, name)));
  hash.update(`${relative(root, cacheDir(root))}\0${relative(root, realPath(join(generatorRoot, 'src')))}\0`);
  return hash.update(dependencyFingerprint(root)).digest('hex');
}

/** The compiled config's file name; its chunks are `chunk-<hash>.cjs` beside it. */
const SITE_ENTRY = 'site.config.cjs';

/** This process's own generator modules: what the site's imports of the generator resolve to. */
const generatorModules: GeneratorModules = { 'index.ts': generatorIndex, 'escape.ts': generatorEscape };

/**
 * The packages the site gets as the generator holds them: zod, whose schemas the site's
 * collections mix with the generator's fields (`src/index.ts`), and React, whose elements and
 * hooks the templates make for the generator's `renderToStaticMarkup`, which only work with the
 * one copy of React. The compiled CLI carries its own copies (bin/heartnotes.mjs bundles them:
 * code that runs from V8's code cache, where importing zod's 40 modules and compiling React's
 * server renderer cost about 90 ms of every build), so the site must be handed those. A render
 * worker imports both from node_modules, one instance again.
 */
const sharedPackages = { zod, react, 'react/jsx-runtime': jsxRuntime };

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Options shared by the site's and the worker's compiles. */
function commonOptions(root: string) {
  return {
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // One level below the cache's `site/`, as deep as the `<versionKey>/` folder the files are
    // written to, so the source maps' relative paths lead back to the templates.
    outdir: join(cacheDir(root), 'site', 'compiled'),
    entryNames: '[name]',
    // Inline maps without the sources: a template that throws is reported at its own file and
    // line (see render-pages.ts) for a few kilobytes per module.
    sourcemap: 'inline',
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  } satisfies esbuild.BuildOptions;
}

/**
 * The site: `site.config.ts` with its templates, as ESM chunks, its imports of the generator left
 * as `heartnotes:generator/<path>` for the runner to answer (site-modules.ts).
 */
function siteBuild(root: string, configFile: string, plugins: esbuild.Plugin[]) {
  return { ...commonOptions(root), entryPoints: { 'site.config': configFile }, plugins: [generatorImports(), ...plugins] };
}

/** The render worker: the generator's own code (one copy per worker), which loads the site itself. */
function workerBuild(root: string, plugins: esbuild.Plugin[]) {
  return { ...commonOptions(root), entryPoints: { 'render-worker': join(generatorRoot, 'src', 'pipeline', 'render', 'render-worker.ts') }, plugins };
}

/**
 * An esbuild plugin: the site's imports of `src/index.ts` and `src/escape.ts` stay imports. The
 * generator is known by its package, not its folder: the `src/` of this copy (through links too:
 * a test's copy of a site links it), or of another copy of the `heartnotes` package (a project
 * that carries its own copy, built by this one), so the site always runs on the loaded copy.
 */
function generatorImports(): esbuild.Plugin {
  const srcOf = generatorSrcOf(realPath(join(generatorRoot, 'src')));
  return {
    name: 'heartnotes-generator',
    setup(build) {
      build.onResolve({ filter: /^\./ }, ({ path, resolveDir, importer }) => {
        const target = realPath(resolve(resolveDir, path));
        const src = srcOf(target);
        if (!src || importer.startsWith(src + sep)) return undefined;
        const name = relative(src, target).split(sep).join('/');
        if (name in generatorModules) return { path: GENERATOR_PREFIX + name, external: true };
        return { errors: [{ text: `the site imports the generator's ${name}: import it through src/index.ts` }] };
      });
    },
  };
}

/**
 * The `src/` folder of the generator a file belongs to, or undefined: the loaded copy's, or that of
 * the nearest `package.json` above the file when it names the `heartnotes` package.
 */
function generatorSrcOf(loaded: string): (file: string) => string | undefined {
  const isGenerator = new Map<string, boolean>();
  const named = (dir: string) => {
    let found = isGenerator.get(dir);
    if (found === undefined) {
      try {
        found = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'heartnotes';
      } catch {
        found = false;
      }
      isGenerator.set(dir, found);
    }
    return found;
  };
  return (file) => {
    if (file.startsWith(loaded + sep)) return loaded;
    for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
      if (basename(dir) === 'src' && named(dirname(dir))) return dir;
      if (existsSync(join(dir, 'package.json'))) return undefined;
    }
    return undefined;
  };
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Turns the site's ESM chunks into CommonJS ones the runner evaluates (site-modules.ts): esbuild
 * converts each chunk on its own (following its inline source map, so errors still name the
 * .tsx), and a dynamic import of another chunk becomes a call of the runner's `siteImport`.
 */
async function toCommonJs(files: esbuild.OutputFile[], root: string): Promise<{ name: string; contents: Uint8Array }[]> {
  const byPath = new Map(files.map((file) => [file.path, file.text]));
  const converted = await esbuildApi.build({
    entryPoints: files.map((file) => file.path),
    bundle: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outdir: join(cacheDir(root), 'site', 'compiled'),
    outExtension: { '.js': '.cjs' },
    sourcemap: 'inline',
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
    absWorkingDir: root,
    // The chunk's own file address, as `import.meta.url` was in the ESM chunk.
    define: { 'import.meta.url': '__hn_url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    plugins: [
      {
        name: 'heartnotes-chunks',
        setup(build) {
          build.onResolve({ filter: /\.js$/ }, ({ path, kind }) => (kind === 'entry-point' && byPath.has(path) ? { path } : undefined));
          build.onLoad({ filter: /\.js$/ }, ({ path }) => {
            const text = byPath.get(path);
            return text === undefined ? undefined : { contents: text.replace(/(["'])\.\/(chunk-[\w-]+)\.js\1/g, '$1./$2.cjs$1'), loader: 'js' };
          });
        },
      },
    ],
  });
  return converted.outputFiles.map((file) => ({
    name: baseName(file.path).replace(/^site\.config\.cjs$/, SITE_ENTRY),
    // On the first line, so the source map's lines stay as they are; `import(` and `__hn_i(` are as long.
    contents: Buffer.from(
      `var __hn_i = module.siteImport, __hn_url = require("node:url").pathToFileURL(__filename).href;${file.text.replaceAll('import("./chunk-', '__hn_i("./chunk-')}`,
    ),
  }));
}

/**
 * The config or a template that throws while its module loads (a top-level statement), as a
 * diagnostic at the line that threw: the compiled copy's source maps lead back to it.
 */
function loadFailure(error: unknown, root: string): DiagnosticError {
  const reason = error instanceof Error ? error.message : String(error);
  const at = error instanceof Error ? templateFrame(error.stack ?? '', { root, skip: [join(generatorRoot, 'src')] }) : undefined;
  const m = at ? /^(.*):(\d+):(\d+)$/.exec(at) : null;
  if (!m) return new DiagnosticError([messages.templateLoad(reason)]);
  const [file, line, column] = [m[1], Number(m[2]), Number(m[3])];
  let frame: string | undefined;
  try {
    frame = codeFrame(readFileSync(resolve(root, file), 'utf8'), line, column) || undefined;
  } catch {
    frame = undefined;
  }
  return new DiagnosticError([{ ...messages.templateLoad(reason), file, line, column, ...(frame ? { frame } : {}) }]);
}

/** True when `dir` holds every output file byte for byte (a crash or a hand edit may have left it short). */
function holdsExactly(dir: string, outputs: { name: string; contents: Uint8Array }[]): boolean {
  try {
    return outputs.every((o) => Buffer.from(o.contents).equals(readFileSync(join(dir, o.name))));
  } catch {
    return false;
  }
}

/** Writes the files into a temporary folder and renames it into place, so `dir` is whole or absent. */
function writeFolderAtomically(dir: string, outputs: { name: string; contents: Uint8Array }[]): void {
  const tmp = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  mkdirSync(tmp, { recursive: true });
  for (const o of outputs) writeFileSync(join(tmp, o.name), o.contents);
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    // Another build put the same files in place first.
    if (!holdsExactly(dir, outputs)) throw error;
  }
}

/** Keeps the newest few compiled versions (a running dev server may still use one), drops the rest. */
function pruneOldBuilds(dir: string, current: string, keep = 4): void {
  // A linked folder's entries are not this cache's to remove.
  if (!isRealFolder(dir)) return;
  try {
    const old = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== current)
      .map((d) => ({ path: join(dir, d.name), mtime: statSync(join(dir, d.name)).mtimeMs }))
      // Another build may still be writing its temporary folder.
      .filter((d) => !d.path.includes('.tmp-') || Date.now() - d.mtime > 3_600_000)
      .sort((a, b) => b.mtime - a.mtime)
      .slice(keep - 1);
    for (const d of old) rmSync(d.path, { recursive: true, force: true });
  } catch {
    // Pruning is housekeeping; a failure here must not fail the build.
  }
}

/** Hash of the Markdown pipeline's own source files and the dependency lockfile. */
function markdownPipelineKey(root: string): string {
  const hash = createHash('sha256');
  const dir = join(generatorRoot, 'src', 'pipeline', 'markdown');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  return hash.update(dependencyFingerprint(root)).digest('hex').slice(0, 16);
}

/** Versions of the packages that shape the output, so upgrading one invalidates the cache. */
function dependencyFingerprint(root: string): string {
  for (const lock of [join(root, 'package-lock.json'), join(generatorRoot, 'package-lock.json')]) {
    if (existsSync(lock)) return createHash('sha256').update(readFileSync(lock)).digest('hex');
  }
  return 'no-lockfile';
}
