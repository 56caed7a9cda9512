import { withBase } from '../pipeline/routes/base-path.ts';

/**
 * A site path (`/api/subscribe`, `/search?q=…`) as browser code must request or link it: under
 * the base path the page was built for (`/blog/api/subscribe` for a site under `/blog/`), read
 * from the page's `<html data-base>` (render/base-html.ts). On the server, while a template or
 * an island renders, it is the path as given: the build puts the base on every address in the
 * rendered page's attributes, so an island's first render and its hydration agree.
 */
export function siteAddress(path: string): string {
  const base = typeof document === 'undefined' ? undefined : document.documentElement.dataset.base;
  return base ? withBase(path, base) : path;
}
