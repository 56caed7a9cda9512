import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { WithSidebar } from '../components/layout.tsx';
import { PageLinks } from '../components/pagination.tsx';
import type { Card, SitePageProps } from '../content.ts';

const pagePath = (n: number) => (n === 1 ? '/guides' : `/guides/page/${n}`);

/** /guides and /guides/page/N: six guide cards a page, with pagination and the sidebar. */
export function GuidesIndexPage(props: SitePageProps & { cards: Card[]; pageNumber: number; pageCount: number }) {
  const { site, page, cards, pageNumber, pageCount } = props;
  const shared = site.shared;
  const title = pageNumber === 1 ? 'Advice guides' : `Advice guides, page ${pageNumber} of ${pageCount}`;
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
      <WithSidebar topics={shared.topics} current={page.path}>
        <header className="page-header index-header">
          <h1>{title}</h1>
          <p className="hero-lead">In-depth guides we keep up to date. Page {pageNumber} of {pageCount}.</p>
        </header>
        <CardGrid cards={cards} headingLevel={2} cta="Read the guide →" />
        <PageLinks pageNumber={pageNumber} pageCount={pageCount} pathOf={pagePath} label="Guide pages" />
      </WithSidebar>
    </Document>
  );
}
