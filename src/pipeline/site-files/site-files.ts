import { escapeXml } from '../../escape.ts';
import { canonicalUrl } from '../routes/urls.ts';
import type { FeedEntry, HostName, Redirect, Route, SiteSettings } from '../types.ts';
import { outFileFor } from '../routes/routes.ts';
import { ruleLines } from '../hosts/redirects.ts';
import { withBase } from '../routes/base-path.ts';


/** `sitemap.xml`: every indexable page, absolute URLs, sorted. */
export function sitemapXml(settings: SiteSettings, routes: Route[]): string {
  const urls = routes
    // Drafts and scheduled entries are published only by `drafts` builds, whose pages must never be announced.
    .filter((r) => !r.noindex && !r.entry?.draft && !r.entry?.scheduled)
    .map((r) => {
      const date = r.entry?.data?.updated ?? r.entry?.data?.date;
      const lastmod = typeof date === 'string' ? `<lastmod>${date}</lastmod>` : '';
      return `  <url><loc>${escapeXml(canonicalUrl(settings.url, r.path))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `robots.txt`: everything allowed except the `disallow` paths (default: none), and the sitemap's address. */
export function robotsTxt(settings: SiteSettings, disallow: string[] = []): string {
  const rules = disallow.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${rules}\nSitemap: ${canonicalUrl(settings.url, '/sitemap.xml')}\n`;
}

/** An Atom feed (RFC 4287) of the given entries, newest first. */
export function atomFeed(settings: SiteSettings, title: string, entries: FeedEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.path < b.path ? -1 : 1));
  const updated = sorted[0]?.date ?? '2025-01-01';
  const self = canonicalUrl(settings.url, '/feed.xml');
  const items = sorted.map((e) => {
    const url = canonicalUrl(settings.url, e.path);
    return [
      '  <entry>',
      `    <title>${escapeXml(e.title)}</title>`,
      `    <link href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <updated>${e.date}T00:00:00Z</updated>`,
      `    <author><name>${escapeXml(e.author ?? settings.title)}</name></author>`,
      `    <summary>${escapeXml(e.summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(title)}</title>`,
    `  <link href="${escapeXml(canonicalUrl(settings.url, '/'))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <id>${escapeXml(canonicalUrl(settings.url, '/'))}</id>`,
    `  <updated>${updated}T00:00:00Z</updated>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * `_redirects` in the format Netlify and Cloudflare Pages read: `from to status`, one a line,
 * first match wins, so exact paths come before splats (see hosts/redirects.ts for what each host
 * needs besides).
 */
export function redirectsFile(redirects: Redirect[]): string {
  const lines = ruleLines(redirects);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** How `_headers` starts: the host the build wrote for follows (a comment to the hosts). */
export const HOST_LINE = '# heartnotes build --host ';

/** How long a hashed asset may be cached: a year, never revalidated (its name changes with its bytes). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What an SVG file is sent with: it is a document that runs its own `<script>` when opened by its
 * address, so an SVG in `public/` could run script with the site's origin. As an `<img>` it runs
 * none anyway, so the policy costs nothing where SVGs are used as images.
 */
export const SVG_POLICY = "script-src 'none'";

/** The feed's type: hosts send any `.xml` file as `application/xml`, which feed readers may not take for a feed. */
export const FEED_TYPE = 'application/atom+xml; charset=utf-8';

/** Header rules the generator adds for the files it knows: the feed's type (when `feed` is the feed's path) and SVG's policy. */
export function generatedHeaders(feed: string | undefined): Record<string, Record<string, string>> {
  return { ...(feed ? { [feed]: { 'Content-Type': FEED_TYPE } } : {}), '/*.svg': { 'Content-Security-Policy': SVG_POLICY } };
}

/**
 * `_headers` in the format Netlify and Cloudflare Pages read: each path pattern, then its headers
 * indented, in the order of `rules`, then the `generated` rules (default: none). Hashed assets
 * under `assetPrefix` are cached for a year unless `rules` gives their pattern a `Cache-Control`
 * of its own; a generated rule's header is left out where `rules` sets it for the same pattern.
 */
export function headersFile(rules: Record<string, Record<string, string>>, assetPrefix: string, host?: HostName, generated: Record<string, Record<string, string>> = {}): string {
  const assets = `${assetPrefix}*`;
  const all: Record<string, Record<string, string>> = { ...rules, [assets]: { 'Cache-Control': IMMUTABLE, ...rules[assets] } };
  for (const [pattern, headers] of Object.entries(generated)) all[pattern] = { ...headers, ...all[pattern] };
  // The first line names the host the output is for: `preview` serves it the way that host does.
  const lines: string[] = host && host !== 'static' ? [`${HOST_LINE}${host}`] : [];
  for (const [pattern, headers] of Object.entries(all)) {
    lines.push(pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/** A tiny page at an old address for hosts that ignore `_redirects`. */
export function redirectPage(settings: SiteSettings, redirect: Redirect, base = '/'): { outFile: string; html: string } {
  const external = /^https?:\/\//.test(redirect.to);
  const target = external ? redirect.to : canonicalUrl(settings.url, redirect.to);
  const href = external ? redirect.to : withBase(redirect.to, base);
  const esc = escapeXml(href);
  const html = [
    '<!doctype html>',
    `<html lang="${escapeXml(settings.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>Redirecting to ${esc}</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeXml(target)}">`,
    `<meta http-equiv="refresh" content="0; url=${esc}">`,
    '</head>',
    `<body><p>This page has moved to <a href="${esc}">${esc}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
  return { outFile: outFileFor(redirect.from), html };
}
