import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { contentTypeFor } from './content-types.ts';
import { SVG_POLICY } from '../pipeline/site-files/site-files.ts';
import { parseRange } from './range.ts';

/**
 * Sends a file of the built site to a GET or HEAD: `ETag` and `Last-Modified` answered with 304,
 * one byte range with 206 (or 416), HEAD with the headers only. Headers already set on `res` (from
 * `_headers`) win over the defaults. Resolves false when the file is not there (any more: dev
 * swaps in a rebuilt output while serving), so the caller can answer 404.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  let streaming = false;
  try {
    // Size and date from the open file, so the answer describes the bytes actually sent.
    const stats = await handle.stat();
    if (!stats.isFile()) return false;
    const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    const lastModified = stats.mtime.toUTCString();
    const defaults: [string, string][] = [
      ['Content-Type', contentTypeFor(path)],
      ['Cache-Control', 'no-cache'],
      ['ETag', etag],
      ['Last-Modified', lastModified],
      ['Accept-Ranges', 'bytes'],
    ];
    // Hosts are given the same policy in `_headers`; a static host that sends none is the site's to configure.
    if (path.toLowerCase().endsWith('.svg')) defaults.push(['Content-Security-Policy', SVG_POLICY]);
    for (const [name, value] of defaults) if (!res.hasHeader(name)) res.setHeader(name, value);
    if (notModified(req, etag, stats.mtime)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    // Ranges apply to GET only, and only while the client's copy (If-Range) is still current.
    const ifRange = req.headers['if-range'];
    const range = req.method === 'GET' && (ifRange === undefined || ifRange === lastModified)
      ? parseRange(req.headers.range, stats.size)
      : { kind: 'full' as const };
    if (range.kind === 'unsatisfiable') {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${stats.size}`);
      res.removeHeader('Content-Type');
      res.end();
      return true;
    }
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stats.size - 1];
    res.statusCode = range.kind === 'partial' ? 206 : 200;
    if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
    res.setHeader('Content-Length', end - start + 1);
    if (req.method === 'HEAD' || end < start) {
      res.end();
      return true;
    }
    const stream = handle.createReadStream({ start, end });
    streaming = true;
    // pipeline() destroys both sides on an error or a client that leaves, and closes the file.
    pipeline(stream, res, () => {});
    return true;
  } finally {
    if (!streaming) await handle.close();
  }
}

/** RFC 9110 §13.1.2–3: If-None-Match (weak comparison), else If-Modified-Since. */
function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  if (req.headers['if-none-match'] !== undefined) return etagMatches(req, etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** Whether the request's If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(req: IncomingMessage, etag: string): boolean {
  const match = req.headers['if-none-match'];
  if (match === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** A strong ETag for bytes built in memory (a page as served, after any rewrite): a hash of them. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
