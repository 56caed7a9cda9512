import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { generatorRoot } from '../paths.ts';
import { threadCpuMs } from '../cpu.ts';
import { newTimings, type FrameOptions, type PageOutcome, type RenderOutcome, type RenderSetup, type RenderTimings, type LastingRenderContext } from './render-pages.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import type { RenderContext } from './render.ts';
import { newPartCache } from './part-cache.ts';
import { writeRendered } from '../write/write.ts';
import type { Route, SiteConfig } from '../types.ts';

/** Below this many pages, starting workers costs more than it saves: fewer render on this thread. */
export const WORKER_THRESHOLD = 300;
/**
 * Pages a worker renders per message, two messages in flight. A worker keeps a batch's pages
 * (HTML, links) until it sends them, so a large batch outlived the worker's small young generation
 * and was promoted, to be collected by full collections. Cold builds of the 4,000-page bench
 * (2026-11-29, `--trace-gc-nvp`), 40 pages against 5: the worker promoted 292 against 57 MB, ran
 * 20 against 4 full collections, and paused 897 against 552 ms in all; the main thread, handling
 * eight times as many messages, 1,039 against 1,022 ms. Three interleaved pairs: 18.03–19.78
 * against 17.68–19.16 CPU-s (lower in each pair), the same wall time.
 */
const BATCH = 5;
// A larger young generation (maxYoungGenerationSizeMb 64) cut GC time but raised peak RSS from
// ~400 MB to ~570 MB on 4,000 pages for ~10 % less wall time; memory is the target we can meet.

/**
 * How many render workers a large site gets: one per core but one, and at least one. While the
 * workers render, this thread writes their pages, makes the search index and keeps every page's
 * links, so it is a core's worth of work of its own.
 *
 * # Design decision
 * One per core (two here) left three busy threads on two cores. Cold builds of the 4,000-page
 * bench, one render worker against two, interleaved (2026-11-29, load 0.8-1.8): wall 15.8-16.5 s
 * against 15.4-17.1 s, CPU 18.6-19.2 user-s against 21.2-21.7, peak RSS 510-550 MB against
 * 544-559: the second worker's isolate (its module loading, its JIT, its heap) cost CPU and
 * bought no time.
 */
export function renderWorkerCount(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

export interface RenderPoolOptions {
  config: SiteConfig;
  configModule: string;
  workerModule: string;
  setup: RenderSetup;
  /** Worker count; 0 renders on this thread (default: `renderWorkerCount()` from `WORKER_THRESHOLD` pages). */
  workers?: number;
  /** Renders on this thread with a context kept between calls (optional: a fresh one, closed after). */
  thread?: ThreadRenderer;
  /** Receives where each render thread spent its time, once it is done (optional; `build --verbose`). */
  onTimings?: (timings: RenderTimings) => void;
  /** Workers started ahead of the render stage (`startRenderWorkers`); used and closed here. */
  workerPool?: RenderWorkers;
  /** Receives each rendered page's HTML once it is written, in no set order (optional; the search index). */
  onPage?: (outFile: string, html: string) => void;
}

/**
 * Renders routes to the staging folder, on worker threads when there are enough of them.
 * Pages stream back in batches and are written as they arrive; only links and ids are kept.
 */
export async function renderAll(routes: Route[], options: RenderPoolOptions): Promise<PageOutcome[]> {
  if (options.workerPool && routes.length >= WORKER_THRESHOLD) return renderOnWorkers(routes, options, options.workerPool);
  await options.workerPool?.close();
  const count = options.workers ?? (routes.length >= WORKER_THRESHOLD ? renderWorkerCount() : 0);
  if (count === 0 || routes.length === 0) {
    const thread = options.thread ?? openThreadRenderer();
    const outcomes = await thread.render(routes, options);
    if (!options.thread) thread.close();
    return outcomes;
  }
  return renderOnWorkers(routes, options, startRenderWorkers(options, Math.min(count, Math.ceil(routes.length / BATCH))));
}

/** Render workers, started: each imports the compiled site, then waits for the site data to render with. */
export interface RenderWorkers {
  workers: Worker[];
  /** The first error a worker raised before it was given pages (it then also exited). */
  failed?: unknown;
  /** Stops every worker. */
  close(): Promise<void>;
}

/**
 * The young generation of a render worker's heap, in MB. A worker keeps little from one page to
 * the next (18 MB live at the end of the bench's cold build), yet with V8's default its heap grew
 * to 110–120 MB while it rendered; with 8 MB it peaked at 87–89 MB, with no slower rendering
 * (docs/architecture.md, "Peak memory under 400 MB"). 16 MB halves its collections: the worker's
 * CPU in the bench's cold build 7.68–8.10 against 7.89–8.45 s, the build's peak 407–408 against
 * 391–416 MB (three builds each, alternated, 2026-11-30).
 */
const WORKER_YOUNG_MB = 16;

/**
 * Starts `count` render workers. A cold build starts them as soon as it knows the site is large,
 * so their start (about 200 ms: importing React, the templates and the Markdown pipeline) runs
 * while this thread validates the content and builds the routes, instead of at the render stage.
 */
export function startRenderWorkers(options: Pick<RenderPoolOptions, 'configModule' | 'workerModule'>, count: number): RenderWorkers {
  const frames = framesFor(options.configModule);
  const pool: RenderWorkers = {
    workers: Array.from({ length: count }, () =>
      new Worker(options.workerModule, { workerData: { configModule: options.configModule, frames }, env: process.env, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } }),
    ),
    close: async () => {
      await Promise.all(pool.workers.map((w) => w.terminate()));
    },
  };
  for (const worker of pool.workers) {
    worker.on('error', (error) => (pool.failed ??= error));
    worker.on('exit', (code) => (pool.failed ??= new Error(`a render worker stopped (exit code ${code})`)));
  }
  return pool;
}

/** A render context on this thread, kept from one call to the next while the site and its settings stay the same. */
export interface ThreadRenderer {
  render(routes: Route[], options: Pick<RenderPoolOptions, 'config' | 'configModule' | 'setup' | 'onTimings' | 'onPage'>): Promise<PageOutcome[]>;
  /** Writes the Markdown cache and drops the context. */
  close(): void;
}

/**
 * Opens a renderer on this thread. `dev` keeps one for the whole session, so an edit does not
 * wait for React, the templates and the Markdown cache to load again, and has each `Cached` part
 * rendered again and checked against its key (`checkParts`).
 */
export function openThreadRenderer({ checkParts = false }: { checkParts?: boolean } = {}): ThreadRenderer {
  let current: { module: string; ctx: LastingRenderContext } | undefined;
  const close = () => {
    current?.ctx.cache.flush();
    current = undefined;
  };
  return {
    async render(routes, options) {
      // Loaded only when this thread renders: React and the Markdown parser stay out of builds
      // that render on workers.
      const { createRenderContext, renderPage } = await import('./render-pages.ts');
      const { site } = options.setup;
      // The Markdown renderer depends on the site's address and Markdown settings.
      const module = `${options.configModule}\0${JSON.stringify([site.settings.url, site.settings.markdown])}`;
      if (current?.module !== module) {
        close();
        current = { module, ctx: createRenderContext(options.config, options.setup) };
      }
      const timings = newTimings('main');
      const cpuBefore = threadCpuMs();
      const parseBefore = current.ctx.timings.parseCpuMs ?? 0;
      // Dev keeps this context across edits; the images may have changed since it was made.
      current.ctx.setImages(options.setup.images);
      // Parts are cached for one call: the site's data the next one renders with may differ.
      const ctx = { ...current.ctx, site, timings, images: options.setup.images, parts: newPartCache(checkParts) };
      const frames = framesFor(options.configModule);
      const outcomes = routes.map((route) => {
        const outcome = renderPage(route, ctx, frames);
        const started = performance.now();
        const written = writeRendered(outcome, options.setup.stagingDir);
        timings.writeMs += performance.now() - started;
        if (outcome.ok) options.onPage?.(outcome.outFile, outcome.html);
        return written;
      });
      const cpuAfter = threadCpuMs();
      // The context's Markdown renderer sums its parse time over the whole session.
      if (current.ctx.timings.parseCpuMs !== undefined) timings.parseCpuMs = current.ctx.timings.parseCpuMs - parseBefore;
      options.onTimings?.({ ...timings, ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { cpuMs: cpuAfter - cpuBefore }) });
      return outcomes;
    },
    close,
  };
}

/**
 * One string for each distinct link and id among the pages a worker sends, which come as copies:
 * the 4,000-page bench's 160,000 links are 23,600 distinct addresses, held to the end of the build
 * for the link check.
 */
function sharedStrings(): { page(outcome: PageOutcome): PageOutcome } {
  const strings = new Map<string, string>();
  const share = (list: string[]) => {
    for (let i = 0; i < list.length; i++) {
      const known = strings.get(list[i]!);
      if (known === undefined) strings.set(list[i]!, list[i]!);
      else list[i] = known;
    }
  };
  return {
    page(outcome) {
      if (outcome.ok) {
        share(outcome.links);
        share(outcome.ids);
      }
      return outcome;
    },
  };
}

/** Template errors are shown relative to the project; the config is compiled to `<root>/.cache/site/<versionKey>/site.config.cjs` (compile-site.ts). */
function framesFor(configModule: string): FrameOptions {
  return { root: dirname(dirname(dirname(dirname(configModule)))), skip: [join(generatorRoot, 'src')] };
}

/** Renders on the pool's workers, two batches in flight per worker, and closes the pool. */
async function renderOnWorkers(routes: Route[], options: RenderPoolOptions, pool: RenderWorkers): Promise<PageOutcome[]> {
  const outcomes: PageOutcome[] = [];
  // This thread writes the workers' pages.
  const writing = newTimings('main (writes)');
  const shared = sharedStrings();
  const cpuBefore = threadCpuMs();
  let next = 0;
  const { workers } = pool;
  try {
    if (pool.failed) throw pool.failed;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            // Two batches in flight per worker: it never waits for this thread to write.
            const feed = () => {
              while (inFlight < 2 && next < routes.length) {
                worker.postMessage(routes.slice(next, next + BATCH));
                next += BATCH;
                inFlight++;
              }
              if (inFlight === 0 && !finishing) {
                finishing = true;
                worker.postMessage('finish');
              }
            };
            let finishing = false;
            worker.on('message', (message: 'ready' | { finished: RenderTimings } | RenderOutcome[]) => {
              if (message !== 'ready' && 'finished' in message) {
                options.onTimings?.(message.finished);
                return resolve();
              }
              if (message !== 'ready') inFlight--;
              feed();
              if (message === 'ready') return;
              const started = performance.now();
              // A failed write (a full disk) fails the build; thrown in this listener, it would end the process.
              try {
                for (const o of message) outcomes.push(shared.page(writeRendered(o, options.setup.stagingDir)));
              } catch (error) {
                return reject(error);
              }
              writing.writeMs += performance.now() - started;
              for (const o of message) if (o.ok) options.onPage?.(o.outFile, o.html);
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (inFlight > 0 || next < routes.length || !finishing) reject(new Error(`a render worker stopped (exit code ${code})`));
            });
            // The site data comes now: the worker may have been started before it was known.
            worker.postMessage({ setup: options.setup });
          }),
      ),
    );
  } finally {
    await pool.close();
  }
  const cpuAfter = threadCpuMs();
  options.onTimings?.({ ...writing, ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { cpuMs: cpuAfter - cpuBefore }) });
  return outcomes;
}
