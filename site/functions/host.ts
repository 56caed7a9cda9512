// The forms function as serverless hosts run it (Netlify Functions, Cloudflare Pages): the
// generator bundles this module for the host named by `build --host` (site.config.ts,
// `deploy.functions`) and calls it with each request, the host's environment and the client's
// address. Set DATABASE_URL (a pooled connection string of Neon, Supabase or any PostgreSQL) in
// the site's environment variables; HEARTNOTES_FORMS_RATE_LIMIT is optional, and so is SMTP_URL:
// without it no mail is sent (README, "Forms").
import type { HostFunction } from '../../src/index.ts';
import site from '../../content/site.json';
import { createFormsHandler, type FetchHandler } from './handler.ts';
import { mailSettings, type FormsMail } from './mail.ts';
import { openPostgres } from './postgres-db.ts';

import { migrate } from './schema.ts';
import { createStore, type Store } from './store.ts';

let opening: Promise<Store> | undefined;
let handler: FetchHandler | undefined;
/** The client of each request in flight, as the host reported it (X-Forwarded-For can be sent by anyone). */
const clients = new WeakMap<Request, string>();

/** Opened on the first request of a warm instance and kept; a failed open is tried again next time. */
function store(env: Record<string, string | undefined>): Promise<Store> {
  opening ??= (async () => {
    const url = env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set in the site's environment variables");
    // One connection per instance: the platform runs many instances, the pooler shares them.
    const db = openPostgres(url, { max: 1 });
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    return createStore(db);
  })();
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
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

const forms: HostFunction = (request, { env, clientAddress }) => {
  handler ??= createFormsHandler({
    mail: mail(env),
    store: () => store(env),
    rateLimit: { max: Number(env.HEARTNOTES_FORMS_RATE_LIMIT) || 10, windowMs: 60_000 },
    clientKey: (r) => clients.get(r) ?? 'unknown',
  });
  if (clientAddress) clients.set(request, clientAddress);
  return handler(request);
};

export default forms;
