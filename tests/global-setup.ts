// Runs once before any test file: builds the real site, which the browser tests then read and
// preview instead of each building it again, makes an empty PGlite database for the tests whose
// servers store forms to start from, and starts one `heartnotes preview` of the real site that
// every browser test without a site or environment of its own shares.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite, PROJECT_ROOT, previewServer } from './e2e-helpers/site.ts';
import { makePgliteTemplate, seedPglite } from './helpers/pglite-template.ts';
import { removeStaleRunCaches, runCacheDir } from './helpers/warm-cache.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for the whole run; read it, never write to it. */
    builtSite: string;
    /** An empty PGlite database folder; copy it (tests/helpers/pglite-template.ts), never open it. */
    pgliteTemplate: string;
    /**
     * `heartnotes preview` of `builtSite`, e.g. `http://127.0.0.1:41059`, for every file of the
     * run (tests/e2e-helpers/site.ts, `buildAndPreview()`): read pages from it; a test that sends
     * forms or needs a server to itself starts its own.
     */
    sharedPreview: string;
    /**
     * The build cache `builtSite` was made with, for copies of the real site to start from
     * (tests/helpers/warm-cache.ts, `seedCache`); copy from it, never write to it.
     */
    warmCache: string;
  }
}

type Provided = { builtSite: string; pgliteTemplate: string; sharedPreview: string; warmCache: string };
interface Shared {
  ready: Promise<{ provided: Provided; teardown: () => Promise<void> }>;
  /** Projects (test tiers) set up and not yet torn down: the last one tears down. */
  users: number;
}
/**
 * Each tier is a Vitest project with this global set-up of its own, and Vitest calls it once per
 * project that has tests to run, in one process: the first call builds, the others share it, so
 * `npm test` builds the site once however many tiers run. (Module state would not do: each
 * project loads this file anew.)
 */
const SHARED = Symbol.for('heartnotes.tests.global-setup');
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= { ready: setUpOnce(), users: 0 });
  shared.users++;
  const { provided, teardown } = await shared.ready;
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof Provided, value);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await teardown();
  };
}

async function setUpOnce(): Promise<{ provided: Provided; teardown: () => Promise<void> }> {
  // Built with a cache of its own, which copies of the real site start from: the same build as
  // one with --no-cache (a cache changes no byte of the output), and the copies' builds are warm.
  removeStaleRunCaches(PROJECT_ROOT);
  const cache = runCacheDir();
  const removeCache = () => rmSync(join(PROJECT_ROOT, cache), { recursive: true, force: true, maxRetries: 3 });
  const [built, pglite] = await Promise.allSettled([buildSite(PROJECT_ROOT, 90_000, cache), makePgliteTemplate()]);
  if (built.status === 'rejected' || pglite.status === 'rejected') {
    removeCache();
    if (built.status === 'fulfilled') await built.value.remove();
    if (pglite.status === 'fulfilled') pglite.value.remove();
    throw built.status === 'rejected' ? built.reason : (pglite as PromiseRejectedResult).reason;
  }
  // One server for the files that only read the real site: each such file used to start its own,
  // and with it open a copy of the forms' database (about 3 CPU-s a server, 0.7 without the database).
  const data = mkdtempSync(join(tmpdir(), 'heartnotes-e2e-data-'));
  seedPglite(data, pglite.value.dir);
  const removeAll = async () => {
    rmSync(data, { recursive: true, force: true, maxRetries: 3 });
    pglite.value.remove();
    removeCache();
    await built.value.remove();
  };
  const preview = await previewServer(built.value.outDir, { HEARTNOTES_DATA_DIR: data }).catch(async (error) => {
    await removeAll();
    throw error;
  });
  const provided = { builtSite: built.value.outDir, pgliteTemplate: pglite.value.dir, sharedPreview: preview.url, warmCache: join(PROJECT_ROOT, cache) };
  return {
    provided,
    teardown: async () => {
      await preview.stop();
      await removeAll();
    },
  };
}
