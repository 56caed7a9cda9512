import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { Breadcrumbs, WithSidebar } from '../components/layout.tsx';
import { PageLinks } from '../components/pagination.tsx';
import type { Card, SitePageProps } from '../content.ts';

export interface TagProps {
  tag: string;
  /** The topics that list the tag. */
  topics: { title: string; path: string; description: string }[];
  /** This page's share of the articles, guides, gift guides and reviews carrying the tag, newest first. */
  cards: Card[];
  /** How many carry it in all, and over how many pages. */
  total: number;
  pageNumber: number;
  pageCount: number;
}

/** /tag/{slug} and /tag/{slug}/page/N: everything tagged with it, newest first (`TAG_PER_PAGE` a page), and its topics. */
export function TagPage(props: SitePageProps & TagProps) {
  const { site, page, tag, topics, cards, total, pageNumber, pageCount } = props;
  const shared = site.shared;
  const base = pageNumber === 1 ? page.path : page.path.replace(/\/page\/\d+$/, '');
  const pathOf = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const trail = [{ name: 'Home', path: '/' }, { name: `Tag: ${tag}`, path: base }];
  if (pageNumber > 1) trail.push({ name: `Page ${pageNumber}`, path: page.path });
  const title = pageNumber > 1 ? `Tag: ${tag}, page ${pageNumber} of ${pageCount}` : `Tag: ${tag}`;
  const names = topics.map((t) => t.title).join(', ');
  return (
    <Document
      {...props}
      meta={{
        title,
        description: `Heart Notes articles, guides and reviews tagged “${tag}”${names ? `, in ${names}` : ''}${pageNumber > 1 ? ` (page ${pageNumber} of ${pageCount})` : ''}.`,
        jsonLd: [breadcrumbs(site.settings.url, trail)],
      }}
    >
      <WithSidebar topics={shared.topics} current={page.path}>
        <Breadcrumbs trail={trail} />
        <header className="page-header index-header">
          <h1>{title}</h1>
          <p className="hero-lead">
            {total === 0
              ? `Nothing is tagged “${tag}” yet.`
              : `${total} ${total === 1 ? 'article, guide or review' : 'articles, guides and reviews'} tagged “${tag}”, newest first${pageCount > 1 ? `; page ${pageNumber} of ${pageCount}` : ''}.`}
          </p>
        </header>
        {cards.length ? (
          <section aria-labelledby="tag-entries-heading" className="home-section">
            <h2 id="tag-entries-heading" className="visually-hidden">Tagged “{tag}”</h2>
            <CardGrid cards={cards} />
            <PageLinks pageNumber={pageNumber} pageCount={pageCount} pathOf={pathOf} label={`Tag ${tag}: pages`} />
          </section>
        ) : null}
        {topics.length ? (
          <section aria-labelledby="tag-topics-heading" className="home-section">
            <h2 id="tag-topics-heading">{topics.length === 1 ? 'Topic' : 'Topics'} with this tag</h2>
            <ul className="subtopics">
              {topics.map((t) => (
                <li key={t.path}>
                  <a href={t.path}>{t.title}</a>: {t.description}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </WithSidebar>
    </Document>
  );
}
