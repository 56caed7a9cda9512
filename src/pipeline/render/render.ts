import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MarkdownRenderer } from '../markdown/pipeline.ts';
import type { PageProps, Route, SiteConfig, TemplateSite } from '../types.ts';
import { canonicalUrl, leavesSite } from '../routes/urls.ts';
import { InScope, islandsUsed, pageScope } from './island.tsx';
import type { PageImages } from '../images/image-set.ts';
import { decodeHtml } from '../../escape.ts';
import { fillSiteValues } from '../markdown/site-values.ts';
import { basePathOf } from '../routes/base-path.ts';
import { pageUnderBase } from './base-html.ts';
import type { PartCache } from './part-cache.ts';

export interface RenderContext {
  templates: SiteConfig['templates'];
  site: TemplateSite;
  /** Body Markdown → HTML, possibly through a cache. */
  markdown: MarkdownRenderer;
  /** The build's processed images, for `Picture` and `imageInfo` (optional: none). */
  images?: PageImages;
  /** The build's `Cached` parts (optional: each is rendered on every page). */
  parts?: PartCache;
}

export interface RenderedPage {
  html: string;
  /** Every `href` and `src` in the page that stays on the site, as written (see `leavesSite`). */
  links: string[];
  /** Every `id` in the page: the anchors other pages may link to. */
  ids: string[];
  /** The islands the page uses. */
  islands: string[];
}

/** Renders one route to a complete HTML document. The same function serves build and dev. */
export function renderRoute(
  route: Route,
  ctx: RenderContext,
  timings?: { pages: number; markdownMs: number; templatesMs: number; linksMs: number },
): RenderedPage {
  const started = performance.now();
  const markdownBefore = timings?.markdownMs ?? 0;
  const Template = ctx.templates[route.template];
  if (!Template) {
    throw new Error(`no template named "${route.template}" (templates: ${Object.keys(ctx.templates).join(', ')})`);
  }
  const props: PageProps & Record<string, unknown> = {
    ...route.props,
    site: ctx.site,
    page: {
      path: route.path,
      url: canonicalUrl(ctx.site.settings.url, route.path),
      html: route.entry ? ctx.markdown(fillSiteValues(route.entry.body, ctx.site.settings.values), route.entry.file) : '',
      entry: route.entry,
      // Snippets resolve relative image paths against the page's Markdown file, as its body does.
      markdown: (source: string) => ctx.markdown(fillSiteValues(source, ctx.site.settings.values), route.entry?.file),
      ...(route.card ? { card: route.card } : {}),
      ...(route.entry?.draft ? { draft: true } : route.entry?.scheduled ? { scheduled: route.entry.scheduled } : {}),
      ...(route.noindex ? { noindex: true } : {}),
    },
  };
  const base = basePathOf(ctx.site.settings.url);
  const scope = pageScope(ctx.site.assets.islands, base, ctx.images, ctx.parts);
  const html = `<!doctype html>${renderToStaticMarkup(createElement(InScope, { scope }, createElement(Template, props)))}`;
  const rendered = performance.now();
  // The link check reads site paths: the links are taken before the base is put on them.
  const page = { html: pageUnderBase(html, base), ...linksAndIds(html), islands: islandsUsed(scope) };
  if (timings) {
    timings.pages++;
    // Markdown rendered while the templates ran (the body, snippets) is counted as Markdown.
    timings.templatesMs += rendered - started - (timings.markdownMs - markdownBefore);
    timings.linksMs += performance.now() - rendered;
  }
  return page;
}

export { canonicalUrl };


/**
 * The page's links that stay on the site, and its ids. The link check and the image step read
 * the links, and a large site keeps both for every page until it is written. Links off the site
 * (share buttons, affiliates) are left out: nothing checks them.
 *
 * # Design decision
 * One pass over the page for the four attributes, not one per kind: about 6 % of a render
 * worker's profile before, and 551 → 460 ms for the 9,270 pages of the 4,000-page bench and the
 * site, with the same links and ids for every page. The links keep their order: `href` and `src`,
 * then `srcset`'s candidates. The pass goes from each `="` to the attribute's name before it
 * (`attributeAt`): what `/\s(href|src|id|srcset)="([^"]*)"/g` (srcset in any case) matched,
 * found without the expression trying each alternative at every space of the page, and a value
 * decoded only when it holds a `&`. The 4,828 pages of the bench and the site alone (2026-11-29):
 * 272–278 → 121–149 ms, the same links and ids for every page. The name is now told from the
 * character before its `=` first, not by `startsWith` (2026-11-30): 1,500 of the bench's pages,
 * three runs each alternated, 72–89 → 46–72 ms; the same links and ids for all 4,756 pages of the
 * bench and the site, and for each with its spaces, its `srcSet`'s case and its edges changed.
 */
export function linksAndIds(html: string): { links: string[]; ids: string[] } {
  const links = new Set<string>();
  const ids = new Set<string>();
  const sets: string[] = [];
  for (let at = html.indexOf('="'); at !== -1; at = html.indexOf('="', at + 2)) {
    const name = attributeAt(html, at);
    if (!name) continue;
    const end = html.indexOf('"', at + 2);
    // No closing quote here, so none after either: nothing more is an attribute.
    if (end === -1) break;
    const value = html.slice(at + 2, end);
    if (name === 'srcset') sets.push(value);
    else {
      // Most values hold no character reference: not run through the replace at all.
      const decoded = value.includes('&') ? decodeHtml(value) : value;
      if (name === 'id') ids.add(decoded);
      else if (!leavesSite(decoded)) links.add(decoded);
    }
    at = end - 1;
  }
  for (const set of sets) {
    for (const candidate of decodeHtml(set).split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url && !leavesSite(url)) links.add(url);
    }
  }
  return { links: [...links], ids: [...ids] };
}

/**
 * The attribute whose `="` is at `at`, when it is one of the four and whitespace comes before it.
 * Told apart by the character before the `=` first (`f`, `c`, `d` or `t`), then compared a
 * character at a time: most of a page's attributes (`class`, `rel`, `type`, `aria-…`) fail the
 * first comparison.
 */
function attributeAt(html: string, at: number): 'href' | 'src' | 'id' | 'srcset' | undefined {
  switch (html.charCodeAt(at - 1)) {
    case 102: // f
      return html.charCodeAt(at - 2) === 101 && html.charCodeAt(at - 3) === 114 && html.charCodeAt(at - 4) === 104 && isSpace(html.charCodeAt(at - 5)) ? 'href' : undefined;
    case 99: // c
      return html.charCodeAt(at - 2) === 114 && html.charCodeAt(at - 3) === 115 && isSpace(html.charCodeAt(at - 4)) ? 'src' : undefined;
    case 100: // d
      return html.charCodeAt(at - 2) === 105 && isSpace(html.charCodeAt(at - 3)) ? 'id' : undefined;
    case 116: // t
    case 84: // T
      return endsWithSrcset(html, at) && isSpace(html.charCodeAt(at - 7)) ? 'srcset' : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether `srcset`, in any case, ends at `at`: React writes the attribute as `srcSet`, and HTML's
 * attribute names are case-insensitive. Compared by character, since most `="` of a page are not it.
 */
function endsWithSrcset(html: string, at: number): boolean {
  if (at < 6) return false;
  for (let i = 0; i < 6; i++) if ((html.charCodeAt(at - 6 + i) | 0x20) !== 'srcset'.charCodeAt(i)) return false;
  return true;
}

/** What `\s` matches. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
