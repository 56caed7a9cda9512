// The site built with `build --host netlify` and `--host cloudflare`, served by each host's own
// local runtime (netlify dev --offline; wrangler pages dev started with no arguments, so it reads
// the wrangler.toml the build wrote) and by `preview --host` over the same output: every redirect
// rule, every header rule (the feed's type, the SVG policy), the not-found pages, the build marker,
// clean-URL variants, form submissions one by one and at once stored in a real PostgreSQL server,
// and the level the function logs at. Each answer is checked for what it must be and, address by
// address, for being the same from the host and from preview. A `--host static` build is checked
// for keeping every old address working without rules files.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { countRows as countRowsAt, startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { runtimesReady, startNetlify, startWrangler, type Runtime } from './runtimes.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';
import { decodeHtml } from '../../src/index.ts';

/** An SVG an editor might drop into public/, with a script in it. */
const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title = "ran"</script></svg>\n';

/** A copy of the project, less its social cards and search index (they have nothing to do with hosts), with a scripted SVG. */
function siteCopy(): string {
  const root = copyProject('heartnotes-hosts-', '{ cards: undefined, search: undefined }');
  writeFileSync(join(root, 'public', 'drawing.svg'), SCRIPTED_SVG);
  return root;
}

/** What an address answers: status, where it redirects (a path when on the same server), the page's h1. */
interface Answer {
  status: number;
  location?: string;
  h1?: string;
}

async function probe(base: string, path: string): Promise<Answer> {
  const res = await fetch(new URL(path, base), { redirect: 'manual' });
  const answer: Answer = { status: res.status };
  const location = res.headers.get('location');
  if (location) {
    const to = new URL(location, base);
    answer.location = to.origin === new URL(base).origin ? to.pathname + to.search : to.href;
  }
  const type = res.headers.get('content-type') ?? '';
  const body = await res.text();
  if (type.includes('html')) {
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
    if (h1) answer.h1 = h1.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();
  }
  return answer;
}

/** The `from to status` rules of an output's `_redirects`, without the not-found pages' own lines. */
function redirectRules(dir: string): { from: string; to: string; status: number }[] {
  return readFileSync(join(dir, '_redirects'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [from, to, status] = l.trim().split(/\s+/);
      return { from, to, status: Number.parseInt(status, 10) };
    })
    .filter((r) => r.status >= 300 && r.status < 400);
}

const SECTIONS = {
  post: "Oops! We couldn't find the article you're looking for.",
  affiliate: 'Product not found',
  category: 'No detailed information was found for this category.',
  promo: 'Redirecting...',
};
const ROOT_NOT_FOUND = /not found|could not find|can.t find/i;

/** Addresses whose answers depend on the host's clean-URL rules. */
const CLEAN_URLS = ['/', '/index.html', '/about', '/about/', '/about.html', '/post/five-relationship-secrets', '/post/five-relationship-secrets/', '/guides/page/2', '/feed.xml', '/sitemap.xml'];

/** One project copy per host: a build for one host removes what an earlier build wrote for the other. */
const roots: Record<string, string> = {};
let pg: TestPostgres;

beforeAll(async () => {
  const [started] = await Promise.all([startPostgres(), runtimesReady()]);
  pg = started;
  for (const host of ['netlify', 'cloudflare']) {
    roots[host] = siteCopy();
    // `preview --host` mounts the forms function, which opens PGlite under the copy as it starts:
    // a copy of the run's empty database opens in 0.7 CPU-s, where creating one took about 4.
    seedPglite(join(roots[host], '.data'));
    const built = runCli(['build', '--root', roots[host], '--host', host, '--out', `dist-${host}`, '--quiet'], 120_000);
    expect(built.status, built.stderr).toBe(0);
  }
  // For a plain CDN too, in a copy of its own (it removes what a build for another host wrote).
  roots.static = siteCopy();
  const built = runCli(['build', '--root', roots.static, '--host', 'static', '--out', 'dist-static', '--quiet'], 120_000);
  expect(built.status, built.stderr).toBe(0);
}, 360_000);

describe('static', () => {
  it('writes no rules files, and every old address a host redirects has a page that sends the reader to the same place', async () => {
    expect(existsSync(join(roots.static, '.netlify')) || existsSync(join(roots.static, 'wrangler.toml'))).toBe(false);
    const dir = join(roots.static, 'dist-static');
    expect(existsSync(join(dir, '_redirects')) || existsSync(join(dir, '_headers'))).toBe(false);
    const rules = redirectRules(join(roots.netlify, 'dist-netlify')).filter((r) => !r.from.endsWith('/') && !r.from.includes('*'));
    expect(rules.length).toBeGreaterThanOrEqual(20);
    const preview = await startCli(['preview', '--root', roots.static, '--out', 'dist-static', '--port', '0', '--quiet'], 60_000);
    try {
      for (const r of rules) {
        const res = await fetch(new URL(r.from, preview.url), { redirect: 'manual' });
        const html = await res.text();
        expect.soft(res.status, r.from).toBe(200);
        const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(html)?.[1];
        expect.soft(refresh && decodeHtml(refresh), r.from).toBe(r.to);
      }
    } finally {
      await preview.stop();
    }
  }, 120_000);
});

afterAll(async () => {
  await pg?.close();
  for (const root of Object.values(roots)) rmSync(root, { recursive: true, force: true });
});

/** A count from the test server, with SQL. */
const countRows = (sql: string, params: unknown[]) => countRowsAt(pg.url, sql, params);

describe.each([
  ['netlify', (root: string, dir: string) => startNetlify(root, dir, { DATABASE_URL: pg.url, HEARTNOTES_FORMS_RATE_LIMIT: '1000' })],
  // No folder or flags: wrangler reads the wrangler.toml the build wrote (its nodejs_compat included).
  ['cloudflare', (root: string) => startWrangler(root, { DATABASE_URL: pg.url, HEARTNOTES_FORMS_RATE_LIMIT: '1000' })],
] as const)('%s', (host, startHost) => {
  let real: Runtime;
  let preview: RunningCli;
  let dir: string;
  let root: string;

  beforeAll(async () => {
    root = roots[host];
    dir = join(root, `dist-${host}`);
    [real, preview] = await Promise.all([
      startHost(root, dir),
      startCli(['preview', '--root', root, '--out', `dist-${host}`, '--host', host, '--port', '0', '--quiet'], 60_000),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([real?.stop(), preview?.stop()]);
  });

  /** Probes `paths` on both servers; returns the host's answers, after checking preview gave the same. */
  async function both(paths: string[]): Promise<Map<string, Answer>> {
    const answers = new Map<string, Answer>();
    for (const path of paths) {
      const [fromHost, fromPreview] = await Promise.all([probe(real.url, path), probe(preview.url, path)]);
      expect.soft(fromPreview, `preview --host ${host} answers ${path} as ${host} does`).toEqual(fromHost);
      answers.set(path, fromHost);
    }
    return answers;
  }

  it('follows every redirect rule with its status and target, old addresses with a trailing slash too', async () => {
    const rules = redirectRules(dir);
    expect(rules.length).toBeGreaterThanOrEqual(20);
    const answers = await both(rules.map((r) => r.from));
    for (const r of rules) {
      expect.soft(answers.get(r.from), r.from).toEqual({ status: r.status, location: r.to.startsWith('/') ? r.to : new URL(r.to).href });
    }
  });

  it('gives unknown addresses their section\'s not-found page, with status 404, and so the not-found pages\' own addresses', async () => {
    const paths = [
      ...Object.keys(SECTIONS).flatMap((s) => [`/${s}/no-such-page`, `/${s}/no/such/page`, `/${s}/404`]),
      '/no-such-page',
      '/deeper/no-such-page',
      '/404',
    ];
    const answers = await both(paths);
    for (const [section, message] of Object.entries(SECTIONS)) {
      for (const path of [`/${section}/no-such-page`, `/${section}/no/such/page`, `/${section}/404`]) {
        expect.soft(answers.get(path), path).toEqual({ status: 404, h1: message });
      }
    }
    for (const path of ['/no-such-page', '/deeper/no-such-page', '/404']) {
      expect.soft(answers.get(path)?.status, path).toBe(404);
      expect.soft(answers.get(path)?.h1, path).toMatch(ROOT_NOT_FOUND);
    }
  });

  it('answers clean-URL variants (trailing slash, .html, index.html) as the host does', async () => {
    const answers = await both(CLEAN_URLS);
    expect(answers.get('/')?.status).toBe(200);
    expect(answers.get('/about')?.status).toBe(200);
    expect(answers.get('/post/five-relationship-secrets')?.status).toBe(200);
  });

  it('sends every _headers rule\'s headers', async () => {
    const text = readFileSync(join(dir, '_headers'), 'utf8');
    const asset = readFileSync(join(dir, 'index.html'), 'utf8').match(/\/assets\/[^"]+\.css/)?.[0];
    expect(asset).toBeTruthy();
    const samples: Record<string, string> = { '/*': '/about', '/assets/*': asset!, '/feed.xml': '/feed.xml', '/*.svg': '/drawing.svg' };
    let pattern = '';
    const expected = new Map<string, [string, string][]>();
    for (const line of text.split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      if (!/^\s/.test(line)) pattern = line.trim();
      else {
        const [name, ...value] = line.trim().split(':');
        expected.set(pattern, [...(expected.get(pattern) ?? []), [name.trim().toLowerCase(), value.join(':').trim()]]);
      }
    }
    expect([...expected.keys()].sort()).toEqual(Object.keys(samples).sort());
    for (const [pattern, headers] of expected) {
      const path = samples[pattern];
      const [fromHost, fromPreview] = await Promise.all([fetch(new URL(path, real.url)), fetch(new URL(path, preview.url))]);
      for (const [name, value] of headers) {
        // netlify dev sends every static file with its own `Cache-Control: public, max-age=0`,
        // whatever `_headers` says; Netlify itself applies the rule (docs.netlify.com, "Custom
        // headers"). Checked as it is, so a netlify-cli that changes this shows up here.
        // The same goes for the Content-Type of a file: netlify dev sends its own by the file's
        // extension (proxy.js writes the file server's headers over the rules').
        const devOverride = host === 'netlify' ? { 'cache-control': 'public, max-age=0', 'content-type': 'application/xml' }[name] : undefined;
        expect.soft(fromHost.headers.get(name), `${host}: ${name} on ${path}`).toBe(devOverride ?? value);
        expect.soft(fromPreview.headers.get(name), `preview: ${name} on ${path}`).toBe(value);
      }
    }
  });

  it('stores a form submission through the deployed function, in PostgreSQL', async () => {
    const email = `${host}-reader@example.com`;
    const res = await fetch(new URL('/api/subscribe', real.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, source: '/' }),
    });
    expect(res.status, real.output().slice(-2000)).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const bad = await fetch(new URL('/api/subscribe', real.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nope"}' });
    expect(bad.status).toBe(400);
    const { openPostgres } = await import('../../site/functions/postgres-db.ts');
    const db = openPostgres(pg.url);
    try {
      expect(await db.query('select email, source from subscribers where email = $1', [email])).toEqual([{ email, source: '/' }]);
    } finally {
      await db.close();
    }
  });

  it('stores every one of 20 submissions sent one after another and 20 sent at once, with no error', async () => {
    const send = (email: string) =>
      fetch(new URL('/api/subscribe', real.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, source: '/' }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const emails = (kind: string) => Array.from({ length: 20 }, (_, i) => `${host}-${kind}-${i}@example.com`);
    const sequential: { status: number; body: string }[] = [];
    for (const email of emails('one-by-one')) sequential.push(await send(email));
    const parallel = await Promise.all(emails('at-once').map(send));
    const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
    expect.soft(statuses(sequential), real.output().slice(-3000)).toEqual(Array(20).fill(200));
    expect.soft(statuses(parallel), real.output().slice(-3000)).toEqual(Array(20).fill(200));
    for (const kind of ['one-by-one', 'at-once']) {
      expect.soft(await countRows('select count(*) as n from subscribers where email like $1', [`${host}-${kind}-%@example.com`]), kind).toBe(20);
    }
    // Each request closed its connection after answering: none is left open (a pooler's slots are few).
    const open = "select count(*) as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()";
    await expect.poll(() => countRows(open, [])).toBe(0);
  }, 120_000);

  it('serves the feed as Atom where the host applies _headers to it, and so does preview', async () => {
    const [fromHost, fromPreview] = await Promise.all([fetch(new URL('/feed.xml', real.url)), fetch(new URL('/feed.xml', preview.url))]);
    expect(fromHost.status).toBe(200);
    expect(await fromHost.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    // netlify dev types files by extension whatever the rules say (see the _headers test above).
    expect(fromHost.headers.get('content-type')).toBe(host === 'netlify' ? 'application/xml' : 'application/atom+xml; charset=utf-8');
    expect(fromPreview.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  });

  it('sends an SVG from public/ with a policy that runs none of its scripts', async () => {
    for (const base of [real.url, preview.url]) {
      const res = await fetch(new URL('/drawing.svg', base));
      expect(res.status, base).toBe(200);
      expect(await res.text(), base).toBe(SCRIPTED_SVG);
      expect(res.headers.get('content-security-policy'), base).toBe("script-src 'none'");
    }
  });

  it('answers 404 for the build marker, as for any unknown address', async () => {
    const marker = readFileSync(join(dir, '.heartnotes-output'), 'utf8');
    expect(marker).toMatch(/heartnotes build/);
    for (const base of [real.url, preview.url]) {
      const res = await fetch(new URL('/.heartnotes-output', base));
      expect(res.status, base).toBe(404);
      expect(await res.text(), base).not.toContain(marker.trim());
    }
  });

  it('logs what the forms function says for information at information level, not as errors', async () => {
    // The first submission (above) said once that no mail is sent, since SMTP_URL is not set.
    const line = 'Mail: no mail transport is set (SMTP_URL)';
    await expect.poll(() => real.output()).toContain(line);
    expect(real.errors()).not.toContain(line);
  });
});

