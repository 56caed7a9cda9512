import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, plugInSiteForms, type FixtureCopy } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';
import { exchange } from '../helpers/raw-http.ts';

// Issue 20: no request can end `heartnotes preview` or `heartnotes dev`. Each server runs as the
// real CLI process; requests go as raw bytes over node:net, since fetch() and node:http refuse
// to send most of them.

/** A status code, or `closed`: the server hung up without answering. */
type Outcome = number | 'closed';

interface Sent {
  /** The raw request. */
  bytes: string;
  /** Ends our side after sending: the request is deliberately cut short (a lying length). */
  halfClose?: boolean;
}

/** Sends one request on a fresh connection; resolves with the first final status line's code. */
function send(origin: string, { bytes, halfClose }: Sent): Promise<Outcome> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let head = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s to ${JSON.stringify(bytes.slice(0, 120))}`));
    }, 10_000);
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    socket.on('connect', () => {
      socket.write(Buffer.from(bytes, 'latin1'));
      if (halfClose) socket.end();
    });
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      // Skip interim answers (100 Continue); the first final status line is the answer.
      for (const m of head.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)) {
        if (Number(m[1]) >= 200) return done(Number(m[1]));
      }
    });
    // A reset after the status line, or instead of one, is the server's right; `close` follows.
    socket.on('error', () => {});
    socket.on('close', () => done('closed'));
  });
}


const HOST = 'Host: 127.0.0.1\r\n';
/** A request with a valid Host unless `headers` brings its own (or `host: false`). */
function request(method: string, target: string, headers = '', body = '', host = true): string {
  return `${method} ${target} HTTP/1.1\r\n${host ? HOST : ''}${headers}\r\n${body}`;
}

type Case = [name: string, sent: Sent | string, expected: Outcome];

/** The malformed and hostile requests, grouped; the server must still answer `GET /` after each group. */
function cases(asset: string): Record<string, Case[]> {
  // A form's type, so the forms function reads the body (and meets what is wrong with it).
  const post = (headers: string, body = '') =>
    request('POST', '/api/subscribe', `Content-Type: application/x-www-form-urlencoded\r\n${headers}`, body);
  const hostile = (host: string) => request('POST', '/api/subscribe', `Host: ${host}\r\nContent-Length: 0\r\n`, '', false);
  return {
    'request targets': [
      ['absolute URL with a broken host', request('GET', 'http://['), 400],
      ['absolute URL of another scheme', request('GET', 'ftp://example.com/'), 400],
      ['absolute URL (as to a proxy)', request('GET', 'http://example.com/'), 200],
      ['asterisk on GET', request('GET', '*'), 400],
      ['asterisk on OPTIONS', request('OPTIONS', '*'), 204],
      ['no leading slash', request('GET', 'about'), 400],
      ['double slash', request('GET', '//'), 200],
      ['double slash naming a host', request('GET', '//evil.example/about'), 404],
      ['a lone percent', request('GET', '/%'), 400],
      ['a broken escape', request('GET', '/%zz/about'), 400],
      ['an escaped NUL', request('GET', '/%00'), 400],
      ['a NUL before an extension', request('GET', '/index.html%00.txt'), 400],
      ['escaped slashes climbing out', request('GET', '/..%2f..%2fetc/passwd'), 404],
      ['escaped dots climbing out', request('GET', '/%2e%2e/%2e%2e/etc/passwd'), 404],
      ['plain dots climbing out', request('GET', '/../../etc/passwd'), 404],
      ['a backslash climbing out', request('GET', '/..\\..\\etc\\passwd'), 404],
      ['an 8 KB path', request('GET', `/${'a'.repeat(8_000)}`), 404],
      ['a 20 KB path', request('GET', `/${'a'.repeat(20_000)}`), 431],
      ['a control character in the path', request('GET', '/\x01'), 400],
      ['raw UTF-8 in the path', request('GET', '/\xc3\xa9'), 400],
      ['the escaped forms path climbing out', request('POST', '/api/..%2f..%2fsite.config.ts', 'Content-Length: 0\r\n'), 404],
    ],
    'Host headers': [
      ['a space in Host', request('GET', '/', 'Host: a b\r\n', '', false), 400],
      ['an empty Host', request('GET', '/', 'Host:\r\n', '', false), 400],
      ['a lone bracket', request('GET', '/', 'Host: [\r\n', '', false), 400],
      ['a port too large', request('GET', '/', 'Host: example.com:99999\r\n', '', false), 400],
      ['two colons', request('GET', '/', 'Host: a:1:2\r\n', '', false), 400],
      ['a control character in Host', request('GET', '/', 'Host: a\x01b\r\n', '', false), 400],
      ['two Host headers', request('GET', '/', 'Host: a\r\nHost: b\r\n', '', false), 400],
      ['no Host on HTTP/1.1', request('GET', '/', '', '', false), 400],
      ['no Host on HTTP/1.0', 'GET / HTTP/1.0\r\n\r\n', 200],
      ['an IPv6 Host', request('GET', '/', 'Host: [::1]:80\r\n', '', false), 200],
      ['a space in Host, to the forms', hostile('a b'), 400],
      ['an empty Host, to the forms', hostile(''), 400],
      ['a lone bracket, to the forms', hostile('['), 400],
      ['a broken absolute URL, to the forms', request('POST', 'http://[/api/subscribe', 'Content-Length: 0\r\n'), 400],
    ],
    'other headers': [
      ['a control character in a header value', request('GET', '/', 'X-A: a\x01b\r\n'), 400],
      ['a NUL in a header value', request('GET', '/', 'X-A: a\x00b\r\n'), 400],
      ['a space in a header name', request('GET', '/', 'X A: b\r\n'), 400],
      ['a header line without a colon', request('GET', '/', 'nonsense\r\n'), 400],
      ['a folded header line', request('GET', '/', 'X-A: a\r\n b\r\n'), 400],
      ['100 KB of headers', request('GET', '/', `X-A: ${'a'.repeat(100_000)}\r\n`), 431],
      ['an unknown expectation', request('GET', '/', 'Expect: bogus\r\n'), 417],
      ['an upgrade nobody serves', request('GET', '/', 'Connection: Upgrade\r\nUpgrade: websocket\r\n'), 200],
      ['HTTP/2 spoken to HTTP/1', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400],
      ['a TLS hello', { bytes: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', halfClose: true }, 400],
      ['an HTTP version from the future', 'GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n', 400],
      ['only an empty line', { bytes: '\r\n', halfClose: true }, 'closed'],
    ],
    ranges: [
      ['an end past any file', request('GET', asset, 'Range: bytes=0-99999999999999999999\r\n'), 206],
      ['a start past any file', request('GET', asset, 'Range: bytes=99999999999999999999-\r\n'), 416],
      ['a start past this file', request('GET', asset, 'Range: bytes=100000-\r\n'), 416],
      ['an empty suffix', request('GET', asset, 'Range: bytes=-0\r\n'), 416],
      ['a huge suffix', request('GET', asset, 'Range: bytes=-99999999999999999999\r\n'), 206],
      ['the first byte', request('GET', asset, 'Range: bytes=0-0\r\n'), 206],
      ['an end before the start', request('GET', asset, 'Range: bytes=5-1\r\n'), 200],
      ['letters', request('GET', asset, 'Range: bytes=abc\r\n'), 200],
      ['no numbers', request('GET', asset, 'Range: bytes=-\r\n'), 200],
      ['several ranges', request('GET', asset, 'Range: bytes=0-1,3-4,-2\r\n'), 200],
      ['two Range headers', request('GET', asset, 'Range: bytes=0-1\r\nRange: bytes=2-3\r\n'), 200],
      ['another unit', request('GET', asset, 'Range: items=0-1\r\n'), 200],
      ['a range on a page', request('GET', '/', 'Range: bytes=0-99999999999999999999\r\n'), 200],
      ['a range with HEAD', request('HEAD', asset, 'Range: bytes=0-1\r\n'), 200],
      ['a stale If-Range', request('GET', asset, 'Range: bytes=0-1\r\nIf-Range: "nope"\r\n'), 200],
      ['a broken If-None-Match', request('GET', asset, 'If-None-Match: ,,,W/\r\n'), 200],
      ['a broken If-Modified-Since', request('GET', asset, 'If-Modified-Since: yesterday\r\n'), 200],
    ],
    methods: [
      ...['PUT', 'DELETE', 'PATCH', 'TRACE', 'POST', 'PROPFIND', 'M-SEARCH'].flatMap((m): Case[] => [
        [`${m} on a page`, request(m, '/', 'Content-Length: 0\r\n'), 405],
        [`${m} on a file`, request(m, asset, 'Content-Length: 0\r\n'), 405],
      ]),
      ['CONNECT', request('CONNECT', '127.0.0.1:22'), 405],
      ['an unknown method', request('FOO', '/'), 400],
      ['a lower-case method', request('get', '/'), 400],
      ['OPTIONS on a page', request('OPTIONS', '/'), 204],
      ['HEAD on a page', request('HEAD', '/'), 200],
      ['PUT with a body on a page', request('PUT', '/', 'Content-Length: 5\r\n', 'hello'), 405],
      ['PUT expecting 100-continue', request('PUT', '/', 'Expect: 100-continue\r\nContent-Length: 5\r\n', 'hello'), 405],
      // The dev server's event stream is for GET; a HEAD of it once hung open.
      ['HEAD on the dev event stream', request('HEAD', '/__dev/events'), 404],
      ['PUT on the dev event stream', request('PUT', '/__dev/events'), 405],
      ...['PUT', 'DELETE', 'PATCH', 'GET', 'HEAD', 'OPTIONS'].map((m): Case => [`${m} to the forms`, request(m, '/api/subscribe', 'Content-Length: 0\r\n'), 405]),
      ['TRACE to the forms', request('TRACE', '/api/subscribe'), 501],
      ['an unknown method to the forms', request('FOO', '/api/subscribe'), 400],
    ],
    bodies: [
      ['a chunk size that is not hex', post('Transfer-Encoding: chunked\r\n', 'zz\r\nabc\r\n0\r\n\r\n'), 400],
      ['a chunk longer than its size', post('Transfer-Encoding: chunked\r\n', '2\r\nabcdef\r\n0\r\n\r\n'), 400],
      ['a chunk size past 2^64', post('Transfer-Encoding: chunked\r\n', 'ffffffffffffffffff\r\na\r\n0\r\n\r\n'), 400],
      ['chunked and a length', post('Transfer-Encoding: chunked\r\nContent-Length: 5\r\n', '0\r\n\r\n'), 400],
      ['chunked, then another coding', post('Transfer-Encoding: chunked, gzip\r\n', '0\r\n\r\n'), 400],
      ['a length in letters', post('Content-Length: abc\r\n'), 400],
      ['a negative length', post('Content-Length: -1\r\n'), 400],
      ['a length past 2^64', post('Content-Length: 99999999999999999999999\r\n'), 400],
      ['two different lengths', post('Content-Length: 1\r\nContent-Length: 2\r\n', 'ab'), 400],
      // Cut short, the request is malformed HTTP: Node reports it and the server answers 400.
      ['a length longer than the body', { bytes: post('Content-Length: 50\r\n', 'email'), halfClose: true }, 400],
      ['chunked without its last chunk', { bytes: post('Transfer-Encoding: chunked\r\n', '5\r\nemail\r\n'), halfClose: true }, 400],
      ['a body past the forms limit', post('Content-Length: 100000\r\n', 'x'.repeat(100_000)), 413],
      ['a body to a page', request('GET', '/', 'Content-Length: 5\r\n', 'hello'), 200],
      ['a chunked body to a page', request('GET', '/', 'Transfer-Encoding: chunked\r\n', '5\r\nhello\r\n0\r\n\r\n'), 200],
    ],
  };
}

/** A small deterministic PRNG (mulberry32), so a failing random request can be replayed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Random requests built from hostile parts. CR and LF never appear inside a part, so the framing
 * is always what the generator chose: a request whose length lies is marked to be cut short.
 */
function randomRequests(seed: number, count: number, asset: string): Sent[] {
  const random = prng(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const junk = (alphabet: string, max: number) =>
    Array.from({ length: Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const pathChars = 'abz09/.-_~%?#&=+[]@:!$\'()*,;\\';
  const rawBytes = ' \t\x00\x01\x7f\xe9\xff';
  /** Mostly characters a path may hold, hostile in combination; now and then a raw byte. */
  const pathJunk = (max: number) => junk(pathChars, max) + (chance(0.1) ? junk(rawBytes, 2) : '');
  const number = () => pick(['0', '1', '7', '110', '111', '99999999999999999999', String(Math.floor(random() * 500)), '']);
  const paths = ['/', '/about', asset, '/files/guide.txt', '/api/subscribe', '/api/contact', '/about-us', '/go/partner', '/nope', '/.secret', '/__dev/events', '/404.html'];
  const requests: Sent[] = [];
  for (let i = 0; i < count; i++) {
    const method = chance(0.05) ? pick(['FOO', 'get', 'G\x00T', '']) : pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']);
    let target = pick(paths);
    if (chance(0.6)) target += pathJunk(12);
    if (chance(0.1)) target = pick(['http://', 'http://[', 'https://a:b@c/', '*', '', '%', '//']) + pathJunk(8);
    const version = chance(0.95) ? 'HTTP/1.1' : pick(['HTTP/1.0', 'HTTP/2', 'HTTP/1.1x', 'HTTP/0.9', '']);
    const headers: string[] = [];
    if (chance(0.95)) headers.push(`Host: ${chance(0.9) ? '127.0.0.1' : junk('ab.[]:09%- \xe9', 8)}`);
    if (chance(0.3)) headers.push(`Range: ${pick(['bytes=', 'bytes =', 'Bytes=', 'items=', ''])}${number()}-${number()}${chance(0.2) ? `,${number()}-${number()}` : ''}`);
    if (chance(0.1)) headers.push(`If-Range: ${pick(['"x"', 'W/"1-2"', junk('abc"W/ ', 10)])}`);
    if (chance(0.15)) headers.push(`If-None-Match: ${pick(['*', '"x"', junk('W/",* ', 12)])}`);
    if (chance(0.1)) headers.push(`If-Modified-Since: ${pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', junk('0123456789 :,GMTa', 20)])}`);
    if (chance(0.3)) headers.push(`Accept: ${pick(['text/html', 'application/json', '*/*', junk('a/*;=q,', 10)])}`);
    if (chance(0.3)) headers.push(`Content-Type: ${pick(['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data', junk('a/;=', 12)])}`);
    if (chance(0.2)) headers.push(`Referer: ${pick(['http://127.0.0.1/about', 'http://[', '/', pathJunk(12)])}`);
    if (chance(0.2)) headers.push(`${junk('abcXY-_!~', 8) || 'X'}: ${junk('abc \t"\xe9', 16)}${chance(0.1) ? junk(rawBytes, 2) : ''}`);
    let body = '';
    let halfClose = false;
    if (chance(0.4)) {
      body = pick(['email=a%40b.example', '{"email":"a@b.example"}', 'email=%zz', '{"email":', junk('abc=&%{}"\x00\xe9', 30)]);
      const framing = random();
      if (framing < 0.6) headers.push(`Content-Length: ${body.length}`);
      else if (framing < 0.8) {
        headers.push('Transfer-Encoding: chunked');
        body = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
      } else {
        headers.push(`Content-Length: ${body.length + 1 + Math.floor(random() * 100)}`);
        halfClose = true;
      }
    }
    requests.push({ bytes: `${method} ${target} ${version}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`, halfClose });
  }
  return requests;
}

/** What a random request may get: anything but a failure of the server itself (500, 502–504). */
const allowedRandom = (outcome: Outcome, sent: Sent) =>
  outcome === 'closed' ? !!sent.halfClose : outcome >= 200 && (outcome < 500 || outcome === 501 || outcome === 505);

describe.each(['preview', 'dev'] as const)('%s survives malformed requests', (command) => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  const asset = '/favicon.svg';
  let assetSize = 0;
  let served = '';

  const expectAlive = async (after: string) => {
    expect(server!.child.exitCode, `${command} exited after ${after}:\n${server!.output()}`).toBeNull();
    expect(server!.child.signalCode).toBeNull();
    const res = await fetch(`${server!.url}/`);
    expect(res.status, `GET / after ${after}`).toBe(200);
    await res.arrayBuffer();
  };

  beforeAll(async () => {
    // The forms function of this site, so the hostile requests below reach it too.
    fx = plugInSiteForms(copyFixture('basic'));
    seedPglite(join(fx.root, '.data'));
    if (command === 'preview') {
      const built = runCli(['build', '--root', fx.root, '--quiet']);
      expect(built.status, built.stderr).toBe(0);
    }
    server = await startCli([command, '--root', fx.root, '--port', '0']);
    // PGlite opens at start, on a thread of its own: wait until a submission is stored, so the
    // requests below meet a settled server.
    const stored = await fetch(`${server.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'probe@example.com', source: '/' }),
    });
    expect(stored.status, await stored.text()).toBe(200);
    // Files a careless deploy copies along, and the one dot-folder that is meant to be public.
    // dev serves what it writes into .cache/dev/, never dist/.
    served = join(fx.root, command === 'dev' ? '.cache/dev' : 'dist');
    const put = (file: string, text: string) => {
      mkdirSync(dirname(join(served, file)), { recursive: true });
      writeFileSync(join(served, file), text);
    };
    put('.secret', 'TOKEN=1\n');
    put('.git/config', '[core]\n');
    put('assets/.env', 'TOKEN=2\n');
    put('.well-known/security.txt', 'Contact: mailto:security@example.com\n');
    put('.well-known/.hidden', 'no\n');
    assetSize = readFileSync(join(served, asset.slice(1))).length;
  });
  afterAll(async () => {
    await server?.stop();
    fx?.cleanup();
  });

  it.each(Object.entries(cases(asset)))('answers %s with the expected status and keeps serving', async (group, table) => {
    const got: Record<string, Outcome> = {};
    for (const [name, sent] of table) got[name] = await send(server!.url, typeof sent === 'string' ? { bytes: sent } : sent);
    expect(got).toEqual(Object.fromEntries(table.map(([name, , expected]) => [name, expected])));
    await expectAlive(group);
  });

  it('answers an absurd range with the clamped range (RFC 9110 §14.1.2) and an unsatisfiable one with 416', async () => {
    const clamped = await exchange(server!.url, request('GET', asset, 'Range: bytes=0-99999999999999999999\r\nConnection: close\r\n'));
    expect(clamped).toMatch(new RegExp(`^HTTP/1.1 206 .*\\r\\nContent-Range: bytes 0-${assetSize - 1}/${assetSize}\\r\\n`, 's'));
    const refused = await exchange(server!.url, request('GET', asset, 'Range: bytes=-0\r\nConnection: close\r\n'));
    expect(refused).toMatch(new RegExp(`^HTTP/1.1 416 .*\\r\\nContent-Range: bytes \\*/${assetSize}\\r\\n`, 's'));
  });

  it('never serves dot-files, except under /.well-known/', async () => {
    for (const path of ['/.secret', '/.git/config', '/.git/', '/assets/.env', '/%2esecret', '/.well-known/.hidden']) {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/TOKEN|\[core\]|^no$/);
    }
    const res = await fetch(`${server!.url}/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Contact: mailto:security@example.com\n');
  });

  it('answers only GET and HEAD on pages: 405 with Allow to the rest, HEAD without a body', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await fetch(`${server!.url}/`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS');
    }
    const head = await exchange(server!.url, request('HEAD', '/', 'Connection: close\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toMatch(/\r\nContent-Length: [1-9]\d*\r\n/);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
  });

  it('survives 200 seeded random requests, none answered with a server failure', async () => {
    const requests = randomRequests(20, 200, asset);
    const wrong: string[] = [];
    for (let i = 0; i < requests.length; i += 10) {
      const batch = requests.slice(i, i + 10);
      const outcomes = await Promise.all(batch.map((sent) => send(server!.url, sent)));
      outcomes.forEach((outcome, j) => {
        if (!allowedRandom(outcome, batch[j])) wrong.push(`#${i + j} ${JSON.stringify(batch[j].bytes.slice(0, 200))} → ${outcome}`);
      });
    }
    expect(wrong).toEqual([]);
    await expectAlive('the random requests');
    expect(server!.output()).not.toMatch(/Could not answer/);
  });
});
