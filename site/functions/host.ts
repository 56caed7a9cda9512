// The forms function as serverless hosts run it (Netlify Functions, Cloudflare Pages): the
// generator bundles this module for the host named by `build --host` (site.config.ts,
// `deploy.functions`) and calls it with each request, the host's environment and the client's
// address. Set DATABASE_URL (a pooled connection string of Neon, Supabase or any PostgreSQL) in
// the site's environment variables; HEARTNOTES_FORMS_RATE_LIMIT is optional, and so is SMTP_URL:
// without it no mail is sent (docs/forms.md, "Mail").
import type { HostFunction, HostFunctionContext } from '../../src/index.ts';
import type { Db } from './db.ts';
import site from '../../content/site.json';
import { createFormsHandler, type FetchHandler } from './handler.ts';
import { mailSettings, type FormsMail } from './mail.ts';
import { openPostgres } from './postgres-db.ts';
import { migrate } from './schema.ts';
import { createStore, type Store } from './store.ts';

let handler: FetchHandler | undefined;
/** The client of each request in flight, as the host reported it (X-Forwarded-For can be sent by anyone). */
const clients = new WeakMap<Request, string>();
/** The database connection each request in flight opened, closed once its response is sent. */
const connections = new WeakMap<Request, Db>();
/** Whether this instance has seen the migrations applied: later requests skip them. */
let migrated = false;

/**
 * A store over a connection of `request`'s own, opened on its first write.
 *
 * # Design decision
 * A Cloudflare Worker refuses I/O on a socket that another request opened ("Cannot perform I/O
 * on behalf of a different request"), so a client kept for the instance failed every request
 * after the one that opened it. Each request therefore opens one connection (`max: 1`) and closes
 * it after the response; the pooler in DATABASE_URL (Neon, Supabase) makes that cheap. Rejected:
 * a client per instance (the failure above) and Cloudflare's Hyperdrive (one host only).
 * Only the fact that the migrations ran is kept per instance, never a socket.
 */
async function storeFor(request: Request, env: Record<string, string | undefined>): Promise<Store> {
  const url = env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set in the site's environment variables");
  const db = openPostgres(url, { max: 1 });
  connections.set(request, db);
  if (!migrated) {
    await migrate(db);
    migrated = true;
  }
  return createStore(db);
}

/** Closes `request`'s connection, if it opened one, after the response where the host can wait. */
async function release(request: Request, waitUntil: HostFunctionContext['waitUntil']): Promise<void> {
  const db = connections.get(request);
  if (!db) return;
  connections.delete(request);
  const closing = db.close().catch(() => {});
  if (waitUntil) waitUntil(closing);
  else await closing;
}

/**
 * SMTP when SMTP_URL is set (nodemailer, loaded with the first message); otherwise no transport,
 * and the log says once that no mail is sent. There is no outbox folder on a serverless host.
 */
function mail(env: Record<string, string | undefined>): FormsMail {
  const url = env.SMTP_URL?.trim();
  return {
    ...mailSettings({ env, site }),
    mailer: url ? () => import('./mailers.ts').then(({ smtpMailer }) => smtpMailer(url)) : null,
  };
}

const forms: HostFunction = async (request, { env, clientAddress, waitUntil }) => {
  handler ??= createFormsHandler({
    mail: mail(env),
    store: (r) => storeFor(r, env),
    rateLimit: { max: Number(env.HEARTNOTES_FORMS_RATE_LIMIT) || 10, windowMs: 60_000 },
    // A connection to the pooler opens in well under a second; a host ends a function long
    // before the two minutes a local PGlite may need for its first start.
    openTimeoutMs: 10_000,
    clientKey: (r) => clients.get(r) ?? 'unknown',
  });
  if (clientAddress) clients.set(request, clientAddress);
  try {
    return await handler(request);
  } finally {
    await release(request, waitUntil);
  }
};

export default forms;
