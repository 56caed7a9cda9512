// Small helpers shared by the benchmark scripts: statistics and a plain-text table.

/** The median of the finite numbers in `xs` (NaN when there are none). */
export function median(xs) {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The nearest-rank `q` quantile of `xs`, e.g. 0.9 for p90. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

/** `n` with `digits` decimals, or `n/a` when it is not a number. */
export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/**
 * Prints rows (objects with the same keys) as an aligned table: the first `textColumns` columns
 * left-aligned, the rest (figures) right-aligned.
 */
export function printTable(rows, textColumns = 1) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((c, i) => (i < textColumns ? String(c).padEnd(width[i]) : String(c).padStart(width[i]))).join('  ');
  console.log(line(cols));
  console.log(width.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}
