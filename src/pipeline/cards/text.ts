import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Font, Glyph } from 'opentype.js';
import { rasterise } from './raster.ts';

/**
 * Text for social cards without system fonts: glyph outlines and advances come from a font file
 * (TTF, OTF or WOFF) through opentype.js; each glyph is drawn once per size (raster.ts, from its
 * outline) and then copied wherever it appears. Positions are whole pixels, which at card sizes
 * (24 px and up) is not visible.
 */

/** A glyph drawn at one size: coverage 0–255, and where its box sits from the pen position. */
export interface GlyphImage {
  width: number;
  height: number;
  /** From the pen's x to the box's left edge. */
  left: number;
  /** From the baseline up to the box's top edge. */
  top: number;
  alpha: Uint8Array;
}

/** A glyph placed on a line: pen position relative to the line's start. */
export interface PlacedGlyph {
  glyph: Glyph;
  x: number;
}

export interface Line {
  glyphs: PlacedGlyph[];
  width: number;
}

/**
 * A glyph's outline as SVG path data, at pen position (`x`, `y`) and `size` px. Written here
 * because opentype.js 2.0's own `toPathData` prints "NaN" for some coordinates.
 */
export function glyphPath(glyph: Glyph, x: number, y: number, size: number): string {
  const n = (v: number | undefined) => String(Math.round((v ?? 0) * 100) / 100);
  return glyph
    .getPath(x, y, size)
    .commands.map((c) => {
      if (c.type === 'Z') return 'Z';
      if (c.type === 'Q') return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
      if (c.type === 'C') return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
      return `${c.type}${n(c.x)} ${n(c.y)}`;
    })
    .join('');
}

/**
 * opentype.js, loaded with the first font: only a build that draws cards needs it, and loading its
 * half a megabyte of code took 0.2 CPU-s, a fifth of a small site's whole `check` or `build`.
 */
let opentype: typeof import('opentype.js').default | undefined;

export function loadFont(file: string): Font {
  opentype ??= createRequire(import.meta.url)('opentype.js') as typeof import('opentype.js').default;
  const bytes = readFileSync(file);
  try {
    const font = sfntOf(bytes);
    return opentype.parse(font.buffer.slice(font.byteOffset, font.byteOffset + font.byteLength) as ArrayBuffer);
  } catch (error) {
    // zlib's and opentype.js's own messages name no file.
    throw new Error(`The card font ${file} could not be read (${error instanceof Error ? error.message : String(error)}): use a TTF, OTF or WOFF file.`);
  }
}

/**
 * A WOFF font's tables unpacked with zlib into the TrueType or OpenType file it wraps (WOFF 1.0,
 * section 4 of W3C's recommendation); any other file as it is. opentype.js inflates WOFF with
 * its own JavaScript inflate: 36–57 ms a font in a fresh process, and V8 then optimised that
 * inflate on its helper threads (about 0.2 CPU-s in a cold build), once a build for each of the
 * card's fonts and each place that reads them.
 */
export function sfntOf(bytes: Buffer): Buffer {
  if (bytes.length < 44 || bytes.toString('latin1', 0, 4) !== 'wOFF') return bytes;
  const tables = bytes.readUInt16BE(12);
  const header = 12 + 16 * tables;
  const entries = Array.from({ length: tables }, (_, i) => {
    const at = 44 + 20 * i;
    const [offset, compressed, length] = [bytes.readUInt32BE(at + 4), bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)];
    const stored = bytes.subarray(offset, offset + compressed);
    return { tag: bytes.subarray(at, at + 4), checksum: bytes.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const size = entries.reduce((sum, entry) => sum + align4(entry.data.length), header);
  const out = Buffer.alloc(size);
  // The offset table: the wrapped font's version, then the table count and its binary-search fields.
  out.writeUInt32BE(bytes.readUInt32BE(4), 0);
  out.writeUInt16BE(tables, 4);
  const power = 2 ** Math.floor(Math.log2(Math.max(1, tables)));
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(tables * 16 - power * 16, 10);
  let at = header;
  entries.forEach((entry, i) => {
    const record = 12 + 16 * i;
    entry.tag.copy(out, record);
    out.writeUInt32BE(entry.checksum, record + 4);
    out.writeUInt32BE(at, record + 8);
    out.writeUInt32BE(entry.data.length, record + 12);
    entry.data.copy(out, at);
    at += align4(entry.data.length);
  });
  return out;
}

const align4 = (n: number) => (n + 3) & ~3;

/** Places `text` on one line at `size` px, with the font's kerning and extra `tracking` px between letters. Characters the font lacks are left out. */
export function placeText(font: Font, text: string, size: number, tracking = 0): Line {
  const scale = size / font.unitsPerEm;
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  let previous: Glyph | undefined;
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (glyph.index === 0 && char !== ' ') continue;
    if (previous) x += font.getKerningValue(previous, glyph) * scale;
    glyphs.push({ glyph, x });
    x += (glyph.advanceWidth ?? 0) * scale + tracking;
    previous = glyph;
  }
  return { glyphs, width: Math.max(0, x - tracking) };
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `maxWidth`, at spaces. Returns
 * undefined when it does not fit (a word wider than a line, or more lines than allowed).
 */
export function wrapText(font: Font, text: string, size: number, maxWidth: number, maxLines: number): Line[] | undefined {
  const words = text.trim().split(/\s+/);
  const lines: Line[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (placeText(font, candidate, size).width <= maxWidth) {
      current = candidate;
      continue;
    }
    if (!current) return undefined;
    lines.push(placeText(font, current, size));
    current = word;
    if (placeText(font, current, size).width > maxWidth) return undefined;
  }
  if (current) lines.push(placeText(font, current, size));
  return lines.length <= maxLines ? lines : undefined;
}

/** Glyph images of one font at one size, drawn on first use. */
export class GlyphCache {
  readonly #images = new Map<number, GlyphImage>();
  constructor(
    readonly font: Font,
    readonly size: number,
  ) {}

  get(glyph: Glyph): GlyphImage | undefined {
    return this.#images.get(glyph.index);
  }

  /** Draws every glyph of `lines` not drawn yet. */
  draw(lines: Line[]): void {
    for (const line of lines) {
      for (const { glyph } of line.glyphs) {
        if (this.#images.has(glyph.index)) continue;
        const { left, top, width, height } = this.#cell(glyph);
        const alpha = rasterise(glyph.getPath(-left, top, this.size).commands, width, height);
        this.#images.set(glyph.index, { width, height, left, top, alpha });
      }
    }
  }

  /** A glyph's box in whole pixels, one pixel wider on each side for anti-aliasing. */
  #cell(glyph: Glyph) {
    const scale = this.size / this.font.unitsPerEm;
    const box = glyph.getBoundingBox();
    const left = Math.floor(box.x1 * scale) - 1;
    const top = Math.ceil(box.y2 * scale) + 1;
    const width = Math.max(1, Math.ceil(box.x2 * scale) + 1 - left);
    const height = Math.max(1, top - (Math.floor(box.y1 * scale) - 1));
    return { left, top, width, height };
  }
}
