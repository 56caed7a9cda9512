import type { Card } from '../content.ts';
import { formatDate } from './dates.ts';
import { Picture } from '../../src/index.ts';

/** A linked card with cover image, kicker (its topic, linked to the topic's page), title and excerpt ("No summary." when it has none). */
export function CardView({ card, headingLevel = 3, cta }: { card: Card; headingLevel?: 2 | 3; cta?: string }) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="card">
      {card.coverImage ? <Picture src={card.coverImage} alt={card.coverAlt ?? ''} width={1200} height={400} sizes="(max-width: 40rem) 100vw, 24rem" /> : null}
      <div className="card-body">
        {card.category || card.date ? (
          <p className="card-kicker">
            {card.icon ? <span aria-hidden="true">{card.icon} </span> : null}
            {card.category && card.categoryPath ? <a href={card.categoryPath}>{card.category}</a> : card.category}
            {card.category && card.date ? ' · ' : ''}
            {card.date ? <time dateTime={card.date}>{formatDate(card.date)}</time> : null}
          </p>
        ) : null}
        <H className="card-title">
          <a href={card.href}>{card.title}</a>
        </H>
        <p className="card-excerpt">{card.excerpt || 'No summary.'}</p>
        {cta ? (
          <p className="card-cta">
            <a href={card.href} aria-label={`${cta.replace(/\s*→$/, '')}: ${card.title}`}>{cta}</a>
          </p>
        ) : null}
      </div>
    </article>
  );
}

export function CardGrid({ cards, headingLevel = 3, cta }: { cards: Card[]; headingLevel?: 2 | 3; cta?: string }) {
  return (
    <div className={cards.length === 4 ? 'card-grid card-grid-2' : 'card-grid'}>
      {cards.map((c, i) => (
        <CardView key={`${c.href}-${i}`} card={c} headingLevel={headingLevel} cta={cta} />
      ))}
    </div>
  );
}
