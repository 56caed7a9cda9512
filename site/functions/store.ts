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
  /**
   * Adds a contact message; `false` when the same name, address (in any letter case) and message
   * were stored in the last CONTACT_REPEAT_MINUTES, in which case nothing is added.
   */
  addContact(row: { name: string; email: string; message: string; source: string | null; consent: string }): Promise<boolean>;
  /** Every subscriber, newest first. */
  listSubscribers(): Promise<SubscriberRow[]>;
  /** Every contact message, newest first. */
  listContacts(): Promise<ContactRow[]>;
  /** Everything stored about an address (GDPR access). */
  exportEmail(email: string): Promise<PersonData>;
  /** Removes everything stored about an address and returns what was removed (GDPR erasure). */
  deleteEmail(email: string): Promise<PersonData>;
  description: string;
  close(): Promise<void>;
}

/** How long an identical contact message (same name, address and text) is taken as a repeat of the first. */
export const CONTACT_REPEAT_MINUTES = 10;

// Any fixed number, in the two-key advisory lock space (apart from the migration lock's one key).
const CONTACT_LOCK = 7_244_311;

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
    // # Design decision: one row per repeated message
    // A double click, a resent form or a script posting the same message 500 times stores it once.
    // The check is in the database, so it holds across serverless instances: a transaction takes
    // an advisory lock on the address, so senders of one address queue there while everyone else
    // goes on in parallel, then inserts only if no identical row is younger than the window. The
    // lock is taken in its own statement, so the insert's snapshot already sees a row committed by
    // whoever held it before. Rejected: a unique index on a hash and a time bucket (one statement,
    // but two copies either side of a bucket edge are both kept, and it needs a new column); a
    // check before an unlocked insert (concurrent copies all see nothing and all insert).
    addContact: ({ name, email, message, source, consent }) =>
      db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1, hashtext(lower($2)))', [CONTACT_LOCK, email]);
        const rows = await tx.query(
          `insert into contacts (name, email, message, source, consent)
           select $1, $2, $3, $4, $5
           where not exists (
             select 1 from contacts
             where lower(email) = lower($2) and name = $1 and message = $3
               and created_at > now() - make_interval(mins => $6)
           )
           returning id`,
          [name, email, message, source, consent, CONTACT_REPEAT_MINUTES],
        );
        return rows.length === 1;
      }),
    listSubscribers: () => db.query<SubscriberRow>(`select ${SUBSCRIBER} from subscribers order by created_at desc, id desc`),
    listContacts: () => db.query<ContactRow>(`select ${CONTACT} from contacts order by created_at desc, id desc`),
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
