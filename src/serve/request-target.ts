import type { IncomingMessage } from 'node:http';

/** A request this server cannot make sense of: answered 400 with its message, never logged as a fault. */
export class BadRequest extends Error {}

// RFC 3986 host (an IP literal in brackets, or a name of unreserved, sub-delims and %-escapes), then a port.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::\d{1,5})?$/;

/**
 * The full URL a request asks for: its target, a path (`/a?b`) on the `Host` header's origin or,
 * as a proxy would send it, an absolute `http(s)://` URL. Throws BadRequest for anything else, and
 * for a missing, repeated or malformed `Host` (RFC 9112 §3.2 says such a request gets 400).
 */
export function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '';
  const host = hostOf(req);
  if (target.startsWith('/')) {
    // Appended, not resolved against a base: `//x` is a path here, not another host.
    const url = parseUrl(`http://${host}${target}`);
    if (url) return url;
  } else if (/^https?:\/\//i.test(target)) {
    const url = parseUrl(target);
    if (url) return url;
  }
  throw new BadRequest(`the request target ${quote(target)} is not a path or an http URL`);
}

/**
 * The request's path, decoded once. Throws BadRequest for broken %-escapes and for NUL, which no
 * file name can hold.
 */
export function decodedPath(url: URL): string {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw new BadRequest(`the path ${quote(url.pathname)} has a broken %-escape`);
  }
  if (path.includes('\0')) throw new BadRequest('the path holds a NUL character');
  return path;
}

// URL.parse is newer than the Node versions package.json allows (>=20.19).
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function hostOf(req: IncomingMessage): string {
  const hosts = req.headersDistinct.host;
  if (!hosts) {
    // HTTP/1.0 predates Host; Node itself answers 400 to an HTTP/1.1 request without one.
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 0) return 'localhost';
    throw new BadRequest('the Host header is missing');
  }
  if (hosts.length > 1) throw new BadRequest('the request has more than one Host header');
  const host = hosts[0];
  if (!HOST.test(host) || !URL.canParse(`http://${host}/`)) throw new BadRequest(`the Host header ${quote(host)} is not a host name`);
  return host;
}

/** A client-sent string for a message: quoted, control characters escaped, cut to 100 characters. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}
