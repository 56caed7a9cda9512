import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { Breadcrumbs, WithSidebar } from '../components/layout.tsx';
import type { Card, SitePageProps } from '../content.ts';

export interface TagProps {
  tag: string;
  /** The category pages that carry the tag. */
  topics: { title: string; path: string; description: string }[];
  /** The newest of the articles, guides and gift guides filed under those categories, newest first. */
  cards: Card[];
  /** How many the categories hold in all; those not in `cards` are on the categories' own pages. */
  total: number;
  /** Reviews whose own `tags` include it. */
  reviews: Card[];
}

/** /tag/{slug}: the topics that carry a tag, the newest of what is filed under them (`TAG_LATEST`), and reviews tagged with it. */
export function TagPage(props: SitePageProps & TagProps) {
  const { site, page, tag, topics, cards, total, reviews } = props;
  const shared = site.shared;
  const trail = [{ name: 'Home', path: '/' }, { name: `Topic: ${tag}`, path: page.path }];
  const names = topics.map((t) => t.title).join(', ');
  return (
    <Document
      {...props}
      meta={{
        title: `Topic: ${tag}`,
        description: `Heart Notes articles and guides on ${tag}: everything filed under ${names}${reviews.length ? ', and the reviews tagged with it' : ''}.`,
        jsonLd: [breadcrumbs(site.settings.url, trail)],
      }}
    >
      <WithSidebar groups={shared.categoryGroups} current={page.path}>
        <Breadcrumbs trail={trail} />
        <header className="page-header index-header">
          <h1>Topic: {tag}</h1>
          <p className="hero-lead">
            {total} {total === 1 ? 'article or guide' : 'articles and guides'} from the {topics.length === 1 ? 'category' : 'categories'} tagged “{tag}”
            {total > cards.length ? `. Here are the ${cards.length} newest; the ${topics.length === 1 ? 'category lists' : 'categories list'} every one.` : ', newest first.'}
          </p>
        </header>
        <section aria-labelledby="tag-topics-heading" className="home-section">
          <h2 id="tag-topics-heading">Categories tagged “{tag}”</h2>
          <ul className="subtopics">
            {topics.map((t) => (
              <li key={t.path}>
                <a href={t.path}>{t.title}</a>: {t.description}
              </li>
            ))}
          </ul>
        </section>
        {cards.length ? (
          <section aria-labelledby="tag-entries-heading" className="home-section">
            <h2 id="tag-entries-heading">Articles and guides</h2>
            <CardGrid cards={cards} />
          </section>
        ) : null}
        {reviews.length ? (
          <section aria-labelledby="tag-reviews-heading" className="home-section">
            <h2 id="tag-reviews-heading">Reviews tagged “{tag}”</h2>
            <CardGrid cards={reviews} />
          </section>
        ) : null}
      </WithSidebar>
    </Document>
  );
}
