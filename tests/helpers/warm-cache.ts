import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { cacheVersion } from '../../src/pipeline/cache/cache-dir.ts';

/** The repository root (fixtures.ts imports this module, so it is not imported from there). */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The stamp file of src/pipeline/cache/cache-dir.ts. */
const STAMP = 'cache-version.json';

/**
 * The parts of a build cache that hold work keyed by what it was made from (src/pipeline/cache/,
 * docs/reliability.md): rendered Markdown (by content and the Markdown pipeline's key), drawn
 * social cards (by card and style), encoded images (by source and settings) and validated entries
 * (by file text and compiled site). What describes one build's output (its manifest, the output
 * mirror, output-of.json) and the compiled site (pruned to the copy's own) are left out: a copy's
 * first build still writes its whole output, as a fresh clone's does.
 */
const CONTENT_KEYED = ['markdown', 'cards', 'images', 'validated.json'];

/**
 * Where tests/global-setup.ts has the build of the real site keep its cache, relative to the
 * project (HEARTNOTES_CACHE_DIR): inside it, as a cache must be (the compiled site in it imports
 * the project's packages), and apart from `node_modules/.cache/heartnotes`, the one developers use.
 */
export function runCacheDir(): string {
  return join('node_modules', '.cache', `heartnotes-test-run-${process.pid}`);
}

/** Removes the caches of earlier runs that ended without removing theirs (killed): their process is gone. */
export function removeStaleRunCaches(projectRoot: string): void {
  const parent = join(projectRoot, 'node_modules', '.cache');
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    const pid = Number(/^heartnotes-test-run-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts `root`'s cache (`<root>/.cache`, a copy's: its node_modules is a link) from the real
 * site's, built once for the run by tests/global-setup.ts: a copy of the real site then renders
 * only the Markdown, cards and entries it changed, instead of every one (a build of the real site:
 * about 9 CPU-s from nothing, 3 from this cache). For copies whose tests are not about the cache.
 *
 * The stamp (cache-version.json) names the generator, Node and the project's lockfile: a copy has
 * no lockfile of its own, so its stamp differs from the real site's while its entries' keys do not
 * (the Markdown key takes the generator's lockfile when the project has none, the same file). The
 * copy gets the stamp its own build would write, and only when the seed's is the real site's, so
 * a cache from another generator, lockfile or Node is never passed on.
 */
export function seedCache(root: string, from = inject('warmCache')): void {
  const stamp = join(from, STAMP);
  if (!existsSync(stamp) || JSON.parse(readFileSync(stamp, 'utf8')).version !== cacheVersion(repoRoot)) return;
  const to = join(root, '.cache');
  mkdirSync(to, { recursive: true });
  for (const entry of CONTENT_KEYED) {
    if (existsSync(join(from, entry))) cpSync(join(from, entry), join(to, entry), { recursive: true });
  }
  writeFileSync(join(to, STAMP), JSON.stringify({ version: cacheVersion(root) }));
}
