import { usePageImages } from '../render/island.tsx';
import { createElement, type ImgHTMLAttributes, type ReactElement } from 'react';
import { fallbackOf, imageKey, mimeOf, RASTER, sourceFormats, srcsetOf, type ImageInfo } from './image-set.ts';

/** What a template gives `Picture`. */
export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet' | 'loading' | 'fetchPriority'> {
  /** Site path of the image, e.g. `/images/cover.jpg` (a file in `public/`), or a full URL. */
  src: string;
  /** Text alternative; `''` for a decorative image. */
  alt: string;
  /** The layout box for images the build does not measure (SVG, external); a raster image's own size always wins. */
  width?: number;
  height?: number;
  /** The `sizes` attribute of the `srcset`s (default: `SiteConfig.images.sizes`). */
  sizes?: string;
  /** Above the fold (a hero or cover): `fetchpriority="high"` and no lazy loading (default: false). */
  priority?: boolean;
  /** `loading="lazy" decoding="async"` (default: true unless `priority`). */
  lazy?: boolean;
  /** The image's entry in the build's manifest, for islands, which render in the browser without it (optional). */
  image?: ImageInfo;
}

/**
 * An image as the page should load it: for a raster image the build processed, a `<picture>` with
 * an AVIF and a WebP `<source>` and an `<img>` in the file's own format, each with a `srcset` of
 * several widths, and the real width and height so the page does not shift when it loads; for an
 * SVG or an address off the site, a plain `<img>` with the given width and height.
 */
export function Picture({ src, alt, width, height, sizes, priority = false, lazy = !priority, image, className, ...rest }: PictureProps): ReactElement {
  const images = usePageImages();
  const info = image ?? (RASTER.test(src.replace(/[?#].*$/, '')) ? lookup(images?.manifest, src) : undefined);
  const loading = lazy ? { loading: 'lazy' as const, decoding: 'async' as const } : {};
  const fetchPriority = priority ? { fetchPriority: 'high' as const } : {};
  if (!info) return createElement('img', { className, src, alt, width, height, ...loading, ...fetchPriority, ...rest });
  const sizesAttr = sizes ?? images?.sizes ?? '100vw';
  const sources = sourceFormats(info).map((f) => createElement('source', { key: f, type: mimeOf(f), srcSet: srcsetOf(info, f), sizes: sizesAttr }));
  const img = createElement('img', {
    key: 'img', className, src: fallbackOf(info).url, srcSet: srcsetOf(info, info.fallback), sizes: sizesAttr,
    alt, width: info.width, height: info.height, ...loading, ...fetchPriority, ...rest,
  });
  return createElement('picture', null, ...sources, img);
}

/** The manifest entry of a site path, or undefined. */
function lookup(manifest: Record<string, ImageInfo> | undefined, src: string): ImageInfo | undefined {
  const key = imageKey(src, undefined);
  return key && manifest ? manifest[key] : undefined;
}

/**
 * The build's entry for an image (to hand an island as a prop), or undefined in the browser and
 * for SVG. Called while a template renders: it reads the page's scope (React context).
 */
export function imageInfo(src: string): ImageInfo | undefined {
  return lookup(usePageImages()?.manifest, src);
}
