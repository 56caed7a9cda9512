import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import { createMarkdownCache } from './cache.ts';
import { renderRoute, type RenderContext } from './render.ts';
import type { Route, SiteConfig, TemplateSite } from './types.ts';
import { writeOutputFile } from './write.ts';

/** Everything a render process needs; plain data, so it can be handed to a worker. */
export interface RenderSetup {
  site: TemplateSite;
  versionKey: string;
  /** Folder for the Markdown cache (optional: no cache). */
  cacheDir?: string;
  stagingDir: string;
}

export type PageOutcome =
  | { ok: true; path: string; outFile: string; links: string[]; ids: string[] }
  | { ok: false; path: string; error: string };

export function createRenderContext(config: SiteConfig, setup: RenderSetup): RenderContext {
  const render = createMarkdownRenderer({
    siteUrl: setup.site.settings.url,
    affiliateHosts: setup.site.settings.affiliateHosts,
  });
  const cache = createMarkdownCache(setup.cacheDir, setup.versionKey);
  return { templates: config.templates, site: setup.site, markdown: (body) => cache.get(body, render) };
}

/** Renders a route and writes it to the staging folder; a template error becomes an outcome. */
export function renderPageToFile(route: Route, ctx: RenderContext, stagingDir: string): PageOutcome {
  try {
    const page = renderRoute(route, ctx);
    writeOutputFile(stagingDir, route.outFile, page.html);
    return { ok: true, path: route.path, outFile: route.outFile, links: page.links, ids: page.ids };
  } catch (error) {
    return { ok: false, path: route.path, error: (error as Error).message };
  }
}
