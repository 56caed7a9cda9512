import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Bump when the cache layout changes; the version key covers everything else. */
const LAYOUT = 2;

export function hashText(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

/**
 * Rendered Markdown by content hash, one small file each under `.cache/markdown/`. Safe to
 * delete at any time; the version key (generator, templates, dependencies) is part of the hash,
 * so a pipeline change simply misses.
 */
export function createMarkdownCache(cacheDir: string | undefined, versionKey: string) {
  return {
    get(body: string, render: (body: string) => string): string {
      if (!cacheDir) return render(body);
      const key = hashText(String(LAYOUT), versionKey, body);
      const file = join(cacheDir, 'markdown', key.slice(0, 2), key.slice(2, 40));
      try {
        return readFileSync(file, 'utf8');
      } catch {
        const html = render(body);
        try {
          mkdirSync(dirname(file), { recursive: true });
          const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
          writeFileSync(tmp, html);
          renameSync(tmp, file);
        } catch {
          // A cache that cannot be written is only slower, never wrong.
        }
        return html;
      }
    },
  };
}

/** What one output file was built from, and what it looked like on disk afterwards. */
export interface OutputRecord {
  /** Hash of its inputs. */
  key: string;
  size: number;
  mtimeMs: number;
  /** Pages only: links to check and ids offered, so an unchanged page is still link-checked. */
  links?: string[];
  ids?: string[];
}

/** What the previous build wrote, so unchanged output can be left alone. */
export interface BuildManifest {
  layout: number;
  outDir: string;
  files: Record<string, OutputRecord>;
}

export function readManifest(cacheDir: string | undefined, outDir: string): BuildManifest | undefined {
  if (!cacheDir) return undefined;
  try {
    const m = JSON.parse(readFileSync(join(cacheDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
    return m.layout === LAYOUT && m.outDir === outDir ? m : undefined;
  } catch {
    return undefined;
  }
}

export function writeManifest(cacheDir: string | undefined, manifest: Omit<BuildManifest, 'layout'>): void {
  if (!cacheDir) return;
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, 'build-manifest.json');
  writeFileSync(`${file}.tmp`, JSON.stringify({ layout: LAYOUT, ...manifest }));
  renameSync(`${file}.tmp`, file);
}
