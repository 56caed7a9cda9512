import type { ImageOptions } from '../types.ts';

/**
 * The image step's data, shared by the build side (process-images.ts), the Markdown plugin and
 * the `Picture` component. This module imports nothing from Node: the component reaches the
 * browser bundle of the public entry through it.
 */

/** One encoded file of an image: its format, width and site address. */
export interface ImageVariant {
  format: ImageFormat;
  width: number;
  /** Site path, e.g. `/assets/img/walk-3f9a0c12de-800.avif`. */
  url: string;
}

/** What a page needs to show one raster image: its real size and every encoded file. */
export interface ImageInfo {
  width: number;
  height: number;
  /** Content hash of the source and the settings it was encoded with; part of every file name. */
  hash: string;
  /** The format of the `<img>` fallback (the source's own). */
  fallback: ImageFormat;
  /** Every encoded file, by format in `<source>` order, narrowest first within a format. */
  variants: ImageVariant[];
}

/**
 * Every raster image the build processed, by the key a reference resolves to: the site path of a
 * file in `public/` (`/images/walk.jpg`) or the root-relative path of a file beside the content
 * (`content/articles/walk.jpg`).
 */
export type ImageManifest = Record<string, ImageInfo>;

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

/** Extensions the image step encodes; SVG and everything else is left as it is. */
export const RASTER = /\.(?:jpe?g|png|webp|gif|avif)$/i;

/** `ImageOptions` with every default filled in. */
export type ImageSettings = Required<Omit<ImageOptions, 'quality'>> & { quality: Record<ImageFormat, number> };

/** The defaults of `SiteConfig.images`. */
export function imageSettings(options: ImageOptions = {}): ImageSettings {
  return {
    widths: [...(options.widths ?? [480, 800, 1200, 1600])].sort((a, b) => a - b),
    formats: options.formats ?? ['avif', 'webp'],
    quality: { avif: 50, webp: 75, jpeg: 78, png: 80, gif: 80, ...options.quality },
    sizes: options.sizes ?? '(max-width: 800px) 100vw, 800px',
    exclude: options.exclude ?? [],
  };
}

/**
 * The manifest key a reference in a file resolves to: a site path as written (query and fragment
 * dropped), a relative path against the folder of `from` (a root-relative file path), or
 * undefined for an address off the site.
 */
export function imageKey(src: string, from: string | undefined): string | undefined {
  const path = src.replace(/[?#].*$/, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return undefined;
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch { /* keep as written */ }
  if (decoded.startsWith('/')) return decoded;
  if (!from) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** The `srcset` of one format: `url 480w, url 800w`. */
export const srcsetOf = (info: ImageInfo, format: ImageFormat): string =>
  info.variants.filter((v) => v.format === format).map((v) => `${v.url} ${v.width}w`).join(', ');

/** The MIME type of a format, for `<source type>`. */
export const mimeOf = (format: ImageFormat): string => `image/${format}`;

/** The widest file of the fallback format: the `<img src>` for browsers without `srcset`. */
export const fallbackOf = (info: ImageInfo): ImageVariant =>
  info.variants.filter((v) => v.format === info.fallback).at(-1)!;

/** Formats in `<source>` order: every encoded format but the fallback's, which the `<img>` carries. */
export const sourceFormats = (info: ImageInfo): ImageFormat[] =>
  [...new Set(info.variants.map((v) => v.format))].filter((f) => f !== info.fallback);

/** The build's image manifest and the default `sizes`, as a page's render hands them to templates and Markdown. */
export interface PageImages {
  manifest: ImageManifest;
  sizes: string;
}
