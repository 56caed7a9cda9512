import { CardGrid } from '../components/card.tsx';
import { organizationId, organizationJsonLd } from '../components/json-ld.tsx';
import { Document } from '../components/document.tsx';
import { WithSidebar } from '../components/layout.tsx';
import { PartnerBanners } from '../components/partner-banners.tsx';
import { adsConfigured } from '../components/third-parties.ts';
import { SignupForm } from '../components/signup-form.tsx';
import type { Card, SiteEntryPageProps } from '../content.ts';
import type { HomeData, PageData } from '../schemas.ts';
import { formatDate } from '../components/dates.ts';
import { Picture } from '../../src/index.ts';

export interface HomeTopic {
  title: string;
  path: string;
  description: string;
  /** How many articles, guides and gift guides the topic's page lists. */
  count: number;
}

export interface HomeProps {
  /** The newest articles: the first is the lead story. */
  latest: Card[];
  topics: HomeTopic[];
  guideCards: Card[];
  featured: Card[];
  signup: HomeData['signup'];
}

/** The newest article, large: picture, topic and date, title and summary. */
function LeadStory({ card }: { card: Card }) {
  return (
    <article className={card.coverImage ? 'lead-story' : 'lead-story lead-story-text'}>
      {card.coverImage ? <Picture src={card.coverImage} alt={card.coverAlt ?? ''} width={1200} height={400} sizes="(max-width: 48rem) 100vw, 44rem" priority /> : null}
      <div className="lead-body">
        <p className="card-kicker">
          {card.category && card.categoryPath ? <a href={card.categoryPath}>{card.category}</a> : card.category}
          {card.date ? <> · <time dateTime={card.date}>{formatDate(card.date)}</time></> : null}
        </p>
        <h2 className="lead-title">
          <a href={card.href}>{card.title}</a>
        </h2>
        <p className="lead-excerpt">{card.excerpt}</p>
      </div>
    </article>
  );
}

/** The topics, each a link to its page with what it covers and how much is in it. */
function Topics({ topics }: { topics: HomeTopic[] }) {
  return (
    <section aria-labelledby="topics-heading" className="home-section">
      <h2 id="topics-heading">Topics</h2>
      <ul className="topic-list">
        {topics.map((t) => (
          <li key={t.path} className="topic">
            <a className="topic-name" href={t.path}>{t.title}</a>
            <span className="topic-count">{t.count === 1 ? '1 article or guide' : `${t.count} articles and guides`}</span>
            <p>{t.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The home page, reading first (docs/product.md, "Core pages"): a short introduction, the lead
 * story and the six latest articles, the topics, the guides to start with, featured reviews, the
 * sign-up, the sidebar and partners. What the site is and how it works is on /about.
 */
export function HomePage(props: SiteEntryPageProps<PageData> & HomeProps) {
  const { site, page, latest, topics, guideCards, featured, signup } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const partners = data.partners ? shared.partners : [];
  const [lead, ...rest] = latest;
  const jsonLd: unknown[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.settings.title,
      description: site.settings.description,
      url: `${site.settings.url}/`,
      inLanguage: site.settings.lang,
      publisher: { '@id': organizationId(site.settings.url) },
    },
    // The site's Organization (name, address, logo): once, here, where Google looks for it.
    organizationJsonLd({ ...site.settings, email: shared.site.contactEmail }),
  ];
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, jsonLd }} affiliate consent={partners.length ? ['advertising'] : []}>
      <WithSidebar topics={shared.topics} current={page.path}>
        <header className="home-header">
          <h1>{data.hero?.heading ?? data.heading ?? data.title}</h1>
          {data.hero ? <p className="home-lead">{data.hero.text} <a href="/about">About us</a></p> : null}
        </header>
        {lead ? (
          <section aria-labelledby="latest-heading" className="home-latest">
            <h2 id="latest-heading" className="visually-hidden">Latest articles</h2>
            <LeadStory card={lead} />
            {rest.length ? <CardGrid cards={rest} headingLevel={3} /> : null}
            <p className="section-more"><a className="button button-quiet" href="/articles">All articles</a></p>
          </section>
        ) : null}
        {topics.length ? <Topics topics={topics} /> : null}
        <section aria-labelledby="guides-heading" className="home-section">
          <h2 id="guides-heading">Guides to start with</h2>
          <CardGrid cards={guideCards} cta="Read the guide →" />
          <p className="section-more"><a className="button button-quiet" href="/guides">All guides</a></p>
        </section>
        <section aria-labelledby="featured-heading" className="home-section">
          <h2 id="featured-heading">Featured reviews</h2>
          <p className="section-note">Honest reviews by our editors. These pages contain affiliate links.</p>
          <CardGrid cards={featured} cta="Read our review →" />
          <p className="section-more"><a href="/posts">All reviews and features</a></p>
        </section>
        <SignupForm {...signup} source={page.path} />
        <PartnerBanners partners={partners} adSlot={adsConfigured(shared.thirdParties)} />
      </WithSidebar>
    </Document>
  );
}
