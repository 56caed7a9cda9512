import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { generatorRoot } from '../paths.ts';
import type { FrameOptions, PageOutcome, RenderOutcome, RenderSetup } from './render-pages.ts';
import { writeRendered } from '../write/write.ts';
import type { Route, SiteConfig } from '../types.ts';

/** Below this many pages, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 300;
const BATCH = 40;
// A larger young generation (maxYoungGenerationSizeMb 64) cut GC time but raised peak RSS from
// ~400 MB to ~570 MB on 4,000 pages for ~10 % less wall time; memory is the target we can meet.

export interface RenderPoolOptions {
  config: SiteConfig;
  configModule: string;
  workerModule: string;
  setup: RenderSetup;
  /** Worker count; 0 renders on this thread (default: one per core for large builds). */
  workers?: number;
}

/**
 * Renders routes to the staging folder, on worker threads when there are enough of them.
 * Pages stream back in batches and are written as they arrive; only links and ids are kept.
 */
export async function renderAll(routes: Route[], options: RenderPoolOptions): Promise<PageOutcome[]> {
  const count = options.workers ?? (routes.length >= WORKER_THRESHOLD ? availableParallelism() : 0);
  // The config is compiled to `<root>/.cache/site/<versionKey>/site.config.js` (config.ts).
  const frames: FrameOptions = { root: dirname(dirname(dirname(dirname(options.configModule)))), skip: [join(generatorRoot, 'src')] };
  if (count === 0 || routes.length === 0) {
    // Loaded only when this thread renders: React and the Markdown parser stay out of builds
    // that render nothing.
    const { createRenderContext, renderPage } = await import('./render-pages.ts');
    const ctx = createRenderContext(options.config, options.setup);
    const outcomes = routes.map((route) => writeRendered(renderPage(route, ctx, frames), options.setup.stagingDir));
    ctx.cache.flush();
    return outcomes;
  }

  const outcomes: PageOutcome[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(count, Math.ceil(routes.length / BATCH)) }, () =>
    new Worker(options.workerModule, {
      workerData: { configModule: options.configModule, setup: options.setup, frames },
      env: process.env,
    }),
  );
  try {
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
            worker.on('message', (message: 'ready' | 'finished' | RenderOutcome[]) => {
              if (message === 'finished') return resolve();
              if (message !== 'ready') inFlight--;
              feed();
              if (message !== 'ready') for (const o of message) outcomes.push(writeRendered(o, options.setup.stagingDir));
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (inFlight > 0 || next < routes.length || !finishing) reject(new Error(`a render worker stopped (exit code ${code})`));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return outcomes;
}
