/**
 * Whether a text may be a page or redirect address of a site. No `node:` import: schema fields
 * (validate/fields.ts) check site paths with it in the browser-safe public entry point, and
 * output-paths.ts checks them again before writing.
 */

/** Characters a path segment may hold: RFC 3986 unreserved, plus %-escapes. */
const SEGMENT = /^(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+$/;

/** Why `path` cannot be a page or redirect address of this site, or `undefined` when it can. */
export function sitePathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'it must start with "/"';
  if (path.startsWith('//')) return 'it starts with "//", which browsers read as another site';
  if (path === '/') return undefined;
  const segments = path.slice(1).replace(/\/$/, '').split('/');
  for (const segment of segments) {
    if (segment === '') return 'it has an empty segment ("//")';
    if (!SEGMENT.test(segment)) {
      const bad = [...segment].find((ch) => !/[A-Za-z0-9\-._~%]/.test(ch));
      if (!bad) return `"${segment}" has a broken %-escape ("%" must be followed by two hex digits)`;
      return `it contains ${describeChar(bad)}; use letters a-z, digits and dashes, e.g. /hello-world`;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return `"${segment}" has a broken %-escape`;
    }
    if (decoded === '.' || decoded === '..') return `it has a "${segment}" segment, which would point outside its folder`;
    if (/[/\\\0]/.test(decoded)) return `"${segment}" hides a "/", "\\" or NUL in a %-escape`;
  }
  return undefined;
}

function describeChar(ch: string): string {
  if (ch === ' ') return 'a space';
  const code = ch.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code > 0x7e
    ? `the character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `"${ch}"`;
}
