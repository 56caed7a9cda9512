import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { BuildManifest } from '../plan/manifest.ts';
import { abortOutput, commitOutput, startOutput } from '../write/write.ts';
import { OUTPUT_MARKER } from '../write/output-folder.ts';
import { outputFileProblem } from '../write/output-paths.ts';

/**
 * The last build's output, kept in the cache (`<cache>/output/`, a hard link per file) with its
 * manifest (`<cache>/output.json`), so a build into an empty output folder — a host's fresh clone
 * with only the cache restored — starts from the previous output and renders only what changed.
 *
 * # Design decision
 * A hard-linked copy of the output: linking 4,600 files costs a fraction of rendering them, and
 * takes no room beside the output. The build never writes into an output file in place (it
 * renames new files in), so a link keeps the bytes it was made with. Rejected: content-addressed
 * files by key (a second naming scheme for what the manifest already names, and pruning to
 * write); keeping only the rendered HTML (cards and the search index would be made again).
 */
export interface MirrorManifest extends BuildManifest {
  /** The output folder relative to the project, so a clone elsewhere still finds it. */
  outRel: string;
  /** The build whose output this is (`BuildManifest.build`): only that build's successor may patch it. */
  mirrors: string;
}

const FOLDER = 'output';
const MANIFEST = 'output.json';

function readMirror(cache: string): MirrorManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(cache, MANIFEST), 'utf8')) as MirrorManifest;
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

/**
 * Puts the cached output into an empty output folder and returns its manifest, with the sizes
 * and times of the files now there; `undefined` (nothing changed) when the folder is not empty,
 * there is no cached output for it, or a cached file is missing or of another size.
 */
export function restoreOutput(cache: string, root: string, outDir: string, layout: number): BuildManifest | undefined {
  if (!emptyOutput(outDir)) return undefined;
  const mirror = readMirror(cache);
  if (!mirror || mirror.layout !== layout || mirror.outRel !== relative(root, outDir)) return undefined;
  const from = join(cache, FOLDER);
  const staging = startOutput(outDir);
  const files: BuildManifest['files'] = {};
  const made = new Set<string>();
  try {
    for (const [file, record] of Object.entries(mirror.files)) {
      // A name that is not a proper output path (`../x`) was never written by a build.
      if (outputFileProblem(file) !== undefined) throw new Error(`${file}: not an output path`);
      const to = join(staging.dir, file);
      linkOrCopy(join(from, file), to, made);
      const s = statSync(to);
      if (s.size !== record.size) throw new Error(`${file}: cached copy has another size`);
      files[file] = { ...record, mtimeMs: s.mtimeMs };
    }
  } catch {
    abortOutput(staging);
    return undefined;
  }
  commitOutput(staging);
  const { outRel: _rel, mirrors: _build, ...manifest } = mirror;
  // The fingerprint described the other clone's files: this build must look at every input.
  return { ...manifest, outDir, files, fingerprint: undefined, inputs: undefined };
}

/**
 * Makes the cached output match the output just committed: only the written and removed files
 * when the cache holds the previous build's output, every file otherwise. Its manifest is removed
 * first and written last, so an interrupted update leaves a cache that is not read.
 */
export function updateMirror(
  cache: string,
  root: string,
  manifest: BuildManifest,
  previousBuild: string | undefined,
  changes: { write: Iterable<string>; remove: Iterable<string> } | undefined,
): void {
  const before = readMirror(cache);
  rmSync(join(cache, MANIFEST), { force: true });
  const folder = join(cache, FOLDER);
  const patch = changes && before && previousBuild !== undefined && before.mirrors === previousBuild && existsSync(folder);
  if (patch) {
    for (const file of changes.remove) rmSync(join(folder, file), { force: true });
    for (const file of changes.write) {
      rmSync(join(folder, file), { force: true });
      linkOrCopy(join(manifest.outDir, file), join(folder, file));
    }
  } else {
    const old = `${folder}.old-${process.pid}`;
    if (existsSync(folder)) renameSync(folder, old);
    const made = new Set<string>();
    for (const file of Object.keys(manifest.files)) linkOrCopy(join(manifest.outDir, file), join(folder, file), made);
    rmSync(old, { recursive: true, force: true });
  }
  const mirror: MirrorManifest = { ...manifest, outRel: relative(root, manifest.outDir), mirrors: manifest.build ?? '' };
  writeFileSync(join(cache, `${MANIFEST}.tmp`), JSON.stringify(mirror));
  renameSync(join(cache, `${MANIFEST}.tmp`), join(cache, MANIFEST));
}

/** A new build's id, recorded in its manifest (see `MirrorManifest.mirrors`). */
export const newBuildId = (): string => randomUUID();
