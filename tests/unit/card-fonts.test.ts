// The cards' fonts: a WOFF file is unpacked with zlib (text.ts, sfntOf) before opentype.js reads
// it. The font read that way must be the one opentype.js reads from the WOFF itself: the same
// glyphs, advances, outlines and kerning.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Font, Glyph } from 'opentype.js';
import { describe, expect, it } from 'vitest';
import { loadFont, sfntOf } from '../../src/pipeline/cards/text.ts';

const opentype = createRequire(import.meta.url)('opentype.js') as typeof import('opentype.js').default;
/** What the test reads of a font beyond the part of opentype.js's API the cards use. */
type ReadFont = Font & { tables: Record<string, unknown>; glyphs: { length: number; get(index: number): Glyph & { name?: string; unicode?: number } } };
const parse = (bytes: Buffer) => opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) as ReadFont;
const FONTS = ['@fontsource/lora/files/lora-latin-700-normal.woff', '@fontsource/inter/files/inter-latin-700-normal.woff'];

describe('card fonts', () => {
  for (const name of FONTS) {
    it(`reads ${name.split('/').pop()} unpacked as opentype.js reads the WOFF`, () => {
      const woff = readFileSync(createRequire(import.meta.url).resolve(name));
      const unpacked = sfntOf(woff);
      expect(unpacked.toString('latin1', 0, 4)).not.toBe('wOFF');
      const [expected, actual] = [parse(woff), parse(unpacked)];
      expect(actual.unitsPerEm).toBe(expected.unitsPerEm);
      // Every table opentype.js reads as plain values, compared whole.
      for (const table of ['head', 'hhea', 'maxp', 'os2', 'post', 'name', 'cmap', 'gsub', 'gpos', 'gdef', 'kern']) {
        expect(JSON.stringify(actual.tables[table] ?? null), table).toBe(JSON.stringify(expected.tables[table] ?? null));
      }
      expect(actual.glyphs.length).toBe(expected.glyphs.length);
      for (let i = 0; i < expected.glyphs.length; i++) {
        const [a, b] = [expected.glyphs.get(i), actual.glyphs.get(i)];
        expect([b.name, b.unicode, b.advanceWidth], `glyph ${i}`).toEqual([a.name, a.unicode, a.advanceWidth]);
        expect(b.getPath(0, 0, 72).commands, `glyph ${i}`).toEqual(a.getPath(0, 0, 72).commands);
      }
      const text = 'AVATAR Tomorrow, you’ll yawn: fjord quiz.';
      for (let i = 1; i < text.length; i++) {
        const pair = [text[i - 1]!, text[i]!].map((c) => expected.charToGlyph(c));
        const same = [text[i - 1]!, text[i]!].map((c) => actual.charToGlyph(c));
        expect(actual.getKerningValue(same[0]!, same[1]!), text.slice(i - 1, i + 1)).toBe(expected.getKerningValue(pair[0]!, pair[1]!));
      }
    });
  }

  it('leaves a file that is not WOFF as it is', () => {
    const other = Buffer.from('\u0000\u0001\u0000\u0000 not a WOFF, a TrueType header', 'latin1');
    expect(sfntOf(other)).toBe(other);
  });
});

describe('a card font that cannot be read', () => {
  it('names the file, for a WOFF cut short and for a file that is no font', () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-font-'));
    try {
      const woff = readFileSync(createRequire(import.meta.url).resolve(FONTS[0]!));
      const cut = join(dir, 'cut.woff');
      writeFileSync(cut, woff.subarray(0, 2000));
      const text = join(dir, 'notes.ttf');
      writeFileSync(text, 'not a font at all');
      for (const file of [cut, text]) expect(() => loadFont(file)).toThrow(`The card font ${file} could not be read`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
