import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempBeside } from '../write/build-lock.ts';
import { listFolder, type FolderFile } from '../load/list-folder.ts';
import { generatorRoot } from '../paths.ts';
import { encodeImage, type EncodedImage } from './encode.ts';
import { fallbackOf, imageSettings, RASTER, type ImageFormat, type ImageInfo, type ImageManifest, type ImageSettings } from './image-set.ts';
import type { SiteConfig } from '../types.ts';

/** A raster file the build may show: where it is, and the manifest key references resolve to. */
export interface ImageSource {
  /** `/images/walk.jpg` (in `public/`) or `content/articles/walk.jpg` (beside the content). */
  key: string;
  /** Path relative to the project root, for errors. */
  file: string;
  /** `copy`: an SVG beside the content, published as it is under a hashed name (default: encoded). */
  copy?: true;
}

/** SVG files beside the content, published as they are: the image step does not encode vector images. */
export const VECTOR = /\.svg$/i;

/** Where the image step writes its files, in the output. */
export const IMAGE_DIR = 'assets/img';

/** One encoded file for the output: its manifest key (the image's hash) and its bytes, read when written. */
export interface ImageFile {
  key: string;
  read: () => Uint8Array;
}

/** What the image step hands the later stages. */
/** Why a source image could not be used: its file, the reason, and the fix when it is not the usual one (optional). */
interface ImageFailure {
  file: string;
  reason: string;
  hint?: string;
}

export interface ImageSet {
  manifest: ImageManifest;
  /** Output path (`assets/img/walk-3f9a0c12de-800.avif`) → the file. */
  files: Map<string, ImageFile>;
  /** Sources that could not be read as images, by key, with the reason. */
  failures: Map<string, ImageFailure>;
  /** Images encoded now, and images whose files came from the cache. */
  encoded: number;
  cached: number;
  /**
   * Each image beside the content by its key (`content/articles/cover.svg`) → the site address a
   * relative front-matter field resolves to (relative-images.ts): an SVG's hashed copy, a raster
   * image's widest fallback file (which the manifest also lists, so `Picture` draws its `<picture>`).
   */
  published: Record<string, string>;
  /** Those site addresses → the file they were made from (social cards draw from it). */
  sources: Record<string, string>;
}

/** The image set of a site with no raster images. */
export const noImages = (): ImageSet => ({ manifest: {}, files: new Map(), failures: new Map(), encoded: 0, cached: 0, published: {}, sources: {} });

/** Bump when the cache layout or the encoding changes. */
const FORMAT = 1;
const EXTENSION: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };

/**
 * Raster files in `public/` (from its listing) and beside the content (`contentFiles`, paths from
 * the project root, as `readContentBytes` lists them; else the content folder listed the same
 * way, names only), in a stable order.
 */
export function findImageSources(root: string, contentDir: string, publicDir: string, publicFiles: FolderFile[], contentFiles?: string[]): ImageSource[] {
  const sources: ImageSource[] = [];
  for (const f of publicFiles) if (RASTER.test(f.path)) sources.push({ key: `/${f.path}`, file: `${publicDir}/${f.path}` });
  const listed = contentFiles ?? listFolder(join(root, contentDir), (name) => name.startsWith('.'), true).files.map((f) => `${contentDir}/${f.path}`);
  for (const path of listed) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (RASTER.test(name)) sources.push({ key: path, file: path });
    else if (VECTOR.test(name)) sources.push({ key: path, file: path, copy: true });
  }
  return sources;
}

/**
 * Encodes every source (see encode.ts), or takes its files from `.cache/images/` when an image
 * with the same bytes was encoded with the same settings before. With `cacheDir` undefined
 * (`--no-cache`) nothing is read from or written to the cache. An unreadable source is listed in
 * `failures`, not thrown: the build reports it where pages use it, with every other problem.
 */
export async function processImages(root: string, sources: ImageSource[], settings: ImageSettings, cacheDir: string | undefined): Promise<ImageSet> {
  const set = noImages();
  if (!sources.length) return set;
  const salt = JSON.stringify([FORMAT, sharpVersion(), settings.widths, settings.formats, settings.quality]);
  for (const source of sources) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, source.file));
    } catch (error) {
      set.failures.set(source.key, { file: source.file, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      continue;
    }
    if (source.copy) {
      addCopy(set, source, bytes);
      continue;
    }
    const id = createHash('sha256').update(salt).update(bytes).digest('hex').slice(0, 20);
    const dir = cacheDir ? join(cacheDir, 'images', String(FORMAT), id) : undefined;
    let image: CachedImage | EncodedImage | undefined = dir ? readCached(dir) : undefined;
    if (image) set.cached++;
    else {
      try {
        const encoded = await encodeImage(bytes, settings);
        set.encoded++;
        if (dir) writeCached(dir, encoded);
        image = encoded;
      } catch (error) {
        const { message, hint } = error as Error & { hint?: string };
        set.failures.set(source.key, { file: source.file, reason: message, ...(hint ? { hint } : {}) });
        continue;
      }
    }
    addImage(set, source, id, image);
  }
  return set;
}

/** A file name's stem made safe for an address: `My Walk.jpg` → `My-Walk`. */
const stemOf = (key: string, extension: RegExp) => key.split('/').pop()!.replace(extension, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'image';

/** Adds an image's files to the output under hashed names, and its entry to the manifest. */
function addImage(set: ImageSet, source: ImageSource, id: string, image: CachedImage | EncodedImage): void {
  const hash = id.slice(0, 10);
  const stem = stemOf(source.key, RASTER);
  const info: ImageInfo = { width: image.width, height: image.height, hash, fallback: image.fallback, variants: [] };
  for (const v of image.variants) {
    const outFile = `${IMAGE_DIR}/${stem}-${hash}-${v.width}.${EXTENSION[v.format]}`;
    info.variants.push({ format: v.format, width: v.width, url: `/${outFile}` });
    set.files.set(outFile, { key: `image:${id}:${v.format}:${v.width}`, read: 'bytes' in v ? () => v.bytes : v.read });
  }
  set.manifest[source.key] = info;
  if (!source.key.startsWith('/')) {
    // Beside the content: a front-matter field names it by its fallback file, which `Picture` finds.
    const url = fallbackOf(info).url;
    set.manifest[url] = info;
    set.published[source.key] = url;
    set.sources[url] = source.file;
  }
}

/** Publishes an SVG beside the content as it is, under a name with its content hash (cached for a year like every asset). */
function addCopy(set: ImageSet, source: ImageSource, bytes: Buffer): void {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const outFile = `${IMAGE_DIR}/${stemOf(source.key, VECTOR)}-${hash}.svg`;
  set.files.set(outFile, { key: `copy:${hash}`, read: () => bytes });
  set.published[source.key] = `/${outFile}`;
  set.sources[`/${outFile}`] = source.file;
}

/** A cached image: its size and files, read from disk only when the build writes them. */
interface CachedImage {
  width: number;
  height: number;
  fallback: ImageFormat;
  variants: { format: ImageFormat; width: number; read: () => Uint8Array }[];
}

interface CacheMeta {
  width: number;
  height: number;
  fallback: ImageFormat;
  variants: { format: ImageFormat; width: number; file: string; size: number }[];
}

/** The cached image in `dir`, or undefined when there is none or a file of it is missing or cut. */
function readCached(dir: string): CachedImage | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as CacheMeta;
    for (const v of meta.variants) if (statSync(join(dir, v.file)).size !== v.size) return undefined;
    const variants = meta.variants.map((v) => ({ format: v.format, width: v.width, read: () => new Uint8Array(readFileSync(join(dir, v.file))) }));
    return { width: meta.width, height: meta.height, fallback: meta.fallback, variants };
  } catch {
    return undefined;
  }
}

/** Writes an image's files, then its `meta.json` (renamed into place last: a cut write is a miss). */
function writeCached(dir: string, image: EncodedImage): void {
  try {
    mkdirSync(dir, { recursive: true });
    const variants = image.variants.map((v) => {
      const file = `${v.width}.${EXTENSION[v.format]}`;
      writeFileSync(join(dir, file), v.bytes);
      return { format: v.format, width: v.width, file, size: v.bytes.byteLength };
    });
    const meta: CacheMeta = { width: image.width, height: image.height, fallback: image.fallback, variants };
    // A temporary name of this build's own: `dev` and a build may encode the same image at once.
    const temp = tempBeside(join(dir, 'meta.json'));
    writeFileSync(temp, JSON.stringify(meta));
    renameSync(temp, join(dir, 'meta.json'));
  } catch {
    // Only a cache: a full disk costs the next build an encode.
    rmSync(dir, { recursive: true, force: true });
  }
}

/** sharp's version, part of the cache key: a new encoder makes new files. */
function sharpVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(generatorRoot, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * The image step of a build or a dev rebuild: finds the site's raster files and processes them
 * with the config's settings (`SiteConfig.images`). sharp is imported only when one needs encoding.
 */
export async function siteImages(root: string, config: SiteConfig, publicFiles: FolderFile[], cacheDir: string | undefined, contentFiles?: string[]): Promise<ImageSet> {
  const settings = imageSettings(config.images);
  const excluded = (key: string) => settings.exclude.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p));
  const sources = findImageSources(root, config.contentDir ?? 'content', config.publicDir ?? 'public', publicFiles, contentFiles).filter((s) => !excluded(s.key));
  return processImages(root, sources, settings, cacheDir);
}
