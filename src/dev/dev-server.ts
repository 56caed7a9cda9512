import { resolve } from 'node:path';
import { openServerFunctions } from '../serve/server-functions.ts';
import { createStaticServer, listen } from '../serve/static-server.ts';
import { openBrowserChannel } from './browser-channel.ts';
import { createRebuildQueue } from './rebuild-queue.ts';
import { openDevSession, type DevSession, type RebuildReport } from './session.ts';
import { openWatcher } from './watch.ts';

export interface DevServerOptions {
  root: string;
  outDir: string;
  host: string;
  port: number;
  baseUrl?: string;
  drafts?: boolean;
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
  const channel = openBrowserChannel();
  const queue = createRebuildQueue();
  // Watching starts before the first build, with the paths the session names once it compiled.
  const watcher = openWatcher(queue.changed);
  const session: DevSession = await openDevSession({
    root,
    outDir: options.outDir,
    baseUrl: options.baseUrl,
    drafts: options.drafts,
    onStylesheet: channel.stylesheet,
    onWatch: watcher.watchPaths,
  });
  const report = (result: RebuildReport) => {
    options.log(result.line);
    channel.report(result);
  };
  report(session.initial);
  queue.start((batch) => session.apply(batch).then(report));

  const functions = await openServerFunctions({ root, log: options.log, ifBroken: 'none' }).catch(async (error: unknown) => {
    // Not serving after all: stop watching, so the process can exit with the reason.
    await queue.stop();
    await watcher.close();
    session.close();
    throw error;
  });
  const server = createStaticServer({
    dir: resolve(root, options.outDir),
    mounts: functions.mounts,
    intercept: channel.intercept,
    transformHtml: channel.transformHtml,
  });
  const { url } = await listen(server, options.host, options.port);
  options.log(`Dev server at ${url}/ (Ctrl+C to stop)`);

  const close = async () => {
    await queue.stop();
    await watcher.close();
    channel.close();
    session.close();
    await functions.close();
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeAllConnections();
    await closed;
  };
  // Ctrl+C or a supervisor's SIGTERM: record what dev wrote in the build manifest before exiting.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().finally(() => process.exit(0)));
  }
  return { server, watcher: watcher.watcher, url, close };
}
