import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { copyFixture, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

let fx: FixtureCopy;
beforeAll(() => {
  fx = copyFixture('basic', 'heartnotes-log-');
  const built = runCli(['build', '--root', fx.root, '--quiet']);
  expect(built.status, built.stderr).toBe(0);
});
afterAll(() => fx.cleanup());

/** Sends bytes no HTTP client would send and waits for the server to close the connection. */
function rawRequest(origin: string, bytes: string): Promise<void> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', () => {});
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

describe('preview request log', () => {
  it('prints method, target, status and milliseconds for every request; an encoded line break stays on its line', async () => {
    const server = await startCli(['preview', '--root', fx.root, '--port', '0']);
    try {
      expect((await fetch(`${server.url}/post/first-date`)).status).toBe(200);
      expect((await fetch(`${server.url}/nope?x=1`)).status).toBe(404);
      expect((await fetch(`${server.url}/about`, { method: 'DELETE' })).status).toBe(405);
      await rawRequest(server.url, 'GET /a%0d%0aGET%20/forged HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/^GET \/a%0d%0aGET%20\/forged 404 \d+ ms$/m);
      const lines = server.output().split('\n');
      expect(lines).toContainEqual(expect.stringMatching(/^GET \/post\/first-date 200 \d+ ms$/));
      expect(lines).toContainEqual(expect.stringMatching(/^GET \/nope\?x=1 404 \d+ ms$/));
      expect(lines).toContainEqual(expect.stringMatching(/^DELETE \/about 405 \d+ ms$/));
      expect(lines.filter((l) => l.startsWith('GET /forged'))).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('prints none with --quiet', async () => {
    const server = await startCli(['preview', '--root', fx.root, '--port', '0', '--quiet']);
    expect((await fetch(`${server.url}/post/first-date`)).status).toBe(200);
    await server.stop();
    expect(server.output()).not.toMatch(/ \d+ ms$/m);
    expect(server.output()).toMatch(/^Previewing /);
  });
});

describe('new --help', () => {
  it("lists the kinds the site's config can scaffold, with the file each would create", () => {
    // The real site's config (it has scaffolds), compiled into a temporary folder.
    const root = mkdtempSync(join(tmpdir(), 'heartnotes-help-'));
    try {
      writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
      symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
      // The post scaffold reads the content (the next free id, the editors' name).
      symlinkSync(join(repoRoot, 'content'), join(root, 'content'), 'dir');
      for (const args of [['new', '--help'], ['help', 'new'], ['new', '-h']]) {
        const r = runCli(['--root', root, ...args]);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/\nKinds this site can scaffold \(from site\.config\.ts\):\n {2}post +e\.g\. content\/articles\/first-date-ideas\.md \(asks for --category\)\n {2}page +e\.g\. content\/pages\/first-date-ideas\.md\n/);
        // The value a scaffold asks for is a flag of new, with the kinds that ask for it.
        expect(r.stdout).toMatch(/\n {2}--category <value> +the category, a name content\/data\/categories\.json lists\s+\(new post, guide, review, gift\)\n/);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says so when the site has no scaffolds', () => {
    const r = runCli(['--root', fx.root, 'new', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/This site has no scaffolds: add some under "scaffolds" in site\.config\.ts\./);
  });

  it('keeps the top-level help free of the site (it compiles nothing)', () => {
    const r = runCli(['--root', fx.root, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/Kinds this site/);
  });

  it('says why when the kinds cannot be listed', () => {
    const r = runCli(['--root', fx.temp, 'new', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/The kinds could not be listed: no site configuration at/);
  });
});
