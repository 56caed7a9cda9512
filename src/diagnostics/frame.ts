/**
 * A code frame: the offending line with one line of context either side and a caret under the
 * column, numbered like an editor shows them.
 */
export function codeFrame(source: string, line: number, column = 1, context = 1): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const mark = n === line ? '>' : ' ';
    out.push(`  ${mark} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}
