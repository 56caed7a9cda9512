// `heartnotes messages list`: every message the contact form stored, newest first, for the editors
// (each one is also mailed to them when mail is set up; docs/forms.md, "Mail"). site.config.ts adds it.
import type { CommandSpec } from '../../src/index.ts';
import { columns, count, shortDate, withStore } from './subscribers.ts';

/** The first line of a message, cut to `max` characters with an ellipsis. */
function firstLine(message: string, max = 60): string {
  const lines = message.split(/\r?\n/).filter((l) => l.trim());
  const line = (lines[0] ?? '').trim();
  const chars = [...line];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
  return lines.length > 1 && cut === line ? `${line} …` : cut;
}

const list: CommandSpec = {
  description: 'print every contact message, newest first: date (UTC), name, email and its first line (PGlite in .data/, or the database at DATABASE_URL)',
  options: [{ flags: '--json', description: 'print the messages as a JSON array, each whole with every stored column' }],
  action: (options, { root }) =>
    withStore(root, async (store) => {
      const rows = await store.listContacts();
      if (options.json) console.log(JSON.stringify(rows, null, 2));
      else if (rows.length) console.log(columns([['date (UTC)', 'name', 'email', 'message'], ...rows.map((r) => [shortDate(r.created_at), r.name, r.email, firstLine(r.message)])]));
      console.error(`${count(rows.length, 'contact message')} in ${store.description}.${rows.length && !options.json ? ' --json prints them whole.' : ''}`);
      return 0;
    }),
};

/** The `messages` command: what the contact form stored. */
export const messages: CommandSpec = {
  description: 'list the messages sent through the contact form',
  subcommands: { list },
};
