// The deploy case of `npm run bench`: what a host (Netlify, Cloudflare Pages, GitHub Actions with
// actions/cache) does on each deploy. A fresh copy of the corpus (every file new, so every mtime
// differs; no output folder), the cache folder of the previous build copied back (new mtimes too,
// as a restored archive has), one article edited, then one build.
import { cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** The project's cache folder, by the generator's rule (src/pipeline/cache/cache-dir.ts). */
export function projectCacheDir(dir) {
  if (process.env.HEARTNOTES_CACHE_DIR) return join(dir, process.env.HEARTNOTES_CACHE_DIR);
  try {
    if (lstatSync(join(dir, 'node_modules')).isDirectory()) return join(dir, 'node_modules', '.cache', 'heartnotes');
  } catch { /* no node_modules */ }
  return join(dir, '.cache');
}

/**
 * A fresh clone of the corpus at `<dir>-deploy-<n>` with only the cache restored, and `edited` (a
 * path relative to the corpus) given one more sentence. `templates/` stays a link: the corpus's
 * config imports the real site's, so its templates' files are the repository's either way.
 *
 * Each run gets a clone of its own, all made before the first deploy is timed and removed after
 * the last (`removeClones`): deleting a clone of some 20,000 files just before making the next
 * cost that next build 0.1–0.3 s of system time on this machine's disk (docs/architecture.md,
 * "The kernel's share of a cold build"), which a host's fresh clone does not pay.
 */
export function freshClone(dir, edited, n = 0) {
  const clone = `${dir}-deploy-${n}`;
  rmSync(clone, { recursive: true, force: true });
  mkdirSync(clone, { recursive: true });
  for (const part of ['content', 'site.config.ts']) cpSync(join(dir, part), join(clone, part), { recursive: true });
  cpSync(join(dir, 'public'), join(clone, 'public'), { recursive: true, dereference: true });
  symlinkSync(join(dir, 'templates'), join(clone, 'templates'));
  const cache = projectCacheDir(dir);
  cpSync(cache, join(clone, relative(dir, cache)), { recursive: true });
  const file = join(clone, edited);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence added for this deploy.\n`);
  return clone;
}

/** Removes the deploy clones of the corpus at `dir` (`freshClone`), and one an older benchmark left at `<dir>-deploy`. */
export function removeClones(dir) {
  const parent = dirname(dir);
  const name = basename(dir);
  for (const entry of readdirSync(parent)) {
    if (entry === `${name}-deploy` || entry.startsWith(`${name}-deploy-`)) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}
