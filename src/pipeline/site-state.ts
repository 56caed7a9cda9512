import type { Redirect, Route, SiteConfig, SiteSettings } from './types.ts';
import { atomFeed, headersFile, redirectPage, redirectsFile, robotsTxt, sitemapXml } from './site-files/site-files.ts';

/** Sitemap, robots.txt, feed, `_headers`, `_redirects`, alias pages and stylesheets, by output path. */
export function buildSiteFiles(
  config: SiteConfig,
  content: never,
  settings: SiteSettings,
  routes: Route[],
  redirects: Redirect[],
  assets: { outFile: string; contents: Uint8Array }[],
): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const a of assets) files.set(a.outFile, a.contents);
  files.set('sitemap.xml', sitemapXml(settings, routes));
  files.set('robots.txt', robotsTxt(settings, config.robots?.disallow));
  if (config.feed) {
    const feed = config.feed(content);
    files.set('feed.xml', atomFeed(settings, feed.title, feed.entries));
  }
  for (const [file, contents] of Object.entries(config.files?.(content) ?? {})) files.set(file, contents);
  files.set('_headers', headersFile(config.headers ?? {}, '/assets/'));
  files.set('_redirects', redirectsFile(redirects));
  for (const r of redirects) {
    if (r.htmlPage === false || r.from.includes('*') || r.status === 404) continue;
    const page = redirectPage(settings, r);
    files.set(page.outFile, page.html);
  }
  return files;
}
