import { CardGrid } from '../components/card.tsx';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import { Breadcrumbs, WithSidebar } from '../components/layout.tsx';
import { PageLinks } from '../components/pagination.tsx';
import { formatDate } from '../components/dates.ts';
import { tagLink, type Card, type SitePageProps } from '../content.ts';
import type { CategoryInfo } from '../schemas.ts';
import { Picture } from '../../src/index.ts';
import { TOPIC_ICON_NAMES, TopicIcon } from '../components/topic-icon.tsx';

/** Category icons cycle through the five topic icons (docs/product.md, "Core pages") unless the data names one. */
export const CATEGORY_ICONS = TOPIC_ICON_NAMES;

export interface CategoryProps {
  info: CategoryInfo;
  index: number;
  articles: Card[];
  guides: Card[];
  /** This page's share of everything filed under the category, newest first. */
  listed: Card[];
  /** How many entries the category holds in all, and over how many pages. */
  total: number;
  /** The date of its newest entry (none when it is empty). */
  newest?: string;
  pageNumber: number;
  pageCount: number;
}

/**
 * /category/{topic}: banner, icon, description, details, how many entries and the newest date,
 * tags, featured, then everything filed under the topic, 9 a page; /category/{topic}/page/N carries
 * on the list.
 */
export function CategoryPage(props: SitePageProps & CategoryProps) {
  const { site, page, info, index, articles, guides, listed, total, newest, pageNumber, pageCount } = props;
  const shared = site.shared;
  const icon = info.icon ?? CATEGORY_ICONS[index % CATEGORY_ICONS.length];
  const base = `/category/${info.category}`;
  const trail = [{ name: 'Home', path: '/' }, { name: info.title, path: base }];
  const pathOf = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const all = (
    <section aria-labelledby="category-all-heading" className="home-section category-all">
      <h2 id="category-all-heading">Everything in {info.title}</h2>
      <p className="section-note">
        {total} {total === 1 ? 'entry' : 'entries'}, newest first{pageCount > 1 ? `; page ${pageNumber} of ${pageCount}` : ''}.
      </p>
      <CardGrid cards={listed} />
      <PageLinks pageNumber={pageNumber} pageCount={pageCount} pathOf={pathOf} label={`${info.title}: pages`} />
    </section>
  );
  if (pageNumber > 1) {
    trail.push({ name: `Page ${pageNumber}`, path: page.path });
    const title = `${info.title}, page ${pageNumber} of ${pageCount}`;
    return (
      <Document {...props} meta={{ title, description: `${info.description} (page ${pageNumber} of ${pageCount})`, image: info.bannerImage, imageAlt: info.bannerAlt, jsonLd: [breadcrumbs(site.settings.url, trail)] }}>
        <WithSidebar topics={shared.topics} current={page.path}>
          <Breadcrumbs trail={trail} />
          <header className="page-header category-header">
            <p className="category-icon"><TopicIcon name={icon} /></p>
            <h1>{title}</h1>
            <p className="hero-lead">{info.description}</p>
          </header>
          {all}
        </WithSidebar>
      </Document>
    );
  }
  return (
    <Document {...props} meta={{ title: info.title, description: info.description, image: info.bannerImage, imageAlt: info.bannerAlt, jsonLd: [breadcrumbs(site.settings.url, trail)] }}>
      <div className="category-banner">
        <Picture src={info.bannerImage} alt={info.bannerAlt} width={1200} height={400} sizes="(max-width: 75rem) 100vw, 75rem" priority />
      </div>
      <WithSidebar topics={shared.topics} current={page.path}>
        <Breadcrumbs trail={trail} />
        <header className="page-header category-header">
          <p className="category-icon"><TopicIcon name={icon} /></p>
          <h1>{info.title}</h1>
          <p className="hero-lead">{info.description}</p>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.markdown(info.details) }} />
        <p className="topic-figures">
          {total} {total === 1 ? 'article, guide or review' : 'articles, guides and reviews'}
          {newest ? <>; the newest from <time dateTime={newest}>{formatDate(newest)}</time></> : null}.
        </p>
        {info.tags.length ? (
          <ul className="tags" aria-label={`Tags in ${info.title}`}>
            {info.tags.map(tagLink).map((t) => <li key={t.path}><a href={t.path}>{t.tag}</a></li>)}
          </ul>
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
            <CardGrid cards={guides} cta="Read the guide →" />
          </section>
        ) : null}
        {all}
      </WithSidebar>
    </Document>
  );
}
