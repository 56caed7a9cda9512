// `heartnotes subscribers list|export|delete`: every subscriber for the editors, and what the forms
// stored about one email address, for access and erasure requests (GDPR). site.config.ts adds it
// to the CLI; `messages list` (messages.ts) shares its way of opening the store.
import type { CommandSpec } from '../../src/index.ts';
import type { Store } from '../functions/store.ts';

/**
 * Opens the store the forms use (PGlite in .data/, or DATABASE_URL), runs `work` and closes it.
 * When the store cannot be opened, e.g. `preview` holds the PGlite folder, prints why: exit 1.
 */
export async function withStore(root: string, work: (store: Store) => Promise<number>): Promise<number> {
  // The store's code (PGlite, the PostgreSQL client) loads only when the command runs.
  const { openStore, StoreOpenError } = await import('../functions/node.ts');
  let store: Store;
  try {
    store = await openStore({ root });
  } catch (error) {
    if (!(error instanceof StoreOpenError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** `2025-05-08 14:03`, in UTC: how the lists show a date. */
export function shortDate(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 16).replace('T', ' ');
}

/** Rows as columns padded to their widest cell, the last one left as it is. */
export function columns(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => [...r[i]].length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length))).join('  ').trimEnd()).join('\n');
}

const listSubscribers: CommandSpec = {
  description: 'print every subscriber, newest first: date (UTC), email (marked when unsubscribed) and the page they signed up on (PGlite in .data/, or the database at DATABASE_URL)',
  options: [{ flags: '--json', description: 'print the rows as a JSON array (every stored column)' }],
  action: (options, { root }) =>
    withStore(root, async (store) => {
      const rows = await store.listSubscribers();
      if (options.json) console.log(JSON.stringify(rows, null, 2));
      else if (rows.length) console.log(columns([['date (UTC)', 'email', 'source'], ...rows.map((r) => [shortDate(r.created_at), r.email + (r.unsubscribed_at ? ' (unsubscribed)' : ''), r.source ?? '-'])]));
      // Unsubscribed addresses stay listed, marked, so nobody adds them to a mailing by hand.
      const gone = rows.filter((r) => r.unsubscribed_at).length;
      console.error(`${count(rows.length, 'subscriber')}${gone ? ` (${gone} unsubscribed)` : ''} in ${store.description}.`);
      return 0;
    }),
};

const actions = {
  export: 'print as JSON everything stored about an address: subscriptions and contact messages',
  delete: 'remove everything stored about an address and print what was removed',
} as const;

/** Exports or deletes the rows about `--email`: the JSON on stdout, one summary line on stderr. */
function privacyCommand(action: keyof typeof actions): CommandSpec {
  return {
    description: `${actions[action]} (PGlite in .data/, or the database at DATABASE_URL)`,
    options: [{ flags: '--email <address>', description: 'the email address, in any letter case', required: true }],
    action: async (options, { root }) => {
      const email = String(options.email).trim();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        console.error(`--email must be an email address such as ann@example.com, not "${options.email}"`);
        return 2;
      }
      return withStore(root, async (store) => {
        try {
          const data = action === 'export' ? await store.exportEmail(email) : await store.deleteEmail(email);
          console.log(JSON.stringify(data, null, 2));
          const what = `${count(data.subscribers.length, 'subscription')} and ${count(data.contacts.length, 'contact message')}`;
          console.error(`${action === 'export' ? 'Found' : 'Removed'} ${what} for ${email} in ${store.description}.`);
          return 0;
        } catch (error) {
          console.error(`Could not ${action} the data of ${email} in ${store.description}: ${(error as Error).message}. Nothing was changed.`);
          return 1;
        }
      });
    },
  };
}

export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The `subscribers` command and its three subcommands. */
export const subscribers: CommandSpec = {
  description: 'list every subscriber, or export or delete what the forms stored about one email address (GDPR access and erasure)',
  subcommands: { list: listSubscribers, export: privacyCommand('export'), delete: privacyCommand('delete') },
};
