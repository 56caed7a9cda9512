// The forms function: one web-standard handler, `(request: Request) => Promise<Response>`, that any
// serverless platform can run. No `node:` imports: the store and the client address come in as
// options from the adapter (the dev/preview server, a serverless entry file).
import { CONSENT, LIMITS, checkSource, isBot, validateContact, validateSubscribe, type Validation } from '../forms/validate.ts';
import { DEFAULT_RATE_LIMIT, createRateLimiter, type RateLimit } from './rate-limit.ts';
import { contactNotice, guideEmail, UNSUBSCRIBE_PATH, type FormsMail, type MailMessage, type Mailer } from './mail.ts';
import { Refusal, errorPage, jsonResponse, redirectResponse } from './responses.ts';
import type { Store } from './store.ts';
import { answerUnsubscribe } from './unsubscribe.ts';

export type FetchHandler = (request: Request) => Promise<Response>;

/** A line for the operator's log, at its level. */
export type Log = (line: string, level: 'info' | 'error') => void;

const consoleLog: Log = (line, level) => (level === 'info' ? console.info(line) : console.error(line));

export interface FormsHandlerOptions {
  /**
   * The opened store, or a function that gives the store for one request (serverless hosts open
   * the database per request: a Worker may not use a socket another request opened).
   */
  store: Store | ((request: Request) => Promise<Store>);
  /** Requests per client and window (default: 10 per minute). */
  rateLimit?: RateLimit;
  /** Who is asking, for the rate limit (default: the first address in `X-Forwarded-For`). */
  clientKey?: (request: Request) => string;
  /** How long a submission may wait for the database's answer, once it is open, before the answer is 503 (default: 10,000 ms). */
  timeoutMs?: number;
  /** How long a submission may wait for the store to open before the answer is 503 (default: 120,000 ms). */
  openTimeoutMs?: number;
  /**
   * Where database outages and mail failures (`error`) and what is not sent for want of settings
   * or a recovered database (`info`) are reported (default: console.error and console.info).
   */
  log?: Log;
  /**
   * The guide to each new subscriber and a note to the editors of each new contact message, sent
   * after the row is committed; a failure is logged and never changes the answer (default: no mail).
   */
  mail?: FormsMail;
}

export const STORE_DOWN_MESSAGE = 'The form could not be saved right now; nothing was stored. Please try again in a few minutes.';

type Kind = 'subscribe' | 'contact';
const ROUTES: Record<string, { kind: Kind; done: string; back: string }> = {
  '/api/subscribe': { kind: 'subscribe', done: '/thank-you', back: '/' },
  '/api/contact': { kind: 'contact', done: '/contact?sent=1', back: '/contact' },
};

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * `work`, or a rejection with `message` after `ms`. A write still running at the deadline may yet
 * commit: the answer is then a 503 for a stored row (a retry is harmless), never a 2xx for a
 * missing one.
 */
async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Creates the handler for `POST /api/subscribe`, `POST /api/contact` and the unsubscribe links (`/api/unsubscribe`). */
export function createFormsHandler(options: FormsHandlerOptions): FetchHandler {
  const { store } = options;
  const getStore = typeof store === 'function' ? store : () => Promise.resolve(store);
  const allow = createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const clientKey = options.clientKey ?? forwardedFor;
  const log = options.log ?? consoleLog;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const openTimeoutMs = options.openTimeoutMs ?? 120_000;
  let outage = false;
  const send = options.mail ? createSender(options.mail, log) : undefined;

  /** Runs one write; resolves with its result once it is committed, else throws a 503 refusal. */
  const save = async <T>(request: Request, write: (store: Store) => Promise<T>): Promise<T> => {
    let result: T;
    try {
      // The deadline is for the database's answer, from when the store is open: a store still
      // opening (PGlite's first start in dev or preview takes seconds) is waited for, up to
      // `openTimeoutMs`.
      const opened = await withDeadline(getStore(request), openTimeoutMs, `the database did not open within ${openTimeoutMs} ms`);
      result = await withDeadline(write(opened), timeoutMs, `no answer from the database within ${timeoutMs} ms`);
    } catch (error) {
      if (!outage) log(`Forms: the database is unavailable (${(error as Error).message}); answering 503 until it is back.`, 'error');
      outage = true;
      throw new Refusal(503, STORE_DOWN_MESSAGE, undefined, { 'Retry-After': '60' });
    }
    if (outage) log('Forms: the database is back; accepting submissions again.', 'info');
    outage = false;
    return result;
  };

  return async (request) => {
    const url = new URL(request.url);
    const { base, path } = formPath(url.pathname);
    if (path === UNSUBSCRIBE_PATH) return answerUnsubscribe(request, url, save, base);
    const route = ROUTES[path];
    const html = wantsHtml(request);
    const back = refererPath(request, url, true) ?? `${base}${(route?.back ?? '/').slice(1)}`;
    try {
      if (!route) throw new Refusal(404, `No form is handled at ${url.pathname}; the forms are /api/subscribe and /api/contact.`);
      if (request.method !== 'POST') throw new Refusal(405, `Use POST to send this form (not ${request.method}).`, undefined, { Allow: 'POST' });
      const rate = allow(clientKey(request));
      if (!rate.ok) {
        throw new Refusal(429, `Too many forms sent from your address; please wait ${rate.retryAfterS} seconds and try again.`, undefined, {
          'Retry-After': String(rate.retryAfterS),
        });
      }
      const fields = await readFields(request);
      // Bots fill the hidden field; they get the answer a person would, and nothing is stored.
      if (!isBot(fields)) {
        const source = (given: string | null) => given ?? refererPath(request, url, false);
        if (route.kind === 'subscribe') {
          const { email, source: given } = accepted(validateSubscribe(fields));
          const token = await save(request, (s) => s.addSubscriber({ email, source: source(given), consent: CONSENT.subscribe }));
          // Once per subscription: subscribing again (the guide is on /thank-you) or a stranger
          // typing someone's address over and over sends nothing more.
          if (token) await send?.('subscribe', (mail) => guideEmail(mail, email, token));
        } else {
          const row = accepted(validateContact(fields));
          const page = source(row.source);
          const added = await save(request, (s) => s.addContact({ ...row, source: page, consent: CONSENT.contact }));
          // A repeat within the window stored nothing, and tells nobody again.
          if (added) await send?.('contact', (mail) => (mail.notify ? contactNotice(mail, mail.notify, { ...row, source: page }, new Date()) : null));
        }
      }
      return html ? redirectResponse(`${base}${route.done.slice(1)}`) : jsonResponse({ ok: true }, 200);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (html) return errorPage(error.status, error.error, back, error.headers);
      const body = error.field ? { error: error.error, field: error.field } : { error: error.error };
      return jsonResponse(body, error.status, error.headers);
    }
  };
}

type Compose = (mail: FormsMail) => MailMessage | null;

/**
 * Sends the mail of a committed row: the answer waits for it at most `timeoutMs` (the sending goes
 * on after that), and a failure is logged, once per send, without the address. What is not sent
 * for want of a transport or an editors' address is said once.
 */
function createSender(mail: FormsMail, log: Log): (kind: Kind, compose: Compose) => Promise<void> {
  const timeoutMs = mail.timeoutMs ?? 5_000;
  const said = new Set<string>();
  const once = (key: string, line: string) => {
    if (!said.has(key)) log(line, 'info');
    said.add(key);
  };
  let opening: Promise<Mailer> | undefined;
  const what = { subscribe: 'the guide for a new subscriber', contact: 'the note to the editors of a new contact message' };
  const stored = { subscribe: 'the subscription is stored', contact: 'the message is stored (heartnotes messages list)' };
  return async (kind, compose) => {
    if (!mail.mailer) {
      once('mailer', 'Mail: no mail transport is set (SMTP_URL), so no email is sent; sign-ups still get their guide on /thank-you, and contact messages are stored (heartnotes messages list).');
      return;
    }
    const message = compose(mail);
    if (!message) {
      once('notify', 'Mail: no address is set to tell of contact messages (HEARTNOTES_NOTIFY_EMAIL, or contactEmail in content/site.json); they are stored (heartnotes messages list).');
      return;
    }
    const { mailer } = mail;
    opening ??= typeof mailer === 'function' ? mailer() : Promise.resolve(mailer);
    opening.catch(() => {
      opening = undefined;
    });
    const sending = opening.then((m) => m.send(message));
    sending.catch((error: Error) => log(`Mail: ${what[kind]} could not be sent (${error?.message ?? error}); ${stored[kind]}.`, 'error'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([sending.catch(() => {}), waited]);
    clearTimeout(timer);
  };
}

function accepted<T>(checked: Validation<T>): T {
  if (!checked.ok) throw new Refusal(400, checked.error, checked.field);
  return checked.value;
}

/** Parses a JSON or form-encoded body of at most LIMITS.bodyBytes (derived from the field limits) into named fields. */
async function readFields(request: Request): Promise<unknown> {
  const [type, ...params] = (request.headers.get('content-type') ?? '').split(';').map((p) => p.trim().toLowerCase());
  if (type !== JSON_TYPE && type !== FORM_TYPE) {
    throw new Refusal(415, `Send the form as ${JSON_TYPE} or ${FORM_TYPE}${type ? `, not ${type}` : ''}.`);
  }
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new Refusal(415, `Send the form in UTF-8, not ${charset}.`);
  const bytes = await readBody(request, LIMITS.bodyBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(400, 'The form data is not valid UTF-8 text.', 'form');
  }
  if (type === FORM_TYPE) return formFields(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, 'The form data is not valid JSON.', 'form');
  }
}

async function readBody(request: Request, max: number): Promise<Uint8Array> {
  const tooLarge = new Refusal(
    413,
    `The form is too large: at most ${max.toLocaleString('en-US')} bytes can be sent, enough for a message of ${LIMITS.message.toLocaleString('en-US')} characters.`,
  );
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw tooLarge;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        throw tooLarge;
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, 'The form data could not be read.', 'form');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** `a=1&b=2&b=3` → `{ a: '1', b: ['2', '3'] }`: a repeated field is not text, so it fails validation. */
function formFields(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = Object.hasOwn(fields, key) ? fields[key] : undefined;
    fields[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/** Forms posted without JavaScript get redirects and pages; scripts get JSON. */
function wantsHtml(request: Request): boolean {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.startsWith(FORM_TYPE) || type.startsWith('multipart/form-data')) return true;
  if (type.startsWith(JSON_TYPE)) return false;
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/html') && !accept.includes(JSON_TYPE);
}

/** The same-origin page the form was sent from (path only, or path and query for links back). */
/**
 * The form's path and the site's base path, from the address it was posted to: a site built under
 * a base path (`/blog/`) has its forms there too (`/blog/api/subscribe`, docs/forms.md), and its
 * pages to go back to under it.
 */
function formPath(pathname: string): { base: string; path: string } {
  const at = pathname.indexOf('/api/');
  return at > 0 ? { base: pathname.slice(0, at + 1), path: pathname.slice(at) } : { base: '/', path: pathname };
}

function refererPath(request: Request, url: URL, withQuery: boolean): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== url.origin) return null;
    return withQuery ? from.pathname + from.search : checkSource(from.pathname);
  } catch {
    return null;
  }
}

function forwardedFor(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}
