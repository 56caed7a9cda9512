/** What to send for a `Range` header: the whole file, one byte range of it, or 416. */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * Reads a `Range` header for a file of `size` bytes as RFC 9110 §14 says. One byte range is
 * served, its end clamped to the file; a range starting at or past the end, or an empty suffix
 * (`bytes=-0`), is unsatisfiable. A header this server does not act on is ignored and the whole
 * file sent, as the RFC allows: another unit, bad syntax, an end before the start, several ranges.
 *
 * Design decision: several ranges get the whole file rather than a multipart/byteranges answer,
 * which no client of a static site needs and which is where servers' range bugs live.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const m = header === undefined || size === 0 ? null : ONE_RANGE.exec(header);
  if (!m) return { kind: 'full' };
  const [, first, last] = m;
  // Digits past 2^53 lose precision but only ever compare with `size`, which is far below it.
  if (first === '') {
    if (last === '') return { kind: 'full' };
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
