import { relative, resolve } from 'node:path';
import { generatorRoot } from './pipeline/paths.ts';
import { upToDateSummary } from './pipeline/plan/up-to-date.ts';
import { outputFolderProblem, outputTarget, recoverOutput } from './pipeline/write/output-folder.ts';
import { outputDirOf } from './pipeline/write/output-paths.ts';
import { withBase } from './pipeline/routes/base-path.ts';
import type { BuildOptions, BuildSummary } from './pipeline/build-types.ts';
import type { HostName } from './pipeline/types.ts';
import { OptionsError } from './options-error.ts';

// The generator's Node API: what `heartnotes build`, `check`, `preview`, `dev` and `new` run
// (bin/cli.ts keeps only their flags, help, printing and exit codes), for scripts and tests that
// drive the generator in-process. `src/index.ts` stays the browser-safe entry a site imports.
// Each command imports the pipeline's heavy modules when it runs, so importing this is cheap.

export { OptionsError } from './options-error.ts';
export { DiagnosticError, formatDiagnostic, type Diagnostic } from './diagnostics/diagnostic.ts';
export type { BuildSummary, RenderTimings } from './pipeline/build-types.ts';
export type { HostName } from './pipeline/types.ts';
export type { ScaffoldRequest, ScaffoldResult } from './scaffold.ts';

/**
 * What `build` and `check` take; every path is relative to `root`. The rest is the build's own
 * options (`BuildOptions`: base URL, host, drafts, the log, warning and progress lines, timing the parse).
 */
export interface BuildCommandOptions extends Pick<BuildOptions, 'baseUrl' | 'host' | 'drafts' | 'log' | 'warn' | 'progress' | 'timeParse'> {
  /** The project folder (default: the working directory). */
  root?: string;
  /** The output folder (default: `dist`); `check` writes nothing but checks it could. */
  out?: string;
  /** Read and write the build cache (default: true). */
  cache?: boolean;
}

/**
 * A full or incremental build into the output folder; resolves with what it built. A site with
 * problems rejects with a `DiagnosticError` listing them all, the previous output untouched;
 * options that cannot work (an output folder a build must not replace, drafts into `dist/`, a
 * relative `baseUrl`) reject with an `OptionsError` before anything is written.
 */
export function build(options: BuildCommandOptions = {}): Promise<BuildSummary> {
  return run(options, false);
}

/** Every check `build` makes (content, links, templates), writing nothing. */
export function check(options: BuildCommandOptions = {}): Promise<BuildSummary> {
  return run(options, true);
}

async function run(options: BuildCommandOptions, checkOnly: boolean): Promise<BuildSummary> {
  const root = resolve(options.root ?? '.');
  const out = options.out ?? 'dist';
  const outDir = outputFolder(root, out, !checkOnly);
  if (options.drafts && !checkOnly && outDir === outputDirOf(root, 'dist')) {
    throw new OptionsError(
      `build --drafts writes drafts and scheduled entries, which must never be uploaded, so not into dist/${resolve(root, out) === resolve(root, 'dist') ? '' : ` (--out ${out} leads to it)`}; give them a folder of their own, e.g. --drafts --out drafts-preview (or use "heartnotes dev", which shows them)`,
    );
  }
  if (options.baseUrl && !/^https?:\/\/[^/]+/.test(options.baseUrl)) {
    throw new OptionsError(`--base-url must be an absolute http(s) URL such as https://example.com, not "${options.baseUrl}"`);
  }
  const buildOptions = {
    root,
    outDir,
    baseUrl: options.baseUrl,
    host: options.host,
    drafts: Boolean(options.drafts),
    checkOnly,
    noCache: options.cache === false,
    log: options.log,
    warn: options.warn ?? (() => {}),
    timeParse: Boolean(options.timeParse),
    progress: options.progress,
  };
  // The up-to-date check needs none of the pipeline's modules; load them only when needed.
  return upToDateSummary(buildOptions) ?? (await (await import('./build.ts')).build(buildOptions));
}

/**
 * Refuses an output folder a build must not replace, before anything is written or removed; for
 * commands that write, first puts back an output a killed build left renamed away. Returns the
 * folder to write, a link followed (docs/output-folder.md, "A link as --out").
 */
function outputFolder(root: string, out: string, writes: boolean): string {
  const problem = outputFolderProblem(root, out, generatorRoot, out);
  if (problem) throw new OptionsError(problem);
  const target = outputTarget(root, out, out);
  if ('problem' in target) throw new OptionsError(target.problem);
  if (writes) recoverOutput(target.dir);
  return target.dir;
}

/** What `preview` takes. */
export interface PreviewOptions {
  root?: string;
  /** The built folder to serve (default: `dist`). */
  out?: string;
  /** Serve as this host would (default: the one the build wrote for). */
  host?: HostName;
  /** Default: 4173; busy, the next free one is taken unless `explicitPort`. */
  port?: number;
  /** The port was asked for: busy, it is an error (default: false). */
  explicitPort?: boolean;
  /** The address to listen on (default: 127.0.0.1). */
  listen?: string;
  /** Each request answered. */
  onResponse?: (e: { method: string; target: string; status: number; ms: number }) => void;
  /** What the site's server functions say (a database opening, a mail sent). */
  log?: (line: string) => void;
}

/** A running preview. */
export interface Preview {
  /** The address the site answers at, its base path included (`http://127.0.0.1:4173/blog/`). */
  url: string;
  /** The folder served, relative to the working directory when inside it. */
  shown: string;
  /** The host it serves as, and the one the build wrote for. */
  host: HostName;
  built: HostName;
  /** "Port 4173 is in use; using 4174 instead." when the port moved. */
  moved?: string;
  close(): Promise<void>;
}

export const HOST_LABELS: Record<HostName, string> = { netlify: 'Netlify', cloudflare: 'Cloudflare Pages', static: 'a plain static host' };

/** Serves the built output the way its host would, with the site's server functions mounted. */
export async function preview(options: PreviewOptions = {}): Promise<Preview> {
  const root = resolve(options.root ?? '.');
  const dir = resolve(root, options.out ?? 'dist');
  const shown = relative(process.cwd(), dir) || dir;
  const { baseOfOutput, homeOfOutput, hostOfOutput } = await import('./serve/host-rules.ts');
  const home = homeOfOutput(dir);
  if (!home) throw new OptionsError(`nothing to preview in ${shown}/ — run "heartnotes build" first`);
  const { createStaticServer, listen } = await import('./serve/static-server.ts');
  const { findPort, movedNote } = await import('./serve/port.ts');
  const { openServerFunctions } = await import('./serve/server-functions.ts');
  // A busy port is found before the functions open (a database takes seconds), so failing leaves nothing running.
  const asked = { host: options.listen ?? '127.0.0.1', port: options.port ?? 4173, explicit: Boolean(options.explicitPort) };
  const found = await findPort(asked);
  // As the build wrote it for, unless told otherwise; a plain CDN runs no functions.
  const built = hostOfOutput(dir);
  const host = options.host ?? built;
  const log = options.log ?? (() => {});
  // A site built under a base path (`--base-url https://x.example/blog/`) is served under it;
  // one laid out in the base's folder for its host (hosts/layout.ts) is served as it is, its
  // functions mounted under that folder, where its pages post.
  const base = baseOfOutput(dir);
  const siteBase = `/${home.slice(0, -'index.html'.length)}`;
  const pathOf = (prefix: string) => withBase(withBase(prefix, siteBase), base);
  const functions = host === 'static' ? { mounts: {}, close: async () => {} } : await openServerFunctions({ root, log, ifBroken: 'throw', pathOf });
  const mounts = Object.fromEntries(Object.entries(functions.mounts).map(([prefix, handler]) => [withBase(prefix, siteBase), handler]));
  const server = createStaticServer({ dir, host, base, mounts, onResponse: options.onResponse });
  let bound: Awaited<ReturnType<typeof listen>>;
  try {
    bound = await listen(server, asked.host, { ...asked, port: found.port });
  } catch (error) {
    await functions.close();
    throw error;
  }
  const moved = movedNote(asked.port, bound.port, [...found.busy, ...bound.busy]);
  const close = async () => {
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeAllConnections();
    await Promise.all([closed, functions.close()]);
  };
  return { url: `${bound.url}${base === '/' ? siteBase : base}`, shown, host, built, ...(moved ? { moved } : {}), close };
}

/** What `dev` takes. */
export interface DevOptions {
  root?: string;
  /** Default: 4321; busy, the next free one is taken unless `explicitPort`. */
  port?: number;
  explicitPort?: boolean;
  listen?: string;
  baseUrl?: string;
  /** Show drafts and scheduled entries (default: true). */
  drafts?: boolean;
  /** Show the stack of an unexpected error (default: false). */
  verbose?: boolean;
  progress?: (line: string) => void;
  /** The server's address, and a line per rebuild. */
  log?: (line: string) => void;
}

/**
 * Where `dev` writes: a folder of its own under `.cache/`, never the output `build` writes and
 * `preview` serves, since dev includes drafts and scheduled entries (docs/content.md, "Drafts and scheduled entries").
 */
export const DEV_OUT = '.cache/dev';

/** Builds into `DEV_OUT`, serves it, and rebuilds on every change until `close()`. */
export async function dev(options: DevOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const root = resolve(options.root ?? '.');
  recoverOutput(resolve(root, DEV_OUT));
  const { startDevServer } = await import('./dev/dev-server.ts');
  const { url, close } = await startDevServer({
    root,
    outDir: DEV_OUT,
    host: options.listen ?? '127.0.0.1',
    port: options.port ?? 4321,
    explicitPort: options.explicitPort,
    baseUrl: options.baseUrl,
    drafts: options.drafts !== false,
    verbose: options.verbose,
    progress: options.progress,
    log: options.log ?? (() => {}),
  });
  return { url, close };
}

/** Writes the content file one of the site's scaffolds makes (`new <kind> <title>`). */
export async function scaffold(request: import('./scaffold.ts').ScaffoldRequest & { root?: string }): Promise<import('./scaffold.ts').ScaffoldResult> {
  const { scaffold: make } = await import('./scaffold.ts');
  return make(resolve(request.root ?? '.'), request);
}
