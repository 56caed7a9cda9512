import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sirv from 'sirv';
import { headersFor, parseHeaders } from './header-rules.ts';
import { matchRedirect, parseRedirects } from './redirect-rules.ts';

/** A web-standard handler, e.g. the forms function, mounted under a path prefix. */
export type FetchHandler = (request: Request) => Promise<Response>;

export interface StaticServerOptions {
  /** The built site. */
  dir: string;
  host?: string;
  port?: number;
  /** Handlers by path prefix, e.g. `{ '/api/': forms }` (default: none; dev and preview mount the forms function). */
  mounts?: Record<string, FetchHandler>;
  /** Runs before static files are served: the dev server injects its reload client here (optional). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Rewrites HTML before sending it (optional). */
  transformHtml?: (html: string) => string;
}

/** Reads a file that may change between requests, re-reading only when its mtime changes. */
function watchedFile<T>(path: string, parse: (text: string) => T, empty: T): () => T {
  let stamp = -1;
  let value = empty;
  return () => {
    let mtime = 0;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      return empty;
    }
    if (mtime !== stamp) {
      stamp = mtime;
      value = parse(readFileSync(path, 'utf8'));
    }
    return value;
  };
}

/**
 * Serves a built site the way a CDN does: existing files first (clean URLs), then `_redirects`
 * rules (301/302 to anywhere, 200 rewrites, 404 rewrites), then `404.html` with status 404;
 * `_headers` applied.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const { dir } = options;
  const redirects = watchedFile(join(dir, '_redirects'), parseRedirects, []);
  const headerRules = watchedFile(join(dir, '_headers'), parseHeaders, []);
  const files = sirv(dir, { dev: true, extensions: ['html'], dotfiles: false, etag: true });

  const sendFile = (res: ServerResponse, file: string, status: number, pathname: string) => {
    let body: Buffer;
    try {
      body = readFileSync(join(dir, file));
    } catch {
      return false;
    }
    res.statusCode = status;
    for (const [k, v] of headersFor(headerRules(), pathname)) res.setHeader(k, v);
    const isHtml = file.endsWith('.html');
    res.setHeader('Content-Type', isHtml ? 'text/html; charset=utf-8' : 'application/octet-stream');
    res.end(isHtml && options.transformHtml ? options.transformHtml(body.toString('utf8')) : body);
    return true;
  };
  const fileFor = (target: string) => {
    const rel = target.replace(/^\/+/, '').replace(/\/+$/, '');
    for (const candidate of [rel, `${rel}.html`, `${rel}/index.html`, rel === '' ? 'index.html' : '']) {
      // The host reads these two; it never serves them.
      if (!candidate || candidate === '_redirects' || candidate === '_headers') continue;
      try {
        if (statSync(join(dir, candidate)).isFile()) return candidate;
      } catch { /* try the next */ }
    }
    return undefined;
  };

  const notFound = (res: ServerResponse, pathname: string) => {
    if (!sendFile(res, '404.html', 404, pathname)) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    }
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res, url.pathname);
    }
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return notFound(res, url.pathname);

    for (const [prefix, handler] of Object.entries(options.mounts ?? {})) {
      if (url.pathname.startsWith(prefix)) return forward(req, res, handler);
    }
    if (options.intercept?.(req, res)) return;

    const served = fileFor(pathname);
    const match = matchRedirect(redirects(), url.pathname);
    // A redirect of one exact path wins over the HTML fallback page the build writes at that path
    // (as on Cloudflare Pages), so aliases and partner links are real HTTP redirects. Splat and
    // placeholder rules, and rewrites, only apply where no file exists unless forced with "!".
    const exactRedirect = !!match && !/[*:]/.test(match.rule.from) && match.rule.status >= 300 && match.rule.status < 400;
    if (match && (!served || match.rule.force || exactRedirect)) {
      const { rule, to } = match;
      if (rule.status >= 300 && rule.status < 400) {
        res.statusCode = rule.status;
        res.setHeader('Location', to + (to.includes('?') ? '' : url.search));
        return res.end();
      }
      const target = fileFor(to);
      if (target && sendFile(res, target, rule.status, url.pathname)) return;
    }
    if (!served) return notFound(res, url.pathname);
    if (served.endsWith('.html')) {
      sendFile(res, served, 200, url.pathname);
      return;
    }
    for (const [k, v] of headersFor(headerRules(), url.pathname)) res.setHeader(k, v);
    files(req, res, () => notFound(res, url.pathname));
  });
  // Node closes an idle keep-alive connection after 5 s, the very moment a client may be
  // reusing it: under load the client's own idle timer runs late, sends on the closing socket
  // and gets ECONNRESET (seen in CI). Keeping idle connections longer than any client does
  // leaves the closing to the client, as CDNs and load balancers do; close() still drops
  // idle connections at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Bridges Node's request/response to a fetch-style handler. */
async function forward(req: IncomingMessage, res: ServerResponse, handler: FetchHandler): Promise<void> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  // No proxy stands in front of this server: the client is the socket's peer, whatever a
  // client-sent X-Forwarded-For says (the forms function's rate limit counts by it).
  headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // The body is streamed, so a handler can stop reading an oversized one (the forms function
  // answers 413 after 16 KB) instead of the whole of it being buffered first.
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), init);
  let response: Response;
  try {
    response = await handler(request);
  } catch {
    response = new Response(JSON.stringify({ error: 'The server could not handle this request.' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  res.statusCode = response.status;
  response.headers.forEach((v, k) => res.setHeader(k, v));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts listening; resolves with the address actually bound. */
export function listen(server: Server, host: string, port: number): Promise<{ url: string; port: number }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({ url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`, port: bound });
    });
  });
}
