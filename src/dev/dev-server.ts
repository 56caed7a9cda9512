import { resolve } from 'node:path';
import { openServerFunctions } from '../serve/server-functions.ts';
import { createStaticServer, listen } from '../serve/static-server.ts';
import { findPort, movedNote } from '../serve/port.ts';
import { baseOfOutput } from '../serve/host-rules.ts';
import { withBase } from '../pipeline/routes/base-path.ts';
import { openBrowserChannel } from './browser-channel.ts';
import { createRebuildQueue } from './rebuild-queue.ts';
import { openDevSession, type DevSession, type RebuildReport } from './session.ts';
import { openWatcher } from './watch.ts';

export interface DevServerOptions {
  root: string;
  outDir: string;
  host: string;
  port: number;
  /** `--port` was given: a busy port is an error rather than a reason to take the next free one (default: false). */
  explicitPort?: boolean;
  baseUrl?: string;
  drafts?: boolean;
  /** Show the stack of an unexpected error (default: false). */
  verbose?: boolean;
  /** A line per stage of a full build (default: none). */
  progress?: (line: string) => void;
  log: (line: string) => void;
}

/**
 * Builds, serves the output, and on every change plans and rebuilds only what it affects (see
 * session.ts). Open pages reload over server-sent events, swap the stylesheet in place when only
 * CSS changed, and show a broken edit's diagnostics until it is fixed. The server functions the
 * site declares (`functions` in site.config.ts) are opened once, at start, and mounted at their
 * path prefixes; a change to one takes a restart.
 */
export async function startDevServer(options: DevServerOptions) {
  const root = resolve(options.root);
  // A busy port is found before anything starts, so failing leaves nothing running.
  const asked = { host: options.host, port: options.port, explicit: Boolean(options.explicitPort) };
  const found = await findPort(asked);
  const channel = openBrowserChannel();
  const queue = createRebuildQueue();
  // Watching starts before the first build, with the paths the session names once it compiled.
  const watcher = openWatcher(queue.changed);
  const session: DevSession = await openDevSession({
    root,
    outDir: options.outDir,
    baseUrl: options.baseUrl,
    drafts: options.drafts,
    verbose: options.verbose,
    progress: options.progress,
    onStylesheet: channel.stylesheet,
    onWatch: watcher.watchPaths,
  });
  const dir = resolve(root, options.outDir);
  // A site built under a base path is served under it, as preview does; a rebuild under another
  // base (the site's url changed) moves the server there, and says so.
  let base = '/';
  let serving = '';
  const report = (result: RebuildReport) => {
    options.log(result.line);
    const now = baseOfOutput(dir);
    if (serving && now !== base) options.log(`The site's base path is now ${now} (from its url): serving at ${serving}${now}`);
    base = now;
    channel.report(result);
  };
  report(session.initial);
  queue.start((batch) => session.apply(batch).then(report));

  const stopWatching = async () => {
    await queue.stop();
    await watcher.close();
    session.close();
  };
  // Said with the base path the site is served under now; the mounts follow a change of it.
  const functions = await openServerFunctions({ root, log: options.log, ifBroken: 'none', pathOf: (prefix) => withBase(prefix, base) }).catch(async (error: unknown) => {
    // Not serving after all: stop watching, so the process can exit with the reason.
    await stopWatching();
    throw error;
  });
  const server = createStaticServer({
    dir,
    base: () => base,
    mounts: functions.mounts,
    intercept: channel.intercept,
    transformHtml: channel.transformHtml,
  });
  const bound = await listen(server, options.host, { ...asked, port: found.port }).catch(async (error: unknown) => {
    // Taken since it was found (and asked for explicitly, or every next one too): nothing stays running.
    await stopWatching();
    channel.close();
    await functions.close();
    throw error;
  });
  const { url } = bound;
  const moved = movedNote(options.port, bound.port, [...found.busy, ...bound.busy]);
  if (moved) options.log(moved);
  options.log(`Dev server at ${url}${base} (Ctrl+C to stop)`);
  serving = url;

  const close = async () => {
    await stopWatching();
    channel.close();
    await functions.close();
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeAllConnections();
    await closed;
  };
  // `close` records what dev wrote in the build manifest: the CLI calls it on Ctrl+C.
  return { server, watcher: watcher.watcher, url, close };
}
