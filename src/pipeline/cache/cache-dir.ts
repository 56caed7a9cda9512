import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generatorRoot } from '../paths.ts';

/**
 * Where a project's build cache lives: `HEARTNOTES_CACHE_DIR` (relative to the project) when set;
 * else `node_modules/.cache/heartnotes/` when the project has a `node_modules/` folder of its own;
 * else `.cache/`.
 *
 * # Design decision
 * `node_modules/.cache/<tool>/` is where Babel, ESLint and Gatsby keep theirs, and it is the
 * folder hosts keep between deploys without any setting (Netlify restores `node_modules/`), so a
 * deploy from a fresh clone finds the previous build's cache. A `node_modules` that is a link
 * (to another project's, as test copies do) is not used: the cache would be shared with that
 * project. The folder must stay inside the project: the compiled site in it imports the
 * project's packages, found by walking up from it. Rejected: always `.cache/` (hosts discard it
 * unless told, and Netlify cannot be told without a plugin).
 */
export function cacheDir(root: string): string {
  const override = process.env.HEARTNOTES_CACHE_DIR;
  if (override) return resolve(root, override);
  try {
    if (lstatSync(join(root, 'node_modules')).isDirectory()) return join(root, 'node_modules', '.cache', 'heartnotes');
  } catch {
    // No node_modules: the project's own hidden folder.
  }
  return join(root, '.cache');
}

/** The file naming what wrote the cache; a cache without it, or with another, is not read. */
const STAMP = 'cache-version.json';

/** What the cache's contents depend on beyond their own keys: the generator, the lockfiles, Node. */
export function cacheVersion(root: string): string {
  const hash = createHash('sha256');
  for (const file of [join(generatorRoot, 'package.json'), join(root, 'package-lock.json'), join(generatorRoot, 'package-lock.json')]) {
    try {
      hash.update(file === join(generatorRoot, 'package.json') ? String(JSON.parse(readFileSync(file, 'utf8')).version) : readFileSync(file));
    } catch {
      hash.update('none');
    }
    hash.update('\0');
  }
  // zlib's version decides the bytes of compressed cards; Node's, the platform's and the
  // architecture's decide native packages (sharp) and V8's number formatting.
  hash.update([process.version, process.versions.zlib, process.platform, process.arch].join('\0'));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The project's cache folder, ready for this generator: a cache written by another generator
 * version, lockfile or Node (a restored deploy cache, a copied folder) is emptied first, never
 * read. Left in place (see `KEPT`): lock files (`*.lock`), which a running build may hold, and
 * the folders that share `.cache/` without being this cache.
 */
export function openCache(root: string): string {
  const dir = cacheDir(root);
  const version = cacheVersion(root);
  let found: string | undefined;
  try {
    found = JSON.parse(readFileSync(join(dir, STAMP), 'utf8')).version;
  } catch {
    found = undefined;
  }
  if (found === version) return dir;
  clearCache(dir);
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `${STAMP}.${process.pid}`);
    writeFileSync(tmp, JSON.stringify({ version }));
    renameSync(tmp, join(dir, STAMP));
  } catch {
    // Unstamped, the cache is emptied again next time; a full disk is reported by the first
    // write the build needs (compiling the site), naming the folder.
  }
  return dir;
}

/** Whether the cache folder was written by this generator (see `openCache`), without changing it. */
export function cacheIsCurrent(root: string): boolean {
  try {
    return JSON.parse(readFileSync(join(cacheDir(root), STAMP), 'utf8')).version === cacheVersion(root);
  } catch {
    return false;
  }
}

/**
 * What shares the cache folder but is not the build's cache: `generator/`, the compiled CLI (in
 * the generator's own `node_modules/.cache/heartnotes/` or `.cache/`, which are the project's when
 * the site is built from it; the running command is loaded from it, with its own stamp), and
 * `dev/`, the output `dev` serves.
 */
const KEPT = new Set(['generator', 'dev']);

/** Removes everything in `dir` but `KEPT` and lock files: each entry is renamed aside first, so no reader sees half of one. */
function clearCache(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.endsWith('.lock') || KEPT.has(name)) continue;
    const aside = join(dir, `.stale-${process.pid}-${name}`);
    try {
      renameSync(join(dir, name), aside);
      rmSync(aside, { recursive: true, force: true });
    } catch {
      rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
}
