// The social cards' PNG encoder (src/pipeline/cards/png.ts) joins separately compressed runs of
// rows into one zlib stream: the result must be a PNG any decoder reads back pixel for pixel,
// with a correct Adler-32 (zlib's inflate checks it) and correct chunk CRCs (libpng checks them).
import { deflateSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
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
