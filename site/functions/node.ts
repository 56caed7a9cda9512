// The Node side of the forms function: opens the store the environment asks for and creates the
// handler that `heartnotes dev` and `preview` mount (site.config.ts declares it through
// site/server.ts); the `subscribers` command (site/commands/subscribers.ts) uses the same store.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createFormsHandler, type FetchHandler } from './handler.ts';
import { mailSettings, type FormsMail } from './mail.ts';
import { MailConfigError, checkSmtpUrl, describeSmtpUrl, smtpMailer } from './mailers.ts';
import { fileMailer } from './file-mailer.ts';
import { migrate } from './schema.ts';
import { createStore, type Store } from './store.ts';
import { DEFAULT_RATE_LIMIT, type RateLimit } from './rate-limit.ts';
import type { Db } from './db.ts';

/** The store could not be opened; the message says why and what to do. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

export interface OpenStoreOptions {
  /** The project folder; PGlite keeps its data in `<root>/.data/pglite`. */
  root: string;
  /**
   * `DATABASE_URL` selects a PostgreSQL server; `HEARTNOTES_DATA_DIR` moves the PGlite folder
   * (default: process.env).
   */
  env?: Record<string, string | undefined>;
}

/**
 * Opens the store and applies pending migrations: PostgreSQL when `DATABASE_URL` is set, else
 * PGlite in `<root>/.data/pglite`. Throws StoreOpenError with the reason when it cannot.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const env = options.env ?? process.env;
  const url = env.DATABASE_URL?.trim();
  if (url) return openPostgresStore(url);
  return openPgliteStore(pgliteDir(options.root, env));
}

/** `<root>/.data/pglite`, or `$HEARTNOTES_DATA_DIR/pglite`. */
function pgliteDir(root: string, env: Record<string, string | undefined>): string {
  return join(dataDir(root, env), 'pglite');
}

/** `<root>/.data`, or `$HEARTNOTES_DATA_DIR`. */
function dataDir(root: string, env: Record<string, string | undefined>): string {
  return env.HEARTNOTES_DATA_DIR ? resolve(root, env.HEARTNOTES_DATA_DIR) : join(root, '.data');
}

/** `<root>/.data/outbox`, or `$HEARTNOTES_DATA_DIR/outbox`: where dev and preview write the mail they would send. */
export function outboxDir(root: string, env: Record<string, string | undefined> = process.env): string {
  return join(dataDir(root, env), 'outbox');
}

/**
 * The forms' mail in dev and preview: through the SMTP server at SMTP_URL, else written as .eml
 * files to the outbox. The sender, the editors' address and the site address come from the
 * environment or content/site.json (site/functions/mail.ts, `mailSettings`). Throws
 * StoreOpenError when SMTP_URL is set but not an SMTP address.
 */
export function mailFromEnv(root: string, env: Record<string, string | undefined> = process.env): FormsMail {
  let site: { title?: string; url?: string; contactEmail?: string } = {};
  try {
    site = JSON.parse(readFileSync(join(root, 'content', 'site.json'), 'utf8'));
  } catch { /* no site.json: the environment must say */ }
  const settings = mailSettings({ env, site });
  const smtp = env.SMTP_URL?.trim();
  if (smtp) {
    try {
      checkSmtpUrl(smtp);
    } catch (error) {
      throw new StoreOpenError((error as MailConfigError).message);
    }
    return { ...settings, mailer: smtpMailer(smtp) };
  }
  const dir = outboxDir(root, env);
  return { ...settings, mailer: fileMailer(dir, relative(process.cwd(), dir) || dir) };
}

/** The start-up line: what mail is sent, and where it goes. */
function mailLine(mail: FormsMail, env: Record<string, string | undefined>): string {
  const smtp = env.SMTP_URL?.trim();
  const where = smtp
    ? `is sent through ${describeSmtpUrl(smtp)} (SMTP_URL)`
    : `is written as .eml files to ${(mail.mailer as { description: string }).description.replace(/^the outbox /, '')}/ (set SMTP_URL to send it)`;
  const notify = mail.notify ? `a note of each contact message to ${mail.notify}` : 'no note of contact messages (set HEARTNOTES_NOTIFY_EMAIL)';
  return `Mail (the guide to each new subscriber, ${notify}) ${where}.`;
}

async function openPostgresStore(url: string): Promise<Store> {
  const { openPostgres } = await import('./postgres-db.ts');
  let db: Db;
  try {
    db = openPostgres(url);
  } catch (error) {
    throw new StoreOpenError(
      `DATABASE_URL is set but is not a PostgreSQL address that can be used (${(error as Error).message}). ` +
        'Write it as postgres://user:password@host:5432/database, or unset DATABASE_URL to store forms in PGlite under .data/.',
    );
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw new StoreOpenError(
      `DATABASE_URL is set but ${db.description} cannot be used: ${reason(error)}. ` +
        'Check the host, port, user, password and database name in DATABASE_URL, or unset it to store forms in PGlite under .data/.',
    );
  }
  return createStore(db);
}

async function openPgliteStore(dir: string): Promise<Store> {
  const shown = relative(process.cwd(), dir) || dir;
  const release = lockFolder(dir, shown);
  try {
    mkdirSync(dir, { recursive: true });
    const { openPglite } = await import('./pglite-db.ts');
    const db = await openPglite(dir, `PGlite at ${shown}`);
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    const store = createStore(db);
    return {
      ...store,
      close: async () => {
        try {
          await store.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    if (error instanceof StoreOpenError) throw error;
    throw new StoreOpenError(`The PGlite data folder ${shown} could not be opened: ${reason(error)}.`);
  }
}

/**
 * PGlite is one process's database: two processes writing one folder would corrupt it. A lock
 * file beside the folder holds the owner's pid; a lock whose process is gone is taken over.
 */
function lockFolder(dir: string, shown: string): () => void {
  const file = `${dir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true });
        } catch { /* already gone */ }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = 0;
    try {
      owner = Number(readFileSync(file, 'utf8'));
    } catch { /* released meanwhile */ }
    if (owner && isRunning(owner)) {
      throw new StoreOpenError(
        `The PGlite data folder ${shown} is in use by another heartnotes process (pid ${owner}); PGlite lets one process at a time use it. ` +
          'Stop that process (heartnotes dev or preview) and try again, or set DATABASE_URL to a PostgreSQL server that several processes can share.',
      );
    }
    rmSync(file, { force: true });
  }
  throw new StoreOpenError(`The PGlite data folder ${shown} could not be locked (${file}).`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const message = (e.message ?? String(error)).replace(/\.$/, '');
  if (e.code === 'ECONNREFUSED') return `no server accepts connections there (${message})`;
  return message;
}

/** `HEARTNOTES_FORMS_RATE_LIMIT=100` → 100 per minute per client (default: 10). */
export function rateLimitFromEnv(env: Record<string, string | undefined> = process.env): RateLimit {
  const raw = env.HEARTNOTES_FORMS_RATE_LIMIT?.trim();
  if (!raw) return DEFAULT_RATE_LIMIT;
  const max = Number(raw);
  if (!Number.isInteger(max) || max < 1) {
    throw new StoreOpenError(`HEARTNOTES_FORMS_RATE_LIMIT must be a whole number of requests per minute per client, such as 10, not "${raw}".`);
  }
  return { max, windowMs: 60_000 };
}

export interface MountedForms {
  handler: FetchHandler;
  /** Closes the store (waiting for it to finish opening). */
  close(): Promise<void>;
}

/**
 * Opens the store and creates the handler for the dev and preview servers, logging which store
 * is used. A set but unusable DATABASE_URL throws: the server should not start. PGlite starts
 * opening at once, on its own thread (pglite-db.ts), and the server does not wait for it:
 * creating its folder takes seconds the first time, during which pages are served as usual and
 * a form submission waits for the database. If it cannot open, e.g. another process holds the
 * folder, the forms answer 503 and the log says why, while the site is still served.
 *
 * # Design decision
 * Opened at start rather than on the first submission: that submission then waited 5–16 s, and
 * while PGlite ran on the server's thread every page with it. The cost is a thread, about 0.8
 * CPU-seconds (4 or more the first time, creating the folder) and 100 MB for a server only used
 * to look at pages, and its folder held while it runs. Stopping the server while PGlite opens
 * waits for it to finish rather than risk a half-created folder; a second Ctrl+C ends at once.
 */
export async function mountForms(options: OpenStoreOptions & { log: (line: string) => void; path?: string }): Promise<MountedForms> {
  const env = options.env ?? process.env;
  const rateLimit = rateLimitFromEnv(env);
  const mail = mailFromEnv(options.root, env);
  // Where the pages post, under the site's base path when there is one.
  const at = options.path ?? '/api/';
  const forms = `Forms (${at}subscribe, ${at}contact)`;
  let opening: Promise<Store>;
  if (env.DATABASE_URL?.trim()) {
    const store = await openStore(options);
    options.log(`${forms} store submissions in ${store.description} (DATABASE_URL).`);
    opening = Promise.resolve(store);
  } else {
    options.log(`${forms} store submissions in PGlite at ${relative(process.cwd(), pgliteDir(options.root, env)) || '.'}.`);
    opening = openStore(options);
    opening.catch((error: Error) => options.log(`${forms} answer 503 and store nothing: ${error.message}`));
  }
  options.log(mailLine(mail, env));
  return {
    handler: createFormsHandler({ store: () => opening, rateLimit, log: options.log, mail }),
    close: async () => {
      const store = await opening.catch(() => undefined);
      await store?.close();
    },
  };
}
