import { dirname, join } from 'node:path';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { BuildOptions } from '../build-types.ts';
import { newBuildId, startRestore, updateMirror } from '../cache/output-mirror.ts';
import type { HostBundle } from '../hosts/functions.ts';
import { NETLIFY_FUNCTIONS, stageProjectFiles } from '../hosts/project-files.ts';
import type { LinkedPage } from '../links/links.ts';
import type { OutputPlan } from '../plan/change-plan.ts';
import { LAYOUT, withLinks, prepareManifest, readManifest, type BuildManifest } from '../plan/manifest.ts';
import { fingerprintOf, inputLines, type FingerprintOptions } from '../plan/up-to-date.ts';
import type { SearchMade } from '../search/site-search.ts';
import { finishAfterSwap, fsReason } from './after-swap.ts';
import { diskFullError, shownPath } from './disk-full.ts';
import { OUTPUT_MARKER } from './output-folder.ts';
import { commitChanges, commitOutput, type Staging } from './write.ts';

/** Where one build reads and writes: settled before the first stage, never changed by one. */
export interface BuildPlace {
  options: BuildOptions;
  root: string;
  outDir: string;
  cacheDir: string | undefined;
  fingerprint: FingerprintOptions;
  /** Whether the output is kept in the cache too (`build`, not `dev` or `check`). */
  mirror: boolean;
}

/** The previous build, as far as this one can use it. */
export interface PreviousBuild {
  /**
   * Its manifest, when it built into the same folder, or when its output is being restored from
   * the cache (then as it will be once restored: `settled` says whether that happened).
   */
  manifest: BuildManifest | undefined;
  /** Whether the output folder is being filled from the cache for this build (`startRestore`). */
  restoring: boolean;
  /** The manifest to plan against once the output folder is settled: the restored output's, or `undefined` when the restore failed. */
  settled(): Promise<BuildManifest | undefined>;
  /** Empties the output folder again when it was filled from the cache for this build. */
  undoRestore?: () => Promise<void>;
}

/**
 * The previous build's manifest; an empty output folder (a host's fresh clone) is filled from
 * the cache's copy meanwhile (`startRestore`). `done` is told which of the two it was, once a
 * manifest was read.
 */
export function openPrevious(place: BuildPlace, done: (restored: boolean) => void): PreviousBuild {
  const { cacheDir, root, outDir } = place;
  const existed = existsSync(outDir);
  const restore = place.mirror ? startRestore(cacheDir!, root, outDir, LAYOUT) : undefined;
  if (!restore) {
    const manifest = readManifest(cacheDir, outDir);
    if (manifest) done(false);
    return { manifest, restoring: false, settled: async () => manifest };
  }
  done(true);
  return {
    manifest: restore.manifest,
    restoring: true,
    settled: () => restore.done,
    undoRestore: async () => {
      if (await restore.done) emptyRestored(outDir, existed);
    },
  };
}

/** Puts an output folder the cache filled back as it was: absent, or holding at most the output marker. */
function emptyRestored(outDir: string, existed: boolean): void {
  if (!existed) return rmSync(outDir, { recursive: true, force: true });
  for (const name of readdirSync(outDir)) if (name !== OUTPUT_MARKER) rmSync(join(outDir, name), { recursive: true, force: true });
}

/** What a finished build writes besides its files: the manifest's contents. */
export interface BuildRecord {
  keys: Map<string, string>;
  plan: OutputPlan;
  pages: LinkedPage[];
  staging: Staging;
  search: SearchMade | undefined;
  host: HostBundle | undefined;
  /** The folders read whole and the single input files, for the up-to-date fingerprint. */
  inputs: { folders: string[]; files: string[] };
  /** The folders' fingerprint before the build read them; none when no fingerprint is to be recorded. */
  foldersBefore: string | undefined;
  summary: NonNullable<BuildManifest['summary']>;
  /** What this build's links were checked against (`linkContext`, site-links.ts). */
  linkContext: string;
}

/**
 * Writes the manifest beside its final name, then swaps the output in and makes the manifest
 * current. Everything is written before the swap: a write that fails (a full disk) fails the
 * build with the previous output untouched.
 */
export function writeBuild(place: BuildPlace, previous: BuildManifest | undefined, done: BuildRecord): void {
  const { keys, plan, pages, staging, search } = done;
  const linksOf = new Map(pages.map((p) => [p.outFile, p]));
  const files: BuildManifest['files'] = {};
  for (const [file, key] of keys) {
    const kept = plan.keep.has(file) ? previous!.files[file] : undefined;
    const page = linksOf.get(file);
    // A rename keeps size and mtime, so the staged file's are the ones the output will have.
    const stat = kept ?? statSync(join(staging.dir, file));
    const record = search?.recordOf(file, kept?.record);
    files[file] = withLinks({ key, size: stat.size, mtimeMs: stat.mtimeMs, ...(record === undefined ? {} : { record }) }, page ?? {});
  }
  // Record the fingerprint only if no input changed while this build read them.
  // One walk of the folders serves both: whether they changed while this build read them, and the fingerprint.
  const { folders, files: inputFiles } = done.inputs;
  const folderLines = done.foldersBefore === undefined ? [] : inputLines(folders);
  const unchanged = done.foldersBefore !== undefined && fingerprintOf(folderLines, place.fingerprint) === done.foldersBefore;
  const pendingManifest = prepareManifest(place.cacheDir, {
    build: newBuildId(),
    outDir: place.outDir,
    files,
    ...(search?.parts ? { searchParts: search.parts } : {}),
    ...(search?.recordSettings ? { searchRecords: search.recordSettings } : {}),
    ...(unchanged ? { fingerprint: fingerprintOf([...folderLines, ...inputLines([], inputFiles)], place.fingerprint), inputs: { folders, files: inputFiles } } : {}),
    // Said again by a build that finds nothing changed.
    summary: done.summary,
    linkContext: done.linkContext,
  });
  swapIn(place, previous, done, pendingManifest);
}

/**
 * Stages the files the host reads from the project folder beside their places, swaps the output
 * in, then puts the manifest, the cache's copy of the output and those files in place. A failure
 * before the swap leaves the previous output; one after it says the output holds the new build
 * and what is stale.
 */
function swapIn(place: BuildPlace, previous: BuildManifest | undefined, done: Pick<BuildRecord, 'staging' | 'plan' | 'host'>, manifest: ReturnType<typeof prepareManifest>): void {
  const { staging, plan, host } = done;
  let project: ReturnType<typeof stageProjectFiles> | undefined;
  try {
    project = host ? stageProjectFiles(place.root, host.project) : undefined;
    if (plan.mode === 'full') commitOutput(staging);
    else commitChanges(staging, plan.write, plan.remove);
  } catch (error) {
    manifest.abort();
    project?.abort();
    throw error;
  }
  const publish = () => {
    const published = manifest.publish();
    if (place.mirror) updateMirror(place.cacheDir!, place.root, { manifest: published, previous: previous?.build, changes: plan.mode === 'incremental' ? plan : undefined });
  };
  finishAfterSwap(place.outDir, [
    { writes: join(place.cacheDir ?? place.root, 'build-manifest.json'), ifFailed: 'the next build is a full one', run: publish },
    ...(project ? [{ writes: projectFilesShown(place.root, host!), ifFailed: "the host's files there are the previous build's", run: () => project.commit() }] : []),
  ]);
}

/** The project file or folder a failed commit of the host's files names: Netlify's functions, else `wrangler.toml`. */
function projectFilesShown(root: string, host: HostBundle): string {
  const files = [...host.project.keys()];
  return join(root, files.length > 0 && !files.some((f) => f.startsWith(NETLIFY_FUNCTIONS)) ? files[0] : NETLIFY_FUNCTIONS);
}

/**
 * A full disk, in the output (every output write names its file, see `writeOutputFile`), in
 * another folder a write names (`.netlify/v1/functions`), or, for a write that names none, in
 * `.cache`. The free space is read after the staging folder was removed.
 */
export function noSpace(error: NodeJS.ErrnoException, place: Pick<BuildPlace, 'outDir' | 'cacheDir'>, needed: number): Error {
  const { outDir, cacheDir } = place;
  const path = typeof error.path === 'string' ? error.path : undefined;
  if ((path && path.startsWith(outDir)) || (!path && !cacheDir)) return diskFullError({ folder: outDir, neededBytes: needed, outDir });
  if (!path || (cacheDir && path.startsWith(cacheDir))) return diskFullError({ folder: cacheDir!, outDir });
  return diskFullError({ folder: dirname(path), outDir });
}

/** A file-system error (a read-only folder, a missing one) as one sentence instead of a stack trace. */
export function asWriteFailure(error: unknown, outDir: string): unknown {
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || !e.path || !/^E[A-Z]+$/.test(e.code)) return error;
  return new DiagnosticError([messages.writeFailed(shownPath(e.path), fsReason(e), shownPath(outDir))]);
}
