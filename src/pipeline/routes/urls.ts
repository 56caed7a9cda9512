/** Absolute URL of a site path. */
export function canonicalUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

/** A link with a scheme (`https:`, `mailto:`) or to another host (`//cdn…`): it leaves the site, so no page of it is checked. */
export function leavesSite(link: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//');
}
