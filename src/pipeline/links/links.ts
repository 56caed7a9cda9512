import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import { escapeRegExp } from '../../escape.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { Redirect } from '../types.ts';
import { matchesRoutePattern } from '../routes/routes.ts';
import { leavesSite } from '../routes/urls.ts';
import { withoutBase } from '../routes/base-path.ts';
import type { ImageRef, LeftOut } from '../validate/validate.ts';

export interface LinkedPage {
  path: string;
  outFile: string;
  /** The file named in errors about this page. */
  source?: string;
  links: string[];
  ids: string[];
}

/** Source texts by file (path relative to the project root): looked up by file, or all gone through (a `Map` is one). */
export interface SourceTexts extends Iterable<[string, string]> {
  get(file: string): string | undefined;
}

/** What helps place and judge a dead link (both optional). */
export interface LinkSources {
  /** Source text by file (path relative to the project root), to give a link's line and column. */
  texts?: SourceTexts;
  /**
   * Slugs of entries whose files failed to load or validate. A link whose last path segment is one
   * of them is not reported: the page is missing only because of an error already reported at
   * that file, and would exist once it is fixed.
   */
  pending?: Set<string>;
  /**
   * Patterns of route rows that threw (`/guides, /guides/page/:n`): their pages are missing only
   * because of an error already reported, so a link to one is not reported again.
   */
  unrouted?: string[];
  /** Entries left out as drafts or scheduled, by the slug their page would have: a link to one says so. */
  unpublished?: Map<string, LeftOut>;
  /**
   * The site's base path (`/blog/`; default `/`): a link that leads nowhere but would, without
   * the base written in it (`/blog/post/x`), is reported with that fix.
   */
  base?: string;
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
  const targets = linkTargets(pages, files, redirects);
  const found: BadLink[] = [];
  // Most links are on many pages (the header's, the footer's, the sidebar's): each is judged once.
  // A root-absolute link means the same on every page; any other ("#top", "../x") is the page's own.
  const judged = new Map<string, LinkProblem | undefined>();
  for (const page of pages) {
    if (only && !only.has(page.outFile)) continue;
    let base: URL | undefined;
    for (const link of page.links) {
      const key = link.startsWith('/') && !link.startsWith('//') ? link : `${page.path}\0${link}`;
      let problem = judged.get(key);
      if (problem === undefined && !judged.has(key)) {
        base ??= new URL(page.path, 'http://site.invalid');
        judged.set(key, (problem = judgeLink(link, base, targets, sources)));
      }
      if (problem) found.push({ page, link, problem });
    }
  }
  return oneErrorPerValue(found, sources.texts);
}

/** A link that fails its check, on the page that has it. */
interface BadLink {
  page: LinkedPage;
  link: string;
  problem: LinkProblem;
}

/**
 * One error per bad value, at the line where it is written. A link a template puts on many pages
 * from one field (a cover that every listing, category and tag page shows) is found where the
 * field is written, in any content file, and reported once there, with the number of other pages
 * it is on; a link written in a page's own Markdown is at its line. Only a link found in no
 * content file (a template's own) is reported on each page, at the page's file.
 */
function oneErrorPerValue(found: BadLink[], texts: SourceTexts | undefined): Diagnostic[] {
  const written = new Map<string, { file: string; line: number; column: number } | undefined>();
  const whereWritten = (link: string) => {
    if (!written.has(link)) written.set(link, texts ? findInAnySource(texts, link) : undefined);
    return written.get(link);
  };
  const groups = new Map<string, { bad: BadLink; diagnostic: Diagnostic; others: Set<string> }>();
  const out: Diagnostic[] = [];
  for (const bad of found) {
    let diagnostic = linkDiagnostic(bad.page, bad.link, bad.problem, texts);
    if (diagnostic.line === undefined) {
      const at = whereWritten(bad.link);
      const text = at && texts?.get(at.file);
      if (at && text !== undefined) diagnostic = { ...diagnostic, ...at, frame: codeFrame(text, at.line, at.column) };
      else {
        out.push(diagnostic);
        continue;
      }
    }
    const key = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}\0${diagnostic.code}\0${bad.link}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { bad, diagnostic, others: new Set() });
    // The page whose own file holds the value names the error; the others are counted.
    else if (bad.page.source === diagnostic.file && group.bad.page.source !== diagnostic.file) {
      group.others.add(group.bad.page.path);
      Object.assign(group, { bad, diagnostic });
    } else group.others.add(bad.page.path);
  }
  for (const { bad, diagnostic, others } of groups.values()) {
    const n = others.size;
    const message = n ? diagnostic.message.replace(`on page ${bad.page.path} `, `on page ${bad.page.path} and ${n} other${n === 1 ? '' : 's'} `) : diagnostic.message;
    out.push({ ...diagnostic, message });
  }
  return out;
}

/** Where a link is written in any of the content files, the first in file order that has it. */
function findInAnySource(texts: SourceTexts, link: string): { file: string; line: number; column: number } | undefined {
  for (const [file, text] of texts) {
    if (!text.includes(link) && !text.includes(link.replace(/%25/g, '%'))) continue;
    const at = findInSource(text, link) ?? findInSource(text, link.replace(/%25/g, '%'));
    if (at) return { file, ...at };
  }
  return undefined;
}

/** What internal links can land on: output files (directly or through a redirect) and the ids in pages. */
interface LinkTargets {
  /** The output file a site path reaches, `(external)` for a redirect off the site, or undefined. */
  fileFor(pathname: string): string | undefined;
  /** The ids of the page written to `file` (undefined for a file that is not a page). */
  idsIn(file: string): Set<string> | undefined;
}

function linkTargets(pages: LinkedPage[], files: Set<string>, redirects: Redirect[]): LinkTargets {
  const pageByFile = new Map<string, LinkedPage>();
  for (const p of pages) pageByFile.set(p.outFile, p);
  // Only the pages an anchor points into need their ids as a set (a dev rebuild checks few links).
  const idsByFile = new Map<string, Set<string>>();
  const redirectTo = new Map<string, string>();
  for (const r of redirects) if (!r.from.includes('*') && r.status !== 404) redirectTo.set(r.from, r.to);
  const resolveFile = (pathname: string): string | undefined => {
    const rel = pathname.replace(/^\/+/, '');
    const candidates =
      rel === '' ? ['index.html'] : rel.endsWith('/') ? [`${rel.slice(0, -1)}.html`, `${rel}index.html`] : [rel, `${rel}.html`, `${rel}/index.html`];
    return candidates.find((c) => files.has(c));
  };
  return {
    fileFor(pathname) {
      const target = resolveFile(pathname);
      const to = target ? undefined : redirectTo.get(withoutTrailingSlash(pathname));
      if (to === undefined) return target;
      return /^https?:/.test(to) ? '(external)' : resolveFile(to);
    },
    idsIn(file) {
      let ids = idsByFile.get(file);
      const page = ids ? undefined : pageByFile.get(file);
      if (page) idsByFile.set(file, (ids = new Set(page.ids)));
      return ids;
    },
  };
}

/** Whether an internal link on a page (at `base`) leads nowhere, to a missing anchor, or is fine (undefined). */
function judgeLink(link: string, base: URL, targets: LinkTargets, { pending, unrouted, unpublished, base: basePath = '/' }: LinkSources): LinkProblem | undefined {
  if (link === '' || leavesSite(link)) return undefined;
  let url: Pick<URL, 'pathname' | 'hash'>;
  // `#id` on its own page (a skip link, a table of contents: about 28,000 of the bench's links) is
  // the page's own path with that hash, which the URL parser would give back unchanged.
  if (PLAIN_FRAGMENT.test(link)) url = { pathname: base.pathname, hash: link };
  else {
    try {
      url = new URL(link, base);
    } catch {
      return 'dead';
    }
  }
  const pathname = decodedOrAsWritten(url.pathname);
  const target = targets.fileFor(pathname);
  if (!target) {
    const slug = withoutTrailingSlash(pathname).split('/').pop()!.replace(/\.html$/, '');
    if (pending?.has(slug) || unrouted?.some((p) => matchesRoutePattern(p, pathname))) return undefined;
    return unpublished?.get(slug) ?? baseWrittenIn(link, pathname, basePath, targets) ?? 'dead';
  }
  const fragment = url.hash.slice(1);
  if (!fragment || !target.endsWith('.html')) return undefined;
  const ids = targets.idsIn(target);
  return ids && !ids.has(decodedOrAsWritten(fragment)) ? 'anchor' : undefined;
}

/** A link that is only a fragment of characters the URL parser keeps as they are (no space, quote, angle bracket, backtick, percent sign or control). */
const PLAIN_FRAGMENT = /^#[^\x00-\x20"<>`%\x7f-\uffff]+$/;

/**
 * A root-absolute link with the base path written in it (`/blog/post/x` under `/blog/`) that
 * names a page once the base is taken off: the link as it should be written, else undefined.
 *
 * # Design decision
 * Reported, not accepted: the build puts the base before every root-absolute link, so such a
 * link would lead to `/blog/blog/post/x`; and content that names its base breaks when the site
 * moves (to the root, or to `/advice/`), where links written from the root keep working.
 * Accepting both spellings silently (Astro leaves the prefix to the writer, Eleventy's
 * `pathPrefix` adds it) would make a link's meaning depend on whether a page of that name exists,
 * and keep the site tied to its folder. The error names the link to write instead.
 */
function baseWrittenIn(link: string, pathname: string, base: string, targets: LinkTargets): { fixed: string; base: string } | undefined {
  if (base === '/' || !link.startsWith(base.slice(0, -1))) return undefined;
  const site = withoutBase(pathname, base);
  if (site === undefined || !targets.fileFor(site)) return undefined;
  const rest = link.slice(base.length - 1);
  return { base, fixed: rest.startsWith('/') ? rest : `/${rest}` };
}

/** What is wrong with a link: it leads nowhere, to a missing anchor, to an entry not published, or it has the base written in. */
type LinkProblem = 'dead' | 'anchor' | LeftOut | { fixed: string; base: string };

/** The diagnostic for a bad link, at its place in the page's source file when it is written there. */
function linkDiagnostic(page: LinkedPage, link: string, kind: LinkProblem, texts: SourceTexts | undefined): Diagnostic {
  const text = page.source ? texts?.get(page.source) : undefined;
  // Markdown writes a "%" that starts no escape as "%25": the link may be written with the "%" alone.
  const at = text === undefined ? undefined : findInSource(text, link) ?? findInSource(text, link.replace(/%25/g, '%'));
  const message =
    typeof kind === 'object' && 'fixed' in kind ? messages.baseInLink(link, page.path, kind.base, kind.fixed)
    : typeof kind === 'object' ? messages.linkToUnpublished(link, page.path, kind)
    : kind === 'anchor' ? messages.deadAnchor(link, page.path)
    : IMAGE.test(link) ? imageProblem(link) : messages.deadLink(link, page.path);
  return { ...message, file: page.source, ...(at && text !== undefined ? { ...at, frame: codeFrame(text, at.line, at.column) } : {}) };
}

/** `/a/b/` → `/a/b`; `/` stays. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Percent-decoded, or as written when it is not valid percent-encoding. */
function decodedOrAsWritten(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An image by its extension, whatever follows it (`?v=2`, `#x`). */
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|avif|ico)(?:[?#].*)?$/i;

/** What is wrong with an image address that names no file: a %-escape that does not decode, or the file. */
function imageProblem(src: string): ReturnType<typeof messages.missingImage | typeof messages.malformedEscape> {
  const path = src.replace(/[?#].*$/, '');
  try {
    decodeURI(path);
    return messages.missingImage(src);
  } catch {
    return messages.malformedEscape(src, badEscape(path));
  }
}

/**
 * Image paths that start with "/" (any in `public/` or made by the build) and name no output
 * file; one with the base path written in it (`/blog/images/x.png`) says so, as a link does.
 */
export function checkImages(images: ImageRef[], files: Set<string>, base = '/'): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const has = (pathname: string) => files.has(pathname.replace(/^\/+/, ''));
  for (const image of images) {
    let pathname = image.src.replace(/[?#].*$/, '');
    try {
      pathname = decodeURI(pathname);
    } catch { /* reported as such by imageProblem */ }
    if (has(pathname)) continue;
    const site = base === '/' ? undefined : withoutBase(pathname, base);
    const problem = site !== undefined && has(site) ? messages.baseInLink(image.src, undefined, base, `/${image.src.slice(base.length)}`) : imageProblem(image.src);
    diagnostics.push({ ...problem, ...image.locate() });
  }
  return diagnostics;
}

/** The first %-escape of a path that does not decode: "%A." (not two hex digits) or "%E0%A4" (a cut UTF-8 sequence). */
function badEscape(path: string): string {
  const escapes = /(?:%[0-9A-Fa-f]{2})+(?:%(?![0-9A-Fa-f]{2}).{0,2})?|%.{0,2}/g;
  for (let m = escapes.exec(path); m; m = escapes.exec(path)) {
    try {
      decodeURIComponent(m[0]);
    } catch {
      return m[0];
    }
  }
  return '%';
}

/**
 * Where a link is written in its page's source file: a Markdown link or image (`](href`), a
 * front-matter value (`cover: /images/x.png`, a list item, a quoted value) or an HTML-ish
 * attribute. The href must end where the written link ends, so `/blog/a` is not found inside
 * `/blog/ab`. A link a template adds (the header navigation, say) is not in the file: undefined,
 * and the error names the file alone.
 */
export function findInSource(text: string, href: string): { line: number; column: number } | undefined {
  const escaped = escapeRegExp(href);
  const pattern = new RegExp(`(\\]\\(<?|^[ \\t]*[\\w-]+:[ \\t]*["']?|^[ \\t]*-[ \\t]+["']?|["'])${escaped}(?=[)\\s"'>]|$)`, 'm');
  const match = pattern.exec(text);
  if (!match) return undefined;
  const offset = match.index + match[1].length;
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: [...lines[lines.length - 1]].length + 1 };
}
