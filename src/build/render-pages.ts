import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import { openMarkdownCache, type MarkdownCache } from './markdown-cache.ts';
import { renderRoute, type RenderContext } from './render.ts';
import type { Route, SiteConfig, TemplateSite } from './types.ts';

/** Everything a render process needs; plain data, so it can be handed to a worker. */
export interface RenderSetup {
  site: TemplateSite;
  versionKey: string;
  /** Version of the Markdown pipeline, for the Markdown cache. */
  markdownKey: string;
  /** Folder for the Markdown cache (optional: no cache). */
  cacheDir?: string;
  stagingDir: string;
}

export type RenderOutcome =
  | { ok: true; path: string; outFile: string; html: string; links: string[]; ids: string[] }
  | { ok: false; path: string; error: string };

export type PageOutcome =
  | { ok: true; path: string; outFile: string; links: string[]; ids: string[] }
  | { ok: false; path: string; error: string };

export function createRenderContext(config: SiteConfig, setup: RenderSetup): RenderContext & { cache: MarkdownCache } {
  const options = { siteUrl: setup.site.settings.url, affiliateHosts: setup.site.settings.affiliateHosts };
  const render = createMarkdownRenderer(options);
  const cache = openMarkdownCache(setup.cacheDir, setup.markdownKey, JSON.stringify(options));
  return { templates: config.templates, site: setup.site, markdown: (body) => cache.get(body, render), cache };
}

/** Renders a route; a template error becomes an outcome rather than an exception. */
export function renderPage(route: Route, ctx: RenderContext): RenderOutcome {
  try {
    const page = renderRoute(route, ctx);
    return { ok: true, path: route.path, outFile: route.outFile, html: page.html, links: page.links, ids: page.ids };
  } catch (error) {
    return { ok: false, path: route.path, error: (error as Error).message };
  }
}

