// The unsubscribe links of the subscribers' mail (site/functions/unsubscribe.ts), run inside the
// forms suite against each real database (PGlite and the PostgreSQL server the suite starts).
import { describe, expect, it } from 'vitest';
import type { Db } from '../../site/functions/db.ts';
import { createFormsHandler } from '../../site/functions/handler.ts';
import type { MailMessage } from '../../site/functions/mail.ts';
import { newToken, TOKEN_PATTERN, type Store } from '../../site/functions/store.ts';
import { UNSUBSCRIBE_TEXT } from '../../site/functions/unsubscribe.ts';
import { form, json, request } from './forms-suite.ts';

const U = '/api/unsubscribe';
const SITE = 'https://site.test';

/** What a mail provider sends when its reader presses "Unsubscribe" (RFC 8058 section 3.1): no cookies, no referrer. */
const oneClick = (token: string, client?: string) =>
  request(`${U}?token=${encodeURIComponent(token)}`, { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click', client });
/** The same as multipart/form-data, which RFC 8058 also allows. */
const oneClickMultipart = (token: string) =>
  request(`${U}?token=${token}`, {
    type: 'multipart/form-data; boundary=b',
    body: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
  });
const visit = (token: string, method = 'GET') => request(`${U}?token=${encodeURIComponent(token)}`, { method, headers: { accept: 'text/html' } });

export function unsubscribeSuite(get: () => { db: Db; store: Store }) {
  describe('unsubscribe links', () => {
    /** A handler whose mail is kept, as tests/functions capture mail: each message, in order. */
    const setup = () => {
      const sent: MailMessage[] = [];
      const mailer = { description: 'test', send: async (m: MailMessage) => void sent.push(m) };
      const handler = createFormsHandler({
        store: get().store,
        rateLimit: { max: 1_000_000, windowMs: 60_000 },
        log: () => {},
        mail: { from: '"Heart Notes" <hello@site.test>', notify: 'editors@site.test', siteUrl: SITE, mailer },
      });
      return { handler, sent };
    };
    const row = async (email: string) =>
      (await get().db.query<{ unsubscribe_token: string; unsubscribed_at: Date | null }>('select unsubscribe_token, unsubscribed_at from subscribers where lower(email) = lower($1)', [email]))[0];
    /** Subscribes `email` through the function and returns the token its mail carries. */
    const subscribe = async (h: ReturnType<typeof setup>, email: string) => {
      expect((await h.handler(json('/api/subscribe', { email }))).status).toBe(200);
      const mail = h.sent.findLast((m) => m.to === email)!;
      return new URL(/<(.+)>/.exec(mail.headers!['List-Unsubscribe'])![1]).searchParams.get('token')!;
    };

    it('puts the subscriber\'s own one-click link in the text and the List-Unsubscribe headers of every mail to a subscriber', async () => {
      const h = setup();
      const emails = Array.from({ length: 20 }, (_, i) => `reader${i}@example.com`);
      for (const email of emails) expect((await h.handler(form('/api/subscribe', { email }))).status).toBe(303);
      expect((await h.handler(json('/api/contact', { name: 'Ann', email: 'ann@example.com', message: 'Hi' }))).status).toBe(200);
      const toSubscribers = h.sent.filter((m) => m.to !== 'editors@site.test');
      expect(toSubscribers.map((m) => m.to)).toEqual(emails);
      const tokens = new Set<string>();
      for (const mail of toSubscribers) {
        const { unsubscribe_token: token } = await row(mail.to);
        expect(token).toMatch(TOKEN_PATTERN);
        const link = `${SITE}${U}?token=${token}`;
        expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
        expect(mail.text).toContain(`\n${link}\n`);
        tokens.add(token);
      }
      expect(tokens.size).toBe(emails.length);
      // The note of a contact message goes to the site's own editors, who are on no list.
      expect(h.sent.find((m) => m.to === 'editors@site.test')!.headers).toBeUndefined();
    });

    it('under a base path (/blog/api/…, docs/forms.md): a form post goes on to /blog/thank-you, and the unsubscribe pages post and link under /blog/', async () => {
      const h = setup();
      const posted = await h.handler(form('/blog/api/subscribe', { email: 'base.path@example.com' }));
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/blog/thank-you');
      const { unsubscribe_token: token } = await row('base.path@example.com');
      const page = await (await h.handler(request(`/blog${U}?token=${token}`, { method: 'GET', headers: { accept: 'text/html' } }))).text();
      expect(page).toContain(`<form method="post" action="/blog${U}?token=${token}">`);
      expect(page).toContain('<a href="/blog/">Keep my subscription and go to the home page</a>');
      const done = await h.handler(request(`/blog${U}?token=${token}`, { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' }));
      expect(done.status).toBe(200);
      const text = await done.text();
      expect(text).toContain('<a href="/blog/contact">contact page</a>');
      expect(text).toContain('<a href="/blog/">home page</a>');
      expect((await row('base.path@example.com')).unsubscribed_at).not.toBeNull();
      const bad = await (await h.handler(request(`/blog${U}?token=nope`, { method: 'GET', headers: { accept: 'text/html' } }))).text();
      expect(bad).toContain('href="/blog/"');
    });

    it('shows a page with an Unsubscribe button on GET (and HEAD), and unsubscribes nobody', async () => {
      const h = setup();
      const token = await subscribe(h, 'Mia.Rose@example.com');
      for (const method of ['GET', 'HEAD', 'GET']) {
        const res = await h.handler(visit(token, method));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        if (method === 'GET') {
          const html = await res.text();
          expect(html).toContain('<h1>Unsubscribe from our emails?</h1>');
          expect(html).toContain('stop our emails to <strong>M•••@example.com</strong>');
          expect(html).toContain(`<form method="post" action="${U}?token=${token}">`);
          expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
          expect(html).toContain('<button type="submit">Unsubscribe</button>');
          expect(html).toContain('<meta name="robots" content="noindex">');
        }
      }
      expect((await row('mia.rose@example.com')).unsubscribed_at).toBeNull();
    });

    it('unsubscribes on the one-click POST (form-encoded or multipart): 200 with a page, never a redirect, and the row marked', async () => {
      const h = setup();
      const first = await subscribe(h, 'one@example.com');
      const second = await subscribe(h, 'two@example.com');
      const before = Date.now();
      const res = await h.handler(oneClick(first));
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('<p role="status">Done: this address is unsubscribed, and we will not email it again.</p>');
      expect((await h.handler(oneClickMultipart(second))).status).toBe(200);
      for (const email of ['one@example.com', 'two@example.com']) {
        const marked = (await row(email)).unsubscribed_at;
        expect(marked).toBeInstanceOf(Date);
        expect(Math.abs(marked!.getTime() - before)).toBeLessThan(60_000);
      }
    });

    it('answers a missing, cut, changed or forged token with a 4xx page saying what to do, and marks nobody', async () => {
      const h = setup();
      const token = await subscribe(h, 'keep@example.com');
      const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      const cases: [string, Request, number, string][] = [
        ['no token (GET)', request(U, { method: 'GET' }), 400, UNSUBSCRIBE_TEXT.noToken],
        ['no token (POST)', request(U, { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' }), 400, UNSUBSCRIBE_TEXT.noToken],
        ['empty token', oneClick(''), 400, UNSUBSCRIBE_TEXT.noToken],
        ['cut short', oneClick(token.slice(0, 20)), 400, UNSUBSCRIBE_TEXT.badToken],
        ['quotes and spaces', visit(`${token.slice(0, 40)}' or 1=1 --`), 400, UNSUBSCRIBE_TEXT.badToken],
        ['too long', oneClick(token + token), 400, UNSUBSCRIBE_TEXT.badToken],
        ['one character changed (POST)', oneClick(flipped), 404, UNSUBSCRIBE_TEXT.unknown],
        ['one character changed (GET)', visit(flipped), 404, UNSUBSCRIBE_TEXT.unknown],
        ['forged, well-formed', oneClick(newToken()), 404, UNSUBSCRIBE_TEXT.unknown],
        ['another letter case', oneClick(token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()), 404, UNSUBSCRIBE_TEXT.unknown],
        ['PUT', request(`${U}?token=${token}`, { method: 'PUT', type: 'application/json', body: '{}' }), 405, UNSUBSCRIBE_TEXT.method('PUT')],
      ];
      const wrong: string[] = [];
      for (const [name, req, status, message] of cases) {
        const res = await h.handler(req);
        const html = await res.text();
        if (res.status !== status) wrong.push(`${name}: ${res.status} (expected ${status})`);
        else if (!html.includes(`<p role="alert">${message}</p>`)) wrong.push(`${name}: ${html}`);
        else if (!html.includes('<a href="/">Go to the home page</a>')) wrong.push(`${name}: no link home`);
      }
      expect(wrong).toEqual([]);
      expect((await h.handler(request(`${U}?token=${token}`, { method: 'DELETE' }))).headers.get('allow')).toBe('GET, HEAD, POST');
      expect((await row('keep@example.com')).unsubscribed_at).toBeNull();
      // A removed subscriber's link (GDPR erasure) names nobody any more.
      await get().store.deleteEmail('keep@example.com');
      expect((await h.handler(oneClick(token))).status).toBe(404);
    });

    it('is idempotent: repeats answer 200 "already", keep the first time, and the link then shows no button', async () => {
      const h = setup();
      const token = await subscribe(h, 'again@example.com');
      expect((await h.handler(oneClick(token))).status).toBe(200);
      const first = (await row('again@example.com')).unsubscribed_at;
      for (let i = 0; i < 3; i++) {
        const res = await h.handler(oneClick(token));
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('This address was already unsubscribed, and we will not email it again.');
      }
      expect((await row('again@example.com')).unsubscribed_at).toEqual(first);
      const page = await (await h.handler(visit(token))).text();
      expect(page).toContain('<h1>You are already unsubscribed</h1>');
      expect(page).not.toContain('<form');
    });

    it('takes 600 concurrent one-click POSTs and visits for 150 subscribers: no 5xx, each unsubscribed exactly once', async () => {
      const h = setup();
      const emails = Array.from({ length: 150 }, (_, i) => `many${i}@example.com`);
      await Promise.all(emails.map((email) => h.handler(json('/api/subscribe', { email }))));
      const tokens = await Promise.all(emails.map(async (e) => (await row(e)).unsubscribe_token));
      // Three POSTs and one GET per token, all at once, from one provider's address.
      const answers = await Promise.all(
        tokens.flatMap((t) => [oneClick(t, '192.0.2.1'), visit(t), oneClick(t, '192.0.2.1'), oneClick(t, '192.0.2.1')]).map(async (req) => {
          const res = await h.handler(req);
          const text = await res.text();
          return { status: res.status, post: req.method === 'POST', done: text.includes('Done: this address is unsubscribed') };
        }),
      );
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      expect(answers.filter((a) => a.post && a.done)).toHaveLength(emails.length);
      const unmarked = await get().db.query('select email from subscribers where unsubscribed_at is null');
      expect(unmarked).toEqual([]);
    });

    it('is not held to the per-client rate limit of the forms', async () => {
      const limited = createFormsHandler({ store: get().store, rateLimit: { max: 2, windowMs: 60_000 }, log: () => {} });
      await get().store.addSubscriber({ email: 'rate@example.com', source: null, consent: 'c' });
      const { unsubscribe_token: token } = await row('rate@example.com');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await limited(i % 2 ? visit(token) : oneClick(token, '198.51.100.9'))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    });

    it('subscribes an unsubscribed address again when it signs up again, sending the guide with the same link', async () => {
      const h = setup();
      const token = await subscribe(h, 'back@example.com');
      await h.handler(oneClick(token));
      expect((await h.handler(json('/api/subscribe', { email: 'BACK@example.com', source: '/quiz' }))).status).toBe(200);
      expect(h.sent.filter((m) => m.to.toLowerCase() === 'back@example.com')).toHaveLength(2);
      expect(await row('back@example.com')).toEqual({ unsubscribe_token: token, unsubscribed_at: null });
      expect((await h.handler(json('/api/subscribe', { email: 'back@example.com' }))).status).toBe(200);
      expect(h.sent.filter((m) => m.to.toLowerCase() === 'back@example.com')).toHaveLength(2);
    });
  });
}
