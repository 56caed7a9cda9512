import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { messages } from '../diagnostics/messages.ts';
import type { Redirect } from './types.ts';

export interface LinkedPage {
  path: string;
  outFile: string;
  /** The file named in errors about this page. */
  source?: string;
  links: string[];
  ids: string[];
}

/**
 * Checks every internal `href`/`src` of every page: it must name a page, a file of the output or
 * a redirect, and its `#anchor` must be an id on the page it lands on. `only` limits the check to
 * the links of those output files; every page still offers its ids (default: check every page).
 */
export function checkLinks(pages: LinkedPage[], files: Set<string>, redirects: Redirect[], only?: Set<string>): Diagnostic[] {
  const pageByFile = new Map<string, LinkedPage>();
  for (const p of pages) pageByFile.set(p.outFile, p);
  // Only the pages an anchor points into need their ids as a set (a dev rebuild checks few links).
  const idsByFile = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> | undefined => {
    let ids = idsByFile.get(file);
    const page = ids ? undefined : pageByFile.get(file);
    if (page) idsByFile.set(file, (ids = new Set(page.ids)));
    return ids;
  };
  const redirectTo = new Map<string, string>();
  for (const r of redirects) if (!r.from.includes('*') && r.status !== 404) redirectTo.set(r.from, r.to);

  const resolveFile = (pathname: string): string | undefined => {
    const rel = pathname.replace(/^\/+/, '');
    const candidates =
      rel === '' ? ['index.html'] : rel.endsWith('/') ? [`${rel.slice(0, -1)}.html`, `${rel}index.html`] : [rel, `${rel}.html`, `${rel}/index.html`];
    return candidates.find((c) => files.has(c));
  };

  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    if (only && !only.has(page.outFile)) continue;
    const base = new URL(page.path, 'http://site.invalid');
    for (const link of page.links) {
      if (link === '' || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
      let url: URL;
      try {
        url = new URL(link, base);
      } catch {
        diagnostics.push({ ...messages.deadLink(link, page.path), file: page.source });
        continue;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = url.pathname;
      }
      let target = resolveFile(pathname);
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      if (!target && redirectTo.has(trimmed)) {
        const to = redirectTo.get(trimmed)!;
        target = /^https?:/.test(to) ? '(external)' : resolveFile(to);
      }
      if (!target) {
        diagnostics.push({ ...messages.deadLink(link, page.path), file: page.source });
        continue;
      }
      const fragment = url.hash.slice(1);
      if (!fragment || !target.endsWith('.html')) continue;
      const ids = idsOf(target);
      let id = fragment;
      try {
        id = decodeURIComponent(fragment);
      } catch { /* keep as written */ }
      if (ids && !ids.has(id)) diagnostics.push({ ...messages.deadAnchor(link, page.path), file: page.source });
    }
  }
  return diagnostics;
}
