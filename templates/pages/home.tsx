import type { PageProps } from '../../src/build/types.ts';
import { ArticleCard, type ArticleCardData } from '../components/article-card.tsx';
import { Document, type SharedData } from '../components/document.tsx';
import { PartnerBanners } from '../components/partner-banners.tsx';
import type { PageData, Partner } from '../schemas.ts';

/** The home page: hero, the editors' introduction, the latest articles, partner ads. */
export function HomePage(props: PageProps & { latest: ArticleCardData[] }) {
  const { site, page, latest } = props;
  const data = page.entry!.data as PageData;
  const shared = site.shared as SharedData & { partners: Partner[] };
  const partners = data.partners ? shared.partners : [];
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.settings.title,
      description: site.settings.description,
      url: `${site.settings.url}/`,
      inLanguage: site.settings.lang,
    },
  ];
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, jsonLd }} affiliate={partners.length > 0}>
      {data.hero ? (
        <section className="hero" aria-labelledby="hero-heading">
          <div className="wrap hero-inner">
            <div className="hero-text">
              <h1 id="hero-heading">{data.hero.heading}</h1>
              <p className="hero-lead">{data.hero.text}</p>
              <p><a className="button" href="#intro">Start reading</a></p>
            </div>
            <img className="hero-image" src={data.hero.image} alt={data.hero.imageAlt} width={560} height={420} fetchPriority="high" />
          </div>
        </section>
      ) : null}
      <div className="wrap home-body">
        <section id="intro" className="prose" aria-label="Introduction" dangerouslySetInnerHTML={{ __html: page.html }} />
        {latest.length ? (
          <section aria-labelledby="latest-heading" className="latest">
            <h2 id="latest-heading">Latest articles</h2>
            <div className="card-grid">
              {latest.map((a) => (
                <ArticleCard key={a.slug} article={a} />
              ))}
            </div>
          </section>
        ) : null}
        <PartnerBanners partners={partners} />
      </div>
    </Document>
  );
}
