import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MANIFEST_FILE, parseManifest, withLinks, type BuildManifest } from '../plan/manifest.ts';
import { abortOutput, commitOutput, startOutput } from '../write/write.ts';
import { OUTPUT_MARKER } from '../write/output-folder.ts';
import { outputFileProblem } from '../write/output-paths.ts';

/**
 * The last build's output, kept in the cache (`<cache>/output/`, a hard link per file) with its
 * manifest (`<cache>/output.json`, a link to that build's `build-manifest.json`) and what it is
 * (`<cache>/output-of.json`), so a build into an empty output folder — a host's fresh clone with
 * only the cache restored — starts from the previous output and renders only what changed.
 *
 * # Design decision
 * A hard-linked copy of the output: linking 10,000 files costs a fraction of rendering them, and
 * takes no room beside the output. The build never writes into an output file in place (it
 * renames new files in), so a link keeps the bytes it was made with. Rejected: content-addressed
 * files by key (a second naming scheme for what the manifest already names, and pruning to
 * write); keeping only the rendered HTML (cards and the search index would be made again).
 */
interface MirrorOf {
  /** The build whose output this is (`BuildManifest.build`): only that build's successor may patch it. */
  build: string;
  /** The output folder relative to the project, so a clone elsewhere still finds it. */
  outRel: string;
}

const FOLDER = 'output';
const MANIFEST = 'output.json';
const OF = 'output-of.json';

function readJson<T>(file: string, parse: (text: string) => T = JSON.parse): T | undefined {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A hard link from `from` to `to`, or a copy where the disk has none; `made` remembers the folders created. */
function linkOrCopy(from: string, to: string, made = new Set<string>()): void {
  const dir = dirname(to);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** True when `outDir` is absent or holds nothing but the output marker. */
function emptyOutput(outDir: string): boolean {
  try {
    return readdirSync(outDir).every((name) => name === OUTPUT_MARKER);
  } catch {
    return true;
  }
}

/** A restore of the cached output under way (`startRestore`). */
export interface Restoring {
  /** The cached output's manifest, as it will be once its files are in place. */
  manifest: BuildManifest;
  /** The manifest with the sizes and times of the files now in the output folder, or `undefined` when a cached file was missing or of another size (nothing was put in place). */
  done: Promise<BuildManifest | undefined>;
}

/**
 * Starts putting the cached output into an empty output folder: the files are linked (or copied)
 * into a staging folder on a thread of their own, which is swapped in once every one is there
 * with the size the manifest gives. `undefined` (nothing started) when the folder is not empty
 * or there is no cached output for it.
 *
 * # Design decision
 * About 10,000 links and stats (0.35–0.45 s on the bench) are system calls this thread would only
 * wait for, while compiling, reading and routing the content (about 1.5 s) need no output file:
 * a worker makes them meanwhile, and the build waits for it before planning. A worker's start
 * (no modules but Node's own) is about 30 ms. Rejected: `fs.promises` (two promises a file on this
 * thread cost about as much as the calls).
 */
export function startRestore(cache: string, root: string, outDir: string, layout: number): Restoring | undefined {
  if (!emptyOutput(outDir)) return undefined;
  const of = readJson<MirrorOf>(join(cache, OF));
  if (!of || of.outRel !== relative(root, outDir)) return undefined;
  const mirror = readJson<BuildManifest>(join(cache, MANIFEST), parseManifest);
  if (!mirror || mirror.layout !== layout || mirror.build !== of.build) return undefined;
  const names = Object.keys(mirror.files);
  // A name that is not a proper output path (`../x`) was never written by a build.
  if (names.some((file) => outputFileProblem(file) !== undefined)) return undefined;
  // The fingerprint described the other clone's files: this build must look at every input.
  const manifest: BuildManifest = { ...mirror, outDir, fingerprint: undefined, inputs: undefined };
  const staging = startOutput(outDir);
  const linked = linkOnWorker({ from: join(cache, FOLDER), to: staging.dir, files: names, sizes: names.map((file) => mirror.files[file]!.size) });
  const done = linked.then((mtimes) => {
    if (!mtimes) {
      abortOutput(staging);
      return undefined;
    }
    commitOutput(staging);
    const files: BuildManifest['files'] = {};
    names.forEach((file, i) => {
      const { key, size, record } = mirror.files[file]!;
      files[file] = withLinks({ key, size, mtimeMs: mtimes[i]!, ...(record === undefined ? {} : { record }) }, mirror.files[file]!);
    });
    return { ...manifest, files };
  });
  return { manifest, done };
}

/** The worker of `startRestore`: links each file (a copy where the disk has no links), checks its size, and sends back every file's time. */
const LINK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { copyFileSync, linkSync, mkdirSync, statSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { from, to, files, sizes } = workerData;
const made = new Set();
const mtimes = new Float64Array(files.length);
try {
  files.forEach((file, i) => {
    const target = join(to, file);
    const dir = dirname(target);
    if (!made.has(dir)) { mkdirSync(dir, { recursive: true }); made.add(dir); }
    try { linkSync(join(from, file), target); } catch { copyFileSync(join(from, file), target); }
    const s = statSync(target);
    if (s.size !== sizes[i]) throw new Error(file + ': cached copy has another size');
    mtimes[i] = s.mtimeMs;
  });
  parentPort.postMessage(mtimes);
} catch {
  parentPort.postMessage(null);
}
`;

/** Runs `LINK_WORKER`; the files' times, or `undefined` when one could not be put in place as it should. */
function linkOnWorker(job: { from: string; to: string; files: string[]; sizes: number[] }): Promise<Float64Array | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(LINK_WORKER, { eval: true, workerData: job });
    worker.once('message', (mtimes: Float64Array | null) => {
      resolve(mtimes ?? undefined);
      void worker.terminate();
    });
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}

/**
 * Makes the cached output match the output just committed (whose manifest `build` published):
 * only the written and removed files when the cache holds the previous build's output, every
 * file otherwise. `output-of.json` is removed first and written last, so an interrupted update
 * leaves a copy that is not read.
 */
export function updateMirror(
  cache: string,
  root: string,
  build: { manifest: BuildManifest; previous: string | undefined; changes?: { write: Iterable<string>; remove: Iterable<string> } },
): void {
  const { manifest, previous, changes } = build;
  const before = readJson<MirrorOf>(join(cache, OF));
  rmSync(join(cache, OF), { force: true });
  const folder = join(cache, FOLDER);
  try {
    if (changes && previous !== undefined && before?.build === previous && existsSync(folder)) patchMirror(folder, manifest.outDir, changes);
    else copyWhole(folder, manifest);
    rmSync(join(cache, MANIFEST), { force: true });
    linkOrCopy(join(cache, MANIFEST_FILE), join(cache, MANIFEST));
  } catch {
    // The output is in place and the build is done: without output-of.json, the copy is not read.
    return;
  }
  const of: MirrorOf = { build: manifest.build ?? '', outRel: relative(root, manifest.outDir) };
  writeFileSync(join(cache, `${OF}.tmp`), JSON.stringify(of));
  renameSync(join(cache, `${OF}.tmp`), join(cache, OF));
}

function patchMirror(folder: string, outDir: string, changes: { write: Iterable<string>; remove: Iterable<string> }): void {
  for (const file of changes.remove) unlinkIfThere(join(folder, file));
  for (const file of changes.write) {
    unlinkIfThere(join(folder, file));
    linkOrCopy(join(outDir, file), join(folder, file));
  }
}

/** Removes one file if it is there (one system call; `rmSync` looks first, about 1 ms a file). */
function unlinkIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function copyWhole(folder: string, manifest: BuildManifest): void {
  const old = `${folder}.old-${process.pid}`;
  if (existsSync(folder)) renameSync(folder, old);
  const made = new Set<string>();
  for (const file of Object.keys(manifest.files)) linkOrCopy(join(manifest.outDir, file), join(folder, file), made);
  rmSync(old, { recursive: true, force: true });
}

/** A new build's id, recorded in its manifest (see `MirrorOf.build`). */
export const newBuildId = (): string => randomUUID();
