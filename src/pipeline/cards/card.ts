import type { Font } from 'opentype.js';
import { requirePackage } from '../common-js.ts';
import type { CardStyle } from '../types.ts';
import { blockCodes, countSymbols, encodeRows, encodeTail, type BlockCodes, type Tail } from './deflate.ts';
import { adler32, adler32Changed, compressRun, encodePalettePng, type RowRun } from './png.ts';
import { GlyphCache, glyphPath, loadFont, placeText, wrapText, type GlyphImage, type Line } from './text.ts';

/**
 * Drawing one social card: 1200×630, a label (a category, say) and the title on the left over the
 * background colour, the page's image on the right, the site's name in a bar along the bottom.
 * Everything but the label and title is the card's "base", drawn once per image and reused.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What one card shows; its image is a file here (SVG or raster). */
export interface CardContent {
  title: string;
  label?: string;
  /** Without one, the title takes the card's width. */
  image?: string;
}

const MARGIN = 72;
const IMAGE = { left: 720, width: 480, height: 570 };
const BAR_TOP = 570;
const LABEL = { size: 24, tracking: 2.5, baseline: 112 };
const RULE = { top: 136, height: 6, width: 88 };
const TITLE_TOP = 172;
/** Title sizes tried in order, each with the lines it may take; the last one cuts the title short. */
const TITLE_SIZES = [
  { size: 66, lines: 3 },
  { size: 58, lines: 4 },
  { size: 50, lines: 5 },
];
/** Anti-aliasing shades per text colour: index 0 of a shade run is the lightest. */
const SHADES = 15;
const STRIDE = CARD_WIDTH + 1;
/** The card each base's Huffman codes are made from (`#sampleCodes`). */
const SAMPLE = { title: 'How to say what you need, kindly, and listen to the answer', label: 'Relationships' };

/** Glyph coverage (0–255) to shade level (0–SHADES). */
const LEVELS = Uint8Array.from({ length: 256 }, (_, alpha) => Math.round((alpha * SHADES) / 255));

/** A card's base: its pixels as palette indices (with each row's filter byte) and its palette. */
interface Base {
  indices: Uint8Array;
  palette: Uint8Array;
  /** First palette index of the title's and the label's shades. */
  titleShade: number;
  labelShade: number;
  /** Compressed runs of unchanged rows, by "first-end". */
  runs: Map<string, RowRun>;
  /** The Adler-32 of the base's rows a card's text changes, by "first-end" (see `Changes`). */
  sums: Map<string, number>;
  /** Where in a row the text's side ends: the image's first byte, or the row's end without one. */
  split: number;
  /** The Huffman codes of its cards' changed rows (from its first card on), and each row's bytes from `split` on in them, encoded once for every card (`encodeRows`). */
  codes?: BlockCodes;
  tails: (Tail | undefined)[];
}

/**
 * What the text changed in a card's rows, per row: the sum of the changes (new index less old)
 * and of each change times its offset in the pixels. A changed run's checksum comes from the
 * base's and these (`adler32Changed`) instead of from its 300 KB or so of bytes. Painting 2,000
 * cards alone (2026-11-28, three rounds alternated, warm): 2.21–2.31 CPU-s before, 2.10–2.15
 * after, the same bytes; what is left is deflate (about 0.55 ms a card) and drawing the glyphs
 * (about 0.3 ms).
 */
interface Changes {
  sum: Float64Array;
  weighted: Float64Array;
  /** Per row, the furthest byte a glyph inked (from the row's start, its filter byte 0). */
  reach: Uint16Array;
}

/** Draws cards in one style; glyphs are kept for the next card, and bases until they are released. */
export class CardPainter {
  readonly #bases = new Map<string, Promise<Base>>();
  readonly #fonts = new Map<string, Font>();
  readonly #glyphs = new Map<string, GlyphCache>();
  #framePixels: Promise<Frame> | undefined;
  #rows: Uint8Array | undefined;
  /** The base `#rows` holds, but for the rows the last card drew on (`#drawn`). */
  #rowsBase: Base | undefined;
  #drawn: Uint8Array | undefined;

  constructor(readonly style: CardStyle) {}

  /** Starts drawing the base of `image` (sharp works on its own threads while cards are painted). */
  prefetch(image: string | undefined): void {
    this.#base(image).catch(() => {});
  }

  /** Lets go of the base of `image`: its cards are painted (a base is 0.76 MB of pixels and its compressed rows). */
  release(image: string | undefined): void {
    this.#bases.delete(image ?? '');
  }

  async paint(content: CardContent): Promise<Buffer> {
    const base = await this.#base(content.image);
    base.codes ??= this.#sampleCodes(base, content.image);
    const { rows, touched, changes } = this.#draw(base, content);
    return encodePalettePng(CARD_WIDTH, CARD_HEIGHT, base.palette, rowRuns(rows, touched, changes, base, base.codes));
  }

  /** The base with the card's label and title drawn into `rows`, and what that changed. */
  #draw(base: Base, content: CardContent): { rows: Uint8Array; touched: Uint8Array; changes: Changes } {
    const textWidth = (content.image ? IMAGE.left - 48 : CARD_WIDTH) - MARGIN * (content.image ? 1 : 2);
    const label = content.label ? this.#labelLine(content.label.toUpperCase(), textWidth) : undefined;
    const title = this.#titleLines(content.title, textWidth);
    const labelCache = this.#cache(this.style.label.font, LABEL.size);
    const titleCache = this.#cache(this.style.title.font, title.size);
    if (label) labelCache.draw([label]);
    titleCache.draw(title.lines);
    // One buffer for every card's rows: a fresh 757 KB copy per card left thousands of them for
    // the garbage collector (about 200 MB more peak memory on a 4,000-page build). Only the rows
    // the last card drew on are put back, when it was on the same base.
    const rows = (this.#rows ??= new Uint8Array(base.indices.length));
    if (this.#rowsBase !== base || !this.#drawn) rows.set(base.indices);
    else for (let row = 0; row < CARD_HEIGHT; row++) if (this.#drawn[row]) rows.set(base.indices.subarray(row * STRIDE, (row + 1) * STRIDE), row * STRIDE);
    const touched = new Uint8Array(CARD_HEIGHT);
    [this.#rowsBase, this.#drawn] = [base, touched];
    const changes: Changes = { sum: new Float64Array(CARD_HEIGHT), weighted: new Float64Array(CARD_HEIGHT), reach: new Uint16Array(CARD_HEIGHT) };
    if (label) drawLine(rows, touched, changes, labelCache, label, LABEL.baseline, base.labelShade);
    const lineHeight = Math.round(title.size * 1.16);
    title.lines.forEach((line, i) => drawLine(rows, touched, changes, titleCache, line, TITLE_TOP + Math.round(title.size * 0.92) + i * lineHeight, base.titleShade));
    return { rows, touched, changes };
  }

  /**
   * Huffman codes for a base's cards, from the symbols of a sample card drawn on it: text rows
   * are runs of background broken by glyphs' shades, which the base's own rows do not show. From
   * the base and the style alone, so a card's bytes do not depend on the cards painted before it.
   * Codes from each card's own symbols were 6 % smaller and cost 12 ms a card to make.
   */
  #sampleCodes(base: Base, image: string | undefined): BlockCodes {
    const { rows, touched, changes } = this.#draw(base, { ...SAMPLE, image });
    const counts = new Uint32Array(286);
    for (let row = 0; row < CARD_HEIGHT; row++) {
      if (!touched[row]) continue;
      const split = splitOf(changes, base, row);
      countSymbols(rows, row * STRIDE, row * STRIDE + split, counts);
      countSymbols(rows, row * STRIDE + split, (row + 1) * STRIDE, counts);
    }
    return blockCodes(counts);
  }

  #font(file: string): Font {
    let font = this.#fonts.get(file);
    if (!font) this.#fonts.set(file, (font = loadFont(file)));
    return font;
  }

  #cache(file: string, size: number): GlyphCache {
    const key = `${file}\0${size}`;
    let cache = this.#glyphs.get(key);
    if (!cache) this.#glyphs.set(key, (cache = new GlyphCache(this.#font(file), size)));
    return cache;
  }

  #labelLine(text: string, width: number): Line {
    const font = this.#font(this.style.label.font);
    let line = placeText(font, text, LABEL.size, LABEL.tracking);
    while (line.width > width && text.length > 1) line = placeText(font, `${(text = text.slice(0, -1)).trimEnd()}…`, LABEL.size, LABEL.tracking);
    return line;
  }

  /** The title at the largest size it fits; at the smallest, cut at a word with "…". */
  #titleLines(title: string, width: number): { size: number; lines: Line[] } {
    const font = this.#font(this.style.title.font);
    for (const { size, lines } of TITLE_SIZES) {
      const wrapped = wrapText(font, title, size, width, lines);
      if (wrapped) return { size, lines: wrapped };
    }
    const { size, lines } = TITLE_SIZES[TITLE_SIZES.length - 1]!;
    const words = title.trim().split(/\s+/);
    for (let n = words.length - 1; n > 0; n--) {
      const wrapped = wrapText(font, `${words.slice(0, n).join(' ')}…`, size, width, lines);
      if (wrapped) return { size, lines: wrapped };
    }
    return { size, lines: [placeText(font, `${[...title].slice(0, 12).join('')}…`, size)] };
  }

  #base(image: string | undefined): Promise<Base> {
    const key = image ?? '';
    let base = this.#bases.get(key);
    if (!base) this.#bases.set(key, (base = drawBase(this.style, image, this.#frame())));
    return base;
  }

  /** The background, rule and bar, drawn once for every base. */
  #frame(): Promise<Frame> {
    this.#framePixels ??= drawFrame(this.style, overlaySvg(this.style, this.#font(this.style.title.font)));
    return this.#framePixels;
  }
}

/**
 * A glyph's inked pixels, row by row: their x in the glyph's box and their shade level (1–SHADES).
 * Drawing a card copies only these; the blank pixels of its box are
 * skipped. Painting 4,000 of the bench's cards alone (2026-11-29, `--cpu-prof`): `drawLine` 890 ms
 * before, 409 ms with this, the same bytes.
 */
interface Ink {
  /** Where row y's pixels start in `xs` and `levels`; row y ends where row y + 1 starts. */
  starts: Uint32Array;
  xs: Uint16Array;
  levels: Uint8Array;
}

const inks = new WeakMap<GlyphImage, Ink>();

function inkOf(image: GlyphImage): Ink {
  let ink = inks.get(image);
  if (ink) return ink;
  const starts = new Uint32Array(image.height + 1);
  const xs: number[] = [];
  const levels: number[] = [];
  for (let y = 0; y < image.height; y++) {
    starts[y] = xs.length;
    for (let x = 0; x < image.width; x++) {
      const level = LEVELS[image.alpha[y * image.width + x]!]!;
      if (!level) continue;
      xs.push(x);
      levels.push(level);
    }
  }
  starts[image.height] = xs.length;
  inks.set(image, (ink = { starts, xs: Uint16Array.from(xs), levels: Uint8Array.from(levels) }));
  return ink;
}

/** Copies a line's glyphs into `rows` as shades from `shade` on, marking the rows it touches and summing its `changes`. */
function drawLine(rows: Uint8Array, touched: Uint8Array, changes: Changes, glyphs: GlyphCache, line: Line, baseline: number, shade: number): void {
  for (const placed of line.glyphs) {
    const image = glyphs.get(placed.glyph);
    if (!image) continue;
    const { starts, xs, levels } = inkOf(image);
    const left = MARGIN + Math.round(placed.x) + image.left;
    const top = baseline - image.top;
    for (let y = 0; y < image.height; y++) {
      const row = top + y;
      if (row < 0 || row >= CARD_HEIGHT) continue;
      touched[row] = 1;
      const first = row * STRIDE + 1 + left;
      let sum = 0;
      let weighted = 0;
      for (let i = starts[y]!, end = starts[y + 1]!; i < end; i++) {
        const at = first + xs[i]!;
        const index = shade + levels[i]! - 1;
        const current = rows[at]!;
        // Overlapping glyphs (kerned pairs) keep the darker shade.
        if (current < shade || current >= shade + SHADES || current < index) {
          rows[at] = index;
          sum += index - current;
          weighted += at * (index - current);
        }
      }
      // Whole numbers far below 2^53: the sums are exact in any order.
      changes.sum[row]! += sum;
      changes.weighted[row]! += weighted;
      // A glyph's pixels in a row are in order of x.
      if (starts[y + 1]! > starts[y]!) changes.reach[row] = Math.max(changes.reach[row]!, 1 + left + xs[starts[y + 1]! - 1]!);
    }
  }
}

/**
 * The card's rows as compressed runs: changed rows encoded now (`encodeRows`: the image's side of
 * each from the base's tails), unchanged ones from the base's cache. Painting the bench's 4,520
 * cards in a cold build, zlib compressing the changed rows was 4.1 of the cards' 6.8 CPU-s.
 */
function rowRuns(rows: Uint8Array, touched: Uint8Array, changes: Changes, base: Base, codes: BlockCodes): RowRun[] {
  const runs: RowRun[] = [];
  for (let start = 0; start < CARD_HEIGHT; ) {
    let end = start + 1;
    while (end < CARD_HEIGHT && touched[end] === touched[start]) end++;
    const slice = rows.subarray(start * STRIDE, end * STRIDE);
    const key = `${start}-${end}`;
    if (touched[start]) {
      let before = base.sums.get(key);
      if (before === undefined) base.sums.set(key, (before = adler32(base.indices.subarray(start * STRIDE, end * STRIDE))));
      let sum = 0;
      let weighted = 0;
      for (let row = start; row < end; row++) {
        sum += changes.sum[row]!;
        weighted += changes.weighted[row]!;
      }
      const adler = adler32Changed(before, start * STRIDE, slice.length, sum, weighted);
      const tail = (row: number) => (base.tails[row] ??= encodeTail(base.indices.subarray(row * STRIDE + base.split, (row + 1) * STRIDE), codes));
      runs.push(encodeRows(rows, STRIDE, start, end, codes, (row) => splitOf(changes, base, row), tail, adler));
    } else {
      let run = base.runs.get(key);
      if (!run) base.runs.set(key, (run = compressRun(slice)));
      runs.push(run);
    }
    start = end;
  }
  return runs;
}

/** Where `encodeRows` stops reading a changed row: at the image, unless the text reaches it. */
const splitOf = (changes: Changes, base: Base, row: number) => (changes.reach[row]! < base.split ? base.split : STRIDE);

const hex = (color: string): [number, number, number] => {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** What every base shares: background, rule and bar as palette indices, in at most 64 colours. */
interface Frame {
  indices: Uint8Array;
  palette: Uint8Array;
  colours: number;
}

const FRAME_COLOURS = 64;

type Sharp = (typeof import('sharp'))['default'];

async function drawFrame(style: CardStyle, svg: string): Promise<Frame> {
  const sharp = requirePackage<Sharp>('sharp');
  const rgb = await sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: style.background } })
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const { palette, indexOf } = reducePalette(rgb, FRAME_COLOURS);
  const indices = new Uint8Array(CARD_HEIGHT * STRIDE);
  mapPixels(rgb, CARD_WIDTH, indexOf, 0, indices, 1);
  return { indices, palette, colours: palette.length / 3 };
}

/**
 * A card's base: the frame with the image drawn into its right-hand side, the image reduced to
 * the colours the palette has left after the frame's and the two text colours' shades.
 */
async function drawBase(style: CardStyle, image: string | undefined, framePromise: Promise<Frame>): Promise<Base> {
  const frame = await framePromise;
  const indices = Uint8Array.from(frame.indices);
  let palette = frame.palette;
  if (image) {
    const sharp = requirePackage<Sharp>('sharp');
    const picture = await sharp(image)
      .resize(IMAGE.width, IMAGE.height, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: style.background })
      .raw()
      .toBuffer();
    const own = reducePalette(picture, 256 - 2 * SHADES - frame.colours);
    palette = Uint8Array.from([...frame.palette, ...own.palette]);
    mapPixels(picture, IMAGE.width, own.indexOf, frame.colours, indices, 1 + IMAGE.left);
  }
  const titleShade = palette.length / 3;
  const labelShade = titleShade + SHADES;
  const background = hex(style.background);
  const full = new Uint8Array((labelShade + SHADES) * 3);
  full.set(palette);
  for (let level = 1; level <= SHADES; level++) {
    full.set(blend(background, hex(style.title.color), level / SHADES), (titleShade + level - 1) * 3);
    full.set(blend(background, hex(style.label.color), level / SHADES), (labelShade + level - 1) * 3);
  }
  const split = image ? 1 + IMAGE.left : STRIDE;
  return { indices, palette: full, titleShade, labelShade, runs: new Map(), sums: new Map(), split, tails: [] };
}


/**
 * Writes each pixel's palette index (`offset` + its colour's index) into `target`, row `y` of the
 * image at `target[y * STRIDE + left + x]`.
 */
function mapPixels(rgb: Uint8Array, width: number, indexOf: Map<number, number>, offset: number, target: Uint8Array, left: number): void {
  let last = -1;
  let lastIndex = 0;
  const height = rgb.length / 3 / width;
  for (let y = 0, p = 0; y < height; y++) {
    const row = y * STRIDE + left;
    for (let x = 0; x < width; x++, p += 3) {
      const color = (rgb[p]! << 16) | (rgb[p + 1]! << 8) | rgb[p + 2]!;
      if (color !== last) {
        last = color;
        lastIndex = offset + indexOf.get(color)!;
      }
      target[row + x] = lastIndex;
    }
  }
}

/**
 * At most `size` colours for an image: the most used colours are kept, every other one becomes
 * the nearest kept colour. Flat illustrations (a few colours and their anti-aliased edges) lose
 * nothing visible; photographs would band, and a card shows them small. Deterministic: ties in
 * use are broken by the colour's value.
 */
function reducePalette(rgb: Uint8Array, size: number): { palette: Uint8Array; indexOf: Map<number, number> } {
  const uses = new Map<number, number>();
  // Counted by runs: most of a card is long runs of one colour.
  let run = 0;
  let last = (rgb[0]! << 16) | (rgb[1]! << 8) | rgb[2]!;
  for (let i = 0; i < rgb.length; i += 3) {
    const color = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
    if (color === last) {
      run += 1;
      continue;
    }
    uses.set(last, (uses.get(last) ?? 0) + run);
    last = color;
    run = 1;
  }
  uses.set(last, (uses.get(last) ?? 0) + run);
  const kept = [...uses.keys()].sort((a, b) => uses.get(b)! - uses.get(a)! || a - b).slice(0, size);
  const palette = new Uint8Array(kept.length * 3);
  kept.forEach((color, i) => palette.set([color >> 16, (color >> 8) & 255, color & 255], i * 3));
  const indexOf = new Map(kept.map((color, i) => [color, i]));
  for (const color of uses.keys()) {
    if (indexOf.has(color)) continue;
    let best = 0;
    let bestDistance = Infinity;
    kept.forEach((k, i) => {
      const distance = ((k >> 16) - (color >> 16)) ** 2 + (((k >> 8) & 255) - ((color >> 8) & 255)) ** 2 + ((k & 255) - (color & 255)) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    indexOf.set(color, best);
  }
  return { palette, indexOf };
}

const blend = (from: number[], to: number[], t: number) => from.map((c, i) => Math.round(c + (to[i]! - c) * t));

/** The rule under the label and the bar with its text, as SVG (text as outlines: no system fonts needed). */
function overlaySvg(style: CardStyle, font: Font): string {
  const size = 30;
  const line = placeText(font, style.bar.text, size);
  const baseline = BAR_TOP + 41;
  const text = line.glyphs.map((g) => `<path d="${glyphPath(g.glyph, MARGIN + g.x, baseline, size)}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
    `<rect x="${MARGIN}" y="${RULE.top}" width="${RULE.width}" height="${RULE.height}" rx="3" fill="${style.accent}"/>` +
    `<rect x="0" y="${BAR_TOP}" width="${CARD_WIDTH}" height="${CARD_HEIGHT - BAR_TOP}" fill="${style.bar.color}"/>` +
    `<g fill="${style.bar.textColor}">${text}</g></svg>`
  );
}
