import { parentPort, threadId, workerData } from 'node:worker_threads';
import { basename, dirname } from 'node:path';
import { threadCpuMs } from '../cpu.ts';
import type { FrameOptions, RenderSetup } from './render-pages.ts';
import type { Route, SiteConfig } from '../types.ts';

/**
 * A render worker: imports the compiled site once, then renders batches of routes and sends the
 * HTML back. The main thread writes it: one writer avoids two threads contending for the same
 * output folders, and writing overlaps with rendering the next batch.
 */
const { configModule, frames } = workerData as { configModule: string; frames: FrameOptions };

// Before the templates load, so a template's error names its .tsx file and line.
process.setSourceMapsEnabled(true);
const { createRenderContext, renderPage } = await import('./render-pages.ts');
// This worker's own generator copy answers the site's imports of it (site-modules.ts).
const [generatorIndex, generatorEscape, { loadCompiledSite }] = await Promise.all([import('../../index.ts'), import('../../escape.ts'), import('../compile/site-modules.ts')]);
const site = await loadCompiledSite(dirname(configModule), basename(configModule), { 'index.ts': generatorIndex, 'escape.ts': generatorEscape });
const config = site.default as SiteConfig;
// Made on the first message, which brings the site data: the worker may start before it is known.
let ctx: ReturnType<typeof createRenderContext>;

parentPort!.on('message', (message: { setup: RenderSetup } | Route[] | 'finish') => {
  if (message === 'finish') {
    ctx.cache.flush();
    const cpuMs = threadCpuMs();
    parentPort!.postMessage({ finished: { ...ctx.timings, thread: `worker ${threadId}`, ...(cpuMs === undefined ? {} : { cpuMs }) } });
    return;
  }
  if (!Array.isArray(message)) {
    ctx = createRenderContext(config, message.setup);
    parentPort!.postMessage('ready');
    return;
  }
  parentPort!.postMessage(message.map((route) => renderPage(route, ctx, frames)));
});
