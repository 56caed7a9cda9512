import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { WithSidebar } from '../components/layout.tsx';
import type { Card, SitePageProps } from '../content.ts';

/** /gifts: every gift guide, newest first, each with its card. */
export function GiftsIndexPage(props: SitePageProps & { cards: Card[] }) {
  const { site, page, cards } = props;
  const shared = site.shared;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: cards.map((c, i) => ({ '@type': 'ListItem', position: i + 1, url: `${site.settings.url}${c.href}`, name: c.title })),
    },
    breadcrumbs(site.settings.url, [{ name: 'Home', path: '/' }, { name: 'Gift guides', path: '/gifts' }]),
  ];
  return (
    <Document {...props} meta={{ title: 'Gift guides', description: 'Every Heart Notes gift guide, newest first: gifts for partners, daughters, mums and seasonal occasions.', jsonLd }}>
      <WithSidebar topics={shared.topics} current={page.path}>
        <header className="page-header index-header">
          <h1>Gift guides</h1>
          <p className="hero-lead">Every gift guide we have published, newest first.</p>
        </header>
        <CardGrid cards={cards} headingLevel={2} cta="See the gifts →" />
      </WithSidebar>
    </Document>
  );
}
