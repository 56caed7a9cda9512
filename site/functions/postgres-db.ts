import postgres from 'postgres';
import type { Db, Sql } from './db.ts';

export interface PostgresOptions {
  /** Pooled connections per process (default: 10). */
  max?: number;
  /** Seconds to wait for a connection before the query fails (default: 5). */
  connectTimeout?: number;
}

/** `postgres://user:secret@host:5432/app?sslmode=require` → `PostgreSQL at host:5432/app` (no secrets in logs). */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * A pooled client for any PostgreSQL server (managed Postgres, Supabase, Neon…). Connections are
 * made on first use; call `checkConnection` to fail at start-up rather than on the first form.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const client = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: options.connectTimeout ?? 5,
    idle_timeout: 60,
    onnotice: () => {},
    // The client's default backoff waits up to 20 s between reconnects while the server is down,
    // and queued forms would wait with it; a short one answers 503 at once instead.
    backoff: (retries: number) => Math.min(retries * 0.05, 0.5),
  });
  const wrap = (q: postgres.Sql | postgres.TransactionSql): Sql => ({
    query: async <Row>(text: string, params: unknown[] = []) => [...(await q.unsafe(text, params as postgres.ParameterOrJSON<never>[]))] as Row[],
    exec: async (text) => {
      await q.unsafe(text).simple();
    },
  });
  return {
    ...wrap(client),
    description: describeDatabaseUrl(url),
    transaction: async (work) => (await client.begin((tx) => work(wrap(tx)))) as Awaited<ReturnType<typeof work>>,
    close: () => client.end({ timeout: 5 }),
  };
}
