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
