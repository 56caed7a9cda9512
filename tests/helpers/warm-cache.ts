import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The repository root (fixtures.ts imports this module, so it is not imported from there). */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The parts of a build cache that hold work keyed by what it was made from (src/pipeline/cache/,
 * docs/reliability.md): the stamp naming the generator, lockfile and Node that wrote them, rendered
 * Markdown (by content and the Markdown pipeline's key), drawn social cards (by card and style),
 * encoded images (by source and settings) and validated entries (by file text and compiled site).
 * What describes one build's output (its manifest, the output mirror, output-of.json) and the
 * compiled site (pruned to the copy's own) are left out: a copy's first build still writes its
 * whole output, as a fresh clone's does.
 */
const CONTENT_KEYED = ['cache-version.json', 'markdown', 'cards', 'images', 'validated.json'];

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
 * The cache's stamp names the project's lockfile, so a copy without one gets a link to it (a copy
 * without the stamp's lockfile would empty the cache before its first build).
 */
export function seedCache(root: string, from = inject('warmCache')): void {
  if (!existsSync(join(root, 'package-lock.json'))) symlinkSync(join(repoRoot, 'package-lock.json'), join(root, 'package-lock.json'));
  const to = join(root, '.cache');
  mkdirSync(to, { recursive: true });
  for (const entry of CONTENT_KEYED) {
    if (existsSync(join(from, entry))) cpSync(join(from, entry), join(to, entry), { recursive: true });
  }
}
