// Runs once before any test file: builds the real site, which the browser tests then preview
// (each with a server of its own) instead of each building it again, and makes an empty PGlite
// database for the tests whose servers store forms to start from.
import type { TestProject } from 'vitest/node';
import { buildSite } from './e2e-helpers/site.ts';
import { makePgliteTemplate } from './helpers/pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for the whole run; read it, never write to it. */
    builtSite: string;
    /** An empty PGlite database folder; copy it (tests/helpers/pglite-template.ts), never open it. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const [built, pglite] = await Promise.allSettled([buildSite(), makePgliteTemplate()]);
  if (built.status === 'rejected' || pglite.status === 'rejected') {
    if (built.status === 'fulfilled') await built.value.remove();
    if (pglite.status === 'fulfilled') pglite.value.remove();
    throw built.status === 'rejected' ? built.reason : (pglite as PromiseRejectedResult).reason;
  }
  project.provide('builtSite', built.value.outDir);
  project.provide('pgliteTemplate', pglite.value.dir);
  return async () => {
    pglite.value.remove();
    await built.value.remove();
  };
}
