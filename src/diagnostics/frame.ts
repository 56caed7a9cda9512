/** Lines longer than this are shown as a window of this many characters around the column. */
const MAX_WIDTH = 100;

/**
 * A code frame: the offending line with one line of context either side and a caret under the
 * column, numbered like an editor shows them. Control characters are shown as visible symbols
 * (U+0007 as ␇), and a long line as the part of it around the column.
 */
export function codeFrame(source: string, line: number, column = 1, context = 1): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  // One window for every line shown, so the context lines stay aligned with the caret.
  const start = Math.max(0, column - 1 - Math.floor(MAX_WIDTH / 2));
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const mark = n === line ? '>' : ' ';
    const chars = [...lines[n - 1]];
    const shown = chars.slice(start, start + MAX_WIDTH).map(visible).join('');
    const text = `${start > 0 ? '…' : ''}${shown}${chars.length > start + MAX_WIDTH ? '…' : ''}`;
    out.push(`  ${mark} ${String(n).padStart(width)} | ${text}`.trimEnd());
    if (n === line) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1 - start + (start > 0 ? 1 : 0)))}^`);
  }
  return out.join('\n');
}

/** C0 controls and DEL as their Control Pictures symbols (tab stays a tab); C1 controls as "�". */
function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code === 0x09) return ch;
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code >= 0x80 && code <= 0x9f) return '\ufffd';
  return ch;
}
