import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentTypeFor } from '../../src/serve/content-types.ts';
import { parseRange } from '../../src/serve/range.ts';
import { createStaticServer, listen } from '../../src/serve/static-server.ts';
import { exchange } from '../helpers/raw-http.ts';

describe('parseRange', () => {
  const size = 100;
  it.each([
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=90-', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'partial', start: 0, end: 99 }],
    ['BYTES = 5-6 ', { kind: 'partial', start: 5, end: 6 }],
    // The end is clamped to the file, however large (RFC 9110 §14.1.2).
    ['bytes=0-99999999999999999999', { kind: 'partial', start: 0, end: 99 }],
    [`bytes=0-${'9'.repeat(400)}`, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=-99999999999999999999', { kind: 'partial', start: 0, end: 99 }],
    // Valid but unsatisfiable.
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=100-200', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Not acted on: the whole file is sent.
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=', { kind: 'full' }],
    ['bytes=0-1,3-4', { kind: 'full' }],
    ['bytes=0-1, bytes=2-3', { kind: 'full' }],
    ['bytes=1.5-2', { kind: 'full' }],
    ['bytes=+1-2', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['', { kind: 'full' }],
  ])('%j', (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it('sends an empty file whole, whatever the range', () => {
    for (const header of ['bytes=0-0', 'bytes=-1', 'bytes=-0']) expect(parseRange(header, 0)).toEqual({ kind: 'full' });
  });
});

describe('contentTypeFor', () => {
  it('names the types a built site holds and sends the rest as bytes', () => {
    expect(contentTypeFor('assets/site.1a2b.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a/b.SVG')).toBe('image/svg+xml');
    expect(contentTypeFor('files/guide.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('a.b/README')).toBe('application/octet-stream');
    expect(contentTypeFor('archive.tar.xz')).toBe('application/octet-stream');
  });
});

describe('createStaticServer', () => {
  let dir: string;
  let server: Server;
  let origin: string;
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const get = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { redirect: 'manual', ...init });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heartnotes-static-'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>Home</title><body>home</body>',
      'boom.html': '<!doctype html><title>Boom</title><body>BOOM</body>',
      '404.html': '<!doctype html><title>Not found</title>',
      'data.txt': '0123456789',
      '.env': 'TOKEN=1',
      '.git/config': '[core]',
      'assets/.cache': 'x',
      '.well-known/security.txt': 'Contact: mailto:a@b.example\n',
      _headers: '/data.txt\n  Cache-Control: public, max-age=60\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    server = createStaticServer({
      dir,
      mounts: { '/api/throws/': () => Promise.reject(new Error('handler failed')) },
      transformHtml: (html) => {
        if (html.includes('BOOM')) throw new Error('transform failed');
        return html;
      },
    });
    ({ url: origin } = await listen(server, '127.0.0.1', 0));
  });
  afterAll(async () => {
    errors.mockRestore();
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a failure while answering with 500, one log line, and keeps serving', async () => {
    errors.mockClear();
    const res = await get('/boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('The server failed while answering this request; its log says why.\n');
    expect(errors.mock.calls).toEqual([['Could not answer GET "/boom": Error: transform failed']]);
    expect((await get('/')).status).toBe(200);
  });

  it('keeps the 503 a mounted handler that throws has always had', async () => {
    const res = await get('/api/throws/x', { method: 'POST', body: 'a' });
    expect(res.status).toBe(503);
  });

  it('answers a malformed request with 400 and logs nothing', async () => {
    errors.mockClear();
    const raw = await exchange(origin, 'GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('Bad request: the path "/%E0%A4%A" has a broken %-escape.');
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers HTTP it cannot parse with a bare 400 and hangs up', async () => {
    expect(await exchange(origin, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX A: b\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    );
  });

  it('revalidates a file by ETag and by date, and keeps the headers from _headers', async () => {
    const first = await get('/data.txt');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"10-\d+"$/);
    expect((await get('/data.txt', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await get('/data.txt', { headers: { 'If-None-Match': `"other", ${etag.slice(2)}` } })).status).toBe(304);
    expect((await get('/data.txt', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    const lastModified = first.headers.get('last-modified')!;
    expect((await get('/data.txt', { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304);
    expect((await get('/data.txt', { headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status).toBe(200);
  });

  it('serves one byte range, 416 past the end, and the whole file when If-Range is stale', async () => {
    const part = await get('/data.txt', { headers: { Range: 'bytes=2-99999999999999999999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-9/10');
    expect(await part.text()).toBe('23456789');
    const suffix = await get('/data.txt', { headers: { Range: 'bytes=-3' } });
    expect(await suffix.text()).toBe('789');
    const past = await get('/data.txt', { headers: { Range: 'bytes=10-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
    const lastModified = part.headers.get('last-modified')!;
    expect((await get('/data.txt', { headers: { Range: 'bytes=0-0', 'If-Range': lastModified } })).status).toBe(206);
    const stale = await get('/data.txt', { headers: { Range: 'bytes=0-0', 'If-Range': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('0123456789');
  });

  it('answers HEAD with the length and no body', async () => {
    for (const path of ['/', '/data.txt']) {
      const raw = await exchange(origin, `HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(raw, path).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(raw, path).toMatch(/\r\nContent-Length: [1-9]\d*\r\n/);
      expect(raw.endsWith('\r\n\r\n'), path).toBe(true);
    }
  });

  it('answers methods other than GET and HEAD with 405 and Allow, OPTIONS with 204', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST']) {
      const res = await get('/data.txt', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS');
    }
    const options = await get('/', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('never serves a dot-file, except under /.well-known/', async () => {
    for (const path of ['/.env', '/.git/config', '/.git', '/assets/.cache', '/%2eenv']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('<!doctype html><title>Not found</title>');
    }
    expect(await (await get('/.well-known/security.txt')).text()).toBe('Contact: mailto:a@b.example\n');
  });
});

