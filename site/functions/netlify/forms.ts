// Netlify Functions entry (the web-standard API: a default export taking a Request). With
// `[functions] directory = "site/functions/netlify"` in netlify.toml, Netlify bundles this file and
// serves it at the paths in `config`. Set DATABASE_URL (a pooled connection string of Neon,
// Supabase or any PostgreSQL) in the site's environment variables.
import { createFormsHandler } from '../handler.ts';
import { openPostgres } from '../postgres-db.ts';
import { migrate } from '../schema.ts';
import { createStore, type Store } from '../store.ts';

let opening: Promise<Store> | undefined;

/** Opened on the first request of a warm instance and kept; a failed open is retried next time. */
function store(): Promise<Store> {
  opening ??= (async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set in the site\'s environment variables');
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

const handler = createFormsHandler({
  store,
  rateLimit: { max: Number(process.env.HEARTNOTES_FORMS_RATE_LIMIT) || 10, windowMs: 60_000 },
  // Netlify's own record of the client address; X-Forwarded-For can be sent by anyone.
  clientKey: (request) => request.headers.get('x-nf-client-connection-ip') ?? request.headers.get('x-forwarded-for')?.split(',')[0] ?? 'unknown',
});

export default handler;

export const config = { path: ['/api/subscribe', '/api/contact'] };
