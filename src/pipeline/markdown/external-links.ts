import type { Root, Element } from 'hast';
import type { SponsoredLinks } from '../types.ts';
import { forEachElement } from './walk.ts';

export interface ExternalLinkOptions {
  /** The site's own origin; links to it are internal (optional). */
  siteUrl?: string;
  /** Which links are paid for, and the `rel` they get (optional: without it no link is marked). */
  sponsoredLinks?: SponsoredLinks;
}

/** The `rel` words a sponsored link gets when the site names none. */
export const DEFAULT_SPONSORED_REL = 'sponsored nofollow';

/** Whether `host` is one of `hosts` or a subdomain of one. */
export function isSponsoredHost(host: string, hosts: string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((a) => h === a.toLowerCase() || h.endsWith(`.${a.toLowerCase()}`));
}

/**
 * External links open in a new tab with `rel="noopener noreferrer"`. Sponsored links (a host on
 * `sponsoredLinks.hosts`, or a link titled `sponsoredLinks.markerTitle`, whose title is removed)
 * also get the sponsored `rel` words first (`sponsored nofollow` unless the site says otherwise).
 */
export function rehypeExternalLinks(options: ExternalLinkOptions = {}) {
  const ownHost = options.siteUrl ? safeHost(options.siteUrl) : undefined;
  const hosts = options.sponsoredLinks?.hosts ?? [];
  const marker = options.sponsoredLinks?.markerTitle;
  const sponsoredRel = (options.sponsoredLinks?.rel ?? DEFAULT_SPONSORED_REL).split(/\s+/).filter(Boolean);
  return (tree: Root) => {
    forEachElement(tree, (node: Element) => {
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const marked = marker !== undefined && node.properties.title === marker;
      if (marked) delete node.properties.title;
      const host = /^https?:\/\//i.test(node.properties.href) ? safeHost(node.properties.href) : undefined;
      if (!host || host === ownHost) {
        if (marked) node.properties.rel = [...sponsoredRel];
        return;
      }
      node.properties.target = '_blank';
      const rel = ['noopener', 'noreferrer'];
      if (marked || isSponsoredHost(host, hosts)) rel.unshift(...sponsoredRel);
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
