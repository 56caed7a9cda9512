// The forms function's behaviour, table-driven, run against each real database by the test files
// beside this one (PGlite, and a PostgreSQL 15 server the test starts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT, LIMITS } from '../../site/forms/validate.ts';
import type { Db } from '../../site/functions/db.ts';
import { createFormsHandler, STORE_DOWN_MESSAGE, type FetchHandler } from '../../site/functions/handler.ts';
import type { FormsMail, MailMessage } from '../../site/functions/mail.ts';
import { migrate } from '../../site/functions/schema.ts';
import { CONTACT_REPEAT_MINUTES, TOKEN_PATTERN, createStore, type Store } from '../../site/functions/store.ts';
import { unsubscribeSuite } from './unsubscribe-suite.ts';

export const ORIGIN = 'http://site.test';

export interface PostOptions {
  type?: string | null;
  body?: BodyInit | null;
  method?: string;
  headers?: Record<string, string>;
  client?: string;
}

/** A request as a browser or script would send it to the function. */
export function request(path: string, options: PostOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.type) headers.set('content-type', options.type);
  headers.set('x-forwarded-for', options.client ?? '203.0.113.7');
  const method = options.method ?? 'POST';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method !== 'GET' && method !== 'HEAD' && options.body !== undefined) {
    init.body = options.body;
    if (options.body instanceof ReadableStream) init.duplex = 'half';
  }
  return new Request(`${ORIGIN}${path}`, init);
}

export const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, { type: 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body), headers });
export const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(path, { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString(), headers });

/** A body sent in chunks without a Content-Length, as a client streaming a huge upload would. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new TextEncoder().encode(`{"email":"${'a'.repeat(4000)}`).slice(0, 4096);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

interface BadCase {
  name: string;
  req: () => Request;
  status: number;
  field?: string;
}

const S = '/api/subscribe';
const C = '/api/contact';
const contact = { name: 'Ann', email: 'ann@example.com', message: 'Hello there' };
const big = 'x'.repeat(LIMITS.bodyBytes + 1);

/** Characters an address must not hide: controls, Unicode spaces and separators, invisible format characters. */
export const REFUSED_IN_EMAIL: Record<string, string> = {
  'U+0085 (next line)': '\u0085',
  'U+2028 (line separator)': '\u2028',
  'U+2029 (paragraph separator)': '\u2029',
  'U+200B (zero-width space)': '\u200b',
  'U+200D (zero-width joiner)': '\u200d',
  'U+2060 (word joiner)': '\u2060',
  'U+FEFF (byte order mark)': '\ufeff',
  'U+00AD (soft hyphen)': '\u00ad',
  'U+00A0 (no-break space)': '\u00a0',
  'U+3000 (ideographic space)': '\u3000',
  'U+200E (left-to-right mark)': '\u200e',
  'U+2066 (bidi isolate)': '\u2066',
  'U+061C (Arabic letter mark)': '\u061c',
  'U+007F (DEL)': '\u007f',
  'U+009B (C1 CSI)': '\u009b',
  'U+001B (escape)': '\u001b',
  'a tab': '\t',
};

/** JSON with every string character written as `\uXXXX`: the longest way to send a value. */
export function escapedJson(fields: Record<string, string>): string {
  const esc = (s: string) => [...Array(s.length).keys()].map((i) => `\\u${s.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return `{${Object.entries(fields).map(([k, v]) => `"${k}":"${esc(v)}"`).join(',')}}`;
}

/** Bad input of every kind: each must get its 4xx and leave no row. */
export const BAD_INPUT: BadCase[] = [
  { name: 'email is a number', req: () => json(S, { email: 42 }), status: 400, field: 'email' },
  { name: 'email is null', req: () => json(S, { email: null }), status: 400, field: 'email' },
  { name: 'email is an array', req: () => json(S, { email: ['a@example.com'] }), status: 400, field: 'email' },
  { name: 'email is an object', req: () => json(S, { email: { toString: 'a@example.com' } }), status: 400, field: 'email' },
  { name: 'email is true', req: () => json(S, { email: true }), status: 400, field: 'email' },
  { name: 'email missing', req: () => json(S, {}), status: 400, field: 'email' },
  { name: 'email empty', req: () => json(S, { email: '' }), status: 400, field: 'email' },
  { name: 'email only spaces', req: () => json(S, { email: '   ' }), status: 400, field: 'email' },
  { name: 'email without @', req: () => json(S, { email: 'ann.example.com' }), status: 400, field: 'email' },
  { name: 'email with a space', req: () => json(S, { email: 'ann smith@example.com' }), status: 400, field: 'email' },
  { name: 'email without a dot in the domain', req: () => json(S, { email: 'ann@localhost' }), status: 400, field: 'email' },
  { name: 'email with two @', req: () => json(S, { email: 'ann@@example.com' }), status: 400, field: 'email' },
  { name: 'email of 255 characters', req: () => json(S, { email: `${'a'.repeat(243)}@example.com` }), status: 400, field: 'email' },
  { name: 'email with header injection', req: () => json(S, { email: 'ann@example.com\r\nBcc: all@example.com' }), status: 400, field: 'email' },
  { name: 'email with a NUL byte', req: () => json(S, { email: 'ann\u0000@example.com' }), status: 400, field: 'email' },
  { name: 'email with a lone surrogate', req: () => json(S, '{"email":"\\ud800ann@example.com"}'), status: 400, field: 'email' },
  { name: 'email with a bidi override', req: () => json(S, { email: 'ann@exa\u202Emple.com\u0007' }), status: 400, field: 'email' },
  ...Object.entries(REFUSED_IN_EMAIL).map(([what, c]) => ({ name: `email with ${what}`, req: () => json(S, { email: `ann${c}@example.com` }), status: 400, field: 'email' })),
  { name: 'email with U+0085 at the end', req: () => json(S, { email: 'ann@example.com\u0085' }), status: 400, field: 'email' },
  { name: 'form email with an encoded U+0085', req: () => request(S, { type: 'application/x-www-form-urlencoded', body: 'email=ann%C2%85%40example.com' }), status: 400, field: 'email' },
  { name: 'contact: email with U+2028', req: () => json(C, { ...contact, email: 'ann@exam\u2028ple.com' }), status: 400, field: 'email' },
  { name: 'body is an array', req: () => json(S, [{ email: 'a@example.com' }]), status: 400, field: 'form' },
  { name: 'body is a string', req: () => json(S, '"a@example.com"'), status: 400, field: 'form' },
  { name: 'body is null', req: () => json(S, 'null'), status: 400, field: 'form' },
  { name: 'malformed JSON', req: () => json(S, '{"email": "a@example.com"'), status: 400, field: 'form' },
  { name: 'empty JSON body', req: () => json(S, ''), status: 400, field: 'form' },
  { name: 'JSON with single quotes', req: () => json(S, "{'email': 'a@example.com'}"), status: 400, field: 'form' },
  { name: 'deeply nested JSON', req: () => json(S, '['.repeat(8000) + ']'.repeat(8000)), status: 400, field: 'form' },
  { name: '__proto__ smuggling', req: () => json(S, '{"__proto__": {"email": "a@example.com"}}'), status: 400, field: 'email' },
  { name: 'invalid UTF-8 bytes', req: () => request(S, { type: 'application/json', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }), status: 400, field: 'form' },
  { name: 'body over the limit (Content-Length)', req: () => json(S, { email: 'a@example.com', pad: big }, { 'content-length': String(big.length + 40) }), status: 413 },
  { name: 'body over the limit (no length)', req: () => json(S, { email: 'a@example.com', pad: big }), status: 413 },
  { name: 'body over the limit (streamed, no length)', req: () => request(S, { type: 'application/json', body: streamOf(200_000) }), status: 413 },
  { name: '1 MB form post', req: () => form(S, { email: 'a@example.com', pad: 'y'.repeat(1_000_000) }), status: 413 },
  { name: 'text/plain body', req: () => request(S, { type: 'text/plain', body: 'email=a@example.com' }), status: 415 },
  { name: 'no content type', req: () => request(S, { type: null, body: '{"email":"a@example.com"}' }), status: 415 },
  { name: 'multipart form data', req: () => request(S, { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--' }), status: 415 },
  { name: 'JSON in Latin-1', req: () => request(S, { type: 'application/json; charset=iso-8859-1', body: '{"email":"a@example.com"}' }), status: 415 },
  { name: 'XML', req: () => request(S, { type: 'application/xml', body: '<email>a@example.com</email>' }), status: 415 },
  { name: 'form field sent twice', req: () => request(S, { type: 'application/x-www-form-urlencoded', body: 'email=a@example.com&email=b@example.com' }), status: 400, field: 'email' },
  { name: 'form without email', req: () => form(S, { mail: 'a@example.com' }), status: 400, field: 'email' },
  { name: 'form email with encoded CRLF', req: () => request(S, { type: 'application/x-www-form-urlencoded', body: 'email=a%40example.com%0D%0ABcc%3A%20b%40example.com' }), status: 400, field: 'email' },
  { name: 'GET', req: () => request(S, { method: 'GET' }), status: 405 },
  { name: 'PUT', req: () => request(S, { method: 'PUT', type: 'application/json', body: '{"email":"a@example.com"}' }), status: 405 },
  { name: 'unknown form', req: () => json('/api/orders', { email: 'a@example.com' }), status: 404 },
  { name: 'contact: name missing', req: () => json(C, { ...contact, name: undefined }), status: 400, field: 'name' },
  { name: 'contact: name is a number', req: () => json(C, { ...contact, name: 7 }), status: 400, field: 'name' },
  { name: 'contact: name only spaces', req: () => json(C, { ...contact, name: ' \t ' }), status: 400, field: 'name' },
  { name: 'contact: name with header injection', req: () => json(C, { ...contact, name: 'Ann\r\nBcc: all@example.com' }), status: 400, field: 'name' },
  { name: 'contact: name with U+0085', req: () => json(C, { ...contact, name: 'Ann\u0085Bcc: x' }), status: 400, field: 'name' },
  { name: 'contact: name with a tab', req: () => json(C, { ...contact, name: 'Ann\tSmith' }), status: 400, field: 'name' },
  { name: 'contact: name with DEL', req: () => json(C, { ...contact, name: 'Ann\u007f' }), status: 400, field: 'name' },
  { name: 'contact: name with U+2028', req: () => json(C, { ...contact, name: 'Ann\u2028Smith' }), status: 400, field: 'name' },
  { name: 'contact: name over 200 characters', req: () => json(C, { ...contact, name: 'é'.repeat(201) }), status: 400, field: 'name' },
  { name: 'contact: email invalid', req: () => json(C, { ...contact, email: 'ann@' }), status: 400, field: 'email' },
  { name: 'contact: message missing', req: () => json(C, { ...contact, message: undefined }), status: 400, field: 'message' },
  { name: 'contact: message is an object', req: () => json(C, { ...contact, message: { text: 'hi' } }), status: 400, field: 'message' },
  { name: 'contact: message over 5,000 characters', req: () => json(C, { ...contact, message: 'm'.repeat(5001) }), status: 400, field: 'message' },
  { name: 'contact: message with a NUL byte', req: () => json(C, { ...contact, message: 'hi\u0000there' }), status: 400, field: 'message' },
  { name: 'contact: message with U+0085', req: () => json(C, { ...contact, message: 'hi\u0085there' }), status: 400, field: 'message' },
  { name: 'contact: message with a terminal escape', req: () => json(C, { ...contact, message: 'hi \u001b[2J there' }), status: 400, field: 'message' },
  { name: 'contact: message with a C1 CSI', req: () => json(C, { ...contact, message: 'hi \u009b2J there' }), status: 400, field: 'message' },
  { name: 'contact: message with DEL', req: () => json(C, { ...contact, message: 'hi\u007f' }), status: 400, field: 'message' },
  { name: 'contact: message with a form feed', req: () => json(C, { ...contact, message: 'page one\fpage two' }), status: 400, field: 'message' },
  { name: 'contact: form message with an encoded U+0085', req: () => form(C, { ...contact, message: 'hi\u0085there' }), status: 400, field: 'message' },
  { name: 'contact: message with a lone surrogate', req: () => json(C, `{"name":"Ann","email":"ann@example.com","message":"hi \\udc00"}`), status: 400, field: 'message' },
  { name: 'contact: 5,001 emoji (JSON)', req: () => json(C, { ...contact, message: '💌'.repeat(5001) }), status: 400, field: 'message' },
  { name: 'contact: 5,001 emoji (JSON, all escaped)', req: () => json(C, escapedJson({ ...contact, message: '💌'.repeat(5001) })), status: 400, field: 'message' },
  { name: 'contact: 5,001 emoji (form post)', req: () => form(C, { ...contact, message: '💌'.repeat(5001) }), status: 400, field: 'message' },
  { name: 'contact: 5,001 CJK characters (form post)', req: () => form(C, { ...contact, message: '中'.repeat(5001) }), status: 400, field: 'message' },
  { name: 'contact: form post without message', req: () => form(C, { name: 'Ann', email: 'ann@example.com' }), status: 400 },
];

export interface SuiteTarget {
  /** Opens a migrated, empty database for this file. */
  open(): Promise<Db>;
}

/** Registers the shared suite against one database. */
export function formsSuite(name: string, target: SuiteTarget): { db: () => Db } {
  let db: Db;
  let store: Store;
  let handler: FetchHandler;
  const count = async (table: 'subscribers' | 'contacts') => Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n);
  const rows = (table: 'subscribers' | 'contacts') => db.query<Record<string, unknown>>(`select * from ${table} order by id`);

  describe(name, () => {
    beforeAll(async () => {
      db = await target.open();
      await migrate(db);
      store = createStore(db);
      handler = createFormsHandler({ store, rateLimit: { max: 1_000_000, windowMs: 60_000 }, log: () => {} });
    });
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.exec('truncate subscribers, contacts');
    });

    it(`refuses ${BAD_INPUT.length} kinds of bad input with a 4xx and stores nothing`, async () => {
      const wrong: string[] = [];
      for (const c of BAD_INPUT) {
        const res = await handler(c.req());
        const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
        if (res.status !== c.status) wrong.push(`${c.name}: ${res.status} ${JSON.stringify(body)} (expected ${c.status})`);
        else if (c.field && typeof body === 'object' && body.field !== c.field) wrong.push(`${c.name}: field ${body.field} (expected ${c.field})`);
        else if (typeof body === 'object' && (typeof body.error !== 'string' || !/^[A-Z].*\.$/.test(body.error))) wrong.push(`${c.name}: error ${JSON.stringify(body)}`);
      }
      expect(wrong).toEqual([]);
      expect(BAD_INPUT.length).toBeGreaterThanOrEqual(30);
      expect(await count('subscribers')).toBe(0);
      expect(await count('contacts')).toBe(0);
    });

    it('stores a subscriber with only what was volunteered, the page, the consent text and a timestamp', async () => {
      const res = await handler(json(S, { email: ' Ann@Example.com ', source: '/guides/first-date', extra: 'ignored' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      const [row] = await rows('subscribers');
      expect(Object.keys(row).sort()).toEqual(['consent', 'created_at', 'email', 'id', 'source', 'unsubscribe_token', 'unsubscribed_at']);
      expect(row).toMatchObject({ email: 'Ann@Example.com', source: '/guides/first-date', consent: CONSENT.subscribe, unsubscribed_at: null });
      expect(row.unsubscribe_token).toMatch(TOKEN_PATTERN);
      expect(Math.abs((row.created_at as Date).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('keeps one row when the same address subscribes twice in any letter case', async () => {
      for (const email of ['zoe@example.com', 'ZOE@example.com', 'Zoe@Example.COM']) {
        const res = await handler(json(S, { email }));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ ok: true });
      }
      expect(await count('subscribers')).toBe(1);
    });

    it('answers a form post with a 303 to /thank-you and takes the page from the Referer', async () => {
      const res = await handler(form(S, { email: 'b@example.com' }, { referer: `${ORIGIN}/love-quiz?utm=x` }));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/thank-you');
      const [row] = await rows('subscribers');
      expect(row.source).toBe('/love-quiz');
    });

    it('stores no page for a source that is not a path on this site', async () => {
      await handler(json(S, { email: 'c@example.com', source: 'https://elsewhere.example/x' }, { referer: 'https://elsewhere.example/page' }));
      await handler(json(S, { email: 'd@example.com', source: '//elsewhere.example/x' }));
      expect((await rows('subscribers')).map((r) => r.source)).toEqual([null, null]);
    });

    it('stores a contact message with unicode, and answers a form post with a 303 back to the contact page', async () => {
      const message = 'Hi 👋 — Zoë here.\nLine two with 中文 and a tab\t.';
      const res = await handler(json(C, { name: 'Zoë 李', email: 'zoe@example.com', message, source: '/contact' }));
      expect(res.status).toBe(200);
      const posted = await handler(form(C, { name: 'Bo', email: 'bo@example.com', message: 'Hello' }, { referer: `${ORIGIN}/contact` }));
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/contact?sent=1');
      const stored = await rows('contacts');
      expect(Object.keys(stored[0]).sort()).toEqual(['consent', 'created_at', 'email', 'id', 'message', 'name', 'source']);
      expect(stored.map((r) => [r.name, r.email, r.message, r.source, r.consent])).toEqual([
        ['Zoë 李', 'zoe@example.com', message, '/contact', CONSENT.contact],
        ['Bo', 'bo@example.com', 'Hello', '/contact', CONSENT.contact],
      ]);
    });

    it('stores 5,000-character messages in emoji, CJK and Cyrillic intact, sent as JSON and as a form post', async () => {
      const messages = { emoji: '💌'.repeat(LIMITS.message), cjk: '愛'.repeat(LIMITS.message), cyrillic: 'Ж'.repeat(LIMITS.message) };
      const sent: [string, string][] = [];
      for (const [script, message] of Object.entries(messages)) {
        const byJson = await handler(json(C, { name: 'Ann', email: `${script}-json@example.com`, message }));
        expect(byJson.status, `${script} as JSON: ${await byJson.clone().text()}`).toBe(200);
        const byForm = await handler(form(C, { name: 'Ann', email: `${script}-form@example.com`, message }));
        expect(byForm.status, `${script} as a form post`).toBe(303);
        sent.push([`${script}-json@example.com`, message], [`${script}-form@example.com`, message]);
      }
      const stored = await db.query<{ email: string; message: string; n: number }>(
        'select email, message, char_length(message) as n from contacts order by id',
      );
      expect(stored.map((r) => [r.email, r.message])).toEqual(sent);
      expect(stored.map((r) => Number(r.n))).toEqual(sent.map(() => LIMITS.message));
    });

    it('takes the largest valid form in its longest encoding, and refuses one byte more than the limit with 413 saying the limit', async () => {
      // Every field at its limit in 4-byte characters: each is 12 bytes form-encoded or \u-escaped.
      const largest = {
        name: '💌'.repeat(LIMITS.name),
        email: `${'💌'.repeat(LIMITS.email - '@example.com'.length)}@example.com`,
        message: '🌹'.repeat(LIMITS.message),
        source: `/${'💌'.repeat((LIMITS.source - 1) >> 1)}`,
        website: '',
      };
      const asForm = new URLSearchParams(largest).toString();
      const asJson = escapedJson({ ...largest, message: '🌷'.repeat(LIMITS.message) });
      expect(asForm.length).toBeGreaterThan(60_000);
      expect(asJson.length).toBeGreaterThan(60_000);
      expect((await handler(request(C, { type: 'application/x-www-form-urlencoded', body: asForm }))).status).toBe(303);
      expect((await handler(json(C, asJson))).status).toBe(200);
      expect((await rows('contacts')).map((r) => [r.name, r.email, [...(r.message as string)].length, r.source])).toEqual([
        [largest.name, largest.email, LIMITS.message, largest.source],
        [largest.name, largest.email, LIMITS.message, largest.source],
      ]);

      const base = JSON.stringify({ ...contact, email: 'edge@example.com', pad: '' });
      const exactly = JSON.stringify({ ...contact, email: 'edge@example.com', pad: 'x'.repeat(LIMITS.bodyBytes - base.length) });
      expect(new TextEncoder().encode(exactly).byteLength).toBe(LIMITS.bodyBytes);
      expect((await handler(json(C, exactly))).status).toBe(200);
      const over = await handler(json(C, `${exactly} `));
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({
        error: `The form is too large: at most ${LIMITS.bodyBytes.toLocaleString('en-US')} bytes can be sent, enough for a message of 5,000 characters.`,
      });
      expect(await count('contacts')).toBe(3);
    });

    it('refuses a 5,001-character message with a 400 on the message field, not a 413', async () => {
      for (const req of [json(C, { ...contact, message: 'Ж'.repeat(5001) }), form(C, { ...contact, message: '💌'.repeat(5001) })]) {
        const res = await handler(req);
        expect(res.status).toBe(400);
        if (res.headers.get('content-type')?.includes('json')) {
          expect(await res.json()).toEqual({ error: 'The message is too long (at most 5000 characters).', field: 'message' });
        } else {
          expect(await res.text()).toContain('The message is too long (at most 5000 characters).');
        }
      }
      expect(await count('contacts')).toBe(0);
    });

    it('names the refused invisible or control character in the 400', async () => {
      const email = await handler(json(S, { email: 'ann\u0085@example.com' }));
      expect(await email.json()).toEqual({
        error: 'The email address contains a space or an invisible character (U+0085); please type the address again.',
        field: 'email',
      });
      const message = await handler(json(C, { ...contact, message: 'hi\u0085there' }));
      expect(await message.json()).toEqual({
        error: 'The message contains a character that cannot be stored (U+0085); please remove it. Line breaks and tabs are fine.',
        field: 'message',
      });
      expect(await count('subscribers')).toBe(0);
    });

    it('stores 500 identical contact messages, sent 50 at a time, as one row and answers every one as sent', async () => {
      const same = { name: 'Ann', email: 'ann@example.com', message: 'Please call me back.\nThanks!' };
      // Each insert waits 50 ms before its row is written, so concurrent copies really overlap: a
      // check that did not hold them apart would let several through.
      await db.exec(`
        create function slow_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.05); return new; end $$;
        create trigger slow_insert before insert on contacts for each row execute function slow_insert();
      `);
      const answers: string[] = [];
      for (let batch = 0; batch < 10; batch++) {
        const sent = Array.from({ length: 50 }, async (_, i) => {
          const n = batch * 50 + i;
          // The same message as JSON or as a form post, the address in another case, blank space around it.
          const res =
            n % 2 ? await handler(form(C, same)) : await handler(json(C, { ...same, email: n % 4 ? same.email : ' ANN@Example.com ', message: ` ${same.message}\n` }));
          return res.status === 303 ? `303 ${res.headers.get('location')}` : `${res.status} ${await res.text()}`;
        });
        answers.push(...(await Promise.all(sent)));
      }
      await db.exec('drop trigger slow_insert on contacts; drop function slow_insert()');
      expect(new Set(answers)).toEqual(new Set(['200 {"ok":true}', '303 /contact?sent=1']));
      expect(answers).toHaveLength(500);
      const [only, ...more] = await rows('contacts');
      expect(more).toEqual([]);
      expect(only).toMatchObject({ name: same.name, message: same.message });
      expect(String(only.email).toLowerCase()).toBe(same.email);

      // Not the same message: another text, or another name, from the same address.
      expect((await handler(json(C, { ...same, message: 'One more thing.' }))).status).toBe(200);
      expect((await handler(json(C, { ...same, name: 'Ann Smith' }))).status).toBe(200);
      expect((await handler(json(C, { ...same, message: 'One more thing.' }))).status).toBe(200);
      expect((await rows('contacts')).map((r) => [r.name, r.message])).toEqual([
        ['Ann', same.message],
        ['Ann', 'One more thing.'],
        ['Ann Smith', same.message],
      ]);

      // Once the window has passed, the same message is new again.
      await db.exec(`update contacts set created_at = created_at - interval '${CONTACT_REPEAT_MINUTES * 60 + 1} seconds'`);
      expect((await handler(json(C, same))).status).toBe(200);
      expect(await count('contacts')).toBe(4);
      expect(await store.addContact({ ...same, source: null, consent: CONSENT.contact })).toBe(false);
      expect(await count('contacts')).toBe(4);
    });

    it('answers a bad form post with a small HTML page: the status, the reason and a link back', async () => {
      const res = await handler(form(C, { name: 'Ann', email: 'not an email', message: 'Hi' }, { referer: `${ORIGIN}/contact` }));
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toContain('<title>Please check the form (400)</title>');
      expect(html).toContain('<p role="alert">Please enter a valid email address.</p>');
      expect(html).toContain('<a href="/contact">Go back to the form</a>');
      expect(await count('contacts')).toBe(0);
    });

    it('drops honeypot submissions silently: the answer of a success, and no row', async () => {
      const a = await handler(json(S, { email: 'bot@example.com', website: 'http://spam.example' }));
      expect(a.status).toBe(200);
      expect(await a.json()).toEqual({ ok: true });
      const b = await handler(form(C, { name: 'Bot', email: 'bot@example.com', message: 'Buy', website: 'x' }));
      expect(b.status).toBe(303);
      expect(b.headers.get('location')).toBe('/contact?sent=1');
      expect(await count('subscribers')).toBe(0);
      expect(await count('contacts')).toBe(0);
    });

    it('limits the rate per client with 429 and Retry-After', async () => {
      const limited = createFormsHandler({ store, rateLimit: { max: 3, windowMs: 60_000 }, log: () => {} });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited(request(S, { type: 'application/json', body: `{"email":"r${i}@example.com"}`, client: '198.51.100.1' }))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await limited(request(S, { type: 'application/json', body: '{"email":"r9@example.com"}', client: '198.51.100.1' }));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
      expect((await res.json()).error).toMatch(/^Too many forms sent/);
      expect((await limited(request(S, { type: 'application/json', body: '{"email":"other@example.com"}', client: '198.51.100.2' }))).status).toBe(200);
      expect(await count('subscribers')).toBe(4);
    });

    it('takes 1,000 concurrent submissions of 500 addresses, each twice: 500 rows, no 5xx', async () => {
      const emails = Array.from({ length: 500 }, (_, i) => `person${i}@example.com`);
      const requests = emails.flatMap((e, i) => [json(S, { email: e }), json(S, { email: i % 2 ? e.toUpperCase() : e })]);
      const statuses = await Promise.all(requests.map(async (r) => (await handler(r)).status));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(await count('subscribers')).toBe(500);
    });

    it('answers 503 with a clear message when the store cannot be reached, and stores nothing', async () => {
      const down = createFormsHandler({ store: () => Promise.reject(new Error('connect ECONNREFUSED')), log: () => {} });
      const res = await down(json(S, { email: 'e@example.com' }));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: STORE_DOWN_MESSAGE });
      const page = await down(form(S, { email: 'e@example.com' }));
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(STORE_DOWN_MESSAGE);
    });

    it('waits for a store still opening, past the answer deadline, and stores the form; a store that never opens is a 503', async () => {
      // The deadline is for the database's answer: the opening (PGlite's first start) is waited for.
      const opening = new Promise<Store>((resolve) => setTimeout(() => resolve(store), 300));
      const slow = createFormsHandler({ store: () => opening, timeoutMs: 50, log: () => {} });
      const res = await slow(json(S, { email: 'early@example.com' }));
      expect(res.status).toBe(200);
      expect(await count('subscribers')).toBe(1);
      const never = createFormsHandler({ store: () => new Promise<Store>(() => {}), timeoutMs: 50, openTimeoutMs: 100, log: () => {} });
      expect((await never(json(S, { email: 'late@example.com' }))).status).toBe(503);
      expect(await count('subscribers')).toBe(1);
    });

    it('exports and deletes everything stored about an address, in any letter case', async () => {
      await handler(json(S, { email: 'Gdpr@Example.com', source: '/' }));
      await handler(json(C, { name: 'G', email: 'gdpr@example.com', message: 'One' }));
      await handler(json(C, { name: 'G', email: 'GDPR@example.com', message: 'Two' }));
      await handler(json(C, { name: 'H', email: 'other@example.com', message: 'Keep' }));
      const data = await store.exportEmail('gdpr@EXAMPLE.com');
      expect(data.subscribers.map((r) => r.email)).toEqual(['Gdpr@Example.com']);
      expect(data.contacts.map((r) => r.message)).toEqual(['One', 'Two']);
      const removed = await store.deleteEmail('GDPR@example.com');
      expect(removed.subscribers).toHaveLength(1);
      expect(removed.contacts).toHaveLength(2);
      expect(await store.exportEmail('gdpr@example.com')).toEqual({ email: 'gdpr@example.com', subscribers: [], contacts: [] });
      expect(await count('contacts')).toBe(1);
    });

    it('lists every subscriber and contact message, newest first', async () => {
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) await handler(json(S, { email }));
      await handler(json(C, { name: 'A', email: 'a@example.com', message: 'First' }));
      await handler(json(C, { name: 'B', email: 'b@example.com', message: 'Second' }));
      expect((await store.listSubscribers()).map((r) => r.email)).toEqual(['three@example.com', 'two@example.com', 'one@example.com']);
      expect((await store.listContacts()).map((r) => [r.name, r.message])).toEqual([['B', 'Second'], ['A', 'First']]);
    });

    describe('mail, sent after the row is committed', () => {
      const settings = { from: '"Heart Notes" <hello@site.test>', notify: 'editors@site.test', siteUrl: 'https://site.test' };
      /** A handler whose mailer records each message, with what was stored when it was sent. */
      const withMail = (send: (m: MailMessage) => Promise<void>, mail: Partial<FormsMail> = {}) => {
        const log: string[] = [];
        const sent: { message: MailMessage; rows: number }[] = [];
        const mailer = { description: 'test', send: async (m: MailMessage) => (sent.push({ message: m, rows: (await count('subscribers')) + (await count('contacts')) }), send(m)) };
        const h = createFormsHandler({ store, rateLimit: { max: 1000, windowMs: 60_000 }, log: (l) => log.push(l), mail: { ...settings, mailer, ...mail } });
        return { h, log, sent };
      };

      it('sends a new subscriber the guide once, with its link, and the editors each new contact message, replying to its sender', async () => {
        const { h, sent, log } = withMail(async () => {});
        expect((await h(json(S, { email: 'Ann@Example.com', source: '/quiz' }))).status).toBe(200);
        expect((await h(form(S, { email: 'ann@example.com' }))).status).toBe(303);
        expect(sent).toHaveLength(1);
        expect(sent[0].rows).toBe(1);
        expect(sent[0].message).toMatchObject({ from: settings.from, to: 'Ann@Example.com', subject: 'Your free guide: 10 Texts That Melt Their Heart' });
        expect(sent[0].message.text).toContain('https://site.test/thank-you#the-guide');
        const message = 'Hello,\nyour article on texting helped. Zoë';
        expect((await h(json(C, { name: 'Zoë', email: 'zoe@example.com', message, source: '/contact' }))).status).toBe(200);
        expect((await h(json(C, { name: 'Zoë', email: 'ZOE@example.com', message }))).status).toBe(200);
        expect(sent).toHaveLength(2);
        expect(sent[1].rows).toBe(2);
        expect(sent[1].message).toMatchObject({ to: 'editors@site.test', replyTo: 'zoe@example.com', subject: 'Contact message from Zoë' });
        expect(sent[1].message.text).toContain(`Zoë <zoe@example.com> wrote through the contact form on /contact at `);
        expect(sent[1].message.text).toContain(message);
        expect(log).toEqual([]);
      });

      it('keeps the row and the answer when mail fails or hangs, and logs the failure without the address', async () => {
        const failing = withMail(() => Promise.reject(new Error('535 authentication failed')));
        expect(await (await failing.h(json(S, { email: 'fail@example.com' }))).json()).toEqual({ ok: true });
        const posted = await failing.h(form(C, { name: 'F', email: 'fail@example.com', message: 'Hi' }));
        expect(posted.status).toBe(303);
        expect(failing.log).toEqual([
          'Mail: the guide for a new subscriber could not be sent (535 authentication failed); the subscription is stored.',
          'Mail: the note to the editors of a new contact message could not be sent (535 authentication failed); the message is stored (heartnotes messages list).',
        ]);
        const hanging = withMail(() => new Promise(() => {}), { timeoutMs: 200 });
        const started = Date.now();
        expect((await hanging.h(json(S, { email: 'slow@example.com' }))).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2_000);
        expect((await rows('subscribers')).map((r) => r.email)).toEqual(['fail@example.com', 'slow@example.com']);
        expect(await count('contacts')).toBe(1);
      });

      it('says once when there is no transport or no editors\' address, and still stores every form', async () => {
        const none = withMail(async () => {}, { mailer: null });
        for (const email of ['n1@example.com', 'n2@example.com']) expect((await none.h(json(S, { email }))).status).toBe(200);
        expect(none.log).toEqual([expect.stringMatching(/^Mail: no mail transport is set \(SMTP_URL\), so no email is sent; sign-ups still get their guide on \/thank-you/)]);
        const nobody = withMail(async () => {}, { notify: null });
        for (const message of ['One', 'Two']) expect((await nobody.h(json(C, { name: 'N', email: 'n@example.com', message }))).status).toBe(200);
        expect(nobody.sent).toEqual([]);
        expect(nobody.log).toEqual([expect.stringMatching(/^Mail: no address is set to tell of contact messages \(HEARTNOTES_NOTIFY_EMAIL/)]);
        expect(await count('subscribers')).toBe(2);
        expect(await count('contacts')).toBe(2);
      });
    });

    unsubscribeSuite(() => ({ db, store }));
  });

  return { db: () => db };
}
