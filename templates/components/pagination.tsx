/** Pages either side of the current one that keep their own link when a list has many pages. */
const AROUND = 2;

/**
 * The page numbers to link, in order, with `'gap'` where a run of them is left out: every page
 * when they fit in the room a long list takes (nine places), else the first, the last and
 * `AROUND` either side of the current one. A gap of a single page shows that page instead, since
 * "…" would take the same room.
 */
export function pageWindow(pageNumber: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 2 * AROUND + 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount]);
  for (let n = pageNumber - AROUND; n <= pageNumber + AROUND; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const out: (number | 'gap')[] = [];
  let last = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (n - last === 2) out.push(n - 1);
    else if (n - last > 2) out.push('gap');
    out.push(n);
    last = n;
  }
  return out;
}

/**
 * Previous, numbered pages and Next, as plain links (no JavaScript). The ends are shown but
 * disabled, as text, not links. `pathOf(1)` is the list's first page. A long list links its first
 * and last pages and those near the current one, so the bar stays a few links long (a keyboard
 * user tabs through it) and every page is still reached, by Next or by the numbers.
 */
export function PageLinks({ pageNumber, pageCount, pathOf, label }: { pageNumber: number; pageCount: number; pathOf: (n: number) => string; label: string }) {
  if (pageCount < 2) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {pageNumber > 1 ? (
            <a href={pathOf(pageNumber - 1)} rel="prev">← Previous</a>
          ) : (
            <span className="disabled" aria-disabled="true">← Previous</span>
          )}
        </li>
        {pageWindow(pageNumber, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="gap" aria-hidden="true">…</li>
          ) : (
            <li key={n}>
              <a href={pathOf(n)} aria-current={n === pageNumber ? 'page' : undefined} aria-label={`Page ${n}`}>{n}</a>
            </li>
          ),
        )}
        <li>
          {pageNumber < pageCount ? (
            <a href={pathOf(pageNumber + 1)} rel="next">Next →</a>
          ) : (
            <span className="disabled" aria-disabled="true">Next →</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
