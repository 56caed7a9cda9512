import type { Card, TagLink } from '../content.ts';
import { CardGrid } from './card.tsx';

/**
 * Where an entry belongs, on its own page (docs/product.md, "One taxonomy"): the topic above the
 * title, linked to the topic's page, as on the cards that lead here.
 */
export function TopicKicker({ topic }: { topic?: { title: string; path: string } }) {
  if (!topic) return null;
  return (
    <p className="card-kicker">
      <a href={topic.path}>{topic.title}</a>
    </p>
  );
}

/** The entry's tags, each a link to the tag's page. */
export function TagLinks({ tags }: { tags: TagLink[] }) {
  if (!tags.length) return null;
  return (
    <nav className="entry-tags" aria-label="Tags" data-pagefind-ignore="">
      <h2 className="entry-tags-heading">Tags</h2>
      <ul className="tags">
        {tags.map((t) => (
          <li key={t.path}><a href={t.path}>{t.tag}</a></li>
        ))}
      </ul>
    </nav>
  );
}

/** "More in <topic>": other reading in the entry's topic, and the way to the rest of it. */
export function MoreInTopic({ topic, cards }: { topic?: { title: string; path: string }; cards: Card[] }) {
  if (!topic || !cards.length) return null;
  return (
    <section className="wrap related" aria-labelledby="more-in-topic-heading" data-pagefind-ignore="">
      <h2 id="more-in-topic-heading">More in {topic.title}</h2>
      <CardGrid cards={cards} />
      <p className="section-more"><a className="button button-quiet" href={topic.path}>Everything in {topic.title}</a></p>
    </section>
  );
}
