import { parentPort, threadId, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { createRenderContext, renderPage, type FrameOptions, type RenderSetup } from './render-pages.ts';
import type { Route, SiteConfig } from '../types.ts';

/**
 * A render worker: imports the compiled site once, then renders batches of routes and sends the
 * HTML back. The main thread writes it: one writer avoids two threads contending for the same
 * output folders, and writing overlaps with rendering the next batch.
 */
const { configModule, setup, frames } = workerData as { configModule: string; setup: RenderSetup; frames: FrameOptions };
// Before the templates load, so a template's error names its .tsx file and line.
process.setSourceMapsEnabled(true);
const config = ((await import(pathToFileURL(configModule).href)) as { default: SiteConfig }).default;
const ctx = createRenderContext(config, setup);

parentPort!.on('message', (message: Route[] | 'finish') => {
  if (message === 'finish') {
    ctx.cache.flush();
    parentPort!.postMessage({ finished: { ...ctx.timings, thread: `worker ${threadId}` } });
    return;
  }
  parentPort!.postMessage(message.map((route) => renderPage(route, ctx, frames)));
});
parentPort!.postMessage('ready');
