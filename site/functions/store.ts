import type { Db } from './db.ts';

/** What every stored form has. */
interface FormRow {
  id: number;
  email: string;
  source: string | null;
  consent: string;
  created_at: Date;
}

export interface SubscriberRow extends FormRow {
  /** When the address unsubscribed (it gets no more mail), or null. */
  unsubscribed_at: Date | null;
}

export interface ContactRow extends FormRow {
  name: string;
  message: string;
}

/** What an unsubscribe link did: unsubscribed now, had already, or names no subscriber. */
export type UnsubscribeResult = 'unsubscribed' | 'already' | 'unknown';

/** Everything stored about one email address. */
export interface PersonData {
  email: string;
  subscribers: SubscriberRow[];
  contacts: ContactRow[];
}

/** The form submissions, and the privacy operations on them. */
export interface Store {
  /**
   * Adds a subscriber, or subscribes again an address that had unsubscribed; resolves with its
   * unsubscribe token, or null when the address (in any letter case) is already subscribed.
   */
  addSubscriber(row: { email: string; source: string | null; consent: string }): Promise<string | null>;
  /** The subscriber an unsubscribe token belongs to, or null. */
  subscriberByToken(token: string): Promise<{ email: string; unsubscribed_at: Date | null } | null>;
  /** Marks the subscriber of `token` as unsubscribed (once: a repeat changes nothing). */
  unsubscribe(token: string): Promise<UnsubscribeResult>;
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

/**
 * A new unsubscribe token: 32 random bytes from Web Crypto (Node, Workers and browsers alike),
 * base64url, 43 characters. Unguessable, so the link alone proves the mail reached its reader.
 */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What a token looks like: the function's 43 base64url characters, or the 64 hex of migration 2. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43,64}$/;

/** How long an identical contact message (same name, address and text) is taken as a repeat of the first. */
export const CONTACT_REPEAT_MINUTES = 10;

// Any fixed number, in the two-key advisory lock space (apart from the migration lock's one key).
const CONTACT_LOCK = 7_244_311;

const SUBSCRIBER = 'id, email, source, consent, created_at, unsubscribed_at';
const CONTACT = 'id, name, email, message, source, consent, created_at';

/** The queries, written once for PGlite and PostgreSQL alike. */
export function createStore(db: Db): Store {
  return {
    description: db.description,
    close: () => db.close(),
    // An address that unsubscribed and signs up again is subscribed again (the form says what it
    // is for, and they filled it in): the same row, its token kept, with the new page and consent.
    async addSubscriber({ email, source, consent }) {
      const rows = await db.query<{ unsubscribe_token: string }>(
        `insert into subscribers (email, source, consent, unsubscribe_token) values ($1, $2, $3, $4)
         on conflict ((lower(email))) do update set unsubscribed_at = null, source = excluded.source, consent = excluded.consent
           where subscribers.unsubscribed_at is not null
         returning unsubscribe_token`,
        [email, source, consent, newToken()],
      );
      return rows[0]?.unsubscribe_token ?? null;
    },
    async subscriberByToken(token) {
      const rows = await db.query<{ email: string; unsubscribed_at: Date | null }>(
        'select email, unsubscribed_at from subscribers where unsubscribe_token = $1',
        [token],
      );
      return rows[0] ?? null;
    },
    // One statement: the update marks the row once (a concurrent repeat waits for its row lock,
    // then finds it marked and changes nothing), and the select sees the row as it was before.
    async unsubscribe(token) {
      const [row] = await db.query<{ changed: number; known: boolean }>(
        `with marked as (
           update subscribers set unsubscribed_at = now() where unsubscribe_token = $1 and unsubscribed_at is null returning id
         )
         select (select count(*) from marked)::int as changed,
                exists (select 1 from subscribers where unsubscribe_token = $1) as known`,
        [token],
      );
      return Number(row.changed) ? 'unsubscribed' : row.known ? 'already' : 'unknown';
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
