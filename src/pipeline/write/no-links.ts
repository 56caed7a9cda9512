import { lstatSync, readdirSync } from 'node:fs';

/**
 * Removing files never goes through a symbolic link: a folder whose entries a build removes (the
 * output, its staging and backup folders, cache folders, the host's functions folder) must be a
 * folder of its own. `rmSync` itself removes a link, not what it points to; listing a link and
 * removing each name would empty the folder it points to.
 */

/** Whether `path` is a folder itself, not a symbolic link to one (false when it does not exist). */
export function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `path` is a symbolic link (to anything, or dangling). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The names in `dir`, for removing some of them: none when `dir` is a link or no folder. */
export function namesToRemove(dir: string): string[] {
  return isRealFolder(dir) ? readdirSync(dir) : [];
}
