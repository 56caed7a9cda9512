// The one validation module shared by the form islands (browser) and the forms function
// (serverless): no `node:` imports, no dependencies.

/** SPEC §4: no spaces or @, an @, then a domain with a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Server-side bounds: request body in bytes, fields in characters (code points). */
export const LIMITS = { bodyBytes: 16384, name: 200, email: 254, message: 5000, source: 200 } as const;

/** The hidden field people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

/** What each form tells people their data is for; stored with every row as shown. */
export const CONSENT = {
  subscribe: "We'll email you the free guide and occasional advice. Unsubscribe any time; see our privacy policy.",
  contact: "We'll use your name and email only to reply to your message; see our privacy policy.",
} as const;

/** The texts of SPEC §4, shown by the islands. */
export const TEXT = {
  invalidEmail: '❌ Please enter a valid email address.',
  submitting: 'Submitting...',
  subscribed: '✅ Thank you! Check your inbox.',
  subscribeFailed: '❌ Submission failed. Please try again.',
  sending: 'Sending...',
  sent: '✅ Message sent!',
  sendFailed: '❌ Failed to send message.',
} as const;

/** SPEC §4: the pause between "Thank you" and going to `/thank-you`. */
export const SUBSCRIBE_REDIRECT_MS = 1200;

export interface SubscribeInput {
  email: string;
  /** The page path the form was sent from, when it gave a usable one. */
  source: string | null;
}

export interface ContactInput extends SubscribeInput {
  name: string;
  message: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string; field: string };

type Fields = Record<string, unknown>;

// NUL cannot be stored in Postgres text; other control characters (but tab and line breaks in a
// message) have no business in a name or an address and are how header injection starts.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;
// With the u flag this matches only unpaired surrogates, which no UTF-8 database can store.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const length = (s: string) => [...s].length;

/** True when the honeypot field was filled in, i.e. a bot sent the form. */
export function isBot(input: unknown): boolean {
  if (!isFields(input)) return false;
  const trap = input[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && trap !== '';
}

/** Checks an email-capture submission: `{ email, source? }`. */
export function validateSubscribe(input: unknown): Validation<SubscribeInput> {
  if (!isFields(input)) return fail('form', 'The form data must be a set of named fields.');
  const email = checkEmail(input.email);
  if (!email.ok) return email;
  return { ok: true, value: { email: email.value, source: checkSource(input.source) } };
}

/** Checks a contact-form submission: `{ name, email, message, source? }`. */
export function validateContact(input: unknown): Validation<ContactInput> {
  if (!isFields(input)) return fail('form', 'The form data must be a set of named fields.');
  const name = checkText(input.name, 'name', 'your name', LIMITS.name, false);
  if (!name.ok) return name;
  const email = checkEmail(input.email);
  if (!email.ok) return email;
  const message = checkText(input.message, 'message', 'a message', LIMITS.message, true);
  if (!message.ok) return message;
  return { ok: true, value: { name: name.value, email: email.value, message: message.value, source: checkSource(input.source) } };
}

/** A page path on this site (`/…`, not `//host`), or null. */
export function checkSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.length > LIMITS.source) return null;
  if (CONTROL.test(value) || LINE_BREAK.test(value) || LONE_SURROGATE.test(value) || /\s|\\/.test(value)) return null;
  return value;
}

function checkEmail(value: unknown): Validation<string> {
  if (value === undefined || value === null || value === '') return fail('email', 'Please enter your email address.');
  if (typeof value !== 'string') return fail('email', 'The email address must be text.');
  const email = value.trim();
  if (email === '') return fail('email', 'Please enter your email address.');
  if (length(email) > LIMITS.email) return fail('email', `The email address is too long (at most ${LIMITS.email} characters).`);
  if (!EMAIL_PATTERN.test(email) || CONTROL.test(email) || LONE_SURROGATE.test(email)) {
    return fail('email', 'Please enter a valid email address.');
  }
  return { ok: true, value: email };
}

function checkText(value: unknown, field: string, what: string, max: number, multiline: boolean): Validation<string> {
  if (value === undefined || value === null) return fail(field, `Please enter ${what}.`);
  if (typeof value !== 'string') return fail(field, `The ${field} must be text.`);
  const text = value.trim();
  if (text === '') return fail(field, `Please enter ${what}.`);
  if (length(text) > max) return fail(field, `The ${field} is too long (at most ${max} characters).`);
  if (CONTROL.test(text) || LONE_SURROGATE.test(text) || (!multiline && LINE_BREAK.test(text))) {
    return fail(field, `The ${field} contains characters that cannot be stored.`);
  }
  return { ok: true, value: text };
}

function isFields(input: unknown): input is Fields {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

function fail(field: string, error: string): { ok: false; error: string; field: string } {
  return { ok: false, error, field };
}
