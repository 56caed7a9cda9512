// The one validation module shared by the form islands (browser) and the forms function
// (serverless): no `node:` imports, no dependencies.

/**
 * docs/product.md ("Forms"): no spaces or @, an @, then a domain with a dot. "Spaces" are all of Unicode's: every
 * separator (Z: spaces, U+2028, U+2029), control (Cc: C0, DEL, C1 such as U+0085) and invisible
 * format character (Cf: zero-width, bidi controls, the BOM, soft hyphen), and lone surrogates (Cs).
 */
export const EMAIL_PATTERN = /^[^@\p{Z}\p{Cc}\p{Cf}\p{Cs}]+@[^@\p{Z}\p{Cc}\p{Cf}\p{Cs}]+\.[^@\p{Z}\p{Cc}\p{Cf}\p{Cs}]+$/u;

/** The longest value each field may hold, in characters (code points, a CRLF counting as one). */
const FIELD_LIMITS = { name: 200, email: 254, message: 5000, source: 200 } as const;

// The body limit is what the largest valid form can take on the wire, so a limit on bytes never
// refuses a form the field limits allow (a 5,000-emoji message is 20 KB as raw UTF-8). A code
// point is at most 4 UTF-8 bytes; form encoding writes each byte as `%XX` (12 characters), and
// JSON may escape an astral code point as two `\uXXXX` (12 characters, a BMP one as 6): 12 bytes
// per allowed code point either way. The envelope covers field names, quotes and separators, the
// honeypot and any extra fields a client adds, and blank space around values (trimmed away).
const BYTES_PER_CODE_POINT = 12;
const ENVELOPE_BYTES = 1024;

/** Server-side bounds: fields in characters (code points), and the request body in bytes derived from them. */
export const LIMITS = {
  ...FIELD_LIMITS,
  bodyBytes: BYTES_PER_CODE_POINT * (FIELD_LIMITS.name + FIELD_LIMITS.email + FIELD_LIMITS.message + FIELD_LIMITS.source) + ENVELOPE_BYTES,
} as const;

/** The hidden field people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

/** What each form tells people their data is for; stored with every row as shown. */
export const CONSENT = {
  subscribe: "We'll use your address only to send you the free guide and occasional advice. Every email has a one-click unsubscribe link; see our privacy policy.",
  contact: "We'll use your name and email only to reply to your message; see our privacy policy.",
} as const;

/**
 * The texts (docs/product.md, "Forms"), shown by the islands. No emoji marks: the page draws its
 * own (templates/components/icons.tsx), since many systems have no emoji font.
 */
export const TEXT = {
  invalidEmail: 'Please enter a valid email address.',
  submitting: 'Submitting...',
  subscribed: 'Thank you! Your guide is on the next page.',
  subscribeFailed: 'Submission failed. Please try again.',
  sending: 'Sending...',
  sent: 'Message sent!',
  sendFailed: 'Failed to send message.',
} as const;

/** docs/product.md ("Forms"): the pause between "Thank you" and going to `/thank-you`. */
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

// Refused, not stripped: silently changing what someone typed would store a message they did not
// write, and the 400 names the field and the character so they can fix it. NUL cannot be stored in
// Postgres text; the other controls (C0, DEL, C1 such as U+0085 NEL) have no business in a name or
// message and are how header and terminal injection start. A message keeps tab and line breaks.
// Lone surrogates (Cs, matched only when unpaired under the u flag) cannot be stored as UTF-8.
const NAME_REFUSED = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;
const MESSAGE_REFUSED = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
// What EMAIL_PATTERN keeps out besides @ and the plain space, found again to name it in the message.
const EMAIL_REFUSED = /(?! )[\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u;
const SOURCE_REFUSED = /[\p{Z}\p{Cc}\p{Cf}\p{Cs}\\]/u;

/** Length in code points, a CRLF counting as one as it does for the browser's `maxlength`. */
const length = (s: string) => [...s.replace(/\r\n/g, '\n')].length;

/** `U+0085`: how a refused character is named in a message (it is often invisible). */
const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

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
  if (SOURCE_REFUSED.test(value)) return null;
  return value;
}

function checkEmail(value: unknown): Validation<string> {
  if (value === undefined || value === null || value === '') return fail('email', 'Please enter your email address.');
  if (typeof value !== 'string') return fail('email', 'The email address must be text.');
  const email = value.trim();
  if (email === '') return fail('email', 'Please enter your email address.');
  if (length(email) > LIMITS.email) return fail('email', `The email address is too long (at most ${LIMITS.email} characters).`);
  const refused = EMAIL_REFUSED.exec(email)?.[0];
  if (refused !== undefined) {
    return fail('email', `The email address contains a space or an invisible character (${codePoint(refused)}); please type the address again.`);
  }
  if (!EMAIL_PATTERN.test(email)) return fail('email', 'Please enter a valid email address.');
  return { ok: true, value: email };
}

function checkText(value: unknown, field: string, what: string, max: number, multiline: boolean): Validation<string> {
  if (value === undefined || value === null) return fail(field, `Please enter ${what}.`);
  if (typeof value !== 'string') return fail(field, `The ${field} must be text.`);
  const text = value.trim();
  if (text === '') return fail(field, `Please enter ${what}.`);
  if (length(text) > max) return fail(field, `The ${field} is too long (at most ${max} characters).`);
  const refused = (multiline ? MESSAGE_REFUSED : NAME_REFUSED).exec(text)?.[0];
  if (refused !== undefined) {
    return fail(
      field,
      multiline
        ? `The ${field} contains a character that cannot be stored (${codePoint(refused)}); please remove it. Line breaks and tabs are fine.`
        : `The ${field} contains a line break or a character that cannot be stored (${codePoint(refused)}); please write it on one line without it.`,
    );
  }
  return { ok: true, value: text };
}

function isFields(input: unknown): input is Fields {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

function fail(field: string, error: string): { ok: false; error: string; field: string } {
  return { ok: false, error, field };
}
