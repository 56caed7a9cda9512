import type { Card } from '../content.ts';
import type { ReviewData } from '../schemas.ts';
import { AffiliateCta } from './affiliate-cta.tsx';
import { StatusIcon } from './icons.tsx';

/** Below this rating out of 5 a review says plainly that we do not recommend the product (docs/product.md, "Reviews"). */
export const RECOMMEND_FROM = 3;

/** Five stars, filled to the rating: decoration beside the rating written out. */
function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return <span className="stars" aria-hidden="true">{'★'.repeat(full)}{'☆'.repeat(5 - full)}</span>;
}

/** "How we reviewed it": hands-on or not, said plainly, and what the review rests on. */
function method(d: ReviewData): string {
  const basis = d.reviewedFrom ? ` This review is based on ${d.reviewedFrom}.` : '';
  return d.testedHandsOn ? `We used ${d.productName} ourselves.${basis}` : `We have not tested ${d.productName} hands-on.${basis || ' This review is based on what the seller publishes about it.'}`;
}

/**
 * The verdict, first: our rating, a plain "we do not recommend it" under 3/5 with better choices
 * on this site, the verdict itself, who the product suits and who should skip it, and how we
 * reviewed it.
 */
export function Verdict({ d, rating, alternatives }: { d: ReviewData; rating: number | undefined; alternatives: Card[] }) {
  const notRecommended = rating !== undefined && rating < RECOMMEND_FROM;
  const verdict = d.verdict ?? d.conclusion;
  return (
    <section className={notRecommended ? 'verdict verdict-no' : 'verdict'} aria-labelledby="verdict-heading">
      <h2 id="verdict-heading">Our verdict</h2>
      {rating !== undefined ? (
        <p className="our-rating">
          <Stars rating={rating} /> <strong>Our editors' rating: {rating}/5</strong>
          {d.ratingNote ? <span className="rating-note"> {d.ratingNote}</span> : null}
        </p>
      ) : null}
      {notRecommended ? (
        <p className="not-recommended">
          <StatusIcon kind="no" /><strong>We do not recommend {d.productName}.</strong>
        </p>
      ) : null}
      {verdict ? <p className="verdict-text">{verdict}</p> : null}
      <dl className="verdict-facts">
        {d.bestFor ? (
          <div>
            <dt>Who it is for</dt>
            <dd>{d.bestFor}</dd>
          </div>
        ) : null}
        {d.notFor ? (
          <div>
            <dt>Who should skip it</dt>
            <dd>{d.notFor}</dd>
          </div>
        ) : null}
        <div>
          <dt>How we reviewed it</dt>
          <dd>{method(d)}</dd>
        </div>
      </dl>
      {notRecommended && alternatives.length ? (
        <section className="alternatives" aria-labelledby="alternatives-heading">
          <h3 id="alternatives-heading">Better choices</h3>
          <ul>
            {alternatives.map((a) => (
              <li key={a.href}>
                <a href={a.href}>{a.title}</a>
                {a.excerpt ? <span className="alternative-excerpt"> {a.excerpt}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

/** Pros beside cons, each point marked with a drawn tick or cross. */
export function ProsCons({ pros, cons }: { pros: string[]; cons: string[] }) {
  return (
    <div className="pros-cons">
      <section className="pros" aria-labelledby="pros-heading">
        <h2 id="pros-heading">Pros</h2>
        <ul>{pros.map((p) => <li key={p}><StatusIcon kind="yes" />{p}</li>)}</ul>
      </section>
      <section className="cons" aria-labelledby="cons-heading">
        <h2 id="cons-heading">Cons</h2>
        <ul>{cons.map((c) => <li key={c}><StatusIcon kind="no" />{c}</li>)}</ul>
      </section>
    </div>
  );
}

/**
 * Price and where to buy: the one call to action of a review, a modest "Check price at
 * {merchant}" link, with the affiliate disclosure right beside it.
 */
export function BuyBox({ d, sendTo }: { d: ReviewData; sendTo?: string }) {
  const merchant = d.merchant ?? d.brand;
  return (
    <section className="buy-box" aria-labelledby="buy-heading">
      <h2 id="buy-heading">Price and where to buy</h2>
      <p className="price">
        <strong>{d.price}</strong>
        {d.shipping ? <> + {d.shipping}</> : null} at {merchant}
        {d.priceIsLimitedOffer ? <span className="offer"> (limited-time offer)</span> : null}
        <span className="guarantee"> · {d.guarantee}</span>
      </p>
      {d.upsells.length ? (
        <p className="upsells">
          Optional extras offered at checkout: {d.upsells.map((u) => `${u.name} (${u.price})`).join(', ')}.
        </p>
      ) : null}
      {d.affiliateLink ? (
        <div className="buy-row">
          <AffiliateCta href={d.affiliateLink} text={`Check price at ${merchant}`} sendTo={sendTo} />
          <p className="cta-disclosure" id="cta-disclosure">
            Affiliate link: if you buy, we may earn a commission at no extra cost to you. It never changes our rating.{' '}
            <a href="/affiliate-disclosure">How we handle affiliate links</a>
          </p>
        </div>
      ) : null}
    </section>
  );
}
