// `heartnotes subscribers export|delete --email <address>`: what the forms stored about one
// email address, for access and erasure requests (GDPR). site.config.ts adds it to the CLI.
import type { CommandSpec } from '../../src/index.ts';

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
      // The store's code (PGlite, the PostgreSQL client) loads only when the command runs.
      const { openStore, StoreOpenError } = await import('../functions/node.ts');
      let store: Awaited<ReturnType<typeof openStore>>;
      try {
        store = await openStore({ root });
      } catch (error) {
        if (!(error instanceof StoreOpenError)) throw error;
        console.error(error.message);
        return 1;
      }
      try {
        const data = action === 'export' ? await store.exportEmail(email) : await store.deleteEmail(email);
        console.log(JSON.stringify(data, null, 2));
        const what = `${count(data.subscribers.length, 'subscription')} and ${count(data.contacts.length, 'contact message')}`;
        console.error(`${action === 'export' ? 'Found' : 'Removed'} ${what} for ${email} in ${store.description}.`);
        return 0;
      } catch (error) {
        console.error(`Could not ${action} the data of ${email} in ${store.description}: ${(error as Error).message}. Nothing was changed.`);
        return 1;
      } finally {
        await store.close();
      }
    },
  };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The `subscribers` command and its two subcommands. */
export const subscribers: CommandSpec = {
  description: 'export or delete what the forms stored about one email address (GDPR access and erasure)',
  subcommands: { export: privacyCommand('export'), delete: privacyCommand('delete') },
};
