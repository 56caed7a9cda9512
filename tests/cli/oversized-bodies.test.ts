import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../site/forms/validate.ts';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, plugInSiteForms, type FixtureCopy } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';
import { sendWholeThenRead } from '../helpers/raw-http.ts';

// Issue 18: a form body far over the limit, sent by a client that writes the whole request before
// it reads the answer (browsers, Node's http, most libraries). Once, such a client got no answer at
// all: the server stopped reading the body it refused, the client blocked writing, and timed out
// after 60 s. The real `preview` process, raw sockets.

const BODY_BYTES = 20 * 1024 * 1024;
const head = (framing: string) =>
  `POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n${framing}\r\n`;

/** 20 MB of form data with its length declared up front: refused before a byte of it is read. */
function withLength(): Buffer {
  return Buffer.concat([Buffer.from(head(`Content-Length: ${BODY_BYTES}\r\n`)), Buffer.alloc(BODY_BYTES, 'a')]);
}

/** 20 MB of form data in 64 KB chunks, no length: refused once the count passes the limit. */
function chunked(): Buffer {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const parts = [Buffer.from(head('Transfer-Encoding: chunked\r\n'))];
  for (let sent = 0; sent < BODY_BYTES; sent += chunk.length) parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

describe('preview answers a 20 MB form body with 413, to a client that writes it all before reading', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;

  beforeAll(async () => {
    fx = plugInSiteForms(copyFixture('basic', 'heartnotes-bodies-'));
    seedPglite(join(fx.root, '.data'));
    const built = runCli(['build', '--root', fx.root, '--quiet']);
    expect(built.status, built.stderr).toBe(0);
    server = await startCli(['preview', '--root', fx.root, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    fx?.cleanup();
  });

  it.each([
    ['a declared Content-Length', withLength],
    ['a chunked body', chunked],
  ])('%s: the whole body is taken, 413 with the limit comes back, the connection closes; the server keeps serving', async (_name, request) => {
    const got = await sendWholeThenRead(server!.url, request(), 3_000);
    expect(got.wroteAll).toBe(true);
    expect(got.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(got.answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(got.answer).toContain(`at most ${LIMITS.bodyBytes.toLocaleString('en-US')} bytes can be sent`);
    expect(got.ms).toBeLessThan(2_000);

    expect(server!.child.exitCode).toBeNull();
    const page = await fetch(`${server!.url}/`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  });
});
