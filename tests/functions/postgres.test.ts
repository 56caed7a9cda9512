import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormsHandler, STORE_DOWN_MESSAGE } from '../../site/functions/handler.ts';
import { openStore, StoreOpenError } from '../../site/functions/node.ts';
import { openPostgres } from '../../site/functions/postgres-db.ts';
import { migrate, MIGRATIONS } from '../../site/functions/schema.ts';
import { createStore, TOKEN_PATTERN } from '../../site/functions/store.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { formsSuite, json } from './forms-suite.ts';

let pg: TestPostgres;
const root = mkdtempSync(join(tmpdir(), 'heartnotes-pg-root-'));
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.close();
  rmSync(root, { recursive: true, force: true });
});

formsSuite('forms function on PostgreSQL 15', { open: async () => openPostgres(pg.url) });

describe('forms function on PostgreSQL 15: start-up and outages', () => {
  it('fails fast at start-up with the reason when DATABASE_URL cannot be used', async () => {
    const started = Date.now();
    const refused = openStore({ root, env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' } });
    await expect(refused).rejects.toThrow(StoreOpenError);
    await expect(refused).rejects.toThrow(
      /^DATABASE_URL is set but PostgreSQL at 127\.0\.0\.1:1\/postgres cannot be used: no server accepts connections there \(connect ECONNREFUSED 127\.0\.0\.1:1\)\. Check the host/,
    );
    const missing = openStore({ root, env: { DATABASE_URL: pg.url.replace(/\/postgres$/, '/nosuchdb') } });
    await expect(missing).rejects.toThrow(/cannot be used: database "nosuchdb" does not exist\./);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('applies the migrations once when several instances start together', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => openStore({ root, env: { DATABASE_URL: pg.url } })));
    await Promise.all(stores.map((s) => s.close()));
    const db = openPostgres(pg.url);
    expect(await db.query('select version, name from schema_migrations order by version')).toEqual([
      { version: 1, name: 'subscribers and contacts' },
      { version: 2, name: 'unsubscribe tokens' },
    ]);
    await db.close();
  });

  it('gives the subscribers stored before unsubscribe links each a token of their own when it migrates', async () => {
    const admin = openPostgres(pg.url);
    await admin.query('drop database if exists before_tokens');
    await admin.query('create database before_tokens');
    const db = openPostgres(pg.url.replace(/\/postgres$/, '/before_tokens'));
    try {
      expect(await migrate(db, MIGRATIONS.slice(0, 1))).toEqual([1]);
      await db.exec("insert into subscribers (email, consent) values ('old1@example.com', 'c'), ('old2@example.com', 'c'), ('old3@example.com', 'c')");
      expect(await migrate(db)).toEqual([2]);
      const rows = await db.query<{ unsubscribe_token: string; unsubscribed_at: Date | null }>('select unsubscribe_token, unsubscribed_at from subscribers');
      expect(rows.map((r) => r.unsubscribed_at)).toEqual([null, null, null]);
      expect(rows.every((r) => TOKEN_PATTERN.test(r.unsubscribe_token))).toBe(true);
      expect(new Set(rows.map((r) => r.unsubscribe_token)).size).toBe(3);
      const handler = createFormsHandler({ store: createStore(db), log: () => {} });
      const res = await handler(new Request(`http://site.test/api/unsubscribe?token=${rows[1].unsubscribe_token}`, { method: 'POST' }));
      expect(res.status).toBe(200);
      expect((await db.query("select email from subscribers where unsubscribed_at is not null")).map((r) => r.email)).toEqual(['old2@example.com']);
    } finally {
      await db.close();
      await admin.query('drop database before_tokens');
      await admin.close();
    }
  });

  it('serves the same function through the hosts\' entry (site/functions/host.ts), with DATABASE_URL from the host\'s environment', async () => {
    const host = (await import('../../site/functions/host.ts')).default;
    const env = { DATABASE_URL: pg.url };
    const res = await host(json('/api/subscribe', { email: 'host@example.com' }), { env, clientAddress: '192.0.2.5' });
    expect(res.status).toBe(200);
    const db = openPostgres(pg.url);
    expect(await db.query('select email from subscribers where email = $1', ['host@example.com'])).toHaveLength(1);
    await db.close();
    expect((await host(json('/api/subscribe', { email: 'x' }), { env, clientAddress: '192.0.2.5' })).status).toBe(400);
  });

  it('answers 503 while the server is stopped, accepts again once it is back, and every 2xx has its row', async () => {
    const db = openPostgres(pg.url, { connectTimeout: 2 });
    const logs: string[] = [];
    const handler = createFormsHandler({ store: createStore(db), rateLimit: { max: 1_000_000, windowMs: 60_000 }, log: (l) => logs.push(l) });
    await db.exec('truncate subscribers, contacts');
    const results: { email: string; status: number; phase: string; body: unknown }[] = [];
    let phase = 'up';
    let stopped = false;
    let next = 0;
    const worker = async () => {
      while (!stopped) {
        const email = `fault${next++}@example.com`;
        const res = await handler(json('/api/subscribe', { email }));
        results.push({ email, status: res.status, phase, body: await res.json() });
        if (res.status !== 200) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const until = async (test: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    };
    const workers = Array.from({ length: 10 }, worker);
    try {
      await until(() => results.filter((r) => r.status === 200).length >= 100, 15_000);
      await pg.stop();
      phase = 'down';
      await until(() => results.filter((r) => r.phase === 'down' && r.status === 503).length >= 30, 15_000);
      await pg.start();
      phase = 'back';
      await until(() => results.filter((r) => r.phase === 'back' && r.status === 200).length >= 100, 20_000);
    } finally {
      stopped = true;
      await Promise.all(workers);
    }

    expect(results.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    expect(results.filter((r) => r.phase === 'down' && r.status === 503).length).toBeGreaterThanOrEqual(30);
    expect(results.filter((r) => r.phase === 'back' && r.status === 200).length).toBeGreaterThanOrEqual(100);
    expect(results.find((r) => r.status === 503)?.body).toEqual({ error: STORE_DOWN_MESSAGE });
    const stored = new Set((await db.query<{ email: string }>('select email from subscribers')).map((r) => r.email));
    const accepted = results.filter((r) => r.status === 200).map((r) => r.email);
    expect(accepted.filter((e) => !stored.has(e))).toEqual([]);
    expect(logs[0]).toMatch(/^Forms: the database is unavailable \(.+\); answering 503 until it is back\.$/);
    expect(logs).toContain('Forms: the database is back; accepting submissions again.');
    await db.close();
  });
});
