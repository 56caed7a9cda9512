import { escapeRegExp } from '../escape.ts';

/** Parses `_headers`: a path pattern line, then indented `Name: value` lines. */
export function parseHeaders(text: string): { pattern: RegExp; headers: [string, string][] }[] {
  const blocks: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const escaped = escapeRegExp(raw.trim()).replace(/\\\*/g, '.*');
      blocks.push({ pattern: new RegExp(`^${escaped}$`), headers: [] });
      continue;
    }
    const colon = raw.indexOf(':');
    if (colon > 0 && blocks.length) blocks[blocks.length - 1].headers.push([raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()]);
  }
  return blocks;
}

export function headersFor(rules: ReturnType<typeof parseHeaders>, pathname: string): [string, string][] {
  return rules.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.headers);
}
