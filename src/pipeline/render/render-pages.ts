import { join } from 'node:path';
import { generatorRoot } from '../paths.ts';
import { threadCpuClock } from '../cpu.ts';
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import { openMarkdownCache, type MarkdownCache } from './markdown-cache.ts';
import { renderRoute, type RenderContext } from './render.ts';
import { newPartCache } from './part-cache.ts';
import type { RenderTimings } from '../build-types.ts';
import type { Route, SiteConfig, TemplateSite } from '../types.ts';
import type { PageImages } from '../images/image-set.ts';
import { imagesNamed } from '../images/references.ts';
import { templateFrame, type FrameOptions } from './template-frame.ts';

export { templateFrame };

/** Everything a render process needs; plain data, so it can be handed to a worker. */
export interface RenderSetup {
  site: TemplateSite;
  versionKey: string;
  /** Version of the Markdown pipeline, for the Markdown cache. */
  markdownKey: string;
  /** Folder for the Markdown cache (optional: no cache). */
  cacheDir?: string;
  stagingDir: string;
  /** The processed images and the default `sizes`, for `<picture>`s (optional: none). */
  images?: PageImages;
  /** Sum the CPU time of the Markdown parse into `RenderTimings.parseCpuMs` (default: false). */
  timeParse?: boolean;
}

export type RenderOutcome =
  | { ok: true; path: string; outFile: string; html: string; links: string[]; ids: string[] }
  | { ok: false; path: string; error: string };

export type PageOutcome =
  | { ok: true; path: string; outFile: string; links: string[]; ids: string[] }
  | { ok: false; path: string; error: string };

export type { RenderTimings };

/** Zeroed timings for a render thread. */
export const newTimings = (thread: string): RenderTimings => ({ thread, pages: 0, markdownMs: 0, templatesMs: 0, linksMs: 0, writeMs: 0 });

/** A render context that lasts (dev keeps one across edits): `setImages` hands it the latest images. */
export type LastingRenderContext = RenderContext & { cache: MarkdownCache; timings: RenderTimings; setImages(images: PageImages | undefined): void };

export function createRenderContext(config: SiteConfig, setup: RenderSetup): LastingRenderContext {
  const options = { siteUrl: setup.site.settings.url, ...setup.site.settings.markdown };
  const clock = setup.timeParse ? threadCpuClock() : undefined;
  const parse = clock ? { clock, ms: 0 } : undefined;
  const now = { images: setup.images };
  const render = createMarkdownRenderer({ ...options, images: () => now.images }, parse);
  const cache = openMarkdownCache(setup.cacheDir, setup.markdownKey, JSON.stringify(options));
  const timings = newTimings('main');
  const markdown = (body: string, source?: string) => {
    const started = performance.now();
    // HTML with a <picture> depends on the images it names: their hashes join the cache key.
    const images = imagesNamed(body, now.images?.manifest ?? {}, source);
    const html = cache.get(images.length ? `${images.join('\n')}\0${body}` : body, () => render(body, source));
    timings.markdownMs += performance.now() - started;
    if (parse) timings.parseCpuMs = parse.ms;
    return html;
  };
  return {
    templates: config.templates,
    site: setup.site,
    markdown,
    cache,
    timings,
    // A worker's context serves one build.
    parts: newPartCache(),
    get images() {
      return now.images;
    },
    setImages: (images) => void (now.images = images),
  };
}

export type { FrameOptions };

/**
 * Renders a route; a template error becomes an outcome rather than an exception. Its message ends
 * with the template's file:line:column when the stack (source-mapped, see config.ts) shows one.
 */
export function renderPage(route: Route, ctx: RenderContext & { timings?: RenderTimings }, frames: FrameOptions = defaultFrames()): RenderOutcome {
  try {
    const page = renderRoute(route, ctx, ctx.timings);
    return { ok: true, path: route.path, outFile: route.outFile, html: page.html, links: page.links, ids: page.ids };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = error instanceof Error ? templateFrame(error.stack ?? '', frames) : undefined;
    return { ok: false, path: route.path, error: at ? `${message} (at ${at})` : message };
  }
}

/** Paths relative to the current folder (dev runs from the project); the generator's frames skipped. */
const defaultFrames = (): FrameOptions => ({ root: process.cwd(), skip: [join(generatorRoot, 'src')] });
