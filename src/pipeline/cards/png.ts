import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A palette (8-bit indexed) PNG encoder for images whose rows are mostly shared with a base
 * image: social cards, where only the rows a title crosses differ from card to card.
 *
 * # Design decision
 * A PNG's pixels are one zlib stream. Each run of rows is compressed on its own and ended with a
 * full flush (byte-aligned, no reference back into the run before), so compressed runs can be
 * concatenated; a run of base rows is compressed once per base and reused by every card. The
 * stream's Adler-32 is combined from the runs' checksums. A 1200×630 card then costs the
 * compression of its title rows only instead of the whole image (~3 ms): 0.4–0.5 ms for 300 rows
 * (2026-11-28, the middle 300 rows of 300 cards of the 4,000-page bench, alone in Node; level 1
 * was no faster, Huffman only four times slower and five times larger). Rejected: sharp or resvg per card (10–40 ms each:
 * minutes for a large site) and truecolour rows (three times the bytes to compress).
 */

/** One run of rows as it goes into the stream: filter byte then palette indices, per row. */
export interface RowRun {
  /** Raw deflate data ending with a full flush, without the final block. */
  compressed: Buffer;
  adler: number;
  length: number;
}

/** Compresses a run of rows (each: filter byte 0, then `width` indices); `adler`, when the caller knows it, is their Adler-32. */
export function compressRun(rows: Uint8Array, adler = adler32(rows)): RowRun {
  const compressed = deflateRawSync(rows, { level: 4, strategy: constants.Z_RLE, finishFlush: constants.Z_FULL_FLUSH });
  return { compressed, adler, length: rows.length };
}

/**
 * A PNG of `runs` (top to bottom) with an RGB palette, written into one buffer of its exact size:
 * a build makes thousands of cards one after another, and each copy of a card's bytes (the runs
 * joined, then each chunk, then the file) was garbage that piled up between collections.
 */
export function encodePalettePng(width: number, height: number, palette: Uint8Array, runs: RowRun[]): Buffer {
  let adler = 1;
  let compressed = 0;
  for (const run of runs) {
    adler = adler32Combine(adler, run.adler, run.length);
    compressed += run.compressed.length;
  }
  // zlib header (deflate, 32 KB window, no dictionary), the runs, a final empty fixed block, Adler-32.
  const idatLength = 2 + compressed + 2 + 4;
  const png = new PngWriter(PNG_SIGNATURE.length + 4 * CHUNK_FRAME + 13 + palette.length + idatLength);
  png.bytes(PNG_SIGNATURE);
  png.chunk('IHDR', 13, () => {
    png.uint32(width);
    png.uint32(height);
    png.bytes([8, 3, 0, 0, 0]); // 8 bits per index, palette colour, deflate, adaptive filters, no interlace
  });
  png.chunk('PLTE', palette.length, () => png.bytes(palette));
  png.chunk('IDAT', idatLength, () => {
    png.bytes([0x78, 0x01]);
    for (const run of runs) png.bytes(run.compressed);
    png.bytes([0x03, 0x00]);
    png.uint32(adler >>> 0);
  });
  png.chunk('IEND', 0, () => {});
  return png.done();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A chunk's length, type and CRC around its data. */
const CHUNK_FRAME = 12;

/** Writes a PNG's bytes in order into a buffer of the size given. */
class PngWriter {
  readonly #buffer: Buffer;
  #at = 0;

  constructor(size: number) {
    this.#buffer = Buffer.allocUnsafe(size);
  }

  bytes(data: Uint8Array | number[]): void {
    this.#buffer.set(data, this.#at);
    this.#at += data.length;
  }

  uint32(value: number): void {
    this.#at = this.#buffer.writeUInt32BE(value, this.#at);
  }

  /** A chunk of `length` bytes that `fill` writes; its CRC covers the type and the data. */
  chunk(type: string, length: number, fill: () => void): void {
    this.uint32(length);
    const start = this.#at;
    this.#at += this.#buffer.write(type, this.#at, 'latin1');
    fill();
    if (this.#at !== start + 4 + length) throw new Error(`the PNG chunk ${type} is ${this.#at - start - 4} bytes, not ${length}`);
    this.uint32(crc32(this.#buffer.subarray(start, this.#at)) >>> 0);
  }

  done(): Buffer {
    if (this.#at !== this.#buffer.length) throw new Error(`the PNG is ${this.#at} bytes, not ${this.#buffer.length}`);
    return this.#buffer;
  }
}

const BASE = 65521;

/**
 * Adler-32 of `data` (zlib's checksum), summed in blocks short enough to stay in 32-bit integers,
 * eight bytes a step (`b` gains eight times `a` and each byte weighted by the steps left): twice
 * as fast as a byte a step, and a card's title rows (about 300 KB) are summed once per card.
 */
export function adler32(data: Uint8Array, start = 1): number {
  let a = start & 0xffff;
  let b = (start >>> 16) & 0xffff;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(data.length, i + 3800);
    for (; i + 8 <= end; i += 8) {
      const d0 = data[i]!, d1 = data[i + 1]!, d2 = data[i + 2]!, d3 = data[i + 3]!;
      const d4 = data[i + 4]!, d5 = data[i + 5]!, d6 = data[i + 6]!, d7 = data[i + 7]!;
      b += 8 * a + 8 * d0 + 7 * d1 + 6 * d2 + 5 * d3 + 4 * d4 + 3 * d5 + 2 * d6 + d7;
      a += d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7;
    }
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * The Adler-32 of bytes that differ from bytes whose checksum is `before` (starting at offset
 * `start`, `length` long), from the changes alone: `sum` is the sum of the changes (new byte less
 * old), `weighted` the sum of each change times its offset. Adler's first sum gains the changes;
 * its second gains each change times the bytes from it to the end, `(start + length - offset)`.
 * Both sums must be exact, which they are below 2^53 (a card's changes are far below).
 */
export function adler32Changed(before: number, start: number, length: number, sum: number, weighted: number): number {
  const mod = (x: number) => ((x % BASE) + BASE) % BASE;
  const a = mod((before & 0xffff) + mod(sum));
  const b = mod(((before >>> 16) & 0xffff) + mod(mod(start + length) * mod(sum)) - mod(weighted));
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two pieces joined, from each piece's checksum and the second's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % BASE;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (second & 0xffff) + BASE - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
