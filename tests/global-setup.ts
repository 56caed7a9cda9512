// Runs before any test file: builds the real site, which the browser tests then preview (each
// with a server of its own) instead of each building it again, and makes an empty PGlite database
// for the tests whose servers store forms to start from.
import type { TestProject } from 'vitest/node';
import { buildSite, type BuiltSite } from './e2e-helpers/site.ts';
import { makePgliteTemplate } from './helpers/pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for the whole run; read it, never write to it. */
    builtSite: string;
    /** An empty PGlite database folder; copy it (tests/helpers/pglite-template.ts), never open it. */
    pgliteTemplate: string;
  }
}

interface Made {
  built: BuiltSite;
  pglite: { dir: string; remove(): void };
}

/**
 * Vitest calls a global setup once per project (vitest.config.ts has two, and the root config
 * counts too): the site and the database are made by the first call and removed after the last
 * teardown. The calls all run in Vitest's own process, before any test file.
 */
const run = globalThis as typeof globalThis & { heartnotesSetup?: { made: Promise<Made>; users: number } };

async function make(): Promise<Made> {
  const [built, pglite] = await Promise.allSettled([buildSite(), makePgliteTemplate()]);
  if (built.status === 'rejected' || pglite.status === 'rejected') {
    if (built.status === 'fulfilled') await built.value.remove();
    if (pglite.status === 'fulfilled') pglite.value.remove();
    throw built.status === 'rejected' ? built.reason : (pglite as PromiseRejectedResult).reason;
  }
  return { built: built.value, pglite: pglite.value };
}

export default async function setup(project: TestProject) {
  run.heartnotesSetup ??= { made: make(), users: 0 };
  const shared = run.heartnotesSetup;
  shared.users += 1;
  const { built, pglite } = await shared.made;
  project.provide('builtSite', built.outDir);
  project.provide('pgliteTemplate', pglite.dir);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    run.heartnotesSetup = undefined;
    pglite.remove();
    await built.remove();
  };
}
