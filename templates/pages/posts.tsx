import { CardView } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import type { Card, SitePageProps } from '../content.ts';

/** Cards shown at first, and added by each "Load more" (docs/product.md, "Constants"). */
export const POSTS_PAGE_SIZE = 9;

function CardBatch({ cards }: { cards: Card[] }) {
  return (
    <ul className="card-grid card-grid-3 card-list">
      {cards.map((c, i) => (
        <li key={`${c.href}-${i}`}>
          <CardView card={c} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The cards after the first page, nine at a time, each batch behind a "Load more" disclosure
 * nested in the one before; after the last, a disabled "All loaded" button.
 *
 * # Design decision
 * `<details>` makes Load more work with no JavaScript at all (and every card is in the HTML for
 * crawlers and find-in-page). A script-driven button would need a no-JS fallback anyway.
 */
function MoreCards({ cards, from }: { cards: Card[]; from: number }) {
  if (from >= cards.length) {
    return (
      <p className="load-more-end">
        <button className="button" type="button" disabled>All loaded</button>
      </p>
    );
  }
  return (
    <details className="load-more">
      <summary className="button">Load more</summary>
      <CardBatch cards={cards.slice(from, from + POSTS_PAGE_SIZE)} />
      <MoreCards cards={cards} from={from + POSTS_PAGE_SIZE} />
    </details>
  );
}

/** /posts, "All reviews and features": nine cards, then nine more per "Load more". */
export function PostsPage(props: SitePageProps & { cards: Card[] }) {
  const { site, cards } = props;
  const jsonLd = [breadcrumbs(site.settings.url, [{ name: 'Home', path: '/' }, { name: 'All reviews and features', path: '/posts' }])];
  return (
    <Document
      {...props}
      meta={{ title: 'All reviews and features', description: 'Every Heart Notes review, guide and partner feature in one place, with our honest take on each.', jsonLd }}
      affiliate
    >
      <div className="wrap index-page">
        <header className="page-header index-header">
          <h1>All reviews and features</h1>
          <p className="hero-lead">Our reviews, guides and partner features. Reviews and partner links may earn us a commission.</p>
        </header>
        <div id="posts-list">
          <CardBatch cards={cards.slice(0, POSTS_PAGE_SIZE)} />
          <MoreCards cards={cards} from={POSTS_PAGE_SIZE} />
        </div>
      </div>
    </Document>
  );
}
