// The social cards' PNG encoder (src/pipeline/cards/png.ts) joins separately compressed runs of
// rows into one zlib stream: the result must be a PNG any decoder reads back pixel for pixel,
// with a correct Adler-32 (zlib's inflate checks it) and correct chunk CRCs (libpng checks them).
// A card's changed rows are encoded without zlib (deflate.ts): they must join zlib's runs.
import { deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blockCodes, countSymbols, encodeRows, encodeTail } from '../../src/pipeline/cards/deflate.ts';
import { adler32, adler32Changed, adler32Combine, compressRun, encodePalettePng } from '../../src/pipeline/cards/png.ts';

/** A deterministic pseudo-random byte source. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
}

describe('card PNG encoder', () => {
  it('sums Adler-32 as zlib does, for any length and starting value', () => {
    const next = random(3);
    for (const length of [0, 1, 7, 8, 9, 3799, 3800, 3801, 7601, 100_003]) {
      for (const data of [Uint8Array.from({ length }, next), new Uint8Array(length).fill(255)]) {
        // A zlib stream ends with the Adler-32 of what it holds.
        const stream = deflateSync(data);
        expect(adler32(data), `${length} bytes`).toBe(stream.readUInt32BE(stream.length - 4));
        const half = length >> 1;
        expect(adler32(data.subarray(half), adler32(data.subarray(0, half))), `${length} bytes in two`).toBe(adler32(data));
      }
    }
  });

  it('gives the Adler-32 of changed bytes from the old checksum and the changes alone, as a card does', () => {
    const next = random(11);
    // A run of rows at some offset in a larger picture, as a card's title rows are.
    for (const [offset, length, changed] of [
      [0, 1, 1],
      [0, 9, 3],
      [120_100, 360_300, 60_000],
      [756_000, 630, 630],
      [5, 100_003, 0],
    ] as const) {
      const before = Uint8Array.from({ length }, next);
      const after = before.slice();
      let sum = 0;
      let weighted = 0;
      // Some bytes written more than once (overlapping glyphs), the changes telescoping.
      for (let i = 0; i < changed; i++) {
        const at = (next() * 7919 + i * 104_729) % length;
        const value = next();
        sum += value - after[at]!;
        weighted += (offset + at) * (value - after[at]!);
        after[at] = value;
      }
      expect(adler32Changed(adler32(before), offset, length, sum, weighted), `${changed} changes in ${length} bytes at ${offset}`).toBe(adler32(after));
    }
  });

  it('combines Adler-32 checksums as if computed over the joined bytes', () => {
    const next = random(7);
    const a = Uint8Array.from({ length: 70_000 }, next);
    const b = Uint8Array.from({ length: 12_345 }, next);
    const joined = new Uint8Array([...a, ...b]);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(joined));
  });

  it('writes rows compressed in separate runs as one PNG that decodes to the same pixels', async () => {
    const width = 97;
    const height = 61;
    const colours = 40;
    const next = random(42);
    const palette = Uint8Array.from({ length: colours * 3 }, next);
    const rows = new Uint8Array(height * (width + 1));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = y % 7 === 0 ? next() % colours : (x >> 3) % colours;
    }
    // Runs of uneven lengths, as a card's changed and unchanged rows are.
    const cuts = [0, 1, 9, 10, 33, 60, height];
    const runs = cuts.slice(0, -1).map((start, i) => compressRun(rows.subarray(start * (width + 1), cuts[i + 1]! * (width + 1))));
    const png = encodePalettePng(width, height, palette, runs);

    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    expect(Buffer.from(inflateSync(idat)).equals(Buffer.from(rows))).toBe(true);

    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = rows[y * (width + 1) + 1 + x]!;
        expect([...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]).toEqual([...palette.subarray(index * 3, index * 3 + 3)]);
      }
    }
  });
});

describe('card rows encoded without zlib (deflate.ts)', () => {
  /** Rows of runs of every length around deflate's limits (1–3, 258–261, longer), some values repeated across rows. */
  function runRows(width: number, height: number, seed: number): Uint8Array {
    const next = random(seed);
    const lengths = [1, 2, 3, 4, 257, 258, 259, 260, 261, 262, 516, 517, 600, 5, 1, 1];
    const rows = new Uint8Array(height * (width + 1));
    let k = 0;
    for (let at = 0; at < rows.length;) {
      const value = next() % 7 === 0 ? next() : next() % 4;
      const length = lengths[k++ % lengths.length]!;
      rows.fill(value, at, Math.min(rows.length, at + length));
      at += length;
    }
    for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // each row's filter byte
    return rows;
  }

  it('writes rows that inflate to the same bytes, with each row read in two parts or whole', async () => {
    const width = 1200;
    const height = 40;
    const stride = width + 1;
    const rows = runRows(width, height, 5);
    // Codes made from other rows, and from nothing at all: every symbol has a code either way.
    for (const counts of [
      new Uint32Array(286),
      (() => {
        const c = new Uint32Array(286);
        countSymbols(runRows(width, 9, 77), 0, 9 * stride, c);
        return c;
      })(),
    ]) {
      const codes = blockCodes(counts);
      // Rows 3–7 and 20–33 encoded by hand, split at 721 except where "the text" reaches further; the rest by zlib.
      const split = (row: number) => (row % 5 === 0 ? stride : 721);
      const tail = (row: number) => encodeTail(rows.subarray(row * stride + 721, (row + 1) * stride), codes);
      const cuts = [0, 3, 8, 20, 34, height];
      const runs = cuts.slice(0, -1).map((start, i) => {
        const end = cuts[i + 1]!;
        const bytes = rows.subarray(start * stride, end * stride);
        return i % 2 === 1 ? encodeRows(rows, stride, start, end, codes, split, tail, adler32(bytes)) : compressRun(bytes);
      });
      const palette = Uint8Array.from({ length: 256 * 3 }, (_, i) => i % 256);
      const png = encodePalettePng(width, height, palette, runs);
      // zlib's inflate checks the stream's structure and its Adler-32.
      const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
      expect(Buffer.from(inflateSync(idat)).equals(Buffer.from(rows))).toBe(true);
      const { info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([width, height]);
    }
  });

  it('makes codes of at most 10 bits however uneven the counts, and a header zlib reads', () => {
    const counts = new Uint32Array(286);
    counts[0] = 4_000_000_000;
    counts[285] = 3_000_000;
    counts[7] = 12;
    const codes = blockCodes(counts);
    expect(Math.max(...codes.literalLength, codes.endLength)).toBeLessThanOrEqual(10);
    const rows = new Uint8Array(1000).fill(7);
    const run = encodeRows(
      rows,
      1000,
      0,
      1,
      codes,
      () => 1000,
      () => ({ data: new Uint8Array(0), bits: 0 }),
      adler32(rows),
    );
    // A raw deflate stream of this block and a final empty one.
    const stream = Buffer.concat([run.compressed, Buffer.from([0x03, 0x00])]);
    expect(Buffer.from(inflateRawSync(stream)).equals(Buffer.from(rows))).toBe(true);
  });
});
