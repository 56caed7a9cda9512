// The site under a base path (`--base-url https://x.example/blog/`) built for Netlify and for
// Cloudflare Pages, served by each host's own local runtime (netlify dev --offline; wrangler
// pages dev reading the wrangler.toml the build wrote) and by `preview --host` over the same
// output: the host serves the output folder as the root of the address and reads its rules files
// only there, so the build lays the site out in dist/blog/ with the rules at dist/ (hosts/layout.ts).
// Home, an article, an asset, an old address's redirect, the root sent to /blog/, an unknown
// address, and form submissions (one, 20 one after another, 20 at once) through the host's
// function at /blog/api/, each counted in a real PostgreSQL server.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { countRows as countRowsAt, startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';
import { runtimesReady, startNetlify, startWrangler, type Runtime } from './runtimes.ts';

const BASE_URL = 'https://x.example/blog/';

/** What an address answers: status, where it redirects (a path on the same server), the page's h1, the type. */
interface Answer {
  status: number;
  location?: string;
  h1?: string;
  type?: string;
}

async function probe(server: string, path: string): Promise<Answer> {
  const res = await fetch(new URL(path, server), { redirect: 'manual' });
  const answer: Answer = { status: res.status };
  const location = res.headers.get('location');
  if (location) {
    const to = new URL(location, server);
    answer.location = to.origin === new URL(server).origin ? to.pathname + to.search : to.href;
  }
  const body = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 200) answer.type = type.split(';')[0];
  if (type.includes('html')) {
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
    if (h1)
      answer.h1 = h1
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'")
        .replace(/\s+/g, ' ')
        .trim();
  }
  return answer;
}

const roots: Record<string, string> = {};
let pg: TestPostgres;

beforeAll(async () => {
  const [started] = await Promise.all([startPostgres(), runtimesReady()]);
  pg = started;
  for (const host of ['netlify', 'cloudflare']) {
    // One copy per host: a build for one host removes what a build for the other wrote into the project.
    roots[host] = copyProject(`heartnotes-hosts-base-${host}-`, '{ cards: undefined, search: undefined }');
    seedPglite(join(roots[host], '.data'));
    const built = runCli(['build', '--root', roots[host], '--host', host, '--base-url', BASE_URL, '--out', 'dist', '--quiet'], 180_000);
    expect(built.status, built.stderr).toBe(0);
  }
}, 420_000);

afterAll(async () => {
  await pg?.close();
  for (const root of Object.values(roots)) rmSync(root, { recursive: true, force: true });
});

/** A count from the test server, with SQL. */
const countRows = (sql: string, params: unknown[]) => countRowsAt(pg.url, sql, params);

describe.each([
  ['netlify', (root: string) => startNetlify(root, join(root, 'dist'), { DATABASE_URL: pg.url, HEARTNOTES_FORMS_RATE_LIMIT: '1000' })],
  ['cloudflare', (root: string) => startWrangler(root, { DATABASE_URL: pg.url, HEARTNOTES_FORMS_RATE_LIMIT: '1000' })],
] as const)('%s, under /blog/', (host, startHost) => {
  let real: Runtime;
  let preview: RunningCli;
  let root: string;

  beforeAll(async () => {
    root = roots[host];
    [real, preview] = await Promise.all([startHost(root), startCli(['preview', '--root', root, '--out', 'dist', '--host', host, '--port', '0', '--quiet'], 60_000)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([real?.stop(), preview?.stop()]);
  });

  it('lays the output out as the host serves it: the site in dist/blog/, the rules files at dist/', () => {
    const dist = join(root, 'dist');
    expect(existsSync(join(dist, 'blog', 'index.html'))).toBe(true);
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
    expect(readFileSync(join(dist, '_headers'), 'utf8')).toContain('/blog/assets/*');
    if (host === 'cloudflare') expect(JSON.parse(readFileSync(join(dist, '_routes.json'), 'utf8')).include).toEqual(['/blog/api/*']);
  });

  it('serves home, an article, an asset, the root and an old address under /blog/, as preview does', async () => {
    const home = readFileSync(join(root, 'dist', 'blog', 'index.html'), 'utf8');
    const css = /href="(\/blog\/assets\/site-[A-Z0-9]+\.css)"/.exec(home)?.[1];
    expect(css).toBeDefined();
    const paths = ['/', '/blog/', '/blog/post/five-relationship-secrets', css!, '/blog/breakupRecoveryGuide', '/blog/post/no-such-page', '/post/five-relationship-secrets'];
    const answers = new Map<string, Answer>();
    for (const path of paths) {
      const [fromHost, fromPreview] = await Promise.all([probe(real.url, path), probe(preview.url, path)]);
      expect.soft(fromPreview, `preview --host ${host} answers ${path} as ${host} does`).toEqual(fromHost);
      answers.set(path, fromHost);
    }
    expect(answers.get('/')).toEqual({ status: 301, location: '/blog/' });
    expect(answers.get('/blog/')).toMatchObject({ status: 200, type: 'text/html' });
    expect(answers.get('/blog/post/five-relationship-secrets')).toMatchObject({ status: 200, type: 'text/html', h1: expect.stringMatching(/secret/i) });
    expect(answers.get(css!)).toMatchObject({ status: 200, type: 'text/css' });
    expect(answers.get('/blog/breakupRecoveryGuide')).toEqual({ status: 301, location: '/blog/breakup-recovery-guide' });
    expect(answers.get('/blog/post/no-such-page')).toEqual({ status: 404, h1: "Oops! We couldn't find the article you're looking for." });
    // The site's pages are not at the root: the address without /blog/ is not one of them.
    expect(answers.get('/post/five-relationship-secrets')?.status).toBe(404);
  });

  it("stores form submissions sent to /blog/api/ through the host's function: one, 20 one after another and 20 at once", async () => {
    const send = (email: string) =>
      fetch(new URL('/blog/api/subscribe', real.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, source: '/blog/' }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const first = await send(`${host}-base-reader@example.com`);
    expect(first, real.output().slice(-3000)).toEqual({ status: 200, body: '{"ok":true}' });
    const emails = (kind: string) => Array.from({ length: 20 }, (_, i) => `${host}-base-${kind}-${i}@example.com`);
    const sequential: { status: number }[] = [];
    for (const email of emails('one-by-one')) sequential.push(await send(email));
    const parallel = await Promise.all(emails('at-once').map(send));
    expect
      .soft(
        sequential.map((a) => a.status),
        real.output().slice(-3000),
      )
      .toEqual(Array(20).fill(200));
    expect
      .soft(
        parallel.map((a) => a.status),
        real.output().slice(-3000),
      )
      .toEqual(Array(20).fill(200));
    expect(await countRows('select count(*) as n from subscribers where email = $1 and source = $2', [`${host}-base-reader@example.com`, '/blog/'])).toBe(1);
    for (const kind of ['one-by-one', 'at-once']) {
      expect.soft(await countRows('select count(*) as n from subscribers where email like $1', [`${host}-base-${kind}-%@example.com`]), kind).toBe(20);
    }
    // Not at the root: the function is mounted under the base only.
    const outside = await fetch(new URL('/api/subscribe', real.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"outside@example.com"}' });
    expect(outside.status).not.toBe(200);
    expect(await countRows('select count(*) as n from subscribers where email = $1', ['outside@example.com'])).toBe(0);
  }, 120_000);
});
