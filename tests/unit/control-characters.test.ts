import { describe, expect, it } from 'vitest';
import { firstForbidden, forbiddenEscapeAt } from '../../src/pipeline/load/control-characters.ts';

describe('firstForbidden', () => {
  it('finds C0 controls, DEL, C1 controls, U+FFFE/U+FFFF and lone surrogate halves, at their index', () => {
    for (const [text, index, code] of [
      ['a\u0000b', 1, 0x00], ['ab\u001b[31m', 2, 0x1b], ['x\u007f', 1, 0x7f], ['next\u0085line', 4, 0x85],
      ['\ufffe', 0, 0xfffe], ['ok \uffff', 3, 0xffff], ['half \ud800 pair', 5, 0xd800], ['low \udc00', 4, 0xdc00],
    ] as const) {
      expect(firstForbidden(text), JSON.stringify(text)).toEqual({ index, code });
    }
  });

  it('lets tab, line breaks, whole surrogate pairs and ordinary text through', () => {
    expect(firstForbidden('tab\there\r\nline 😀 café – “quoted” \u00a0')).toBeUndefined();
  });
});

describe('forbiddenEscapeAt', () => {
  it('finds the escape that writes a forbidden character, from an offset, in YAML and JSON spellings', () => {
    expect(forbiddenEscapeAt('title: "a \\u0000 b"', 7)).toBe(10);
    expect(forbiddenEscapeAt('t: "x\\n \\t \\e[0m"', 3)).toBe(11);
    expect(forbiddenEscapeAt('t: "\\x1b"', 0)).toBe(4);
    expect(forbiddenEscapeAt('t: "\\N"', 0)).toBe(4);
    expect(forbiddenEscapeAt('t: "\\U00000007"', 0)).toBe(4);
    expect(forbiddenEscapeAt('{ "a": "\\ud800" }', 0)).toBe(8);
  });

  it('skips escapes of allowed characters, and escapes before the offset', () => {
    expect(forbiddenEscapeAt('t: "\\t\\n\\"\\\\ \\u00e9 \\U0001F600"', 0)).toBeUndefined();
    expect(forbiddenEscapeAt('a: "\\e"\nb: "fine"', 8)).toBeUndefined();
  });
});
