import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRenderContext, renderPageToFile, type PageOutcome, type RenderSetup } from './render-pages.ts';
import type { Route, SiteConfig } from './types.ts';

/** Below this many pages, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 300;
const BATCH = 40;

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
 * Results stream back in batches; only links and ids are kept, never the HTML.
 */
export async function renderAll(routes: Route[], options: RenderPoolOptions): Promise<PageOutcome[]> {
  const count = options.workers ?? (routes.length >= WORKER_THRESHOLD ? availableParallelism() : 0);
  if (count === 0 || routes.length === 0) {
    const ctx = createRenderContext(options.config, options.setup);
    return routes.map((route) => renderPageToFile(route, ctx, options.setup.stagingDir));
  }

  const outcomes: PageOutcome[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(count, Math.ceil(routes.length / BATCH)) }, () =>
    new Worker(options.workerModule, {
      workerData: { configModule: options.configModule, setup: options.setup },
      env: process.env,
    }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= routes.length) return resolve();
              const batch = routes.slice(next, next + BATCH);
              next += BATCH;
              worker.postMessage(batch);
            };
            worker.on('message', (message: 'ready' | PageOutcome[]) => {
              if (message !== 'ready') outcomes.push(...message);
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (next < routes.length || code !== 0) reject(new Error(`a render worker stopped (exit code ${code})`));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return outcomes;
}
