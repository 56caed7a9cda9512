/**
 * Previous, numbered pages and Next, as plain links (no JavaScript). The ends are shown but
 * disabled, as text, not links. `pathOf(1)` is the list's first page.
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
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <a href={pathOf(n)} aria-current={n === pageNumber ? 'page' : undefined} aria-label={`Page ${n}`}>{n}</a>
          </li>
        ))}
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
