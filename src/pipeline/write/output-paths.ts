import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

/**
 * The one place that decides whether a path may name a file of the output. Every write, rename
 * and removal in the output goes through `outputFile`, so no content, config or damaged cache can
 * make the generator touch a file outside the output folder.
 *
 * # Design decision
 * Site paths are checked twice: by the schema (so an editor sees the field's file:line) and
 * here (a path a template computes, an alias, a manifest entry from an earlier build). Options
 * rejected: normalising `..` away (it hides the mistake and `/a/../b` would silently publish at
 * `/b`) and checking only at write time (the build would fail after rendering, with no file:line).
 */

/** Site paths are checked by a module of their own, which the browser-safe schema fields share. */
export { sitePathProblem } from './site-path.ts';

/** Why `file` cannot be a file of the output (POSIX, relative to it), or `undefined` when it can. */
export function outputFileProblem(file: string): string | undefined {
  // One test for the usual name (a build checks some 10,000 on a restore); any other is looked at below.
  if (PLAIN.test(file)) return undefined;
  if (file === '') return 'it is empty';
  if (isAbsolute(file) || /^[A-Za-z]:/.test(file)) return 'it is an absolute path';
  if (file.includes('\\')) return 'it contains "\\"';
  if (/[\0-\x1f\x7f]/.test(file)) return 'it contains a control character';
  for (const segment of file.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return `it has a "${segment || '//'}" segment`;
  }
  return undefined;
}

/**
 * A relative path that passes every check of `outputFileProblem`: no drive letter, segments that
 * are neither empty, `.` nor `..`, and no `/` at the start, backslash or control character.
 */
const PLAIN = /^(?![A-Za-z]:)(?:(?!\.{1,2}\/)[^/\\\0-\x1f\x7f]+\/)*(?!\.{1,2}$)[^/\\\0-\x1f\x7f]+$/;

/** Thrown when something asks to write or remove a file outside the output folder. */
export class OutsideOutputError extends Error {
  constructor(readonly file: string, readonly reason: string) {
    super(`refusing to write "${file}": ${reason}; nothing outside the output folder is ever written or removed`);
    this.name = 'OutsideOutputError';
  }
}

/**
 * The absolute path of `file` inside `dir`, proven to stay inside it: by its text, and, with
 * `followLinks`, through any symbolic link among the folders that already exist on the way (an
 * output folder a build did not just create may hold links put there by someone else).
 */
export function outputFile(dir: string, file: string, followLinks = false): string {
  const root = resolve(dir);
  const outside = whyOutside(root, file, followLinks ? { realRoot: realRoot(root), realFolder: realExisting } : undefined);
  if (outside) throw new OutsideOutputError(file, outside);
  return join(root, file);
}

/**
 * `true` when writing each of `files` into the existing folder `dir` would stay inside it, links
 * followed (`outputFile` with `followLinks`), each folder's real path looked up once: an
 * incremental plan proves every file it writes or removes, about 1,200 on the bench (64 ms one
 * by one).
 */
export function allStayInside(dir: string, files: Iterable<string>): boolean {
  const root = resolve(dir);
  const folders = new Map<string, string>();
  const realFolder = (folder: string) => {
    let real = folders.get(folder);
    if (real === undefined) folders.set(folder, (real = realExisting(folder)));
    return real;
  };
  const links = { realRoot: realRoot(root), realFolder };
  for (const file of files) if (whyOutside(root, file, links)) return false;
  return true;
}

/** Why `file` would not be inside the output folder `root` (with `links`, through the real paths of the folders on its way), or `undefined`. */
function whyOutside(root: string, file: string, links?: { realRoot: string; realFolder: (folder: string) => string }): string | undefined {
  const problem = outputFileProblem(file);
  if (problem) return problem;
  const abs = join(root, file);
  if (!isInside(root, abs)) return 'it resolves outside the output folder';
  if (links && !isInside(links.realRoot, links.realFolder(dirname(abs)))) return 'a folder on its way is a link to somewhere outside the output folder';
  return undefined;
}

/**
 * Whether the absolute path `abs` is `root` or under it. Both are normalised (`resolve`, `join`,
 * `realpath` give them so): a test of the text, rather than `relative`, which resolves both
 * again (a one-edit deploy of the bench proves some 1,300 paths: 47 of its 72 ms).
 */
function isInside(root: string, abs: string): boolean {
  return abs === root || abs.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/**
 * The system's `realpath` (`realpathSync.native`), not Node's own walk, which looks at each
 * folder of the path in turn: an incremental commit proves every file it moves, and a one-edit
 * deploy of the 4,000-page bench moves about 200 (126 ms with Node's walk).
 */
const realPath = realpathSync.native;

function realRoot(root: string): string {
  try {
    return realPath(root);
  } catch {
    return root;
  }
}

/**
 * The output folder of a build of the project at `root`: `--out` (default `dist`), with symbolic
 * links followed, so a build writes the folder a link points to and never replaces the link
 * (docs/output-folder.md, "A link as --out").
 */
export function outputDirOf(root: string, outDir: string | undefined): string {
  return realExisting(resolve(root, outDir ?? 'dist'));
}

/** The real path of the nearest existing ancestor of `path` (itself included), with the rest appended. */
export function realExisting(path: string): string {
  const rest: string[] = [];
  for (let p = path; ; p = dirname(p)) {
    try {
      return join(realPath(p), ...rest.reverse());
    } catch {
      if (dirname(p) === p) return path;
      rest.push(p.slice(dirname(p).length + 1));
    }
  }
}

/**
 * Groups output files that would be one file on a case-insensitive disk (macOS, Windows) or
 * after Unicode normalisation: `About.html` and `about.html`, `café` written two ways.
 * Returns each group of two or more, by the first path in it.
 */
export function foldedCollisions(files: Iterable<string>): string[][] {
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const key = file.normalize('NFC').toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}
