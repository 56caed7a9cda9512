import { lstatSync, readdirSync, statSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { watch } from 'chokidar';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { openServerFunctions } from '../serve/server-functions.ts';
import { createStaticServer, listen } from '../serve/static-server.ts';
import { overlayHtml, reloadClient } from './reload-client.ts';
import { openDevSession, type DevSession, type RebuildReport } from './session.ts';

export interface DevServerOptions {
  root: string;
  outDir: string;
  host: string;
  port: number;
  baseUrl?: string;
  drafts?: boolean;
  log: (line: string) => void;
}

/** Changes closer together than this are planned as one rebuild (an editor's save can be several writes). */
const SETTLE_MS = 8;

/**
 * Builds, serves the output, and on every change plans and rebuilds only what it affects (see
 * session.ts). Open pages reload over server-sent events, swap the stylesheet in place when only
 * CSS changed, and show a broken edit's diagnostics until it is fixed. The server functions the
 * site declares (`functions` in site.config.ts) are opened once, at start, and mounted at their
 * path prefixes; a change to one takes a restart.
 */
export async function startDevServer(options: DevServerOptions) {
  const root = resolve(options.root);
  const clients = new Set<ServerResponse>();
  let problems: Diagnostic[] = [];
  /** Updates sent so far; pages carry the number they were served at (see reloadClient). */
  let generation = 0;
  const send = (event: string | undefined, data: (generation: number) => string) => {
    generation++;
    const frame = `${event ? `event: ${event}\n` : ''}data: ${data(generation)}\n\n`;
    for (const res of clients) res.write(frame);
  };

  // Every path comes from the session, from the config and the compiled site's inputs; it names
  // them after each compile, before the content is read, so an edit made meanwhile is not missed.
  const watcher = watch([], { ignoreInitial: true, ignored: (path) => /[/\\](node_modules|\.cache|\.git)([/\\]|$)/.test(path) });
  const changes = new Set<string>();
  /** Each path's state (see `signature`) when it was last handed to a rebuild. */
  const handed = new Map<string, string>();
  let ready = false;
  const changed = (path: string) => {
    if (handed.get(path) === signature(path)) return; // already rebuilt: the other watcher's report
    changes.add(path);
    if (ready) schedule();
  };
  watcher.on('all', (_event, path) => changed(path));
  // chokidar reports a save ~10 ms late on 4,000 content files (it watches each file and re-reads
  // a folder on every change in it); one plain watch per content folder reports it in ~1 ms.
  let folderWatchers = new Map<string, FSWatcher>();
  let contentWatched: string | undefined;
  const added = new Set<string>();
  const watchPaths = (paths: string[], contentFolder: string | undefined) => {
    const fresh = paths.filter((p) => !added.has(p));
    for (const p of fresh) added.add(p);
    if (fresh.length) watcher.add(fresh);
    if (!contentFolder || contentFolder === contentWatched) return;
    for (const w of folderWatchers.values()) w.close();
    contentWatched = contentFolder;
    folderWatchers = watchFolders(contentFolder, changed);
  };

  const session: DevSession = await openDevSession({
    root,
    outDir: options.outDir,
    baseUrl: options.baseUrl,
    drafts: options.drafts,
    onStylesheet: (change) => send('css', (g) => JSON.stringify({ ...change, generation: g })),
    onWatch: watchPaths,
  });
  const report = (result: RebuildReport) => {
    options.log(result.line);
    if (result.problems) {
      problems = result.problems;
      send('problems', (g) => JSON.stringify(overlayHtml(problems, g)));
      return;
    }
    const recovered = problems.length > 0;
    problems = [];
    if (result.reload || recovered) send(undefined, () => 'reload');
  };
  report(session.initial);
  ready = true;
  if (changes.size) schedule();

  // One rebuild at a time; changes that arrive meanwhile are planned together afterwards.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  }
  async function run() {
    if (running) {
      await running;
      return schedule();
    }
    if (changes.size === 0) return;
    const batch = [...changes];
    changes.clear();
    for (const path of batch) handed.set(path, signature(path));
    running = session.apply(batch).then(report);
    await running;
    running = undefined;
  }

  const functions = await openServerFunctions({ root, log: options.log, ifBroken: 'none' }).catch(async (error: unknown) => {
    // Not serving after all: stop watching, so the process can exit with the reason.
    clearTimeout(timer);
    await running;
    await watcher.close();
    for (const w of folderWatchers.values()) w.close();
    session.close();
    throw error;
  });
  const server = createStaticServer({
    dir: resolve(root, options.outDir),
    mounts: functions.mounts,
    intercept: (req, res) => {
      // GET only: a HEAD answer has no body, so an event stream would never send its headers.
      if (req.url === '/__dev/events' && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        res.write(`: connected\nevent: hello\ndata: ${generation}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      if (problems.length && req.headers.accept?.includes('text/html')) {
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(overlayHtml(problems, generation));
        return true;
      }
      return false;
    },
    transformHtml: (html) => html.replace('</body>', `${reloadClient(generation)}</body>`),
  });
  const { url } = await listen(server, options.host, options.port);
  options.log(`Dev server at ${url}/ (Ctrl+C to stop)`);

  const close = async () => {
    clearTimeout(timer);
    await running;
    await watcher.close();
    for (const w of folderWatchers.values()) w.close();
    for (const res of clients) res.end();
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
  return { server, watcher, url, close };
}

/**
 * Watches `dir` and its subfolders, one `fs.watch` per folder (not recursive: Node 20 emulates
 * that on Linux), and folders that appear later. Only speeds up reports: chokidar still sees
 * every change, and `changed` drops its report of a state already rebuilt.
 */
function watchFolders(dir: string, changed: (path: string) => void): Map<string, FSWatcher> {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder) || !isRealFolder(folder)) return;
    try {
      const w = watchFolder(folder, (_event, name) => {
        if (!name) return;
        const path = join(folder, name.toString());
        if (isRealFolder(path)) add(path);
        changed(path);
      });
      w.on('error', () => {
        w.close();
        watchers.delete(folder);
      });
      watchers.set(folder, w);
      for (const e of readdirSync(folder, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith('.')) add(join(folder, e.name));
    } catch {
      // Gone already, or out of watches: chokidar still reports its changes.
    }
  };
  add(dir);
  return watchers;
}

/** A file's state: changes with every write, rename or deletion. */
function signature(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
