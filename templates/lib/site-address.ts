/**
 * A site path (`/api/subscribe`, `/search?q=…`) as browser code must request or link it: under
 * the base path the page was built for (`/blog/api/subscribe` for a site under `/blog/`), which
 * the build writes as `<html data-base="/blog/">` (docs/configuration.md, "Base path"). On the
 * server, while an island renders, it is the path as given: the build puts the base on every
 * address in the rendered page's attributes, so an island's first render and its hydration agree.
 *
 * Not imported from the generator's entry (src/index.ts): a page script or island that imports it
 * takes its shared chunks along (the React server renderer among them, ~200 KB).
 */
export function siteAddress(path: string): string {
  const base = typeof document === 'undefined' ? undefined : document.documentElement.dataset.base;
  if (!base || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${base}${path.slice(1)}`;
}
