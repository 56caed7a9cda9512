// The forms function's behaviour, table-driven, run against each real database by the test files
// beside this one (PGlite, and a PostgreSQL 15 server the test starts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT, LIMITS } from '../../src/forms/validate.ts';
import type { Db } from '../../src/functions/db.ts';
import { createFormsHandler, STORE_DOWN_MESSAGE, type FetchHandler } from '../../src/functions/handler.ts';
import { migrate } from '../../src/functions/schema.ts';
import { createStore, type Store } from '../../src/functions/store.ts';

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
  { name: 'body is an array', req: () => json(S, [{ email: 'a@example.com' }]), status: 400, field: 'form' },
  { name: 'body is a string', req: () => json(S, '"a@example.com"'), status: 400, field: 'form' },
  { name: 'body is null', req: () => json(S, 'null'), status: 400, field: 'form' },
  { name: 'malformed JSON', req: () => json(S, '{"email": "a@example.com"'), status: 400, field: 'form' },
  { name: 'empty JSON body', req: () => json(S, ''), status: 400, field: 'form' },
  { name: 'JSON with single quotes', req: () => json(S, "{'email': 'a@example.com'}"), status: 400, field: 'form' },
  { name: 'deeply nested JSON', req: () => json(S, '['.repeat(8000) + ']'.repeat(8000)), status: 400, field: 'form' },
  { name: '__proto__ smuggling', req: () => json(S, '{"__proto__": {"email": "a@example.com"}}'), status: 400, field: 'email' },
  { name: 'invalid UTF-8 bytes', req: () => request(S, { type: 'application/json', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }), status: 400, field: 'form' },
  { name: 'body over 16 KB (Content-Length)', req: () => json(S, { email: 'a@example.com', pad: big }), status: 413 },
  { name: 'body over 16 KB (streamed, no length)', req: () => request(S, { type: 'application/json', body: streamOf(200_000) }), status: 413 },
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
  { name: 'contact: name over 200 characters', req: () => json(C, { ...contact, name: 'é'.repeat(201) }), status: 400, field: 'name' },
  { name: 'contact: email invalid', req: () => json(C, { ...contact, email: 'ann@' }), status: 400, field: 'email' },
  { name: 'contact: message missing', req: () => json(C, { ...contact, message: undefined }), status: 400, field: 'message' },
  { name: 'contact: message is an object', req: () => json(C, { ...contact, message: { text: 'hi' } }), status: 400, field: 'message' },
  { name: 'contact: message over 5,000 characters', req: () => json(C, { ...contact, message: 'm'.repeat(5001) }), status: 400, field: 'message' },
  { name: 'contact: message with a NUL byte', req: () => json(C, { ...contact, message: 'hi\u0000there' }), status: 400, field: 'message' },
  { name: 'contact: message with a lone surrogate', req: () => json(C, `{"name":"Ann","email":"ann@example.com","message":"hi \\udc00"}`), status: 400, field: 'message' },
  { name: 'contact: 4,500 emoji (under 5,000 characters, over 16 KB)', req: () => json(C, { ...contact, message: '💌'.repeat(4500) }), status: 413 },
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
      expect(Object.keys(row).sort()).toEqual(['consent', 'created_at', 'email', 'id', 'source']);
      expect(row).toMatchObject({ email: 'Ann@Example.com', source: '/guides/first-date', consent: CONSENT.subscribe });
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
  });

  return { db: () => db };
}
