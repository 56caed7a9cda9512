import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { WithSidebar } from '../components/layout.tsx';
import type { Card, SitePageProps } from '../content.ts';

/** /articles: every article, newest first, beside the sidebar. */
export function ArticlesPage(props: SitePageProps & { articles: Card[] }) {
  const { site, page, articles } = props;
  const shared = site.shared;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: articles.map((a, i) => ({ '@type': 'ListItem', position: i + 1, url: `${site.settings.url}${a.href}`, name: a.title })),
    },
    breadcrumbs(site.settings.url, [{ name: 'Home', path: '/' }, { name: 'Articles', path: '/articles' }]),
  ];
  return (
    <Document {...props} meta={{ title: 'Articles', description: 'Every Heart Notes article, newest first: dating, relationships, self-improvement and honest reviews.', jsonLd }}>
      <WithSidebar topics={shared.topics} current={page.path}>
        <header className="page-header index-header">
          <h1>Articles</h1>
          <p className="hero-lead">Every article we have published, newest first.</p>
        </header>
        <CardGrid cards={articles} headingLevel={2} />
      </WithSidebar>
    </Document>
  );
}
