import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Font } from 'opentype.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { CardSpec, CardStyle, Route } from '../types.ts';
import { loadFont } from './text.ts';

/**
 * What a card can say with its fonts. A card draws the glyphs its title and label fonts have, left
 * to right, with no shaping. A title whose letters (of any script) the font lacks, or written right
 * to left (Hebrew, Arabic…: drawn glyph by glyph it would read backwards, and Arabic letters would
 * not join), is not drawn: the card shows the site's name (the bar's text) instead, and the build
 * warns at the title's line. Symbols the font lacks (an emoji, say) are left out, with a warning.
 *
 * # Design decision
 * Warn and fall back rather than ship fonts for every script: a Noto font per script is 100 KB
 * (Hebrew) to several MB (Chinese, Japanese, Korean: thousands of glyphs in each weight), Arabic
 * needs a shaping engine opentype.js does not have, and right-to-left lines need the Unicode
 * bidirectional algorithm. A site that writes in one of those scripts sets a font that has it in
 * its card style (left-to-right scripts then draw), or gives such pages a picture of their own.
 * docs/content-errors.md lists the warning.
 */

const RIGHT_TO_LEFT = ['Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko', 'Samaritan', 'Mandaic', 'Adlam'];
const NAMED = ['Latin', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Cyrillic', 'Greek', 'Thai', 'Devanagari', 'Bengali', 'Tamil', 'Armenian', 'Georgian', 'Ethiopic', ...RIGHT_TO_LEFT];
const SCRIPTS = NAMED.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
const RTL = new RegExp(RIGHT_TO_LEFT.map((name) => `\\p{Script=${name}}`).join('|'), 'u');
const LETTER = /[\p{L}\p{N}]/u;

/** The script of a character a card cannot draw, as the warning names it. */
function scriptOf(char: string): string {
  const found = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0];
  if (found) return RIGHT_TO_LEFT.includes(found) ? `${found}, right to left` : found;
  return LETTER.test(char) ? 'other letters' : 'symbols';
}

/** Whether a font has a glyph for a character, by its code point. */
type Covers = (codePoint: number) => boolean;

/** Per font (file and content hash), whether each character seen so far can be drawn: titles share a few hundred characters. */
const drawable = new Map<string, Map<string, boolean>>();

/** The characters of `text` a card cannot draw with the font `key` names: missing from it (`covers`), or right to left. */
function undrawable(key: string, covers: () => Covers, text: string): string[] {
  let known = drawable.get(key);
  if (!known) drawable.set(key, (known = new Map()));
  const missing: string[] = [];
  for (const char of text) {
    let ok = known.get(char);
    if (ok === undefined) known.set(char, (ok = /\s/u.test(char) || (!RTL.test(char) && covers()(char.codePointAt(0)!))));
    if (!ok) missing.push(char);
  }
  return missing;
}

/** Whether `text` still says something without its `missing` characters: none of them is a letter, and some letter is left. */
function keeps(text: string, missing: string[]): boolean {
  return !missing.some((c) => LETTER.test(c)) && [...text].some((c) => LETTER.test(c) && !missing.includes(c));
}

/** Parsed fonts by file and content hash: dev plans the cards again on most edits, and parsing two fonts takes 50–170 ms. */
const parsed = new Map<string, Font>();

/** Checks each card's title and label against the style's fonts, parsing them on first use. */
export class CardText {
  constructor(
    readonly style: CardStyle,
    readonly root: string,
    /** A font file's content hash. */
    readonly hashOf: (file: string) => string,
    /** The cache folder, where each font's characters are kept (optional). */
    readonly cacheDir?: string,
  ) {}

  /** The spec the card can draw, and a warning for each of its texts it cannot draw as written. */
  check(route: Route, spec: CardSpec): { spec: CardSpec; warnings: Diagnostic[] } {
    const warnings: Diagnostic[] = [];
    const problem = (what: 'title' | 'label', text: string, missing: string[], shows: string) =>
      warnings.push({
        ...messages.cardText(missing.length, [...new Set(missing.map(scriptOf))], what, shows),
        ...locate(this.root, route.entry?.file ?? route.sources[0], text, missing[0]!),
      });
    let out = spec;
    const title = this.#undrawable(this.style.title.font, spec.title);
    if (title.length && keeps(spec.title, title)) problem('title', spec.title, title, 'the title without them');
    else if (title.length) {
      problem('title', spec.title, title, `"${this.style.bar.text}" (the bar's text) instead of the title`);
      out = { ...out, title: this.style.bar.text };
    }
    // Labels are drawn in capitals (card.ts).
    const label = spec.label ? this.#undrawable(this.style.label.font, spec.label.toUpperCase()) : [];
    if (spec.label && label.length && keeps(spec.label, label)) problem('label', spec.label, label, 'the label without them');
    else if (spec.label && label.length) {
      problem('label', spec.label, label, 'no label');
      out = { title: out.title, ...(out.image ? { image: out.image } : {}) };
    }
    return { spec: out, warnings };
  }

  #undrawable(file: string, text: string): string[] {
    const hash = this.hashOf(file);
    let covers: Covers | undefined;
    return undrawable(`${file}\0${hash}`, () => (covers ??= this.#covers(file, hash)), text);
  }

  /**
   * The characters the font has: from the font parsed in this process, else as the cache keeps
   * them, else from the font parsed now (and then kept).
   *
   * # Design decision
   * Only the cards drawn need the font itself; checking every card's text needs its characters
   * alone. Parsing the two fonts (and loading opentype.js) was about 65 ms of a one-edit deploy of
   * the 4,000-page bench, which draws no card; their characters are a few kilobytes in the cache.
   */
  #covers(file: string, hash: string): Covers {
    const key = `${file}\0${hash}`;
    const kept = parsed.has(key) || !this.cacheDir ? undefined : readCoverage(this.cacheDir, hash);
    if (kept) return (codePoint) => kept.has(codePoint);
    const font = this.#font(file, key);
    const codePoints = fontCoverage(font);
    if (codePoints && this.cacheDir) keepCoverage(this.cacheDir, hash, codePoints);
    return codePoints ? (codePoint) => codePoints.has(codePoint) : (codePoint) => font.charToGlyph(String.fromCodePoint(codePoint)).index !== 0;
  }

  #font(file: string, key: string): Font {
    let font = parsed.get(key);
    if (!font) {
      for (const other of parsed.keys()) if (other.startsWith(`${file}\0`)) parsed.delete(other);
      parsed.set(key, (font = loadFont(file)));
    }
    return font;
  }
}

/** The folder of the cache where fonts' characters are kept, by the font's content hash. */
const COVERAGE = 'font-characters';

/**
 * The code points a font draws: those its character map gives a glyph that is in the font and is
 * not the missing-glyph one (what `charToGlyph` finds, without loading every glyph as it would);
 * undefined for a font without a character map.
 */
function fontCoverage(font: Font): Set<number> | undefined {
  const { tables, numGlyphs } = font as unknown as { tables?: { cmap?: { glyphIndexMap?: Record<string, number> } }; numGlyphs: number };
  const map = tables?.cmap?.glyphIndexMap;
  if (!map) return undefined;
  return new Set(
    Object.entries(map)
      .filter(([, glyph]) => glyph > 0 && glyph < numGlyphs)
      .map(([codePoint]) => Number(codePoint)),
  );
}

function readCoverage(cacheDir: string, hash: string): Set<number> | undefined {
  try {
    const codePoints = JSON.parse(readFileSync(join(cacheDir, COVERAGE, `${hash}.json`), 'utf8')) as unknown;
    return Array.isArray(codePoints) && codePoints.every((c) => Number.isInteger(c)) ? new Set(codePoints as number[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a font's characters in the cache (a temporary name, then renamed); a cache that cannot be written is only slower. */
function keepCoverage(cacheDir: string, hash: string, codePoints: Set<number>): void {
  const file = join(cacheDir, COVERAGE, `${hash}.json`);
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify([...codePoints].sort((a, b) => a - b)));
    renameSync(temp, file);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** Where `text` (else its first undrawable character) is in `file`, as a diagnostic's location. */
function locate(root: string, file: string | undefined, text: string, char: string): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  if (!file) return {};
  let source: string;
  try {
    source = readFileSync(join(root, file), 'utf8');
  } catch {
    return { file };
  }
  let at = source.indexOf(text);
  if (at < 0) at = source.indexOf(char);
  if (at < 0) return { file };
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  return { file, line: source.slice(0, at).split('\n').length, column: [...source.slice(lineStart, at)].length + 1 };
}
