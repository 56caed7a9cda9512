import type { Root, Element } from 'hast';
import { forEachElement } from './walk.ts';

export interface ExternalLinkOptions {
  /** The site's own origin; links to it are internal (optional). */
  siteUrl?: string;
  /** Hosts whose links are affiliate links; subdomains match too (default: none). */
  affiliateHosts?: string[];
}

/** The link title that marks any link as an affiliate link; it is removed from the output. */
export const AFFILIATE_MARKER = 'affiliate';

/** Whether `host` is one of `hosts` or a subdomain of one. */
export function isAffiliateHost(host: string, hosts: string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((a) => h === a.toLowerCase() || h.endsWith(`.${a.toLowerCase()}`));
}

/**
 * External links open in a new tab with `rel="noopener noreferrer"`; affiliate links (a host on
 * the list, or the title "affiliate") also get `sponsored nofollow`. Images load lazily.
 */
export function rehypeExternalLinks(options: ExternalLinkOptions = {}) {
  const ownHost = options.siteUrl ? safeHost(options.siteUrl) : undefined;
  const hosts = options.affiliateHosts ?? [];
  return (tree: Root) => {
    forEachElement(tree, (node: Element) => {
      if (node.tagName === 'img') {
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        return;
      }
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const marked = node.properties.title === AFFILIATE_MARKER;
      if (marked) delete node.properties.title;
      const host = /^https?:\/\//i.test(node.properties.href) ? safeHost(node.properties.href) : undefined;
      if (!host || host === ownHost) {
        if (marked) node.properties.rel = ['sponsored', 'nofollow'];
        return;
      }
      node.properties.target = '_blank';
      const rel = ['noopener', 'noreferrer'];
      if (marked || isAffiliateHost(host, hosts)) rel.unshift('sponsored', 'nofollow');
      node.properties.rel = rel;
    });
  };
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
