import type { HostName, Redirect, Route } from '../types.ts';

/**
 * What each host reads of the redirects, and how it finds a not-found page.
 *
 * # Design decision
 * The hosts disagree, and a rule one of them needs breaks the other (tried on `netlify dev
 * --offline` 26.2 and `wrangler pages dev` 4.86):
 * - Netlify serves an existing file before an unforced rule, and the build writes a small HTML
 *   page at every old address (for hosts that read no rules), so its redirects must be forced
 *   (`301!`). A 404 rule (`/post/* /post/404.html 404`) picks a folder's not-found page.
 * - Cloudflare Pages applies every rule before its files, rejects the whole file over a `!`, and
 *   rejects 404 rules; it serves the nearest `404.html` up the folder tree by itself.
 * - A plain CDN reads no rules at all: it gets the old addresses' HTML pages and one `404.html`.
 * Not-found pages are therefore pages written as `404.html` or `<folder>/404.html`, not rules:
 * each host is given what it needs to serve them for unknown addresses, and with status 404 at
 * their own address too.
 */

/** A not-found page: the folder whose unknown addresses it answers (`/`, `/blog/`) and its file. */
export interface NotFoundPage {
  folder: string;
  outFile: string;
}

/** The pages written as `404.html` or `<folder>/404.html`, deepest folder first. */
export function notFoundPages(routes: Pick<Route, 'outFile'>[]): NotFoundPage[] {
  return routes
    .filter((r) => r.outFile === '404.html' || r.outFile.endsWith('/404.html'))
    .map((r) => ({ folder: `/${r.outFile.slice(0, -'404.html'.length)}`, outFile: r.outFile }))
    .sort((a, b) => b.folder.length - a.folder.length || (a.folder < b.folder ? -1 : 1));
}

/**
 * The `_redirects` file for `host`: for a static host (only dev's server reads it then) the
 * plain rules both hosts read. `hidden` are output files no host may serve (default: none):
 * each answers 404, as any unknown address does.
 */
export function redirectsFor(host: HostName, redirects: Redirect[], notFound: NotFoundPage[], hidden: string[] = []): string {
  const lines: string[] = [];
  if (host === 'static') lines.push(...ruleLines(redirects));
  else lines.push(...hiddenLines(host, hidden, notFound), ...hostLines(host, redirects, notFound));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * Rules that answer 404 for `hidden` files. Netlify's deploy never uploads a dot-file, but
 * `netlify dev` serves one: a forced 404 rule makes both answer alike. Cloudflare Pages uploads
 * every file but its own configuration files and reads no `.assetsignore`: a rewrite to an
 * address with no file answers its 404 page, so the file is uploaded but never served.
 */
function hiddenLines(host: 'netlify' | 'cloudflare', hidden: string[], notFound: NotFoundPage[]): string[] {
  const root = notFound.find((page) => page.folder === '/');
  return hidden.map((file) => (host === 'netlify' ? `/${file} /${root?.outFile ?? `${file}.missing`} 404!` : `/${file} /${file}.missing 200`));
}

/** Netlify's and Cloudflare's rules: forced redirects, or rewrites, for the not-found pages. */
function hostLines(host: 'netlify' | 'cloudflare', redirects: Redirect[], notFound: NotFoundPage[]): string[] {
  const lines: string[] = [];
  // A not-found page at its own address answers 404 too, as it does for every unknown one.
  for (const page of notFound) {
    const own = `/${page.outFile.slice(0, -'.html'.length)}`;
    if (host === 'netlify') lines.push(`${own} /${page.outFile} 404!`, `/${page.outFile} /${page.outFile} 404!`);
    // Cloudflare has no 404 rules: a rewrite to an address with no file gets its 404 page.
    else lines.push(`${own} ${own}.missing 200`);
  }
  lines.push(...ruleLines(redirects.filter((r) => r.status !== 404 || host === 'netlify'), host === 'netlify'));
  if (host === 'netlify') {
    for (const page of notFound) if (page.folder !== '/') lines.push(`${page.folder}* /${page.outFile} 404`);
  }
  return lines;
}

/**
 * `from to status` lines, first match wins, so exact paths come before splats; each exact
 * address is redirected with a trailing slash too. `force` marks redirects `!`, so they win over
 * the file at their address.
 */
export function ruleLines(redirects: Redirect[], force = false): string[] {
  const lines: string[] = [];
  const ordered = [...redirects].sort((a, b) => Number(a.from.includes('*')) - Number(b.from.includes('*')));
  for (const r of ordered) {
    const status = force && r.status >= 300 && r.status < 400 ? `${r.status}!` : String(r.status);
    lines.push(`${r.from} ${r.to} ${status}`);
    if (!r.from.includes('*') && r.from !== '/' && r.status !== 404) lines.push(`${r.from}/ ${r.to} ${status}`);
  }
  return lines;
}

/**
 * The `_redirects` of an output laid out with the site in the folder of its base path
 * (hosts/layout.ts): `siteRules`, the site's own rules with every path under the base, after the
 * rules for the root itself: the `hidden` files there answer 404 as above, and `/` sends the
 * reader to the site (301: the deploy holds nothing else). On Netlify, which serves only a
 * `404.html` at the root for unknown addresses, a last rule gives every unknown address, in the
 * site or outside it, the site's own not-found page; Cloudflare finds the site's `404.html` in
 * its folder by itself.
 */
export function rootRedirects(host: 'netlify' | 'cloudflare', base: string, siteRules: string, notFound: NotFoundPage[], hidden: string[]): string {
  const siteNotFound = notFound.find((page) => page.folder === '/');
  const lines = hidden.map((file) => (host === 'netlify' ? `/${file} ${base}${siteNotFound?.outFile ?? `${file}.missing`} 404!` : `/${file} /${file}.missing 200`));
  lines.push(...ruleLines([{ from: '/', to: base, status: 301 }], host === 'netlify'));
  const last = host === 'netlify' && siteNotFound ? [`/* ${base}${siteNotFound.outFile} 404`] : [];
  return `${[...lines, ...siteRules.split('\n').filter((line) => line !== ''), ...last].join('\n')}\n`;
}
