import { requirePackage } from '../common-js.ts';
import type { ImageFormat, ImageSettings } from './image-set.ts';

/** One encoded file, before it has an address. */
export interface EncodedVariant {
  format: ImageFormat;
  width: number;
  bytes: Uint8Array;
}

/** A source image's real size and its encoded files. */
export interface EncodedImage {
  width: number;
  height: number;
  fallback: ImageFormat;
  variants: EncodedVariant[];
}

type Sharp = (typeof import('sharp'))['default'];
let loaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded on first use: a build with no raster image to encode (or only cached ones)
 * never loads libvips.
 */
function sharp(): Promise<Sharp> {
  loaded ??= Promise.resolve().then(() => requirePackage<Sharp>('sharp'));
  return loaded;
}

/** The encoder call for one format. */
function encoder(pipeline: ReturnType<Sharp>, format: ImageFormat, quality: number): ReturnType<Sharp> {
  if (format === 'avif') return pipeline.avif({ quality });
  if (format === 'webp') return pipeline.webp({ quality });
  if (format === 'jpeg') return pipeline.jpeg({ quality, mozjpeg: true });
  if (format === 'png') return pipeline.png({ quality, compressionLevel: 9, palette: false });
  return pipeline.gif();
}

/** The widths an image is encoded at: the configured ones it can fill, and its own when narrower than the widest. */
export function widthsFor(own: number, widths: number[]): number[] {
  const fit = widths.filter((w) => w <= own);
  if (own < widths[widths.length - 1] && !fit.includes(own)) fit.push(own);
  return fit.length ? fit : [own];
}

/** The most pixels sharp decodes (its `limitInputPixels` default, 16383 × 16383): a guard against decompression bombs. */
const MAX_PIXELS = 0x3fff * 0x3fff;

/** An image over the pixel limit: what it is, the limit, and the fix (a hint the build prints). */
function tooManyPixels(width: number, height: number, widest: number): Error & { hint: string } {
  const mp = (n: number) => `${Math.round(n / 1e6)} megapixels`;
  const error = new Error(`it is ${width}×${height} pixels (${mp(width * height)}), over the limit of ${MAX_PIXELS} pixels (${mp(MAX_PIXELS)}, 16383×16383) an image may have`);
  return Object.assign(error, { hint: `downscale it to at most ${widest} pixels wide (the widest the site shows it) and save it again; any image editor's "resize" does it` });
}

const FALLBACK: Record<string, ImageFormat> = { jpeg: 'jpeg', jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'avif', avif: 'avif' };

/**
 * Decodes an image and encodes it at each width in each of the settings' formats and its own.
 * Rejects with a short reason when the bytes are not an image sharp can read.
 *
 * # Design decision
 * Metadata (EXIF, ICC profiles other than sRGB conversion) is dropped and the orientation applied,
 * so the files are small and a phone photo is upright; the output depends only on the bytes and
 * the settings, which the cache key and the file names hash. AVIF uses effort 4 (sharp's
 * default): effort 2 took a third of the time on a 2400×1600 photo-like test image but made files
 * 25–75 % larger; encoding happens once per image (it is cached), and readers download it every visit.
 */
export async function encodeImage(bytes: Uint8Array, settings: ImageSettings): Promise<EncodedImage> {
  const s = await sharp();
  // The header alone, whatever the size it declares: one over the limit is refused below with the fix.
  const meta = await s(bytes, { limitInputPixels: false }).metadata();
  const format = FALLBACK[meta.format ?? ''];
  if (!format || !meta.width || !meta.height) throw new Error(`not an image sharp can read (format: ${meta.format ?? 'unknown'})`);
  if (meta.width * meta.height > MAX_PIXELS) throw tooManyPixels(meta.width, meta.height, Math.max(...settings.widths));
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  const formats = [...new Set([...settings.formats, format])];
  // Every file at once: libvips spreads them over its threads; the order of the list is fixed.
  const jobs = formats.flatMap((f) => widthsFor(width, settings.widths).map((w) => ({ f, w })));
  const variants = await Promise.all(
    jobs.map(async ({ f, w }): Promise<EncodedVariant> => ({ format: f, width: w, bytes: new Uint8Array(await encoder(s(bytes).rotate().resize({ width: w }), f, settings.quality[f]).toBuffer()) })),
  );
  return { width, height, fallback: format, variants };
}
