import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, writeManifest, type BuildManifest } from '../pipeline/plan/manifest.ts';

/** Each page's links and ids as last written, by output path. */
export type PageLinks = Map<string, { links: string[]; ids: string[] }>;

/**
 * Notes what dev writes and removes in the build manifest, so a later `build` rewrites what dev
 * wrote (its key never matches) and forgets what dev removed. The manifest is updated when it is
 * flushed, a second after the last rebuild, so the stat calls and the copy of its 4,000 entries
 * are not on the way to the reload.
 */
export function openManifestRecorder(cacheDir: string, outDir: string, links: () => PageLinks) {
  let manifest: BuildManifest | undefined;
  let timer: NodeJS.Timeout | undefined;
  const unrecorded = new Map<string, 'written' | 'removed'>();

  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (!manifest) return;
    if (unrecorded.size) {
      const files = { ...manifest.files };
      for (const [file, change] of unrecorded) {
        const s = change === 'written' ? statIfPresent(join(outDir, file)) : undefined;
        if (s) files[file] = { key: 'written-by-dev', size: s.size, mtimeMs: s.mtimeMs, ...links().get(file) };
        else delete files[file]; // removed, by dev or since
      }
      unrecorded.clear();
      manifest = { ...manifest, files, fingerprint: undefined, inputs: undefined };
    }
    const { layout: _layout, ...rest } = manifest;
    writeManifest(cacheDir, rest);
  };

  return {
    /** Starts from the manifest a build just wrote. */
    reload(): void {
      manifest = readManifest(cacheDir, outDir);
    },
    /** Notes files dev wrote and removed; the manifest is written a second later. */
    record(written: string[], removed: string[]): void {
      if (!manifest) return;
      for (const file of written) unrecorded.set(file, 'written');
      for (const file of removed) unrecorded.set(file, 'removed');
      clearTimeout(timer);
      timer = setTimeout(flush, 1_000);
    },
    /** Writes what was noted now. */
    flush,
  };
}

export type ManifestRecorder = ReturnType<typeof openManifestRecorder>;

function statIfPresent(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
