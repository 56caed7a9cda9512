import { CardView } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import type { Card, SitePageProps } from '../content.ts';

/** Cards shown at first, and added by each "Load More" (docs/product.md, "Constants"). */
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
 * The cards after the first page, nine at a time, each batch behind a "Load More" disclosure
 * nested in the one before; after the last, a disabled "All Loaded" button.
 *
 * # Design decision
 * `<details>` makes Load More work with no JavaScript at all (and every card is in the HTML for
 * crawlers and find-in-page). A script-driven button would need a no-JS fallback anyway.
 */
function MoreCards({ cards, from }: { cards: Card[]; from: number }) {
  if (from >= cards.length) {
    return (
      <p className="load-more-end">
        <button className="button" type="button" disabled>All Loaded</button>
      </p>
    );
  }
  return (
    <details className="load-more">
      <summary className="button">Load More</summary>
      <CardBatch cards={cards.slice(from, from + POSTS_PAGE_SIZE)} />
      <MoreCards cards={cards} from={from + POSTS_PAGE_SIZE} />
    </details>
  );
}

/** /posts, "All Reviews & Features": nine cards, then nine more per "Load More". */
export function PostsPage(props: SitePageProps & { cards: Card[] }) {
  const { site, cards } = props;
  const jsonLd = [breadcrumbs(site.settings.url, [{ name: 'Home', path: '/' }, { name: 'All Reviews & Features', path: '/posts' }])];
  return (
    <Document
      {...props}
      meta={{ title: 'All Reviews & Features', description: 'Every Heart Notes review, guide and partner feature in one place, with our honest take on each.', jsonLd }}
      affiliate
    >
      <div className="wrap index-page">
        <header className="page-header index-header">
          <h1>All Reviews &amp; Features</h1>
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
