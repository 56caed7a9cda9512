import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { createRenderContext, renderPageToFile, type RenderSetup } from './render-pages.ts';
import type { Route, SiteConfig } from './types.ts';

/** A render worker: imports the compiled site once, then renders batches of routes to disk. */
const { configModule, setup } = workerData as { configModule: string; setup: RenderSetup };
const config = ((await import(pathToFileURL(configModule).href)) as { default: SiteConfig }).default;
const ctx = createRenderContext(config, setup);

parentPort!.on('message', (batch: Route[]) => {
  parentPort!.postMessage(batch.map((route) => renderPageToFile(route, ctx, setup.stagingDir)));
});
parentPort!.postMessage('ready');
