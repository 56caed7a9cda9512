// The deploy case of `npm run bench`: what a host (Netlify, Cloudflare Pages, GitHub Actions with
// actions/cache) does on each deploy. A fresh copy of the corpus (every file new, so every mtime
// differs; no output folder), the cache folder of the previous build copied back (new mtimes too,
// as a restored archive has), one article edited, then one build.
import { cpSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The project's cache folder, by the generator's rule (src/pipeline/cache/cache-dir.ts). */
export function projectCacheDir(dir) {
  if (process.env.HEARTNOTES_CACHE_DIR) return join(dir, process.env.HEARTNOTES_CACHE_DIR);
  try {
    if (lstatSync(join(dir, 'node_modules')).isDirectory()) return join(dir, 'node_modules', '.cache', 'heartnotes');
  } catch { /* no node_modules */ }
  return join(dir, '.cache');
}

/**
 * A fresh clone of the corpus at `<dir>-deploy` with only the cache restored, and `edited` (a
 * path relative to the corpus) given one more sentence. `templates/` stays a link: the corpus's
 * config imports the real site's, so its templates' files are the repository's either way.
 */
export function freshClone(dir, edited) {
  const clone = `${dir}-deploy`;
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
