// Reading a JSON data file, and saying where its first syntax error is.
//
// # Design decision
// JSON.parse decides what is valid; `jsonErrorOffset` only finds *where* it failed, for the two
// V8 messages that carry no position ("Unexpected token 'x', ... is not valid JSON" and
// "Unexpected end of JSON input"). It is a syntax scanner, not a schema check: what a data file
// must contain is its collection's zod schema, checked in validate.ts. Rejected: parsing JSON as
// YAML for the position (YAML accepts `{a: x}` and trailing commas, so it would miss the error).
import { codeFrame } from '../../diagnostics/frame.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { ParsedFile } from './load.ts';

/** Parses one JSON data file, or returns a diagnostic at the line and column of its syntax error. */
export function parseJsonFile(file: string, source: string): ParsedFile {
  try {
    return { data: JSON.parse(source), dataSource: source, dataLine: 1, body: '', bodyLine: 1 };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    let line: number;
    let column: number;
    if (lineCol) {
      line = Number(lineCol[1]);
      column = Number(lineCol[2]);
    } else {
      // Some engines' messages give no position (V8: `Unexpected token 'x', "…" is not valid JSON`).
      const offset = at ? Number(at[1]) : jsonErrorOffset(source);
      const before = source.slice(0, offset);
      line = before.split('\n').length;
      column = offset - before.lastIndexOf('\n');
    }
    const reason = message
      .replace(/^.*?JSON[^:]*:\s*/, '')
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t');
    return {
      diagnostic: { ...messages.jsonSyntax(reason), file, line, column, frame: codeFrame(source, line, column) },
    };
  }
}

/** Offset of the first character that makes `source` invalid JSON (its length when it ends too early). */
function jsonErrorOffset(source: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < source.length && ' \t\n\r'.includes(source[i])) i++;
  };
  const expect = (text: string) => {
    for (const ch of text) {
      if (source[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++;
    while (source[i] !== '"') {
      if (i >= source.length || source.charCodeAt(i) < 0x20) fail();
      if (source[i] === '\\') {
        i++;
        if (source[i] === 'u') {
          for (let k = 0; k < 4; k++) if (!/[0-9a-fA-F]/.test(source[++i] ?? '')) fail();
        } else if (!'"\\/bfnrt'.includes(source[i] ?? 'x')) fail();
      }
      i++;
    }
    i++;
  };
  const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    space();
    const c = source[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (source[i] === close) return void i++;
      for (;;) {
        if (c === '{') {
          space();
          if (source[i] !== '"') fail();
          string();
          space();
          expect(':');
        }
        value();
        space();
        if (source[i] === close) return void i++;
        expect(',');
      }
    }
    if (c === '"') return string();
    if (c === 't') return expect('true');
    if (c === 'f') return expect('false');
    if (c === 'n') return expect('null');
    numberPattern.lastIndex = i;
    if (!numberPattern.test(source)) fail();
    i = numberPattern.lastIndex;
  };
  try {
    value();
    space();
    return i;
  } catch (offset) {
    return Math.min(offset as number, source.length);
  }
}
