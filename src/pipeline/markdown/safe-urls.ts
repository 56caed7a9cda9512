import type { Root, Element } from 'hast';
import { forEachElement } from './walk.ts';

/** Schemes a link or image address may use; anything else becomes an empty address. */
export const allowedSchemes = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** True for relative addresses and for the allowed schemes. */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore tabs, newlines and leading control characters in URLs: so must we.
  const cleaned = url.replace(/[\u0000-\u0020\u007f]+/g, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return true;
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return true;
  return allowedSchemes.includes(cleaned.slice(0, colon).toLowerCase());
}

/** Empties `href` and `src` values whose scheme is not on the allow-list. */
export function rehypeSafeUrls() {
  return (tree: Root) => {
    forEachElement(tree, (node: Element) => {
      for (const prop of ['href', 'src'] as const) {
        const value = node.properties[prop];
        if (typeof value === 'string' && !isSafeUrl(value)) node.properties[prop] = '';
      }
    });
  };
}

/**
 * Links and images written in a Markdown body whose address `rehypeSafeUrls` would empty (a
 * `javascript:` or `data:` address, say), each at its 1-based line (of the body) and column, so
 * the editor hears of it instead of publishing a link that does nothing. Inline links, reference
 * definitions and autolinks are read; fenced code is skipped.
 */
export function unsafeLinksIn(body: string): { href: string; line: number; column: number }[] {
  const found: { href: string; line: number; column: number }[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((text, i) => {
    // Most lines can hold neither a fence (a backtick or tilde) nor a link (a "]" or "<").
    if (!text.includes('`') && !text.includes('~') && (fence || (!text.includes(']') && !text.includes('<')))) return;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (fence) return;
    const links = /\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)|<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gi;
    for (let m = links.exec(text); m; m = links.exec(text)) {
      const href = m[1] ?? m[2] ?? m[3];
      if (!isSafeUrl(href)) found.push({ href, line: i + 1, column: m.index + m[0].indexOf(href) + 1 });
    }
  });
  return found;
}
