import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { WithSidebar } from '../components/layout.tsx';
import type { Card, SitePageProps } from '../content.ts';

const pagePath = (n: number) => (n === 1 ? '/guides' : `/guides/page/${n}`);

/** Previous, numbered pages and Next; the ends are shown but disabled, as text, not links. */
function Pagination({ pageNumber, pageCount }: { pageNumber: number; pageCount: number }) {
  return (
    <nav className="pagination" aria-label="Guide pages">
      <ul>
        <li>
          {pageNumber > 1 ? (
            <a href={pagePath(pageNumber - 1)} rel="prev">← Previous</a>
          ) : (
            <span className="disabled" aria-disabled="true">← Previous</span>
          )}
        </li>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <a href={pagePath(n)} aria-current={n === pageNumber ? 'page' : undefined} aria-label={`Page ${n}`}>{n}</a>
          </li>
        ))}
        <li>
          {pageNumber < pageCount ? (
            <a href={pagePath(pageNumber + 1)} rel="next">Next →</a>
          ) : (
            <span className="disabled" aria-disabled="true">Next →</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** /guides and /guides/page/N: six guide cards a page, with pagination and the sidebar. */
export function GuidesIndexPage(props: SitePageProps & { cards: Card[]; pageNumber: number; pageCount: number }) {
  const { site, page, cards, pageNumber, pageCount } = props;
  const shared = site.shared;
  const title = pageNumber === 1 ? 'Advice Guides' : `Advice Guides, page ${pageNumber} of ${pageCount}`;
  const trail = [{ name: 'Home', path: '/' }, { name: 'Guides', path: '/guides' }];
  if (pageNumber > 1) trail.push({ name: `Page ${pageNumber}`, path: page.path });
  return (
    <Document
      {...props}
      meta={{
        title,
        description: `Long-form, practical guides on breakups, dating, relationships and gifts${pageNumber > 1 ? ` (page ${pageNumber} of ${pageCount})` : ''}.`,
        jsonLd: [breadcrumbs(site.settings.url, trail)],
      }}
    >
      <WithSidebar groups={shared.categoryGroups} current={page.path}>
        <header className="page-header index-header">
          <h1>{title}</h1>
          <p className="hero-lead">In-depth guides we keep up to date. Page {pageNumber} of {pageCount}.</p>
        </header>
        <CardGrid cards={cards} headingLevel={2} cta="Read the Guide →" />
        <Pagination pageNumber={pageNumber} pageCount={pageCount} />
      </WithSidebar>
    </Document>
  );
}
