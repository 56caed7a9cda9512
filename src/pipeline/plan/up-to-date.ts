import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join as joinPath, relative, resolve } from 'node:path';
import { readManifestHead, type ManifestHead } from './manifest.ts';
import { cacheDir, cacheIsCurrent } from '../cache/cache-dir.ts';
import { outputDirOf } from '../write/output-paths.ts';
import { formatMs } from '../format.ts';
import type { BuildOptions, BuildSummary } from '../build-types.ts';

/** What besides files decides the output. */
export interface FingerprintOptions {
  outDir: string;
  baseUrl?: string;
  drafts?: boolean;
  /** `YYYY-MM-DD`: future-dated entries appear when their day comes. */
  today: string;
  /** `HEARTNOTES_CLIENT_RUNTIME` (see islands.ts, not imported here to keep this check light). */
  clientRuntime?: string;
  /** `--host`, when given (the config's choice is in the config file's own fingerprint). */
  host?: string;
}

/**
 * A fingerprint of everything a build reads, from file sizes and modification times only, so it
 * costs a directory walk and a stat per file, never a read. Equal fingerprints and intact output
 * mean a build would write exactly what is already there.
 */
export function fingerprintInputs(folders: string[], files: string[], options: FingerprintOptions): string {
  return fingerprintOf([...inputLines(folders), ...inputLines([], files)], options);
}

/** The fingerprint of input lines (`inputLines`): a build that walks the folders once hashes them twice. */
export function fingerprintOf(lines: string[], options: FingerprintOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const line of lines) hash.update(line);
  return hash.digest('hex');
}

/** One line per file of `folders` (walked in name order) and of `files` (sorted): its path, size and time. */
export function inputLines(folders: string[], files: string[] = []): string[] {
  const lines: string[] = [];
  const add = (path: string) => {
    // A file that cannot be stat'ed (missing, a dangling link, a loop of links) counts as missing:
    // the build that reads it names the problem.
    const s = statOrUndefined(path);
    lines.push(s ? `${path}\0${s.size}\0${s.mtimeMs}\n` : `${path}\0missing\n`);
  };
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      lines.push(`${dir}\0missing\n`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const path = joinPath(dir, e.name);
      if (e.isDirectory()) walk(path);
      else add(path);
    }
  };
  for (const dir of folders) walk(dir);
  for (const file of [...files].sort()) add(file);
  return lines;
}

/** Whether every file the previous build recorded (`ManifestHead.output`) is still in the output, untouched. */
export function outputIntact(head: Pick<ManifestHead, 'output'>, outDir: string): boolean {
  if (!head.output) return true;
  for (const line of head.output.split('\n')) {
    const [file, size, mtimeMs] = line.split('\t');
    const s = statOrUndefined(joinPath(outDir, file));
    if (!s || s.size !== Number(size) || s.mtimeMs !== Number(mtimeMs)) return false;
  }
  return true;
}

/** A file's stat, or undefined where there is none to take (missing, a dangling link, a loop of links: ELOOP is thrown whatever `throwIfNoEntry` says). */
function statOrUndefined(path: string): import('node:fs').Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export function fingerprintOptionsFor(options: BuildOptions, outDir: string): FingerprintOptions {
  return {
    outDir,
    baseUrl: options.baseUrl,
    drafts: Boolean(options.drafts),
    today: (options.now ?? new Date()).toISOString().slice(0, 10),
    clientRuntime: process.env.HEARTNOTES_CLIENT_RUNTIME || undefined,
    host: options.host,
  };
}

/**
 * The summary of a build that has nothing to do: every input is as the previous build found it
 * and its output is intact. Cheap enough to try first (a walk and a stat per file); loads none of
 * the build's heavier modules, so the CLI calls it before importing them.
 */
export function upToDateSummary(options: BuildOptions): BuildSummary | undefined {
  const started = performance.now();
  if (options.noCache || options.checkOnly) return undefined;
  const root = resolve(options.root);
  const outDir = outputDirOf(root, options.outDir);
  // A cache another generator version, lockfile or Node wrote is not trusted (openCache empties it).
  if (!cacheIsCurrent(root)) return undefined;
  const previous = readManifestHead(cacheDir(root), outDir);
  if (!previous?.fingerprint || !previous.inputs || !previous.summary) return undefined;
  const { folders, files } = previous.inputs;
  if (fingerprintInputs(folders, files, fingerprintOptionsFor(options, outDir)) !== previous.fingerprint) return undefined;
  if (!outputIntact(previous, outDir)) return undefined;
  const ms = performance.now() - started;
  const { leftOut, ...counts } = previous.summary;
  const summary: BuildSummary = {
    ...counts,
    rendered: 0,
    reused: previous.summary.pages,
    ms,
    outDir: relative(process.cwd(), outDir) || '.',
    stages: { 'up-to-date check': ms },
    threads: [],
  };
  if (leftOut) options.log?.(leftOut);
  options.log?.(`Nothing changed: ${summary.outDir}/ is up to date (${summary.pages} pages) in ${formatMs(ms)}`);
  return summary;
}
