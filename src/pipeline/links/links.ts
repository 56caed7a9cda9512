import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { Redirect } from '../types.ts';
import type { ImageRef } from '../validate/validate.ts';

export interface LinkedPage {
  path: string;
  outFile: string;
  /** The file named in errors about this page. */
  source?: string;
  links: string[];
  ids: string[];
}

/** What helps place and judge a dead link (both optional). */
export interface LinkSources {
  /** Source text by file (path relative to the project root), to give a link's line and column. */
  texts?: Map<string, string>;
  /**
   * Slugs of entries whose files failed to load or validate. A link whose last path segment is one
   * of them is not reported: the page is missing only because of an error already reported at
   * that file, and would exist once it is fixed.
   */
  pending?: Set<string>;
}

/**
 * Checks every internal `href`/`src` of every page: it must name a page, a file of the output or
 * a redirect, and its `#anchor` must be an id on the page it lands on. `only` limits the check to
 * the links of those output files; every page still offers its ids (default: check every page).
 */
export function checkLinks(
  pages: LinkedPage[],
  files: Set<string>,
  redirects: Redirect[],
  only?: Set<string>,
  sources: LinkSources = {},
): Diagnostic[] {
  const { texts, pending } = sources;
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
  const report = (page: LinkedPage, link: string, kind: 'dead' | 'anchor') => {
    const text = page.source ? texts?.get(page.source) : undefined;
    const at = text === undefined ? undefined : findInSource(text, link);
    const message =
      kind === 'anchor' ? messages.deadAnchor(link, page.path) : IMAGE.test(link) ? messages.missingImage(link) : messages.deadLink(link, page.path);
    diagnostics.push({ ...message, file: page.source, ...(at && text !== undefined ? { ...at, frame: codeFrame(text, at.line, at.column) } : {}) });
  };
  for (const page of pages) {
    if (only && !only.has(page.outFile)) continue;
    const base = new URL(page.path, 'http://site.invalid');
    for (const link of page.links) {
      if (link === '' || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
      let url: URL;
      try {
        url = new URL(link, base);
      } catch {
        report(page, link, 'dead');
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
      if (!target && pending?.has(trimmed.split('/').pop()!.replace(/\.html$/, ''))) continue;
      if (!target) {
        report(page, link, 'dead');
        continue;
      }
      const fragment = url.hash.slice(1);
      if (!fragment || !target.endsWith('.html')) continue;
      const ids = idsOf(target);
      let id = fragment;
      try {
        id = decodeURIComponent(fragment);
      } catch { /* keep as written */ }
      if (ids && !ids.has(id)) report(page, link, 'anchor');
    }
  }
  return diagnostics;
}

/** An image by its extension, whatever follows it (`?v=2`, `#x`). */
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|avif|ico)(?:[?#].*)?$/i;

/** Image paths that start with "/" (any in `public/` or made by the build) and name no output file. */
export function checkImages(images: ImageRef[], files: Set<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const image of images) {
    let pathname = image.src.replace(/[?#].*$/, '');
    try {
      pathname = decodeURI(pathname);
    } catch { /* keep as written */ }
    if (files.has(pathname.replace(/^\/+/, ''))) continue;
    diagnostics.push({ ...messages.missingImage(image.src), ...image.locate() });
  }
  return diagnostics;
}

/**
 * Where a link is written in its page's source file: a Markdown link or image (`](href`), a
 * front-matter value (`cover: /images/x.png`, a list item, a quoted value) or an HTML-ish
 * attribute. The href must end where the written link ends, so `/blog/a` is not found inside
 * `/blog/ab`. A link a template adds (the header navigation, say) is not in the file: undefined,
 * and the error names the file alone.
 */
export function findInSource(text: string, href: string): { line: number; column: number } | undefined {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(\\]\\(<?|^[ \\t]*[\\w-]+:[ \\t]*["']?|^[ \\t]*-[ \\t]+["']?|["'])${escaped}(?=[)\\s"'>]|$)`, 'm');
  const match = pattern.exec(text);
  if (!match) return undefined;
  const offset = match.index + match[1].length;
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: [...lines[lines.length - 1]].length + 1 };
}
