// Characters no content text needs, which reach a page unseen or make its XML (the feed, the
// sitemap) not well-formed: C0 controls other than tab, line feed and carriage return, DEL, the
// C1 controls (U+0080–U+009F, e.g. U+0085 "next line"), the non-characters U+FFFE and U+FFFF, and
// half of a surrogate pair (XML 1.0 allows none of the C0 ones, U+FFFE, U+FFFF or lone halves).
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first forbidden character in `text`: its index and code unit, or undefined. */
export function firstForbidden(text: string): { index: number; code: number } | undefined {
  const match = FORBIDDEN.exec(text);
  return match ? { index: match.index, code: match[0].charCodeAt(0) } : undefined;
}

/** What a backslash escape of YAML's double-quoted style or of JSON stands for, by its letter. */
const SINGLE: Record<string, number> = { '0': 0, a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, e: 27, N: 0x85 };

/**
 * Where, from `from` on, `text` writes a forbidden character as an escape (`\u0000`, `\x1b`, `\e`,
 * `\N`…): the offset of its backslash, or undefined. YAML and JSON decode these, so the file
 * itself is clean while the value holds the character.
 */
export function forbiddenEscapeAt(text: string, from: number): number | undefined {
  const escape = /\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/gs;
  escape.lastIndex = from;
  for (let m = escape.exec(text); m; m = escape.exec(text)) {
    const hex = m[1] ?? m[2] ?? m[3];
    const code = hex ? Number.parseInt(hex, 16) : SINGLE[m[4]];
    if (code !== undefined && code <= 0xffff && firstForbidden(String.fromCharCode(code))) return m.index;
  }
  return undefined;
}
