// The `cu` destination allow-list and the choice of where a landing page sends the visitor
// (docs/product.md, "Destination allow-list" and `direct=1`). Browser-safe: plain strings in, plain data out.
//
// # Design decisions
// - https only. A tracker click sent over http can be rewritten on the way; no tracker we use
//   needs it. Rejected: allowing http for "legacy" links, which would also let `cu` downgrade.
// - `cu` is decoded exactly once (docs/product.md: "URL-decoded where possible"), on top of the decoding
//   `URLSearchParams` already did. Decoding until stable was rejected: it turns double-encoded
//   tricks (`%252f`, `%2540`) into live separators. After the one decode, any `%2f`, `%5c` or
//   `%2e` left in the path means the value was encoded twice, and it is refused; so are `.` and
//   `..` segments, checked on the path as written because `URL` resolves them away.
// - The host must be written plainly: after parsing, the candidate must literally begin with
//   `https://<host>/` (ASCII case-insensitive). This one check refuses userinfo (`a@b`),
//   explicit ports (even `:443`), backslashes, percent-encoded or Unicode look-alike hosts that
//   IDNA would map onto an allowed one, trailing dots and `https:host` / `https:///host` forms.
// - Hosts match exactly; no suffix matching (`a.track.example` is not `track.example`).
// - Reasons are fixed codes and never echo the input, so rendering one cannot inject markup.
//   Accepted URLs are `URL.href`, where `<`, `>`, `"`, spaces and backslashes are percent-encoded;
//   `'` may remain in a path or fragment, so pages put the URL into markup with escaping (React does).

/** Why a `cu` value was refused. */
export type CuRefusal =
  | 'missing'
  | 'too-long'
  | 'forbidden-character'
  | 'not-a-url'
  | 'not-https'
  | 'credentials'
  | 'port'
  | 'host-not-allowed'
  | 'not-plain-host'
  | 'encoded-path'
  | 'path-not-allowed';

export type CuResult = { ok: true; url: string } | { ok: false; reason: CuRefusal };

/** Longest `cu` we look at; tracker click links are far shorter. */
export const MAX_CU_LENGTH = 2048;

/** Whitespace, C0/C1 controls, backslash and invisible formatting (zero-width, bidi) characters. */
const FORBIDDEN_CHARACTER = /[\s\u0000-\u001f\u007f-\u009f\\\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** Percent-escapes left after the one decode that would act as `/`, `\` or `.` in a path. */
const ENCODED_PATH_SEPARATOR = /%(2f|5c|2e)/i;

/** A `.` or `..` path segment, which `URL` would resolve into a different path. */
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;

/** Normalises allow-list hosts the way `URL` reports hostnames (lowercase, punycode). */
export function normalizeAllowList(allowList: readonly string[]): string[] {
  const hosts: string[] = [];
  for (const entry of allowList) {
    try {
      hosts.push(new URL(`https://${entry.trim()}/`).hostname);
    } catch {
      // An entry that is not a hostname can never match; skipping it keeps the check exact.
    }
  }
  return hosts;
}

/** `/click`, `/click/...` or `/go/...` — the only tracker paths a destination may have. */
export function isAllowedPath(pathname: string): boolean {
  return pathname === '/click' || pathname.startsWith('/click/') || pathname.startsWith('/go/');
}

function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * Checks an already-decoded URL text against the allow-list; no decoding, no `https://` retry.
 * Used for content URLs (default campaign links, tracker bases) and by `validateCu`.
 */
export function checkAllowedUrl(text: string, allowList: readonly string[]): CuResult {
  if (text === '') return { ok: false, reason: 'missing' };
  if (text.length > MAX_CU_LENGTH) return { ok: false, reason: 'too-long' };
  if (FORBIDDEN_CHARACTER.test(text)) return { ok: false, reason: 'forbidden-character' };
  const url = parse(text);
  if (!url) return { ok: false, reason: 'not-a-url' };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (url.port !== '') return { ok: false, reason: 'port' };
  if (!normalizeAllowList(allowList).includes(url.hostname)) return { ok: false, reason: 'host-not-allowed' };
  if (!asciiLowerCase(text).startsWith(`https://${url.hostname}/`)) return { ok: false, reason: 'not-plain-host' };
  // The path as written, before `URL` resolves `%2e%2e` and `..` segments away.
  const writtenPath = text.slice(`https://${url.hostname}`.length).split(/[?#]/)[0] ?? '';
  if (ENCODED_PATH_SEPARATOR.test(writtenPath) || DOT_SEGMENT.test(writtenPath)) {
    return { ok: false, reason: 'encoded-path' };
  }
  if (!isAllowedPath(url.pathname)) return { ok: false, reason: 'path-not-allowed' };
  return { ok: true, url: url.href };
}

/**
 * Validates a `cu` query value per docs/product.md ("Destination allow-list"): trimmed, decoded once where that succeeds, parsed as
 * a URL or retried with an `https://` prefix, then held to the allow-list rules above.
 */
export function validateCu(raw: string | null | undefined, allowList: readonly string[]): CuResult {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return { ok: false, reason: 'missing' };
  if (trimmed.length > MAX_CU_LENGTH) return { ok: false, reason: 'too-long' };
  let decoded = trimmed;
  try {
    decoded = decodeURIComponent(trimmed);
  } catch {
    // Not valid percent-encoding (`100%`): use the value as it came, as docs/product.md ("Destination allow-list") allows.
  }
  const candidate = parse(decoded) ? decoded : `https://${decoded}`;
  return checkAllowedUrl(candidate, allowList);
}

export type Toast = { title: string; variant: 'warning' };

export type Destination =
  | { kind: 'go'; url: string; toast?: Toast; immediate: boolean }
  | { kind: 'invalid-access'; title: 'Invalid access'; message: 'This landing page can only be opened from authorized traffic.' };

export const TEXT = {
  invalidCu: {
    en: 'Invalid ?cu=, using safe BeMob click.',
    es: 'Invalid ?cu=, using safe BeMob click.',
    fr: '?cu= invalide : utilisation du lien BeMob sûr.',
  },
  invalidAccessTitle: 'Invalid access',
  invalidAccessMessage: 'This landing page can only be opened from authorized traffic.',
} as const;

export interface DestinationInput {
  /** The `cu` query value (optional). */
  cu?: string | null;
  /** The `direct` query value; only `'1'` (or `true`) forwards at once (optional). */
  direct?: string | boolean | null;
  /** The page's default campaign link from content; must pass the allow-list itself (optional). */
  defaultUrl?: string | null;
  /** Tracker hosts this page may send visitors to. */
  allowList: readonly string[];
  /** The page's locale; French pages get the French toast (default: 'en'). */
  locale?: 'es' | 'en' | 'fr';
}

/**
 * Decides where the page sends the visitor: a valid `cu`, else the default campaign link (with a
 * toast when a `cu` was given but refused), else the *Invalid access* notice.
 *
 * `immediate` is true for `direct=1`. With `direct=1` and nothing valid there is still nowhere
 * honest to go, so that also yields *Invalid access*. Throws when `defaultUrl` is given but not on
 * the allow-list: that is a content mistake, not a visitor's.
 */
export function chooseDestination({ cu, direct, defaultUrl, allowList, locale = 'en' }: DestinationInput): Destination {
  const immediate = direct === true || (typeof direct === 'string' && direct.trim() === '1');
  const fromCu = validateCu(cu, allowList);
  if (fromCu.ok) return { kind: 'go', url: fromCu.url, immediate };
  if (defaultUrl) {
    const fallback = checkAllowedUrl(defaultUrl.trim(), allowList);
    if (!fallback.ok) {
      throw new Error(
        `The default campaign link ${JSON.stringify(defaultUrl)} is refused (${fallback.reason}); use an https link on the page's tracker allow-list with a /click or /go/ path.`,
      );
    }
    const go: Destination = { kind: 'go', url: fallback.url, immediate };
    return fromCu.reason === 'missing' ? go : { ...go, toast: { title: TEXT.invalidCu[locale], variant: 'warning' } };
  }
  return { kind: 'invalid-access', title: TEXT.invalidAccessTitle, message: TEXT.invalidAccessMessage };
}
