import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { esbuildDiagnostics } from '../compile/esbuild-diagnostics.ts';
import { keptEsbuild, keptFileIn } from '../compile/compile-cache.ts';
import type { HostName, SiteConfig } from '../types.ts';
import { GENERATED_MARK, hostConfig, NETLIFY_FUNCTIONS } from './project-files.ts';
import { hostOf } from './host.ts';
import type { BuildOptions } from '../build-types.ts';
import type { CompiledSite } from '../compile/compile-site.ts';
import { withBase } from '../routes/base-path.ts';

/** What bundling a site's functions for its host gives the build. */
export interface HostBundle {
  /** Files for the output folder, by output path (Cloudflare Pages: `_worker.js`, `_routes.json`). */
  output: Map<string, string | Uint8Array>;
  /** Files for the project folder, written once the output is in place (Netlify: `.netlify/v1/functions/…`). */
  project: Map<string, Uint8Array>;
  /** The source files bundled, absolute (a change to one makes the next build run). */
  inputs: string[];
}

/**
 * Bundles each module of `deploy.functions` with an adapter for `host`, so the host runs it
 * unchanged: one Netlify function per path prefix (its `config.path` routes the prefix to it),
 * or one Cloudflare Pages `_worker.js` that answers the prefixes and hands every other request
 * to the static files, with `_routes.json` so that only the prefixes reach the worker (the
 * files keep their `_redirects` and `_headers`). A plain CDN runs no functions: nothing to do.
 */
export async function bundleHostFunctions(root: string, config: SiteConfig, host: HostName, configFiles: string[] = [], base = '/', keep?: string): Promise<HostBundle> {
  const bundle: HostBundle = { output: new Map(), project: new Map(), inputs: [] };
  const functions = Object.entries(config.deploy?.functions ?? {});
  if (host === 'static' || functions.length === 0) return bundle;
  // Under a base path the functions answer under it too, as the pages post to them there.
  const modules = functions.map(([prefix, module]) => ({ prefix: withBase(prefix, base), module, path: modulePath(root, module, configFiles) }));
  try {
    if (host === 'netlify') {
      for (const { prefix, path, module } of modules) {
        const name = prefix.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9-]+/gi, '-') || 'root';
        const built = await bundleEntry(
          root,
          netlifyAdapter(path, prefix),
          'node',
          keptFileIn(keep, `netlify-${name}`),
          `${GENERATED_MARK} --host netlify from ${module}; the next build replaces or removes it.`,
        );
        bundle.project.set(`${NETLIFY_FUNCTIONS}/${name}.mjs`, built.contents);
        bundle.inputs.push(...built.inputs);
      }
    } else {
      const built = await bundleEntry(root, cloudflareAdapter(modules), 'workerd', keptFileIn(keep, 'cloudflare-worker'));
      bundle.output.set('_worker.js', built.contents);
      bundle.output.set('_routes.json', `${JSON.stringify({ version: 1, include: modules.map((m) => `${m.prefix}*`), exclude: [] }, null, 2)}\n`);
      bundle.inputs.push(...built.inputs);
    }
  } catch (error) {
    throw new DiagnosticError(esbuildDiagnostics(error, messages.hostFunctionCompile, root));
  }
  return bundle;
}

/**
 * Where a `deploy.functions` module is: relative to the project, or else to the folder of a
 * `site.config.ts` the compiled config was read from (a project whose config re-exports another
 * project's, as the benchmarks' copies do, finds the modules beside the original).
 */
function modulePath(root: string, module: string, configFiles: string[]): string {
  const folders = [root, ...configFiles.filter((f) => basename(f) === 'site.config.ts').map((f) => dirname(f))];
  const found = folders.map((folder) => resolve(folder, module)).find((path) => existsSync(path));
  return found ?? resolve(root, module);
}

/** A Netlify function (the web-standard API) calling the site's function with Netlify's environment and client address. */
function netlifyAdapter(module: string, prefix: string): string {
  return [
    `import handler from ${JSON.stringify(module)};`,
    'export default (request, context) => handler(request, {',
    '  env: Netlify.env.toObject(),',
    '  clientAddress: context.ip,',
    "  waitUntil: typeof context.waitUntil === 'function' ? (work) => context.waitUntil(work) : undefined,",
    '});',
    `export const config = { path: ${JSON.stringify([`${prefix}*`])} };`,
  ].join('\n');
}

/** A Cloudflare Pages worker (advanced mode): the prefixes go to the site's functions, the rest to the files. */
function cloudflareAdapter(modules: { prefix: string; path: string }[]): string {
  return [
    ...modules.map((m, i) => `import f${i} from ${JSON.stringify(m.path)};`),
    `const mounts = [${modules.map((m, i) => `[${JSON.stringify(m.prefix)}, f${i}]`).join(', ')}];`,
    'export default {',
    '  fetch(request, env, ctx) {',
    '    const { pathname } = new URL(request.url);',
    '    const mount = mounts.find(([prefix]) => pathname.startsWith(prefix));',
    "    const clientAddress = request.headers.get('cf-connecting-ip') ?? undefined;",
    '    if (mount) return mount[1](request, { env, clientAddress, waitUntil: (work) => ctx.waitUntil(work) });',
    '    return env.ASSETS.fetch(request);',
    '  },',
    '};',
  ].join('\n');
}

/** One self-contained ES module from `source`, for Node (Netlify) or workerd (Cloudflare, with nodejs_compat). */
async function bundleEntry(
  root: string,
  source: string,
  runtime: 'node' | 'workerd',
  keptFile: string | undefined,
  mark = '',
): Promise<{ contents: Uint8Array; inputs: string[] }> {
  const result = await keptEsbuild(keptFile, {
    absWorkingDir: root,
    stdin: { contents: source, resolveDir: root, loader: 'js', sourcefile: 'host-adapter.js' },
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    ...(runtime === 'node'
      ? { platform: 'node', target: 'node20', banner: { js: `// ${mark}\nimport { createRequire } from 'node:module'; const require = createRequire(import.meta.url);` } }
      : { platform: 'neutral', target: 'es2022', conditions: ['workerd', 'worker', 'import'], mainFields: ['module', 'main'], external: ['cloudflare:*', 'node:*'] }),
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith('<stdin>'))
    .map((f) => resolve(root, f));
  return { contents: result.outputFiles[0].contents, inputs };
}

/**
 * The site's functions bundled for the host a build writes for (`--host`, else the config's),
 * mounted under `base`, with the host's project files; the host's warnings go to `options.warn`.
 */
export async function bundleForHost(
  place: { root: string; outDir: string; cacheDir?: string; options: Pick<BuildOptions, 'host' | 'warn'> },
  compiled: Pick<CompiledSite, 'config' | 'inputs'>,
  base: string,
  lap?: (stage: string) => void,
): Promise<HostBundle> {
  const { config } = compiled;
  const host = place.options.host ?? hostOf(config);
  const bundle = await bundleHostFunctions(place.root, config, host, compiled.inputs, base, place.cacheDir);
  const hostFiles = hostConfig(place.root, place.outDir, host, bundle.output.size > 0);
  for (const [file, contents] of hostFiles.files) bundle.project.set(file, contents);
  for (const warning of hostFiles.warnings) (place.options.warn ?? ((line: string) => console.warn(line)))(warning);
  lap?.('host functions');
  return bundle;
}
