import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A file under a folder, with what identifies its version on disk. */
export interface FolderFile {
  /** Path relative to the folder, POSIX separators. */
  path: string;
  size: number;
  mtimeMs: number;
  /** A hash of its bytes, where a build has one (cache/public-hashes.ts). */
  hash?: string;
}

/**
 * A link under a folder that cannot be followed: `loop`, a link to a folder it is inside;
 * `link-loop`, links that lead to each other and never to a file (`a → b → a`, the system's
 * ELOOP); `dangling`, its target is missing.
 */
export interface BrokenLink {
  /** Path relative to the folder, POSIX separators. */
  path: string;
  problem: BrokenLinkProblem;
  /** `link-loop`: the link's name, then each target as its link says it, until one repeats. */
  chain?: string[];
}

export type BrokenLinkProblem = 'loop' | 'link-loop' | 'dangling';

/**
 * Files a folder may hold that are never published: version-control and desktop clutter.
 * Other dot files are published (`.well-known/security.txt`, `.nojekyll`, `.htaccess`).
 */
const NEVER_PUBLISHED = new Set(['.git', '.svn', '.hg', '.DS_Store', 'Thumbs.db', 'desktop.ini', '.gitkeep']);

/** The default of `listFolder`'s `skip`: what `public/` never publishes. */
export const isClutter = (name: string) => NEVER_PUBLISHED.has(name);

/**
 * Lists a folder's files recursively, sorted, following links to files and folders; a link
 * that loops or points nowhere is returned in `broken` instead of being skipped in silence.
 * Names for which `skip` is true are passed over, with everything below them. With `names`, a
 * plain file (not a link) is listed without its size and time (both 0): a stat less a file.
 */
export function listFolder(from: string, skip: (name: string) => boolean = isClutter, names = false): { files: FolderFile[]; broken: BrokenLink[] } {
  const files: FolderFile[] = [];
  const broken: BrokenLink[] = [];
  if (!existsSync(from)) return { files, broken };
  const walk = (dir: string, rel: string, seen: Set<string>) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (skip(d.name)) continue;
      const relPath = rel ? `${rel}/${d.name}` : d.name;
      // `names`: a plain file's size and time are not looked up (0): the content's are read with it.
      if (names && d.isFile()) {
        files.push({ path: relPath, size: 0, mtimeMs: 0 });
        continue;
      }
      const abs = join(dir, d.name);
      let s: ReturnType<typeof statSync>;
      try {
        s = statSync(abs);
      } catch (error) {
        const loop = (error as NodeJS.ErrnoException).code === 'ELOOP';
        broken.push(loop ? { path: relPath, problem: 'link-loop', chain: [d.name, ...linkChain(abs)] } : { path: relPath, problem: 'dangling' });
        continue;
      }
      if (s.isDirectory()) {
        const real = realpathSync(abs);
        if (seen.has(real)) {
          broken.push({ path: relPath, problem: 'loop' });
          continue;
        }
        walk(abs, relPath, new Set([...seen, real]));
      } else if (s.isFile()) files.push({ path: relPath, size: s.size, mtimeMs: s.mtimeMs });
    }
  };
  walk(from, '', new Set([realpathSync(from)]));
  return { files, broken };
}

/** The targets a chain of links names, as each link says it, until one repeats (at most 40). */
function linkChain(link: string): string[] {
  const chain: string[] = [];
  const seen = new Set([link]);
  for (let at = link; chain.length < 40; ) {
    let target: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
      target = readlinkSync(at);
    } catch {
      break;
    }
    chain.push(target);
    at = resolve(dirname(at), target);
    if (seen.has(at)) break;
    seen.add(at);
  }
  return chain;
}
