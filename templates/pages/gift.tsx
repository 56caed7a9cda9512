import { Document } from '../components/document.tsx';
import { Cover, PieceDates } from '../components/cover.tsx';
import { adsConfigured } from '../components/third-parties.ts';
import type { SiteEntryPageProps, TopicProps } from '../content.ts';
import { MoreInTopic, TagLinks, TopicKicker } from '../components/topic.tsx';
import { Faq, faqJsonLd, htmlToText } from '../components/faq.tsx';
import { breadcrumbs, itemListJsonLd } from '../components/json-ld.tsx';
import { Breadcrumbs } from '../components/layout.tsx';
import { ShareBar } from '../components/share-bar.tsx';
import type { GiftData } from '../schemas.ts';
import Countdown from '../islands/countdown.tsx';
import { imageInfo, Island, Picture } from '../../src/index.ts';
import VideoPreview from '../islands/video-preview.tsx';

/**
 * The poster's entry in the build's image manifest, as an island prop: the browser has no manifest,
 * and must render the same <picture> when it hydrates. None for an SVG poster.
 */
const posterImage = (src: string) => {
  const image = imageInfo(src);
  return image ? { posterImage: image } : {};
};

const longDateTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/New_York',
});

/** An empty, labelled ad slot that keeps its 250 px, so nothing moves when an ad loads. */
function AdSlot({ n }: { n: number }) {
  return (
    <aside className="ad-slot" aria-label={`Advertisement ${n}`} data-ad-slot={n}>
      <span className="ad-label">Advertisement</span>
    </aside>
  );
}

/** A pick's anchor on the page, from its title: "Star Map Print" → `gift-star-map-print` (titles are unique on a page). */
export function giftItemId(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `gift-${slug || 'item'}`;
}

/**
 * A pick's shop and price: the price only where the data has one we checked, otherwise "check on
 * {merchant}" (a marketplace search lists many makers at many prices), never a guess.
 */
function GiftBuy({ item }: { item: GiftData['items'][number] }) {
  return (
    <>
      <p className="gift-shop">
        Shop: <span className="gift-merchant">{item.merchant}</span>
        {' · '}
        Price: <span className="gift-price">{item.price ? `${item.price} when we checked` : `check on ${item.merchant}`}</span>
      </p>
      <a className="button button-quiet" href={item.link} target="_blank" rel="sponsored nofollow noopener">
        {item.buttonText} on {item.merchant}<span className="visually-hidden"> (opens the shop in a new tab)</span>
      </a>
    </>
  );
}

/** Quotations with their authors and sources, as a plain list. */
function Quotes({ items }: { items: GiftData['testimonials'] }) {
  return (
    <ul className="quote-list">
      {items.map((t) => (
        <li key={t.quote}>
          <blockquote>
            <p>{t.quote}</p>
          </blockquote>
          <p className="quote-author">
            — {t.author}
            {t.source ? (
              <>
                , <cite>{t.source}</cite>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A gift guide: its occasion's deadline, message ideas, quotations, the picks, video, FAQ, ad
 * slots. Messages and quotations are plain lists: nothing on the page changes by itself.
 */
export function GiftPage(props: SiteEntryPageProps<GiftData> & TopicProps) {
  const { site, page, topic, tags, more } = props;
  const d = page.entry.data;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Gift guides', path: '/gifts' },
    { name: d.title, path: page.path },
  ];
  const jsonLd: unknown[] = [breadcrumbs(site.settings.url, trail)];
  if (d.items.length) {
    // Each pick's place on this page, never the shop: a list's entries are pages of this site.
    jsonLd.push(itemListJsonLd(d.itemsTitle, d.items.map((item) => ({ name: item.title, url: `${page.url}#${giftItemId(item.title)}` }))));
  }
  if (d.faq.length) jsonLd.push(faqJsonLd(d.faq, (md) => htmlToText(page.markdown(md))));
  // Ad slots only where an ad service is configured to fill them.
  const slots = adsConfigured(site.shared.thirdParties) ? Array.from({ length: d.adSlots }, (_, i) => i + 1) : [];
  return (
    <Document
      {...props}
      meta={{ title: d.title, description: d.description, image: d.socialImage ?? d.coverImage, imageAlt: d.coverAlt, jsonLd }}
      affiliate={d.items.length > 0}
      consent={slots.length ? ['advertising'] : []}
    >
      <article className="wrap gift-page" data-pagefind-body="" data-pagefind-meta="kind:Gift guide">
        <Breadcrumbs trail={trail} />
        <header className="article-header" data-pagefind-meta={`date:${d.date}`}>
          <TopicKicker topic={topic} />
          <h1>{d.heading ?? d.title}</h1>
          <p className="page-meta" data-pagefind-ignore="">
            {d.occasion ? <><span className="gift-occasion">For {d.occasion}</span> · </> : null}
            <PieceDates date={d.date} updated={d.updated} />
          </p>
        </header>
        {d.deadline ? (
          <section className="deadline" aria-labelledby="deadline-heading" data-countdown={d.deadline.at} data-occasion={d.deadline.occasion}>
            <Island
              name="countdown"
              component={Countdown}
              props={{ at: d.deadline.at, label: d.deadline.label, display: longDateTime.format(new Date(d.deadline.at)) }}
              load="visible"
            />
          </section>
        ) : null}
        {d.messages.length ? (
          <section className="messages" aria-labelledby="messages-heading">
            <h2 id="messages-heading">Ideas for the card</h2>
            <ul className="message-list">{d.messages.map((text) => <li key={text}>{text}</li>)}</ul>
          </section>
        ) : null}
        <Cover data={d} sizes="(max-width: 52rem) 100vw, 52rem" />
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        {slots.slice(0, 1).map((n) => <AdSlot key={n} n={n} />)}
        {d.items.length ? (
          <section className="gift-items" aria-labelledby="items-heading">
            <h2 id="items-heading">{d.itemsTitle}</h2>
            <ol className="gift-list">
              {d.items.map((item) => (
                <li key={item.title} id={giftItemId(item.title)} className="gift-item">
                  <Picture src={item.img} alt={item.alt} width={item.width} height={item.height} sizes="(max-width: 40rem) 100vw, 14rem" />
                  <div>
                    <h3>{item.title}</h3>
                    <p className="best-for">{item.recommended}</p>
                    <p>{item.description}</p>
                    {item.quote ? <blockquote>{item.quote}</blockquote> : null}
                    <GiftBuy item={item} />
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {d.testimonials.length ? (
          <section className="quotes" aria-labelledby="quotes-heading">
            <h2 id="quotes-heading">{d.testimonialsTitle}</h2>
            <Quotes items={d.testimonials} />
          </section>
        ) : null}
        {d.video ? (
          <section className="video" aria-labelledby="video-heading">
            <h2 id="video-heading">{d.video.title}</h2>
            <Island
              name="video-preview"
              component={VideoPreview}
              props={{ src: d.video.src, poster: d.video.poster, posterAlt: d.video.posterAlt, width: d.video.width, height: d.video.height, ...posterImage(d.video.poster) }}
              load="visible"
            />
            <details className="transcript">
              <summary>Read the transcript</summary>
              <div dangerouslySetInnerHTML={{ __html: page.markdown(d.video.transcript) }} />
            </details>
          </section>
        ) : null}
        {slots.slice(1).map((n) => <AdSlot key={n} n={n} />)}
        <Faq title="Frequently asked questions" items={d.faq} renderMarkdown={page.markdown} />
        <TagLinks tags={tags} />
        <ShareBar url={page.url} title={d.title} copyLink />
      </article>
      <MoreInTopic topic={topic} cards={more} />
    </Document>
  );
}
