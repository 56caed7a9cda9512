import type { SearchOptions } from '../types.ts';

/** One page as the search index receives it: plain text and the fields a result shows. */
export interface SearchRecord {
  /** The page's path, e.g. `/post/first-date-ideas`: the result's link. */
  url: string;
  /** The marked element's text, tags removed, whitespace collapsed, capped at `maxChars`. */
  content: string;
  /** ISO 639-1 code from `<html lang>` (default: `en`). */
  language: string;
  /** `title` (the first `<h1>` in the marked element, else `<title>`), plus any `data-pagefind-meta="key:value"`. */
  meta: Record<string, string>;
}

const BODY = /<([a-z][a-z0-9-]*)\b[^>]*?\sdata-pagefind-body(?=[\s=>/])[^>]*>/gi;
const IGNORED = /<([a-z][a-z0-9-]*)\b[^>]*?\sdata-pagefind-ignore(?=[\s=>/])[^>]*>/gi;
const NO_TEXT = /<(script|style|svg|template|noscript)\b[\s\S]*?<\/\1>/gi;
const META = /\sdata-pagefind-meta="([^"]*)"/gi;

/**
 * The search record of a rendered page, or `undefined` when the page marks no element with
 * `data-pagefind-body` or its path is excluded.
 *
 * # Design decision
 * Text is read with a few regular expressions over the generator's own output (React's, so
 * well-formed), not with an HTML parser: a page is read once, as it is rendered, and the record
 * lets the build cap each page's text (`maxChars`). The attributes are Pagefind's (`data-pagefind-
 * body`, `-meta`, `-ignore`), which the index used to be: a site marked for Pagefind needs no change.
 */
export function searchRecord(html: string, path: string, options: SearchOptions = {}): SearchRecord | undefined {
  if (isExcluded(path, options.exclude)) return undefined;
  const open = bodyTag(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const body = html.slice(start, elementEnd(html, open[1], start));
  const meta: Record<string, string> = {};
  for (const m of `${open[0]}${body}`.matchAll(META)) {
    const [key, ...value] = decodeEntities(m[1]).split(':');
    if (key && value.length) meta[key.trim()] = value.join(':').trim();
  }
  const kept = withoutIgnored(body).replace(NO_TEXT, ' ');
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(kept)?.[1] ?? /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? path;
  meta.title ??= textOf(h1);
  const text = textOf(kept);
  const max = options.maxChars;
  const content = max !== undefined && text.length > max ? text.slice(0, Math.max(text.lastIndexOf(' ', max), 0) || max) : text;
  const language = (/<html\b[^>]*\slang="([a-zA-Z]{2,3})/.exec(html)?.[1] ?? 'en').toLowerCase();
  return { url: path, content, language, meta };
}

/**
 * `BODY`'s first match, looked for from the last `>` before the attribute's name first appears:
 * a match holds no `>` but its last, so none starts earlier (the expression alone tried every tag
 * of the page's head and header).
 */
function bodyTag(html: string): RegExpExecArray | null {
  const first = html.search(/data-pagefind-body/i);
  if (first === -1) return null;
  BODY.lastIndex = html.lastIndexOf('>', first) + 1;
  return BODY.exec(html);
}

/** Whether `path` matches an `exclude` pattern: exact, or a prefix ending in `*`. */
export function isExcluded(path: string, exclude: string[] = []): boolean {
  return exclude.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** Where the element whose start tag ends at `from` ends (before its end tag), counting nested elements of the same name. */
function elementEnd(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[0].endsWith('/>')) continue;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return html.length;
}

/** `html` less every element marked `data-pagefind-ignore` (with its content). */
function withoutIgnored(html: string): string {
  let out = '';
  let at = 0;
  IGNORED.lastIndex = 0;
  for (let m = IGNORED.exec(html); m; m = IGNORED.exec(html)) {
    if (m.index < at) continue;
    out += html.slice(at, m.index);
    const end = elementEnd(html, m[1], m.index + m[0].length);
    const close = html.indexOf('>', end);
    at = close === -1 ? html.length : close + 1;
    IGNORED.lastIndex = at;
  }
  return out + html.slice(at);
}

const INLINE_NAMES = ['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var'];
const INLINE = new RegExp(`<\\/?(?:${INLINE_NAMES.join('|')})\\b[^>]*>`, 'gi');

/**
 * Inline tags dropped, other tags to spaces (so "<b>books</b>." stays "books."), entities decoded,
 * whitespace collapsed.
 *
 * # Design decision
 * One pass from each `<` to the `>` after it, not a replace for inline tags and then one for the
 * rest: the two replaces over every page were about 0.9 of the main thread's CPU-s in a cold build
 * of the 4,000-page bench (2026-11-30). A tag is where both expressions would find it when no `<`
 * comes between a `<` and its `>` (the generator's pages: React escapes `<` in text and values);
 * a page where one does is read by the expressions themselves (`textByExpressions`), so the text is
 * the same for any input.
 */
export function textOf(html: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let open = html.indexOf('<'); open !== -1; ) {
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    const next = html.indexOf('<', open + 1);
    if (next !== -1 && next < close) return textByExpressions(html);
    if (open > at) parts.push(html.slice(at, open));
    if (!isInlineTag(html, open)) parts.push(' ');
    at = close + 1;
    open = next;
  }
  parts.push(html.slice(at));
  const text = parts.join('');
  return (text.includes('&') ? decodeEntities(text) : text).replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

/** `textOf` as two replaces: what it does where a `<` comes inside a tag. */
export function textByExpressions(html: string): string {
  return decodeEntities(html.replace(INLINE, '').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/** Whether the tag at `open` is one `INLINE` matches: an inline element's name, all of its word characters (`\b`). */
function isInlineTag(html: string, open: number): boolean {
  let from = open + 1;
  if (html.charCodeAt(from) === 47) from++; // '/'
  // The name's letters, lower-cased, five bits each: no string made for each of a page's tags.
  let key = 0;
  let to = from;
  for (let c = html.charCodeAt(to); isWordCode(c); c = html.charCodeAt(++to)) {
    const letter = c | 0x20;
    if (to - from >= 6 || letter < 97 || letter > 122) return false;
    key = key * 32 + (letter - 96);
  }
  return INLINE_KEYS.has(key);
}

const nameKey = (name: string) => [...name].reduce((key, c) => key * 32 + (c.charCodeAt(0) - 96), 0);
const INLINE_KEYS = new Set(INLINE_NAMES.map(nameKey));

/** What `\w` matches: ASCII letters, digits and `_`. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
