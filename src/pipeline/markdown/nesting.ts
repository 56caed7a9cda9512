/**
 * How deeply a Markdown text nests lists and block quotes, found by a line scan before any parse.
 *
 * # Design decision
 * micromark re-reads every open container for each line, so nesting costs time that grows with
 * the square of the depth (300 indented levels: 0.5 s; 1,000: 18 s; 10,000: minutes, then a stack
 * overflow while rendering). Text that people read never nests more than a handful of levels, so
 * a limit with the line it is passed on is a clear error instead of a hung build. The scan counts
 * the container markers that open a line (`>`, `-`, `*`, `+`, `1.`, `1)`) and the indentation in
 * front of them; lines inside fenced code are passed over.
 */

/** Deeper than this is refused: far more than any article needs, far less than what hurts. */
export const MAX_NESTING = 32;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MARKER = /^(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/;

/** The first line (1-based) of `markdown` nested deeper than `max`, with its depth; `undefined` when none is. */
export function tooDeeplyNested(markdown: string, max = MAX_NESTING): { depth: number; line: number } | undefined {
  let fence: string | undefined;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const opened = FENCE.exec(text);
    if (fence) {
      if (opened && opened[1][0] === fence[0] && opened[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (opened) {
      fence = opened[1];
      continue;
    }
    const depth = lineDepth(text);
    if (depth > max) return { depth, line: i + 1 };
  }
  return undefined;
}

/** Container markers opening one line, counting each two columns of indentation before a marker as a level. */
function lineDepth(text: string): number {
  let depth = 0;
  let at = 0;
  let column = 0;
  for (;;) {
    let indent = 0;
    while (at < text.length && (text[at] === ' ' || text[at] === '\t')) {
      indent += text[at] === '\t' ? 4 - ((column + indent) % 4) : 1;
      at++;
    }
    const marker = MARKER.exec(text.slice(at, at + 12));
    if (!marker) return depth;
    // Indentation counts only in front of a marker: an indented code line is not nesting.
    depth += 1 + Math.floor(indent / 2);
    column += indent + marker[0].length;
    at += marker[0].length;
  }
}
