import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { watch } from 'chokidar';
import { build } from '../build/index.ts';
import { formatMs } from '../build/format.ts';
import { DiagnosticError, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { createStaticServer, listen } from '../serve/static-server.ts';
import { overlayHtml, reloadClient } from './reload-client.ts';

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
 * Builds, serves the output, and rebuilds when content, templates, public files or the generator
 * change. Unchanged pages are reused from the previous build (the same cache `build` uses), open
 * pages reload over server-sent events, and a broken edit shows its diagnostics in the page.
 */
export async function startDevServer(options: DevServerOptions) {
  const clients = new Set<ServerResponse>();
  let problems: Diagnostic[] = [];
  const outDir = resolve(options.root, options.outDir);

  const rebuild = async (reason: string) => {
    try {
      const summary = await build({ root: options.root, outDir: options.outDir, baseUrl: options.baseUrl, drafts: options.drafts });
      problems = [];
      options.log(`${reason}: ${summary.rendered} page(s) rendered, ${summary.reused} unchanged, in ${formatMs(summary.ms)}`);
    } catch (error) {
      problems = error instanceof DiagnosticError ? error.diagnostics : [{ code: 'dev/error', message: (error as Error).message }];
      options.log(problems.map(formatDiagnostic).join('\n\n'));
    }
    for (const res of clients) res.write(`data: reload\n\n`);
  };
  await rebuild('Initial build');

  const server = createStaticServer({
    dir: outDir,
    intercept: (req, res) => {
      if (req.url === '/__dev/events') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      if (problems.length && req.headers.accept?.includes('text/html')) {
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(overlayHtml(problems));
        return true;
      }
      return false;
    },
    transformHtml: (html) => html.replace('</body>', `${reloadClient}</body>`),
  });
  const { url } = await listen(server, options.host, options.port);
  options.log(`Dev server at ${url}/ (Ctrl+C to stop)`);

  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const watcher = watch(['content', 'templates', 'public', 'src', 'site.config.ts'].map((p) => join(options.root, p)), {
    ignoreInitial: true,
  });
  watcher.on('all', (_event, path) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => rebuild(`Changed ${path.slice(options.root.length + 1)}`));
    }, 30);
  });
  return { server, watcher, url };
}
