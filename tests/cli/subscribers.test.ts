// The forms function as people run it: mounted by `heartnotes preview`, its data read and erased
// with `heartnotes subscribers export|delete`, on PGlite and on a PostgreSQL server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../site/functions/node.ts';
import { parseEml } from '../helpers/eml.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';

// A project whose config is this site's (it plugs in the forms and the subscribers command) and
// whose built output is one page.
const root = mkdtempSync(join(tmpdir(), 'heartnotes-subscribers-'));
writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
mkdirSync(join(root, 'dist'));
writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><html lang="en"><title>t</title><p>Home</p></html>');
const baseEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', NODE_ENV: 'production', DATABASE_URL: '' };

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['bin/heartnotes.mjs', '--root', root, ...args], { cwd: repoRoot, env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const children = new Set<ChildProcess>();
/** Starts `heartnotes preview` on a free port; resolves with its address and a way to stop it. */
function preview(env: Record<string, string> = {}): Promise<{ url: string; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['bin/heartnotes.mjs', '--root', root, 'preview', '--port', '0', '--host', 'netlify'], { cwd: repoRoot, env: { ...baseEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`preview did not start:\n${out}`))), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /Previewing .* at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], output: () => out, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`preview exited with ${code}:\n${out}`));
    });
  });
}

/** A POST over a real socket, so the server's streaming of a large body is what is tested. */
function post(url: string, type: string, body: string | Buffer): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': type } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await pg?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('heartnotes preview mounts the forms function; subscribers export and delete', () => {
  // Five commands that each open PGlite, after a preview that creates its folder: 45 s on a quiet
  // two-core machine, 94 s under a load average of 12.
  it('stores form posts in PGlite under the project, mails to the outbox, lists them, then exports and deletes them by email', { timeout: 150_000 }, async () => {
    const server = await preview({ HEARTNOTES_NOTIFY_EMAIL: 'editors@example.com' });
    try {
      await expect.poll(server.output).toContain('Forms (/api/subscribe, /api/contact) store submissions in PGlite at');
      // The mail line is a write of its own, which can arrive in a later chunk than the forms line.
      await expect.poll(server.output).toMatch(/Mail \(the guide to each new subscriber, a note of each contact message to editors@example\.com\) is written as \.eml files to \S*\.data\/outbox\/ \(set SMTP_URL to send it\)\./);
      const subscribed = await post(`${server.url}/api/subscribe`, 'application/json', JSON.stringify({ email: 'Mia@Example.com', source: '/' }));
      expect(subscribed).toMatchObject({ status: 200, text: '{"ok":true}' });
      const contacted = await post(`${server.url}/api/contact`, 'application/x-www-form-urlencoded', 'name=Mia&email=mia%40example.com&message=Hi%21&source=%2Fcontact');
      expect(contacted.status).toBe(303);
      expect(contacted.headers.location).toBe('/contact?sent=1');
      const huge = await post(`${server.url}/api/subscribe`, 'application/json', JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(500_000) }));
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.text)).toEqual({ error: 'The form is too large: at most 68,872 bytes can be sent, enough for a message of 5,000 characters.' });

      const outbox = join(root, '.data', 'outbox');
      const emls = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
      expect(emls).toHaveLength(2);
      const guide = emls.find((e) => /^To: Mia@example\.com\r$/m.test(e))!;
      expect(guide).toMatch(/^Subject: Your free guide: 10 Texts That Melt Their Heart\r$/m);
      expect(emls.find((e) => /^To: editors@example\.com\r$/m.test(e))).toMatch(/^Reply-To: mia@example\.com\r$/m);

      // The guide's one-click unsubscribe link, answered by the same preview server.
      const mail = parseEml(guide);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const link = new URL(/^<(https?:\/\/\S+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1]);
      expect(mail.text).toContain(link.href);
      const here = `${server.url}${link.pathname}${link.search}`;
      const page = await fetch(here);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
      const done = await post(here, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
      expect(done).toMatchObject({ status: 200 });
      expect(done.text).toContain('Done: this address is unsubscribed');

      for (const args of [['subscribers', 'export', '--email', 'mia@example.com'], ['messages', 'list']]) {
        const busy = cli(args);
        expect(busy.status).toBe(1);
        expect(busy.stderr).toMatch(/The PGlite data folder \S+ is in use by another heartnotes process \(pid \d+\)/);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(join(root, '.data', 'pglite.lock'))).toBe(false);

    const subscribers = cli(['subscribers', 'list']);
    expect(subscribers.status).toBe(0);
    expect(subscribers.stdout).toMatch(/^date \(UTC\)\s+email\s+source\n\d{4}-\d\d-\d\d \d\d:\d\d\s+Mia@Example\.com \(unsubscribed\)\s+\/\n$/);
    expect(subscribers.stderr).toMatch(/^1 subscriber \(1 unsubscribed\) in PGlite at \S+\.data\/pglite\.\n$/);
    const messages = cli(['messages', 'list']);
    expect(messages.status).toBe(0);
    expect(messages.stdout).toMatch(/^date \(UTC\)\s+name\s+email\s+message\n\d{4}-\d\d-\d\d \d\d:\d\d\s+Mia\s+mia@example\.com\s+Hi!\n$/);

    const exported = cli(['subscribers', 'export', '--email', 'MIA@example.com']);
    expect(exported.status).toBe(0);
    const data = JSON.parse(exported.stdout);
    expect(data.subscribers).toMatchObject([{ email: 'Mia@Example.com', source: '/' }]);
    expect(data.contacts).toMatchObject([{ name: 'Mia', email: 'mia@example.com', message: 'Hi!', source: '/contact' }]);
    expect(exported.stderr).toMatch(/^Found 1 subscription and 1 contact message for MIA@example.com in PGlite at \S+\.data\/pglite\.\n$/);

    const deleted = cli(['subscribers', 'delete', '--email', 'mia@example.com']);
    expect(deleted.status).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ ...data, email: 'mia@example.com' });
    expect(deleted.stderr).toContain('Removed 1 subscription and 1 contact message for mia@example.com');
    expect(JSON.parse(cli(['subscribers', 'export', '--email', 'mia@example.com']).stdout)).toEqual({ email: 'mia@example.com', subscribers: [], contacts: [] });
  });

  it('works the same against DATABASE_URL', async () => {
    const store = await openStore({ root, env: { DATABASE_URL: pg.url } });
    await store.addSubscriber({ email: 'leo@example.com', source: '/quiz', consent: 'c' });
    await store.addContact({ name: 'Leo', email: 'LEO@example.com', message: 'Hello', source: null, consent: 'c' });
    await store.addContact({ name: 'Ivy', email: 'ivy@example.com', message: 'Stay', source: null, consent: 'c' });
    await store.close();
    const env = { DATABASE_URL: pg.url };
    const exported = cli(['subscribers', 'export', '--email', 'leo@example.com'], env);
    expect(exported.status).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ subscribers: [{ email: 'leo@example.com' }], contacts: [{ name: 'Leo' }] });
    expect(exported.stderr).toMatch(/in PostgreSQL at 127\.0\.0\.1:\d+\/postgres\.\n$/);
    const deleted = cli(['subscribers', 'delete', '--email', 'Leo@Example.com'], env);
    expect(deleted.status).toBe(0);
    expect(deleted.stderr).toContain('Removed 1 subscription and 1 contact message');
    const left = JSON.parse(cli(['subscribers', 'export', '--email', 'ivy@example.com'], env).stdout);
    expect(left.contacts).toHaveLength(1);

    // The lists, newest first: the first line of each message, whole in --json.
    const store2 = await openStore({ root, env });
    await store2.addSubscriber({ email: 'ada@example.com', source: null, consent: 'c' });
    await store2.addSubscriber({ email: 'bo@example.com', source: '/quiz', consent: 'c' });
    await store2.addContact({ name: 'Bo', email: 'bo@example.com', message: 'First line\nsecond line', source: null, consent: 'c' });
    await store2.close();
    const listed = cli(['subscribers', 'list'], env);
    expect(listed.stdout.split('\n').slice(1, 3).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([['bo@example.com', '/quiz'], ['ada@example.com', '-']]);
    expect(listed.stderr).toMatch(/^2 subscribers in PostgreSQL at 127\.0\.0\.1:\d+\/postgres\.\n$/);
    const messages = cli(['messages', 'list'], env);
    expect(messages.stdout.split('\n').slice(1, 3).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([['Bo', 'bo@example.com', 'First line …'], ['Ivy', 'ivy@example.com', 'Stay']]);
    expect(messages.stderr).toContain('2 contact messages in PostgreSQL');
    const json = JSON.parse(cli(['messages', 'list', '--json'], env).stdout);
    expect(json.map((r: { message: string }) => r.message)).toEqual(['First line\nsecond line', 'Stay']);
    expect(Object.keys(json[0]).sort()).toEqual(['consent', 'created_at', 'email', 'id', 'message', 'name', 'source']);
  });

  it('refuses to start, with the reason, when DATABASE_URL cannot be used', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' };
    const started = Date.now();
    await expect(preview(env)).rejects.toThrow(/exited with 1:\nDATABASE_URL is set but PostgreSQL at 127\.0\.0\.1:1\/postgres cannot be used: no server accepts connections there/);
    const r = cli(['subscribers', 'delete', '--email', 'a@example.com'], env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('DATABASE_URL is set but PostgreSQL at 127.0.0.1:1/postgres cannot be used');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('asks for an email address', () => {
    expect(cli(['subscribers', 'export']).status).toBe(2);
    const r = cli(['subscribers', 'delete', '--email', 'nobody']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--email must be an email address such as ann@example.com, not "nobody"');
  });
});
