import { Document } from '../components/document.tsx';
import { Cover, PieceDates } from '../components/cover.tsx';
import { parseRating, type Card, type SiteEntryPageProps, type TopicProps } from '../content.ts';
import { MoreInTopic, TagLinks, TopicKicker } from '../components/topic.tsx';
import { Faq, faqJsonLd, htmlToText } from '../components/faq.tsx';
import { author, breadcrumbs, organization, shareImage } from '../components/json-ld.tsx';
import { Breadcrumbs } from '../components/layout.tsx';
import { BuyBox, ProsCons, Verdict } from '../components/review-parts.tsx';
import { conversionSendTo } from '../components/third-parties.ts';
import type { FaqItem, ReviewData } from '../schemas.ts';

/** The three questions a review without its own FAQ answers (docs/product.md, "Reviews"). */
export function defaultFaqs(d: ReviewData): FaqItem[] {
  return [
    {
      q: `Is ${d.productName} a scam?`,
      a: `${d.productName} is a real product sold by ${d.brand}. Whether it is worth it depends on what you need; read our verdict and the pros and cons above, and buy only through the official checkout so the guarantee applies.`,
    },
    {
      q: `Where can I buy ${d.productName}?`,
      a: `From the official website, which the price link on this page goes to. Copies sold elsewhere may not come with support or a refund.`,
    },
    {
      q: 'What is the refund policy?',
      a: `The seller offers a ${d.guarantee}: if it is not right for you, ask for a refund within that period using the details in your receipt.`,
    },
  ];
}

/** A review at /affiliate/{slug}, laid out as docs/product.md ("Reviews") describes, top to bottom. */
export function ReviewPage(props: SiteEntryPageProps<ReviewData> & TopicProps & { canonicalPath?: string; alternatives?: Card[] }) {
  const { site, page, canonicalPath, topic, tags, more, alternatives = [] } = props;
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
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Reviews', path: '/posts' },
    { name: d.title, path: canonicalPath ?? page.path },
  ];
  const jsonLd: unknown[] = [product, breadcrumbs(site.settings.url, trail)];
  if (faqs.length) jsonLd.push(faqJsonLd(faqs, (md) => htmlToText(page.markdown(md))));
  return (
    <Document
      {...props}
      meta={{
        title: d.title,
        fullTitle: `${d.title} | Affiliate review`,
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
        <Breadcrumbs trail={trail} />
        <header className="review-header" data-pagefind-meta={`date:${d.reviewDate}`}>
          <TopicKicker topic={topic} />
          <h1>{d.title}</h1>
          <p className="page-meta" data-pagefind-ignore="">
            Reviewed by {d.author} · <PieceDates date={d.reviewDate} updated={d.updated} />
          </p>
        </header>
        <Verdict d={d} rating={rating} alternatives={alternatives} />
        <ProsCons pros={d.pros} cons={d.cons} />
        <BuyBox d={d} sendTo={sendTo} />
        {/* The picture comes with the full review, after the summary a reader decides on. */}
        <Cover data={d} sizes="(max-width: 52rem) 100vw, 52rem" priority={false} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        <Faq title="Frequently asked questions" items={faqs} renderMarkdown={page.markdown} />
        {/* Without a verdict of its own, the conclusion is the verdict at the top: not repeated here. */}
        {d.conclusion && d.verdict ? (
          <section className="conclusion" aria-labelledby="conclusion-heading">
            <h2 id="conclusion-heading">Conclusion</h2>
            <p>{d.conclusion}</p>
          </section>
        ) : null}
        <TagLinks tags={tags} />
      </article>
      <MoreInTopic topic={topic} cards={more} />
    </Document>
  );
}
