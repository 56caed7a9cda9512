import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { cacheDir } from '../cache/cache-dir.ts';
import { MANIFEST_FILE, parseManifest } from '../plan/manifest.ts';
import { isLink, isRealFolder } from './no-links.ts';
import { outputDirOf, outputFile, realExisting } from './output-paths.ts';

/**
 * The output folder as a whole: which folder `--out` may name, the marker that proves a folder
 * is ours, and putting the previous output back after a build was killed mid-swap.
 *
 * # Design decision
 * A build replaces its output folder entirely, so `--out` must never name a folder that holds
 * anything else. Proof of ownership is a marker file inside the output (`.heartnotes-output`):
 * preview never serves dot-files, and static hosts either skip them or serve a harmless line of
 * text. Options rejected: a list of built folders in `.cache/` (deleting `.cache` would then make
 * every `dist/` look foreign) and a heuristic on the folder's contents (an `index.html` proves nothing).
 */
export const OUTPUT_MARKER = '.heartnotes-output';
const MARKER_TEXT = 'This folder is written by "heartnotes build"; the next build replaces all of it.\n';

/** Writes the marker into a folder the generator made (the staging folder of a build). */
export function markAsOutput(dir: string): void {
  writeFileSync(join(dir, OUTPUT_MARKER), MARKER_TEXT);
}

/** Folders of a project that `--out` may never name or be inside, relative to its root. */
const PROJECT_FOLDERS = ['content', 'public', 'templates', 'site', 'src', 'node_modules', '.cache', '.data', '.git'];
/** The generator's own folders. */
const GENERATOR_FOLDERS = ['src', 'bin', 'node_modules'];

/**
 * Why `outDir` cannot be the output folder of the project at `root`, as one sentence, or
 * `undefined` when it can. `label` is how the user wrote it (the `--out` value).
 *
 * A folder that exists without the marker is accepted only when it is empty, or when the build
 * manifest in `.cache/` records it as this project's output: that is a `dist/` written before the
 * marker existed, and it is adopted (given the marker) so the proof no longer needs `.cache/`.
 * Any other folder must be removed by hand once; guessing from its contents could delete work.
 */
export function outputFolderProblem(root: string, outDir: string, generatorRoot: string, label: string): string | undefined {
  const projectRoot = resolve(root);
  const out = resolve(projectRoot, outDir);
  const name = `--out ${label}`;
  // Compare both as written and with links resolved: `--out link-to-content` is `content/`.
  const outs = [out, realExisting(out)];
  const roots = (r: string) => [resolve(r), realExisting(resolve(r))];
  for (const o of outs) {
    for (const r of roots(projectRoot)) {
      if (isInsideOrSame(o, r)) {
        return `${name} is ${o === r ? 'the project folder' : 'a folder above the project'}, and a build replaces its output folder entirely; use a folder of its own such as --out dist`;
      }
      for (const folder of PROJECT_FOLDERS) {
        if (isInsideOrSame(join(r, folder), o)) {
          return `${name} is ${o === join(r, folder) ? '' : 'inside '}the project's ${folder}/ folder, which a build must never replace; use a folder of its own such as --out dist`;
        }
      }
    }
    for (const g of roots(generatorRoot)) {
      if (isInsideOrSame(o, g)) return `${name} is ${o === g ? "the generator's folder" : "a folder above the generator's folder"}, and a build replaces its output folder entirely; use a folder of its own such as --out dist`;
      for (const folder of GENERATOR_FOLDERS) {
        if (isInsideOrSame(join(g, folder), o)) return `${name} is inside the generator's own ${folder}/ folder; use a folder of its own such as --out dist`;
      }
    }
  }
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory()) return `${name} is a file, not a folder; choose a folder name such as --out dist`;
  if (existsSync(join(out, OUTPUT_MARKER)) || readdirSync(out).length === 0) return undefined;
  if (recordedAsOutput(projectRoot, out)) {
    markAsOutput(out);
    return undefined;
  }
  const rel = relative(process.cwd(), out);
  const shown = rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? out : rel;
  return `${name}: ${shown}/ already holds files that heartnotes did not write (it has no ${OUTPUT_MARKER} file), and a build replaces the whole folder; choose an empty or new folder, or, if ${shown}/ is an old build, delete it once and build again`;
}

/**
 * The folder a build writes for `--out`, found once, before anything is written: a symbolic link
 * (`www` → `../www`) is followed, so the build replaces the folder it points to and the link
 * stays. Renaming the link aside and removing "the old output" through it emptied its target.
 * A link to nothing is refused with one sentence.
 */
export function outputTarget(root: string, outDir: string, label: string): { dir: string } | { problem: string } {
  const out = resolve(root, outDir);
  if (isLink(out) && !existsSync(out)) {
    return { problem: `--out ${label} is a symbolic link to ${readlinkSync(out)}, which does not exist (or is a loop of links); create that folder or give --out a real folder` };
  }
  return { dir: outputDirOf(root, outDir) };
}

/** Whether the cache's `build-manifest.json` names `out` as this project's output (a build before the marker). */
function recordedAsOutput(root: string, out: string): boolean {
  try {
    return parseManifest(readFileSync(join(cacheDir(root), MANIFEST_FILE), 'utf8')).outDir === out;
  } catch {
    return false;
  }
}

function isInsideOrSame(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The journal of an incremental commit's backup folder: the files it adds to the output. */
export const BACKUP_JOURNAL = '.heartnotes-journal.json';

/**
 * Cleans up after builds that were killed (kill -9, a power cut) next to `outDir`:
 * - `<out>.old-<pid>-…`: the previous output, renamed away just before the new one was renamed in.
 *   If `<out>` is missing, the build died between the two renames: the newest one is put back.
 *   Otherwise the swap completed and it is removed.
 * - `<out>.bak-<pid>-…`: an incremental commit that did not finish: the old versions it kept are
 *   renamed back and the files it added are removed, so `<out>` is the previous output again.
 * - `<out>.tmp-<pid>-…` (staging) and `<out>.done-<pid>-…` (a finished commit's backup): removed.
 * Only folders of processes that are gone are touched, and only if they carry the marker or the
 * journal (or are empty), so a build running next to this one, or a folder someone else named
 * alike, is left alone.
 */
export function recoverOutput(outDir: string): void {
  const out = resolve(outDir);
  const parent = dirname(out);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const prefix = basename(out);
  const leftovers = names
    .map((name) => ({ name, m: /^\.(tmp|old|bak|done)-(\d+)-([0-9a-z]+)$/.exec(name.slice(prefix.length)) }))
    .filter(({ name, m }) => name.startsWith(prefix) && m && ownerIsGone(Number(m[2]), parseInt(m[3], 36)) && isOurs(join(parent, name)))
    .map(({ name, m }) => ({ path: join(parent, name), kind: m![1], at: parseInt(m![3], 36) }));
  const olds = leftovers.filter((l) => l.kind === 'old').sort((a, b) => b.at - a.at);
  if (olds.length && !existsSync(out)) renameSync(olds.shift()!.path, out);
  for (const l of leftovers.filter((l) => l.kind === 'bak')) rollBack(l.path, out);
  for (const l of [...olds, ...leftovers.filter((l) => l.kind === 'tmp' || l.kind === 'done')]) removeOwnFolder(l.path);
}

/**
 * Removes a folder a build made (staging, `.old`, `.bak`, `.done`) with its marker and journal
 * last: a process killed half way leaves a folder that still proves it is ours, so the next build
 * finishes the job. Removed in one go, the marker could go first and the rest stay forever.
 */
export function removeOwnFolder(dir: string): void {
  // A link is never followed: what it points to was not made by this build.
  if (!isRealFolder(dir)) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const proofs = new Set([OUTPUT_MARKER, BACKUP_JOURNAL, `${BACKUP_JOURNAL}.tmp`]);
  for (const name of names) if (!proofs.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

/** Undoes an unfinished incremental commit from its backup folder, then removes the folder. */
export function rollBack(backup: string, out: string): void {
  if (existsSync(out)) {
    let added: string[] = [];
    try {
      added = (JSON.parse(readFileSync(join(backup, BACKUP_JOURNAL), 'utf8')) as { added: string[] }).added;
    } catch {
      // No journal: killed before the first file moved; nothing to undo.
    }
    for (const file of added) rmSync(outputFile(out, file, true), { force: true });
    for (const file of listKept(backup)) {
      const to = outputFile(out, file, true);
      mkdirSync(dirname(to), { recursive: true });
      renameSync(join(backup, file), to);
    }
  }
  removeOwnFolder(backup);
}

/** The files kept in a backup folder (POSIX paths relative to it), the journal left out. */
function listKept(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((d) => {
    const path = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) return listKept(dir, path);
    return path === BACKUP_JOURNAL || path === `${BACKUP_JOURNAL}.tmp` ? [] : [path];
  });
}

function isOurs(dir: string): boolean {
  if (!isRealFolder(dir)) return false;
  try {
    return existsSync(join(dir, OUTPUT_MARKER)) || existsSync(join(dir, BACKUP_JOURNAL)) || existsSync(join(dir, `${BACKUP_JOURNAL}.tmp`)) || readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

/**
 * Whether the process that made a folder (its pid and the time in its name) is gone. A live pid is
 * not enough: pids are reused, and in a container every run's build may get the same small pid,
 * so a killed build's folders would be kept forever. A process that started after the folder was
 * made did not make it. Start times are known for this process, and for others on Linux (/proc);
 * elsewhere a live pid counts as the owner.
 */
export function ownerIsGone(pid: number, madeAt: number): boolean {
  if (pid !== process.pid && !isAlive(pid)) return true;
  const started = startTime(pid);
  return started !== undefined && started > madeAt + CLOCK_SLACK_MS;
}

/** Tolerance for the clocks compared (a folder's name is wall time; /proc counts from boot, in whole seconds). */
const CLOCK_SLACK_MS = 1_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, in epoch milliseconds, or `undefined` where that is not known.
 * Linux: `starttime` in /proc/<pid>/stat (clock ticks after boot; USER_HZ is 100 on every Linux
 * architecture Node runs on) plus `btime` in /proc/stat (boot, whole seconds, rounded down: the
 * start comes out early, never late, so a live owner is never taken for a newer process).
 */
function startTime(pid: number): number | undefined {
  if (pid === process.pid) return performance.timeOrigin;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from the state (field 3): starttime is field 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    const started = boot * 1000 + ticks * 10;
    return Number.isFinite(started) ? started : undefined;
  } catch {
    return undefined;
  }
}
