import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, listFiles, type FixtureCopy } from '../helpers/fixtures.ts';

describe('preview', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  const get = (path: string) => fetch(`${server!.url}${path}`, { redirect: 'manual' });

  beforeAll(async () => {
    fx = copyFixture('basic');
    // Built for Netlify: preview serves it as Netlify would (tests/hosts/ compares the two).
    const built = runCli(['build', '--root', fx.root, '--quiet', '--host', 'netlify']);
    expect(built.status, built.stderr).toBe(0);
    server = await startCli(['preview', '--root', fx.root, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    fx.cleanup();
  });

  it('says where it serves', () => {
    expect(server!.output()).toMatch(/^Previewing \S*dist\/ as Netlify would serve it, at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl\+C to stop\)\n/);
  });

  it('says in one line when --host is not the host the output was built for, and serves it as asked', async () => {
    const other = await startCli(['preview', '--root', fx.root, '--port', '0', '--host', 'cloudflare']);
    try {
      const lines = other.output().split('\n');
      expect(lines[0]).toMatch(/^Previewing \S*dist\/ as Cloudflare Pages would serve it, at http:/);
      expect(lines[1]).toMatch(/^\S*dist\/ was built for Netlify, so its redirect and header rules are that host's, not Cloudflare Pages's; build with --host cloudflare to see what Cloudflare Pages would serve\.$/);
      expect((await fetch(`${other.url}/about`)).status).toBe(200);
    } finally {
      await other.stop();
    }
    // As built: no such line.
    expect(server!.output()).not.toContain('was built for');
  });

  it('serves a page at its clean URL, with and without the trailing slash', async () => {
    for (const path of ['/about', '/about/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe(fx.read('dist/about.html'));
    }
    expect((await get('/')).status).toBe(200);
  });

  it('gives a page an ETag and answers If-None-Match with 304 until the page changes; a 404 is never a 304', async () => {
    const first = await get('/about');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    await first.text();
    for (const path of ['/about', '/about/']) {
      const again = await fetch(`${server!.url}${path}`, { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
    expect((await fetch(`${server!.url}/about`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    // A new build of the page: the old tag no longer matches.
    const page = fx.read('dist/about.html');
    writeFileSync(join(fx.root, 'dist/about.html'), page.replace('</body>', '<p>rebuilt</p></body>'));
    try {
      const changed = await fetch(`${server!.url}/about`, { headers: { 'If-None-Match': etag! } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(await changed.text()).toContain('<p>rebuilt</p>');
    } finally {
      writeFileSync(join(fx.root, 'dist/about.html'), page);
    }
    const missing = await get('/nope');
    await missing.text();
    const tag = missing.headers.get('etag');
    expect((await fetch(`${server!.url}/nope`, { headers: { 'If-None-Match': tag ?? '*' } })).status).toBe(404);
    // Other files had their tag already: size and time.
    const robots = await get('/robots.txt');
    await robots.text();
    expect((await fetch(`${server!.url}/robots.txt`, { headers: { 'If-None-Match': robots.headers.get('etag')! } })).status).toBe(304);
  });

  it('answers an unknown address with 404 and the body of 404.html', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(fx.read('dist/404.html'));
  });

  it('redirects an alias with 301, even though a fallback page exists at that address', async () => {
    for (const path of ['/about-us', '/about-us/']) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe('/about');
    }
  });

  it('redirects a partner link to its external address, keeping the query', async () => {
    const res = await get('/go/partner?utm_source=test');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example/deal?ref=heart');
  });

  it('serves hashed assets with their type and the immutable caching from _headers', async () => {
    const css = listFiles(join(fx.root, 'dist')).find((f) => f.endsWith('.css'))!;
    const res = await get(`/${css}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(fx.read(`dist/${css}`));
  });

  it('serves public files byte for byte', async () => {
    const res = await get('/files/guide.txt');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(fx.root, 'public', 'files', 'guide.txt')))).toBe(true);
  });

  it('does not serve the host configuration files', async () => {
    for (const path of ['/_redirects', '/_headers']) expect((await get(path)).status, path).toBe(404);
  });

  it('never serves a file outside the output folder', async () => {
    // Raw request paths, because fetch() would normalise the dots away.
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(server!.url);
        request({ hostname, port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    for (const path of ['/../site.config.ts', '/%2e%2e/site.config.ts', '/..%2fsite.config.ts', '/assets/..%2f..%2fsite.config.ts']) {
      expect(await raw(path), path).toBe(404);
    }
  });

  it('refuses to serve what was never built', () => {
    const empty = copyFixture('basic');
    try {
      const r = runCli(['preview', '--root', empty.root, '--port', '0']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^nothing to preview in \S*dist\/ — run "heartnotes build" first\n$/);
    } finally {
      empty.cleanup();
    }
  });

  it('serves a built folder with no site.config.ts beside it, mounting nothing', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'heartnotes-plain-'));
    let plainServer: RunningCli | undefined;
    try {
      mkdirSync(join(plain, 'dist'));
      writeFileSync(join(plain, 'dist', 'index.html'), '<!doctype html><html lang="en"><title>t</title><p>Home</p></html>');
      plainServer = await startCli(['preview', '--root', plain, '--port', '0']);
      expect((await fetch(`${plainServer.url}/`)).status).toBe(200);
      expect((await fetch(`${plainServer.url}/api/subscribe`)).status).toBe(404);
    } finally {
      await plainServer?.stop();
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
