import type { Font } from 'opentype.js';
import { requirePackage } from '../common-js.ts';
import type { CardStyle } from '../types.ts';
import { blockCodes, countSymbols, encodeRows, encodeTail, type BlockCodes, type RowWriter, type Tail } from './deflate.ts';
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
  /** Per row, the one value of its text side (bytes 1 to `split`), or -1 where it has more than one. */
  plain: Int16Array;
  /** A number no other base of the process has: what a glyph's rows written on it are kept under (`inkRow`), without holding the base. */
  id: number;
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
  /** Each row of ink a glyph drew, in the order drawn (`settleRows` and `textSideWriter` read them). */
  spans: Spans;
}

/**
 * The rows of ink the glyphs drew, `count` of them: the card's row, the first and last byte inked
 * in it, and the glyph's ink and row in it. One set of arrays for every card.
 */
interface Spans {
  count: number;
  row: Uint16Array;
  first: Uint16Array;
  last: Uint16Array;
  ink: Ink[];
  y: Uint16Array;
  shade: Uint8Array;
}

const newSpans = (size: number): Spans => ({
  count: 0,
  row: new Uint16Array(size),
  first: new Uint16Array(size),
  last: new Uint16Array(size),
  ink: [],
  y: new Uint16Array(size),
  shade: new Uint8Array(size),
});

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
  #spans = newSpans(4096);
  readonly #fromInk: boolean;

  /** `fromInk: false` draws and reads every row a card changes (`settleRows`), for comparing with the rows written from ink. */
  constructor(
    readonly style: CardStyle,
    { fromInk = true }: { fromInk?: boolean } = {},
  ) {
    this.#fromInk = fromInk;
  }

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
    const { rows, touched, changes, written } = this.#draw(base, content, base.codes);
    return encodePalettePng(CARD_WIDTH, CARD_HEIGHT, base.palette, rowRuns(rows, touched, changes, base, base.codes, written));
  }

  /**
   * The card's label and title placed on the base, and what that changed. With `codes`, the rows
   * `written` are left for `textSideWriter` to write from their glyphs' rows of ink; every other
   * row is drawn into `rows`. Without, every row is drawn.
   */
  #draw(base: Base, content: CardContent, codes?: BlockCodes): { rows: Uint8Array; touched: Uint8Array; changes: Changes; written: Written } {
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
    this.#spans.count = 0;
    const changes: Changes = { sum: new Float64Array(CARD_HEIGHT), weighted: new Float64Array(CARD_HEIGHT), reach: new Uint16Array(CARD_HEIGHT), spans: this.#spans };
    if (label) placeLine(touched, changes, labelCache, label, LABEL.baseline, base.labelShade);
    const lineHeight = Math.round(title.size * 1.16);
    title.lines.forEach((line, i) => placeLine(touched, changes, titleCache, line, TITLE_TOP + Math.round(title.size * 0.92) + i * lineHeight, base.titleShade));
    const { written, drawn } = settleRows(rows, touched, changes, base, codes !== undefined && this.#fromInk);
    [this.#rowsBase, this.#drawn] = [base, drawn];
    return { rows, touched, changes, written };
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
 * skipped. Painting 4,000 of the bench's cards alone (2026-11-29, `--cpu-prof`): drawing 890 ms
 * before, 409 ms with this, the same bytes. Since 2026-11-30 most rows are not drawn at all but
 * written from each glyph row's bits (`settleRows`).
 */
interface Ink {
  /** Its rows on the base numbered `base`, in `shade` on `background` (`inkRow`), once a card on it wrote them: cards are painted base by base. */
  rows: { base: number; background: number; shade: number; rows: (InkRow | undefined)[] } | undefined;
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
  inks.set(image, (ink = { rows: undefined, starts, xs: Uint16Array.from(xs), levels: Uint8Array.from(levels) }));
  return ink;
}

function growSpans(spans: Spans): void {
  const larger = newSpans(spans.row.length * 2);
  larger.row.set(spans.row);
  larger.first.set(spans.first);
  larger.last.set(spans.last);
  larger.y.set(spans.y);
  larger.shade.set(spans.shade);
  Object.assign(spans, { row: larger.row, first: larger.first, last: larger.last, y: larger.y, shade: larger.shade });
}

/** Places a line's glyphs: each glyph's rows of ink become `changes.spans`, in shades from `shade` on; marks the rows it touches and how far they reach. */
function placeLine(touched: Uint8Array, changes: Changes, glyphs: GlyphCache, line: Line, baseline: number, shade: number): void {
  const spans = changes.spans;
  for (const placed of line.glyphs) {
    const image = glyphs.get(placed.glyph);
    if (!image) continue;
    const ink = inkOf(image);
    const { starts, xs } = ink;
    const left = MARGIN + Math.round(placed.x) + image.left;
    const top = baseline - image.top;
    for (let y = 0; y < image.height; y++) {
      const row = top + y;
      if (row < 0 || row >= CARD_HEIGHT) continue;
      touched[row] = 1;
      if (starts[y + 1]! === starts[y]!) continue;
      if (spans.count === spans.row.length) growSpans(spans);
      const k = spans.count++;
      spans.row[k] = row;
      spans.first[k] = 1 + left + xs[starts[y]!]!;
      // A glyph's pixels in a row are in order of x.
      spans.last[k] = 1 + left + xs[starts[y + 1]! - 1]!;
      spans.ink[k] = ink;
      spans.y[k] = y;
      spans.shade[k] = shade;
      changes.reach[row] = Math.max(changes.reach[row]!, spans.last[k]!);
    }
  }
}

/**
 * Decides, row by row, whether a row is `written` from its glyphs' rows of ink (`textSideWriter`;
 * `fromInk`) or `drawn` into `rows`, and sums each row's `changes` either way. A row is written
 * from its ink where its text side on the base is one value, no shade, and no two rows of ink in
 * it touch, each then ink on that background; its sums come from each row of ink's own
 * (`inkRow`), and its pixels are not drawn. A row read after a row the text reaches the image in
 * is drawn, since `encodeRows` reads the two as one.
 */
function settleRows(rows: Uint8Array, touched: Uint8Array, changes: Changes, base: Base, fromInk: boolean): { written: Written; drawn: Uint8Array } {
  const spans = changes.spans;
  const { starts, order } = spansByRow(spans);
  const written = new Uint8Array(CARD_HEIGHT);
  const drawn = new Uint8Array(CARD_HEIGHT);
  const shades = { from: Math.min(base.titleShade, base.labelShade), to: Math.max(base.titleShade, base.labelShade) + SHADES };
  for (let row = 0; row < CARD_HEIGHT; row++) {
    if (!touched[row]) continue;
    const from = starts[row]!;
    const to = starts[row + 1]!;
    const background = base.plain[row]!;
    let ink = fromInk && base.split < STRIDE && background >= 0 && (background < shades.from || background >= shades.to);
    if (ink && row > 0 && touched[row - 1] && changes.reach[row - 1]! >= base.split) ink = false;
    for (let i = from, before = 0; ink && i < to; i++) {
      const k = order[i]!;
      if (spans.first[k]! <= before + 1 || spans.last[k]! >= base.split) ink = false;
      before = spans.last[k]!;
    }
    if (ink) {
      written[row] = 1;
      for (let i = from; i < to; i++) {
        const k = order[i]!;
        const { sum, weighted } = inkRow(spans.ink[k]!, spans.y[k]!, base, background, spans.shade[k]!);
        changes.sum[row]! += sum;
        changes.weighted[row]! += (row * STRIDE + spans.first[k]!) * sum + weighted;
      }
    } else {
      drawn[row] = 1;
      for (let i = from; i < to; i++) drawSpan(rows, changes, row, spans, order[i]!);
    }
  }
  return { written: { rows: written, starts, order }, drawn };
}

/** The rows `settleRows` left for `textSideWriter` (1 in `rows`), and each row's spans: `order[starts[row]..starts[row + 1])`. */
interface Written {
  rows: Uint8Array;
  starts: Uint32Array;
  order: Uint32Array;
}

/** Each row's spans, in the order drawn (by x within a line): a counting sort by row. */
function spansByRow(spans: Spans): { starts: Uint32Array; order: Uint32Array } {
  const starts = new Uint32Array(CARD_HEIGHT + 1);
  for (let k = 0; k < spans.count; k++) starts[spans.row[k]! + 1]!++;
  for (let row = 0; row < CARD_HEIGHT; row++) starts[row + 1]! += starts[row]!;
  const order = new Uint32Array(spans.count);
  const next = starts.slice(0, CARD_HEIGHT);
  for (let k = 0; k < spans.count; k++) order[next[spans.row[k]!]!++] = k;
  return { starts, order };
}

/** Draws span `k` into `rows` and sums what it changed. */
function drawSpan(rows: Uint8Array, changes: Changes, row: number, spans: Spans, k: number): void {
  const { starts, xs, levels } = spans.ink[k]!;
  const y = spans.y[k]!;
  const shade = spans.shade[k]!;
  const first = row * STRIDE + spans.first[k]! - xs[starts[y]!]!;
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
}

/** A glyph's row `y` of ink in `shade` on `background`: what it changes (`Changes`, offsets from its first byte) and, once codes ask for them, its bits. */
interface InkRow {
  sum: number;
  weighted: number;
  bytes: Uint8Array;
  tail: Tail | undefined;
}

function inkRow(ink: Ink, y: number, base: Base, background: number, shade: number): InkRow {
  if (ink.rows?.base !== base.id || ink.rows.background !== background || ink.rows.shade !== shade) ink.rows = { base: base.id, background, shade, rows: [] };
  let row = ink.rows.rows[y];
  if (!row) {
    const { starts, xs, levels } = ink;
    const x0 = xs[starts[y]!]!;
    const bytes = new Uint8Array(xs[starts[y + 1]! - 1]! - x0 + 1).fill(background);
    let sum = 0;
    let weighted = 0;
    for (let i = starts[y]!, end = starts[y + 1]!; i < end; i++) {
      const change = shade + levels[i]! - 1 - background;
      bytes[xs[i]! - x0] = background + change;
      sum += change;
      weighted += (xs[i]! - x0) * change;
    }
    ink.rows.rows[y] = row = { sum, weighted, bytes, tail: undefined };
  }
  return row;
}

/**
 * The card's rows as compressed runs: changed rows encoded now (`encodeRows`: the image's side of
 * each from the base's tails), unchanged ones from the base's cache. Painting the bench's 4,520
 * cards in a cold build, zlib compressing the changed rows was 4.1 of the cards' 6.8 CPU-s.
 */
function rowRuns(rows: Uint8Array, touched: Uint8Array, changes: Changes, base: Base, codes: BlockCodes, written: Written): RowRun[] {
  const runs: RowRun[] = [];
  const textSide = textSideWriter(changes.spans, base, codes, written);
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
      runs.push(encodeRows(rows, STRIDE, start, end, codes, (row) => splitOf(changes, base, row), tail, adler, textSide));
    } else {
      let run = base.runs.get(key);
      if (!run) base.runs.set(key, (run = compressRun(slice)));
      runs.push(run);
    }
    start = end;
  }
  return runs;
}

/**
 * Writes the text side of the rows `settleRows` left `written`, from their glyphs' rows of ink
 * rather than from bytes: the background before, between and after them as runs, and each row of
 * ink as the bits it was encoded to on this base the first time a card wrote it. Those are the
 * symbols `BitWriter.bytes` finds reading the row, since ink and background differ, so the card's
 * bytes are the same as if it had been drawn and read.
 *
 * # Design decision
 * Reading the rows' text side was the largest part of painting a card: `bytes` 2.4 of the main
 * thread's 16 CPU-s in a cold build of the bench (2026-11-30, `--cpu-prof`), most of it runs of
 * background found four bytes at a time, and drawing the glyphs into the rows 1.2 more. A title's
 * glyphs repeat, and their rows of ink with them.
 */
function textSideWriter(spans: Spans, base: Base, codes: BlockCodes, written: Written): (row: number, writer: RowWriter) => boolean {
  const { starts, order } = written;
  return (row, writer) => {
    if (!written.rows[row]) return false;
    const background = base.plain[row]!;
    const from = starts[row]!;
    const to = starts[row + 1]!;
    // The filter byte (0), then the background up to the first ink.
    const firstInk = from < to ? spans.first[order[from]!]! : base.split;
    if (background === 0) writer.run(0, firstInk, codes);
    else {
      writer.run(0, 1, codes);
      if (firstInk > 1) writer.run(background, firstInk - 1, codes);
    }
    for (let i = from; i < to; i++) {
      const k = order[i]!;
      const ink = inkRow(spans.ink[k]!, spans.y[k]!, base, background, spans.shade[k]!);
      writer.append((ink.tail ??= encodeTail(ink.bytes, codes)));
      const last = spans.last[k]!;
      const end = i + 1 < to ? spans.first[order[i + 1]!]! : base.split;
      if (end > last + 1) writer.run(background, end - last - 1, codes);
    }
    return true;
  };
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
let basesDrawn = 0;

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
  const plain = new Int16Array(CARD_HEIGHT);
  for (let row = 0; row < CARD_HEIGHT; row++) {
    const at = row * STRIDE;
    let x = 2;
    while (x < split && indices[at + x] === indices[at + 1]) x++;
    plain[row] = x === split ? indices[at + 1]! : -1;
  }
  return { indices, palette: full, titleShade, labelShade, runs: new Map(), sums: new Map(), split, plain, id: basesDrawn++, tails: [] };
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
