import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { Breadcrumbs, WithSidebar } from '../components/layout.tsx';
import type { Card, SitePageProps } from '../content.ts';
import type { CategoryInfo } from '../schemas.ts';
import { Picture } from '../../src/index.ts';

/** Category icons cycle through these five (docs/product.md, "Core pages") unless the data names one. */
export const CATEGORY_ICONS = ['💞', '💬', '🌱', '✨', '🌷'];

export interface CategoryProps {
  info: CategoryInfo;
  index: number;
  parent?: CategoryInfo;
  subs: CategoryInfo[];
  articles: Card[];
  guides: Card[];
}

/** /category/{cat} and /category/{cat}/{sub}: banner, icon, description, details, tags, featured. */
export function CategoryPage(props: SitePageProps & CategoryProps) {
  const { site, page, info, index, parent, subs, articles, guides } = props;
  const shared = site.shared;
  const icon = info.icon ?? CATEGORY_ICONS[index % CATEGORY_ICONS.length];
  const trail = [{ name: 'Home', path: '/' }];
  if (parent) trail.push({ name: parent.title, path: `/category/${parent.category}` });
  trail.push({ name: info.title, path: page.path });
  return (
    <Document {...props} meta={{ title: info.title, description: info.description, image: info.bannerImage, imageAlt: info.bannerAlt, jsonLd: [breadcrumbs(site.settings.url, trail)] }}>
      <div className="category-banner">
        <Picture src={info.bannerImage} alt={info.bannerAlt} width={1200} height={400} sizes="(max-width: 75rem) 100vw, 75rem" priority />
      </div>
      <WithSidebar groups={shared.categoryGroups} current={page.path}>
        <Breadcrumbs trail={trail} />
        <header className="page-header category-header">
          <p className="category-icon" aria-hidden="true">{icon}</p>
          <h1>{info.title}</h1>
          <p className="hero-lead">{info.description}</p>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.markdown(info.details) }} />
        {info.tags.length ? (
          <ul className="tags" aria-label="Topics">
            {info.tags.map((t) => <li key={t}>{t}</li>)}
          </ul>
        ) : null}
        {info.popularity !== undefined ? (
          <p className="popularity">
            <span>Popularity: <strong>{info.popularity}/100</strong></span>
            <meter min={0} max={100} value={info.popularity} aria-label={`Popularity ${info.popularity} out of 100`} />
            <span className="section-note">An editorial score of how central this topic is to the site, not a measured statistic.</span>
          </p>
        ) : null}
        {subs.length ? (
          <section aria-labelledby="subtopics-heading" className="home-section">
            <h2 id="subtopics-heading">Topics in {info.title}</h2>
            <ul className="subtopics">
              {subs.map((s) => (
                <li key={s.category}>
                  <a href={`/category/${s.category}`}>{s.title}</a>: {s.description}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {articles.length ? (
          <section aria-labelledby="featured-articles-heading" className="home-section">
            <h2 id="featured-articles-heading">Featured articles</h2>
            <CardGrid cards={articles} />
          </section>
        ) : null}
        {guides.length ? (
          <section aria-labelledby="featured-guides-heading" className="home-section">
            <h2 id="featured-guides-heading">Guides on this topic</h2>
            <CardGrid cards={guides} cta="Read the Guide →" />
          </section>
        ) : null}
      </WithSidebar>
    </Document>
  );
}
