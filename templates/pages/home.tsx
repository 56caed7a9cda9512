import { CardGrid } from '../components/card.tsx';
import { organizationId, organizationJsonLd } from '../components/json-ld.tsx';
import { Document } from '../components/document.tsx';
import { WithSidebar } from '../components/layout.tsx';
import { PartnerBanners } from '../components/partner-banners.tsx';
import { adsConfigured } from '../components/third-parties.ts';
import { SignupForm } from '../components/signup-form.tsx';
import type { Card, SiteEntryPageProps } from '../content.ts';
import type { HomeData, PageData } from '../schemas.ts';
import { Picture } from '../../src/index.ts';

export interface HomeProps {
  latest: Card[];
  guideCards: Card[];
  featured: Card[];
  signup: HomeData['signup'];
}

/** The home page: hero and sign-up, guides, featured reviews, latest articles, sidebar, partners. */
export function HomePage(props: SiteEntryPageProps<PageData> & HomeProps) {
  const { site, page, latest, guideCards, featured, signup } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const partners = data.partners ? shared.partners : [];
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
      {data.hero ? (
        <section className="hero" aria-labelledby="hero-heading">
          <div className="wrap hero-inner">
            <div className="hero-text">
              <h1 id="hero-heading">{data.hero.heading}</h1>
              <p className="hero-lead">{data.hero.text}</p>
              <p className="hero-actions">
                <a className="button" href="/guides">Browse our guides</a>
                <a className="button button-quiet" href="#intro">Start here</a>
              </p>
            </div>
            <Picture className="hero-image" src={data.hero.image} alt={data.hero.imageAlt} width={560} height={420} sizes="(max-width: 48rem) 100vw, 560px" priority />
          </div>
        </section>
      ) : null}
      <WithSidebar topics={shared.topics} current={page.path}>
        <SignupForm {...signup} source={page.path} />
        <section aria-labelledby="guides-heading" className="home-section">
          <h2 id="guides-heading">Guides to start with</h2>
          <CardGrid cards={guideCards} cta="Read the Guide →" />
          <p className="section-more"><a className="button button-quiet" href="/guides">See all guides</a></p>
        </section>
        <section aria-labelledby="featured-heading" className="home-section">
          <h2 id="featured-heading">Featured reviews</h2>
          <p className="section-note">Honest reviews by our editors. These pages contain affiliate links.</p>
          <CardGrid cards={featured} cta="Read our review →" />
          <p className="section-more"><a href="/posts">All reviews and features</a></p>
        </section>
        <section id="intro" className="prose home-intro" aria-label="About Heart Notes" dangerouslySetInnerHTML={{ __html: page.html }} />
        {latest.length ? (
          <section aria-labelledby="latest-heading" className="home-section">
            <h2 id="latest-heading">Latest articles</h2>
            <CardGrid cards={latest} />
            <p className="section-more"><a className="button button-quiet" href="/articles">All articles</a></p>
          </section>
        ) : null}
        <PartnerBanners partners={partners} adSlot={adsConfigured(shared.thirdParties)} />
      </WithSidebar>
    </Document>
  );
}
