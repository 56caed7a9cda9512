import { AffiliateCta } from '../components/affiliate-cta.tsx';
import { Document } from '../components/document.tsx';
import { Cover, PieceDates } from '../components/cover.tsx';
import type { SiteEntryPageProps, TopicProps } from '../content.ts';
import { MoreInTopic, TagLinks, TopicKicker } from '../components/topic.tsx';
import { Faq, faqJsonLd, htmlToText } from '../components/faq.tsx';
import { author, breadcrumbs, organization, shareImage } from '../components/json-ld.tsx';
import { conversionSendTo } from '../components/third-parties.ts';
import type { FaqItem, ReviewData } from '../schemas.ts';
import { Island } from '../../src/index.ts';
import BackButton from '../islands/back-button.tsx';

/** "4.2/5" or "4.2" → 4.2; anything else → undefined, so no rating is shown or claimed. */
export function parseRating(text: string | undefined): number | undefined {
  const m = text?.trim().match(/^(\d(?:\.\d+)?)(?:\s*\/\s*5)?$/);
  if (!m) return undefined;
  const value = Number(m[1]);
  return value >= 0 && value <= 5 ? value : undefined;
}

/** The three questions a review without its own FAQ answers (docs/product.md, "Reviews"). */
export function defaultFaqs(d: ReviewData): FaqItem[] {
  return [
    {
      q: `Is ${d.productName} a scam?`,
      a: `${d.productName} is a real product sold by ${d.brand}. Whether it is worth it depends on what you need; read our pros and cons above, and buy only through the official checkout so the guarantee applies.`,
    },
    {
      q: `Where can I buy ${d.productName}?`,
      a: `From the official website, which the buttons on this page link to. Copies sold elsewhere may not come with support or a refund.`,
    },
    {
      q: 'What is the refund policy?',
      a: `The seller offers a ${d.guarantee}: if it is not right for you, ask for a refund within that period using the details in your receipt.`,
    },
  ];
}

/** A review at /affiliate/{slug}, laid out as docs/product.md ("Reviews") describes, top to bottom. */
export function ReviewPage(props: SiteEntryPageProps<ReviewData> & TopicProps & { canonicalPath?: string }) {
  const { site, page, canonicalPath, topic, tags, more } = props;
  const d = page.entry.data;
  const rating = parseRating(d.rating);
  const faqs = d.faqs === undefined ? defaultFaqs(d) : d.faqs;
  const sendTo = conversionSendTo(site.shared.thirdParties);
  const url = `${site.settings.url}${canonicalPath ?? page.path}`;
  // The page's pros and cons, as Google's pros and cons of an editorial review.
  const notes = (items: string[]) => ({
    '@type': 'ItemList',
    itemListElement: items.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name })),
  });
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: d.productName,
    brand: { '@type': 'Brand', name: d.brand },
    // The picture link previews use: covers are SVG, which Google does not take.
    image: [shareImage(site.settings.url, d.socialImage, page.card, site.shared.site.image)],
    description: d.excerpt ?? d.title,
    offers: {
      '@type': 'Offer',
      price: d.price.replace(/^\$/, ''),
      priceCurrency: 'USD',
      // What the page says: every reviewed product is sold online, through the seller's own
      // checkout, at the price shown. No stock level and no priceValidUntil: the site knows neither.
      availability: 'https://schema.org/OnlineOnly',
      url,
    },
    review: {
      '@type': 'Review',
      name: d.title,
      author: author(site.settings, d.author, site.shared.site.editorialTeam.name),
      publisher: organization(site.settings),
      datePublished: d.reviewDate,
      ...(d.updated ? { dateModified: d.updated } : {}),
      // Structured data carries a rating only when ours parses; never a default (docs/product.md, "Honest versions").
      ...(rating !== undefined ? { reviewRating: { '@type': 'Rating', ratingValue: rating, bestRating: 5, worstRating: 0 } } : {}),
      positiveNotes: notes(d.pros),
      negativeNotes: notes(d.cons),
    },
  };
  const jsonLd: unknown[] = [
    product,
    breadcrumbs(site.settings.url, [
      { name: 'Home', path: '/' },
      { name: 'Reviews', path: '/posts' },
      { name: d.title, path: canonicalPath ?? page.path },
    ]),
  ];
  if (faqs.length) jsonLd.push(faqJsonLd(faqs, (md) => htmlToText(page.markdown(md))));
  return (
    <Document
      {...props}
      meta={{
        title: d.title,
        fullTitle: `${d.title} | Affiliate Review`,
        description: d.excerpt || d.title,
        image: d.socialImage ?? d.coverImage,
        imageAlt: d.coverAlt,
        jsonLd,
        canonicalPath,
        // A review's landing address (/mitolyn-review) is a second copy: only /affiliate/ is indexed.
        noindex: Boolean(canonicalPath),
      }}
      affiliate
      consent={['advertising']}
    >
      {/* The landing-address copy of a review is not indexed: its canonical page is. */}
      <article className="wrap review" {...(canonicalPath ? {} : { "data-pagefind-body": "" })} data-pagefind-meta="kind:Review">
        <Island name="back-button" component={BackButton} props={{ fallback: '/posts' }} load="idle" as="p" />
        <Cover data={d} sizes="(max-width: 52rem) 100vw, 52rem" />
        <header className="review-header">
          <TopicKicker topic={topic} />
          <h1>{d.title}</h1>
          <p className="page-meta" data-pagefind-ignore="">
            Reviewed by {d.author} · <PieceDates date={d.reviewDate} updated={d.updated} />
          </p>
          {rating !== undefined ? (
            <p className="our-rating">
              <span className="stars" aria-hidden="true">{'★'.repeat(Math.round(rating))}{'☆'.repeat(5 - Math.round(rating))}</span>{' '}
              <strong>Our editors' rating: {rating}/5</strong>
              {d.ratingNote ? <span className="rating-note"> {d.ratingNote}</span> : null}
            </p>
          ) : null}
          <p className="price">
            Price: <strong>{d.price}</strong>
            {d.shipping ? <> + {d.shipping}</> : null}
            {d.priceIsLimitedOffer ? <span className="offer"> (Limited Time Offer)</span> : null}
          </p>
          <AffiliateCta href={d.affiliateLink} text={d.ctaText} sendTo={sendTo} />
          <p className="guarantee">* {d.guarantee}</p>
        </header>
        <div className="pros-cons">
          <section className="pros" aria-labelledby="pros-heading">
            <h2 id="pros-heading">Pros</h2>
            <ul>{d.pros.map((p) => <li key={p}>{p}</li>)}</ul>
          </section>
          <section className="cons" aria-labelledby="cons-heading">
            <h2 id="cons-heading">Cons</h2>
            <ul>{d.cons.map((c) => <li key={c}>{c}</li>)}</ul>
          </section>
        </div>
        {d.upsells.length ? (
          <section className="upsells" aria-labelledby="upsells-heading">
            <h2 id="upsells-heading">Optional extras offered at checkout</h2>
            <ul>{d.upsells.map((u) => <li key={u.name}>{u.name}: {u.price}</li>)}</ul>
          </section>
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        <Faq title="Frequently Asked Questions" items={faqs} renderMarkdown={page.markdown} />
        {d.conclusion ? (
          <section className="conclusion" aria-labelledby="conclusion-heading">
            <h2 id="conclusion-heading">Conclusion</h2>
            <p>{d.conclusion}</p>
          </section>
        ) : null}
        <AffiliateCta href={d.affiliateLink} text={d.ctaText} sendTo={sendTo} wide />
        <TagLinks tags={tags} />
      </article>
      <MoreInTopic topic={topic} cards={more} />
    </Document>
  );
}
