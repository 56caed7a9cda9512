import type { Db } from './db.ts';

export interface SubscriberRow {
  id: number;
  email: string;
  source: string | null;
  consent: string;
  created_at: Date;
}

export interface ContactRow extends SubscriberRow {
  name: string;
  message: string;
}

/** Everything stored about one email address. */
export interface PersonData {
  email: string;
  subscribers: SubscriberRow[];
  contacts: ContactRow[];
}

/** The form submissions, and the privacy operations on them. */
export interface Store {
  /** Adds a subscriber; `false` when the address (in any letter case) is already subscribed. */
  addSubscriber(row: { email: string; source: string | null; consent: string }): Promise<boolean>;
  addContact(row: { name: string; email: string; message: string; source: string | null; consent: string }): Promise<void>;
  /** Everything stored about an address (GDPR access). */
  exportEmail(email: string): Promise<PersonData>;
  /** Removes everything stored about an address and returns what was removed (GDPR erasure). */
  deleteEmail(email: string): Promise<PersonData>;
  description: string;
  close(): Promise<void>;
}

const SUBSCRIBER = 'id, email, source, consent, created_at';
const CONTACT = 'id, name, email, message, source, consent, created_at';

/** The queries, written once for PGlite and PostgreSQL alike. */
export function createStore(db: Db): Store {
  return {
    description: db.description,
    close: () => db.close(),
    async addSubscriber({ email, source, consent }) {
      const rows = await db.query(
        'insert into subscribers (email, source, consent) values ($1, $2, $3) on conflict do nothing returning id',
        [email, source, consent],
      );
      return rows.length === 1;
    },
    async addContact({ name, email, message, source, consent }) {
      await db.query('insert into contacts (name, email, message, source, consent) values ($1, $2, $3, $4, $5)', [
        name,
        email,
        message,
        source,
        consent,
      ]);
    },
    exportEmail: (email) =>
      db.transaction(async (tx) => ({
        email,
        subscribers: await tx.query<SubscriberRow>(`select ${SUBSCRIBER} from subscribers where lower(email) = lower($1) order by id`, [email]),
        contacts: await tx.query<ContactRow>(`select ${CONTACT} from contacts where lower(email) = lower($1) order by id`, [email]),
      })),
    deleteEmail: (email) =>
      db.transaction(async (tx) => ({
        email,
        subscribers: await tx.query<SubscriberRow>(`delete from subscribers where lower(email) = lower($1) returning ${SUBSCRIBER}`, [email]),
        contacts: await tx.query<ContactRow>(`delete from contacts where lower(email) = lower($1) returning ${CONTACT}`, [email]),
      })),
  };
}
