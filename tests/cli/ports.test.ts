import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { copyFixture, plugInSiteForms, type FixtureCopy } from '../helpers/fixtures.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * A busy port (issue 31): `npm start` or `npm run dev` run twice. Without `--port` the server
 * takes the next free port and says so in one line, as Vite and Hugo do; an explicit `--port`
 * that is busy is one sentence and exit 1, with nothing started (no build, watcher or database).
 */

/** Occupies a port with a plain TCP server; resolves undefined when something else holds it already. */
function hold(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const release = (server: Server | undefined) => new Promise<void>((done) => (server ? server.close(() => done()) : done()));

describe('a busy port', () => {
  let forms: FixtureCopy;
  let plain: FixtureCopy;
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    // With the forms function: preview would open PGlite, which takes seconds and a worker.
    forms = plugInSiteForms(copyFixture('basic', 'heartnotes-ports-'));
    const built = runCli(['build', '--root', forms.root, '--quiet']);
    expect(built.status, built.stderr).toBe(0);
    // Without it, for the servers that do start: opening PGlite takes seconds on this machine.
    plain = copyFixture('basic', 'heartnotes-ports-plain-');
    const plainBuilt = runCli(['build', '--root', plain.root, '--quiet']);
    expect(plainBuilt.status, plainBuilt.stderr).toBe(0);
    busyPort = await freePort();
    busy = (await hold(busyPort))!;
  });
  afterAll(async () => {
    await release(busy);
    forms.cleanup();
    plain.cleanup();
  });

  it('preview --port <busy>: one sentence, exit 1, and the forms database never opened', () => {
    const started = Date.now();
    const r = runCli(['preview', '--root', forms.root, '--port', String(busyPort)], 30_000);
    expect(r.stderr).toBe(`port ${busyPort} on 127.0.0.1 is in use by another program (another "heartnotes dev" or "preview"?); stop it, or choose another port with --port\n`);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(existsSync(join(forms.root, '.data')), 'PGlite was not started').toBe(false);
    // Exited by itself, at once: no server, watcher or worker kept it alive.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('dev --port <busy>: one sentence, exit 1, before building or watching anything', () => {
    const r = runCli(['dev', '--root', forms.root, '--port', String(busyPort)], 30_000);
    expect(r.stderr).toBe(`port ${busyPort} on 127.0.0.1 is in use by another program (another "heartnotes dev" or "preview"?); stop it, or choose another port with --port\n`);
    expect(r.status).toBe(1);
    expect(r.stdout, 'no initial build').toBe('');
    expect(existsSync(join(forms.root, '.cache', 'dev'))).toBe(false);
    expect(existsSync(join(forms.root, '.data'))).toBe(false);
  });

  it('--listen with an address this machine does not have: one sentence, exit 1', () => {
    const r = runCli(['preview', '--root', forms.root, '--listen', '192.0.2.1', '--port', String(busyPort)], 30_000);
    expect(r.stderr).toBe('--listen 192.0.2.1 is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface)\n');
    expect(r.status).toBe(1);
  });

  for (const [command, port] of [['preview', 4173], ['dev', 4321]] as const) {
    it(`${command} without --port takes the next free port when ${port} is busy, and says so in one line`, async () => {
      // Held here, or by some other server on this machine: busy either way.
      const held = await hold(port);
      const running = await startCli([command, '--root', plain.root], 60_000);
      try {
        const bound = Number(new URL(running.url).port);
        expect(bound).toBeGreaterThan(port);
        const moved = running.output().split('\n').find((l) => l.startsWith('Port '));
        expect(moved).toMatch(new RegExp(`^Port ${port}(?: to \\d+)? (?:is|are) in use \\(another dev server or preview\\?\\), so this one uses ${bound}\\.$`));
        expect(running.output()).not.toContain('EADDRINUSE');
        expect((await fetch(`${running.url}/`)).status).toBe(200);
      } finally {
        await running.stop();
        await release(held);
      }
    });
  }
});

describe('an error the CLI does not recognise', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-unexpected-');
    // A site command whose action throws a plain Error: nothing the CLI knows how to describe.
    fx.write(
      'site.config.ts',
      "import site from '../_shared/site.ts';\n\nexport default { ...site, commands: { explode: { description: 'fails', action: () => { throw new Error('the thing broke\\nsecond line'); } } } };\n",
    );
  });
  afterAll(() => fx.cleanup());

  it('is one sentence pointing at --verbose, never a stack trace', () => {
    const r = runCli(['explode', '--root', fx.root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('the thing broke; run with --verbose for the stack\n');
  });

  it('--verbose prints the stack', () => {
    const r = runCli(['explode', '--root', fx.root, '--verbose']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Error: the thing broke\nsecond line\n\s+at /);
  });
});
