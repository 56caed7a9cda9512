import type { Db } from './db.ts';

/** One numbered step of the schema; applied once, in order, inside a transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Only what people volunteered, the page it came from, the consent text they were shown and when.
// Emails are unique by lower(email), so subscribing twice in any letter case keeps one row.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'subscribers and contacts',
    sql: `
      create table subscribers (
        id integer generated always as identity primary key,
        email text not null,
        source text,
        consent text not null,
        created_at timestamptz not null default now()
      );
      create unique index subscribers_email_key on subscribers (lower(email));
      create table contacts (
        id integer generated always as identity primary key,
        name text not null,
        email text not null,
        message text not null,
        source text,
        consent text not null,
        created_at timestamptz not null default now()
      );
      create index contacts_email_idx on contacts (lower(email));
    `,
  },
  {
    // Every subscriber gets a secret token for the unsubscribe link in each email (RFC 8058
    // one-click), and a time they unsubscribed: the row is kept, marked, so that no mail goes to
    // them again. New rows get a token from the function (Web Crypto, 256 bits); rows from before
    // get one here from gen_random_uuid() (PostgreSQL's strong random source), two for 244 bits.
    version: 2,
    name: 'unsubscribe tokens',
    sql: `
      alter table subscribers add column unsubscribe_token text;
      alter table subscribers add column unsubscribed_at timestamptz;
      update subscribers set unsubscribe_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
      alter table subscribers alter column unsubscribe_token set not null;
      create unique index subscribers_unsubscribe_token_key on subscribers (unsubscribe_token);
    `,
  },
];

// Any fixed number: serverless instances starting together take turns migrating.
const MIGRATION_LOCK = 7_244_310;

/** Applies the migrations not yet recorded in `schema_migrations`; returns the versions applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
