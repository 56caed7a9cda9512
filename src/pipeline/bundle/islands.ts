import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { esbuildDiagnostics } from '../compile/esbuild-diagnostics.ts';
import { keptEsbuild, keptFileIn } from '../compile/compile-cache.ts';
import { generatorRoot } from '../paths.ts';
import type { ClientRuntime } from '../types.ts';

export interface IslandBundle {
  /** Output files under `assets/islands/`, content-hashed. */
  assets: { outFile: string; contents: Uint8Array }[];
  /** Island name → chunk URL; page scripts as `script:<name>` → module URL. */
  chunks: Record<string, string>;
  /** The minified loader, for inlining. */
  loader: string;
  /** Source files read, for the up-to-date check. */
  inputs: string[];
}

const OUT = 'assets/islands';

/** Overrides the site's `islands.runtime` for one build, e.g. `HEARTNOTES_CLIENT_RUNTIME=preact`. */
export const CLIENT_RUNTIME_ENV = 'HEARTNOTES_CLIENT_RUNTIME';

export interface IslandOptions {
  /** Folder of island components, relative to the root (default: `templates/islands`). */
  dir?: string;
  /** Folder of page scripts, relative to the root (default: `templates/scripts`). */
  scriptsDir?: string;
  /** The framework the browser gets (default: `react`); `HEARTNOTES_CLIENT_RUNTIME` overrides it. */
  runtime?: ClientRuntime;
}

/** What `react` imports become in a preact client build; the generator's own preact is used. */
const PREACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The runtime to bundle: the environment override, else the option, else React. */
export function clientRuntime(option: ClientRuntime | undefined, env = process.env[CLIENT_RUNTIME_ENV]): ClientRuntime {
  if (env === undefined || env === '') return option ?? 'react';
  if (env === 'react' || env === 'preact') return env;
  throw new DiagnosticError([{
    code: 'islands/runtime',
    message: `${CLIENT_RUNTIME_ENV} is "${env}", but the islands' browser runtime can only be "react" or "preact"`,
    hint: `set ${CLIENT_RUNTIME_ENV}=react or ${CLIENT_RUNTIME_ENV}=preact, or unset it to use the site's setting`,
  }]);
}

/** Resolves React's client imports to `preact/compat`; server rendering keeps React. */
const preactCompat: esbuild.Plugin = {
  name: 'preact-compat',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => {
      const target = PREACT_ALIASES[args.path];
      return target ? build.resolve(target, { kind: args.kind, resolveDir: generatorRoot }) : undefined;
    });
  },
};

/** The islands and page-scripts folders of a site (absolute), from its `islands` options. */
export function islandFolders(root: string, options: Pick<IslandOptions, 'dir' | 'scriptsDir'> = {}): { islands: string; scripts: string } {
  return { islands: join(root, options.dir ?? 'templates/islands'), scripts: join(root, options.scriptsDir ?? 'templates/scripts') };
}

/**
 * Bundles every island in the islands folder (default `templates/islands/`) with ONE esbuild call and code splitting: a shared
 * runtime chunk (React, react-dom/client, the hydrate helper) and a small chunk per island kind,
 * minified, content-hashed, `NODE_ENV=production`. Also compiles the inline loader.
 * With `runtime: 'preact'` the runtime chunk holds `preact/compat` instead of React.
 *
 * # Design decision
 * All islands are bundled before pages render, not only those the pages used: chunk names must be
 * known when a page is rendered, and an unused chunk costs nothing but a file. Rendering first and
 * bundling after would mean rewriting every page with islands once the names are known.
 */
export async function bundleIslands(root: string, options: IslandOptions = {}, keep?: string): Promise<IslandBundle> {
  const runtime = clientRuntime(options.runtime);
  const { islands: islandsDir, scripts: scriptsDir } = islandFolders(root, options);
  const names = listModules(islandsDir, '.tsx');
  // Page scripts: framework-free modules a template asks for with <PageScript name>, bundled in
  // the same call so they share chunks (helpers both import) with the islands.
  const scripts = listModules(scriptsDir, '.ts');
  try {
    const loaderBuild = await buildLoader(keep);
    const loader = loaderBuild.outputFiles[0].text.trim();
    const loaderInputs = Object.keys(loaderBuild.metafile.inputs);
    if (names.length === 0 && scripts.length === 0) {
      return { assets: [], chunks: {}, loader, inputs: loaderInputs.map((f) => resolve(generatorRoot, f)) };
    }
    const result = await buildEntries(root, { names, islandsDir, scripts, scriptsDir, runtime }, keep);
    const assets = result.outputFiles.map((f) => ({ outFile: `${OUT}/${f.path.slice(f.path.lastIndexOf('/') + 1)}`, contents: f.contents }));
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.startsWith('island:'))
      .map((f) => resolve(root, f))
      .concat(loaderInputs.map((f) => resolve(generatorRoot, f)));
    return { assets, chunks: chunkUrls(result.metafile, root, names, scripts, scriptsDir), loader, inputs };
  } catch (error) {
    throw new DiagnosticError(esbuildDiagnostics(error, messages.islandCompile, root));
  }
}

/** The module names (file names without `extension`, lowercase-and-dashes only) in a folder, sorted; none if it is missing. */
function listModules(dir: string, extension: '.ts' | '.tsx'): string[] {
  if (!existsSync(dir)) return [];
  const pattern = extension === '.tsx' ? /^[a-z0-9-]+\.tsx$/ : /^[a-z0-9-]+\.ts$/;
  return readdirSync(dir).filter((f) => pattern.test(f)).map((f) => f.slice(0, -extension.length)).sort();
}

/** The island loader (src/runtime/loader.ts), minified for inlining into pages. */
function buildLoader(keep: string | undefined) {
  return keptEsbuild(keptFileIn(keep, 'island-loader'), {
    absWorkingDir: generatorRoot,
    entryPoints: [join(generatorRoot, 'src', 'runtime', 'loader.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: ['es2020'],
    logLevel: 'silent',
    metafile: true,
  });
}

interface Entries {
  names: string[];
  islandsDir: string;
  scripts: string[];
  scriptsDir: string;
  runtime: ClientRuntime;
}

/** The one esbuild call for every island and page script, with code splitting. */
function buildEntries(root: string, { names, islandsDir, scripts, scriptsDir, runtime }: Entries, keep: string | undefined) {
  // The island entries' modules are made from the folders' paths (islandEntries): in the key too.
  const salt = JSON.stringify([islandsDir, scriptsDir, generatorRoot].map((dir) => relative(root, dir)));
  return keptEsbuild(keptFileIn(keep, 'islands'), {
    entryPoints: [
      ...names.map((n) => ({ in: `island:${n}`, out: n })),
      ...scripts.map((n) => ({ in: join(scriptsDir, `${n}.ts`), out: `script-${n}` })),
    ],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    jsx: 'automatic',
    write: false,
    outdir: join(root, '.cache', OUT),
    entryNames: '[name]-[hash]',
    chunkNames: 'runtime-[hash]',
    publicPath: `/${OUT}`,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [...(runtime === 'preact' ? [preactCompat] : []), islandEntries(islandsDir)],
  }, salt);
}

/** Makes `island:<name>` an entry that hydrates that island's component. */
function islandEntries(islandsDir: string): esbuild.Plugin {
  const hydrate = join(generatorRoot, 'src', 'runtime', 'hydrate.ts');
  return {
    name: 'island-entries',
    setup(build) {
      build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice(7), namespace: 'island' }));
      build.onLoad({ filter: /.*/, namespace: 'island' }, (args) => ({
        resolveDir: islandsDir,
        loader: 'ts',
        contents: [
          `import Island from ${JSON.stringify(join(islandsDir, `${args.path}.tsx`))};`,
          `import { hydrateIsland } from ${JSON.stringify(hydrate)};`,
          `export default (el: Element, props: any) => hydrateIsland(el, Island, props);`,
        ].join('\n'),
      }));
    },
  };
}

/** Island name → chunk URL, and `script:<name>` → module URL, from esbuild's metafile. */
function chunkUrls(metafile: esbuild.Metafile, root: string, names: string[], scripts: string[], scriptsDir: string): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (const [file, meta] of Object.entries(metafile.outputs)) {
    const entry = meta.entryPoint?.replace(/^island:/, '');
    const url = `/${OUT}/${file.slice(file.lastIndexOf('/') + 1)}`;
    if (entry && names.includes(entry)) chunks[entry] = url;
    // esbuild names entry points by their real path: templates/ may be a symlink (tests link it).
    const script = entry ? scripts.find((n) => resolve(root, entry) === realpathSync(join(scriptsDir, `${n}.ts`))) : undefined;
    if (script) chunks[`script:${script}`] = url;
  }
  return chunks;
}

/**
 * The chunks for a site under `base` (`/blog/`): esbuild writes their imports of one another as
 * `"/assets/islands/…"` (its `publicPath`), which become `"/blog/assets/islands/…"`. The bundle
 * is made before the site's settings are known (they come from its content), so the base is put
 * on after; the chunks' names stay those of their bytes under `/`.
 */
export function islandAssetsUnderBase(assets: IslandBundle['assets'], base: string): IslandBundle['assets'] {
  if (base === '/') return assets;
  const from = `"/${OUT}/`;
  const to = `"${base}${OUT}/`;
  return assets.map((a) => {
    if (!a.outFile.endsWith('.js')) return a;
    const text = new TextDecoder().decode(a.contents);
    return text.includes(from) ? { ...a, contents: new TextEncoder().encode(text.split(from).join(to)) } : a;
  });
}
