import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { headersFor, parseHeaders } from './header-rules.ts';
import { hostAnswer, type HostFiles } from './host-rules.ts';
import { parseRedirects } from './redirect-rules.ts';
import type { HostName } from '../pipeline/types.ts';
import { answer, bodyStream } from './request-body.ts';
import { BadRequest, decodedPath, quote, requestUrl } from './request-target.ts';
import { etagMatches, etagOf, sendFile } from './send-file.ts';
import { listenOn, type PortRequest } from './port.ts';
import { mapRuleFile, withBase, withoutBase } from '../pipeline/routes/base-path.ts';
import type { FetchHandler } from './functions.ts';

export interface StaticServerOptions {
  /** The built site. */
  dir: string;
  /** Handlers by path prefix, e.g. `{ '/api/': handler }` (default: none; dev and preview mount the site's `functions`). */
  mounts?: Record<string, FetchHandler>;
  /** The host whose way of serving files and rules to follow (default: none, as dev: see host-rules.ts). */
  host?: HostName;
  /** Runs before static files are served: the dev server injects its reload client here (optional). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Rewrites HTML before sending it (optional). */
  transformHtml?: (html: string) => string;
  /** Called once per request when its response is finished or cut off, e.g. for a request log (optional). */
  onResponse?: (entry: ResponseEntry) => void;
  /**
   * The base path the site was built for (`/blog/`, see `baseOfOutput`): the folder is served
   * under it, `/` redirects to it, and the rules files, whose paths carry it, are read as such
   * (default: `/`). A function is asked at each request: dev's base changes with the site's url.
   */
  base?: string | (() => string);
}

/** The base path the server answers under now. */
const baseOf = (options: StaticServerOptions): string => (typeof options.base === 'function' ? options.base() : options.base) ?? '/';

/** One answered request: method, the request target as sent, status and milliseconds taken. */
export interface ResponseEntry {
  method: string;
  target: string;
  status: number;
  ms: number;
}

/** Reads a file that may change between requests, re-reading only when its mtime (or `version`) changes. */
function watchedFile<T>(path: string, parse: (text: string) => T, empty: T, version: () => string = () => ''): () => T {
  let stamp = '';
  let value = empty;
  return () => {
    try {
      const now = `${statSync(path).mtimeMs} ${version()}`;
      if (now !== stamp) {
        value = parse(readFileSync(path, 'utf8'));
        stamp = now;
      }
      return value;
    } catch {
      // Not there, or swapped out by a rebuild between the stat and the read: no rules this time.
      return empty;
    }
  };
}

/** What a static file answers to; any other method gets 405 (a mounted handler decides its own). */
const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * Serves a built site the way its host does (host-rules.ts): its files with clean URLs, the
 * `_redirects` rules, the not-found pages with status 404, `_headers` applied. No request ends the server: a malformed one gets 400, a failure while
 * answering gets 500 and one line on stderr (see `answerFailure`).
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const answer = siteAnswerer(options);
  /** The response in progress on each connection, so a client error never cuts into one. */
  const inFlight = new WeakMap<Duplex, ServerResponse>();
  const server = createServer((req, res) => {
    if (options.onResponse) {
      const started = performance.now();
      const report = options.onResponse;
      res.once('close', () => report({ method: req.method ?? '', target: req.url ?? '', status: res.statusCode, ms: performance.now() - started }));
    }
    const socket = req.socket;
    inFlight.set(socket, res);
    res.once('finish', () => {
      if (inFlight.get(socket) === res) inFlight.delete(socket);
    });
    answer(req, res).catch((error: unknown) => answerFailure(req, res, error));
  });
  hardenServer(server, inFlight);
  return server;
}

/** The files of the served folder: a page with its `_headers`, a clean-URL lookup, the 404 page. */
function servedFolder(options: StaticServerOptions) {
  const { dir } = options;
  const headerRules = watchedFile(
    join(dir, '_headers'),
    (text) => parseHeaders(rulesWithoutBase(text, 'headers', baseOf(options))),
    [],
    () => baseOf(options),
  );
  const headersOf = (pathname: string) => headersFor(headerRules(), pathname);

  const sendPage = (res: ServerResponse, file: string, status: number, pathname: string) => {
    let body: Buffer;
    try {
      body = readFileSync(join(dir, file));
    } catch {
      return false;
    }
    res.statusCode = status;
    for (const [k, v] of headersOf(pathname)) res.setHeader(k, v);
    const isHtml = file.endsWith('.html');
    res.setHeader('Content-Type', isHtml ? 'text/html; charset=utf-8' : 'application/octet-stream');
    const sent = isHtml && options.transformHtml ? Buffer.from(options.transformHtml(body.toString('utf8'))) : body;
    // A page gets an ETag of the bytes sent (dev rewrites them), so a browser revalidates with 304.
    if (status === 200) {
      if (!res.hasHeader('ETag')) res.setHeader('ETag', etagOf(sent));
      if (etagMatches(res.req, String(res.getHeader('ETag')))) {
        res.statusCode = 304;
        res.removeHeader('Content-Type');
        res.end();
        return true;
      }
    }
    res.setHeader('Content-Length', sent.length);
    res.end(sent);
    return true;
  };
  const files: HostFiles = {
    exists(file) {
      // A dot-file is tools' state; the host reads its own files and never serves them.
      if (!file || isHidden(file) || HOST_FILES.has(file)) return false;
      try {
        return statSync(join(dir, file)).isFile();
      } catch {
        return false;
      }
    },
  };
  const notFound = (res: ServerResponse, pathname: string, file = '404.html') => {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    if (!sendPage(res, file, 404, pathname)) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    }
  };
  return { dir, headersOf, sendPage, files, notFound };
}

/** Files the hosts read and never serve: their rules, and Cloudflare's worker and its routes. */
const HOST_FILES = new Set(['_redirects', '_headers', '_worker.js', '_routes.json']);

/** Answers one request: mounted handlers, then the files and `_redirects` rules as the host would. */
function siteAnswerer(options: StaticServerOptions) {
  const folder = servedFolder(options);
  const { sendPage, notFound } = folder;
  const redirects = watchedFile(
    join(options.dir, '_redirects'),
    (text) => parseRedirects(rulesWithoutBase(text, 'redirects', baseOf(options))),
    [],
    () => baseOf(options),
  );

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.url === '*' && req.method === 'OPTIONS') return refuseMethod(req, res);
    const base = baseOf(options);
    const sent = requestUrl(req);
    // Under a base path everything below works on the site's own paths; the handlers get the address as sent.
    const url = siteUrlOf(sent, base);
    if (!url) return options.intercept?.(req, res) ? undefined : outsideBase(res, sent, base, notFound);
    const pathname = decodedPath(url);
    if (pathname.split('/').includes('..')) return notFound(res, url.pathname);

    for (const [prefix, handler] of Object.entries(options.mounts ?? {})) {
      if (url.pathname.startsWith(prefix)) return forward(req, res, handler, sent);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuseMethod(req, res);
    if (options.intercept?.(req, res)) return;

    // Rules match the address as sent (percent-encoded), files by its decoded path.
    const answer = hostAnswer(options.host, folder.files, redirects(), { raw: url.pathname, path: pathname, search: url.search });
    if (answer.kind === 'redirect') {
      res.statusCode = answer.status;
      res.setHeader('Location', withBase(answer.location, base));
      return void res.end();
    }
    if (answer.kind === 'not-found') return notFound(res, url.pathname, answer.file);
    if (answer.file.endsWith('.html')) {
      if (!sendPage(res, answer.file, answer.status, url.pathname)) notFound(res, url.pathname);
      return;
    }
    for (const [k, v] of folder.headersOf(url.pathname)) res.setHeader(k, v);
    if (!(await sendFile(req, res, join(folder.dir, answer.file)))) notFound(res, url.pathname);
  };
}

/** The rules files' paths as the site's own paths, for a folder built under `base`. */
function rulesWithoutBase(text: string, kind: 'redirects' | 'headers', base = '/'): string {
  return base === '/' ? text : mapRuleFile(text, kind, (path) => withoutBase(path, base) ?? path);
}

/** The request's URL with the site's own path (`/blog/post/x` → `/post/x`); undefined outside the base. */
function siteUrlOf(url: URL, base: string): URL | undefined {
  if (base === '/') return url;
  const path = withoutBase(url.pathname, base);
  if (path === undefined) return undefined;
  const inner = new URL(url.href);
  inner.pathname = path;
  return inner;
}

/** Outside the base path: the host's root goes to the site, anything else is not the site's. */
function outsideBase(res: ServerResponse, url: URL, base: string, notFound: (res: ServerResponse, pathname: string) => void): void {
  if (url.pathname !== '/') return notFound(res, url.pathname);
  res.statusCode = 302;
  res.setHeader('Location', base + url.search);
  res.end();
}

/** Client errors, CONNECT and idle keep-alive connections, handled so that none ends the server. */
function hardenServer(server: Server, inFlight: WeakMap<Duplex, ServerResponse>): void {
  // Bytes Node cannot parse as HTTP (a broken request line, control characters in a header, a
  // chunked body that lies): answer 400 unless a response is already under way, then hang up.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight.get(socket)?.headersSent) {
      const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request';
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
  // CONNECT is for proxies. Node hands its socket over bare, so it needs its own error listener.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
  });
  // Node closes an idle keep-alive connection after 5 s, the very moment a client may be
  // reusing it: under load the client's own idle timer runs late, sends on the closing socket
  // and gets ECONNRESET (seen in CI). Keeping idle connections longer than any client does
  // leaves the closing to the client, as CDNs and load balancers do; close() still drops
  // idle connections at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** Node's own answers to the client errors it names (see `clientError` in the http docs). */
const CLIENT_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * A path segment starting with a dot (`.env`, `.git/config`) is never served: such files are
 * tools' state copied along by accident. `/.well-known/` is the exception (RFC 8615).
 */
function isHidden(rel: string): boolean {
  return rel.split('/').some((segment, i) => segment.startsWith('.') && !(i === 0 && segment === '.well-known'));
}

/** 405 to a method other than GET and HEAD on a static file; 204 with the list to OPTIONS. */
function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Allow', ALLOW);
  if (req.method === 'OPTIONS') {
    res.statusCode = 204;
    return void res.end();
  }
  res.statusCode = 405;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`${req.method} is not allowed here: files are only read, with ${ALLOW}.\n`);
}

/**
 * The error boundary around every request: a malformed request (BadRequest) gets 400; anything
 * else thrown or rejected gets 500 and one line on stderr. When part of the answer is already
 * out, closing the connection is the only way left to tell the client it is cut short.
 */
function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const bad = error instanceof BadRequest;
  if (!bad) console.error(`Could not answer ${req.method} ${quote(req.url ?? '')}: ${String(error).split('\n')[0]}`);
  try {
    if (res.headersSent) return void res.destroy();
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.statusCode = bad ? 400 : 500;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(bad ? `Bad request: ${error.message}.\n` : 'The server failed while answering this request; its log says why.\n');
  } catch {
    res.destroy();
  }
}

/** Bridges Node's request/response to a fetch-style handler. */
async function forward(req: IncomingMessage, res: ServerResponse, handler: FetchHandler, url: URL): Promise<void> {
  // The fetch Request cannot carry these methods, so no web-standard handler can answer them.
  if (/^(?:CONNECT|TRACE|TRACK)$/i.test(req.method ?? '')) {
    res.statusCode = 501;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    return void res.end(`${req.method} is not supported for ${url.pathname}.\n`);
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  // No proxy stands in front of this server: the client is the socket's peer, whatever a
  // client-sent X-Forwarded-For says (a handler's rate limit may count by it).
  headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // The body is streamed, so a handler can stop reading an oversized one (and answer 413)
  // instead of the whole of it being buffered first; `answer` discards what it left unread.
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
  if (hasBody) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  const request = new Request(url, init);
  let response: Response;
  try {
    response = await handler(request);
  } catch {
    response = new Response(JSON.stringify({ error: 'The server could not handle this request.' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  answer(req, res, response.status, response.headers, Buffer.from(await response.arrayBuffer()));
}

/**
 * Starts listening; resolves with the address actually bound and the busy ports passed over
 * (`port.ts`: a default port that is taken moves on to the next free one; an explicit one is a
 * `ListenError`).
 */
export async function listen(server: Server, host: string, port: number | PortRequest): Promise<{ url: string; port: number; busy: number[] }> {
  const request = typeof port === 'number' ? { host, port, explicit: true } : port;
  const bound = await listenOn(server, request);
  // Later errors come from the listening socket itself (e.g. out of file descriptors on
  // accept); the server keeps listening, but an unheard 'error' event would end the process.
  server.on('error', (error) => console.error(`Server error: ${error.message}`));
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}`, port: bound.port, busy: bound.busy };
}
