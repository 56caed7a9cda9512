import type { ContentOf, Entry, EntryPageProps, PageProps } from '../src/index.ts';
import type { collections } from './collections.ts';
import type { ArticleData, CardRef, ReviewData } from './schemas.ts';

/** The validated content, as the route table receives it: read off the collections' schemas. */
export type SiteContent = ContentOf<typeof collections>;

/** What every template receives as `site.shared`. */
export function sharedData(content: SiteContent) {
  const { site, nav, partners, categories, thirdParties } = content;
  return { site: { ...site, copyrightYear: latestYear(content) ?? site.copyrightYear }, nav, partners, categoryGroups: categories.groups, thirdParties };
}

/**
 * The year of the newest publication or update: the footer's © year follows the content instead
 * of a number someone must remember to change (content/site.json's is used when nothing is dated).
 */
function latestYear({ pages, articles, guides, reviews, gifts }: SiteContent): number | undefined {
  const dates: (string | undefined)[] = [
    ...pages.map((e) => e.data.updated),
    ...articles.map((e) => e.data.date),
    ...guides.flatMap((e) => [e.data.date, e.data.updated]),
    ...reviews.map((e) => e.data.date),
    ...gifts.map((e) => e.data.date),
  ];
  // Scheduled entries (seen in a preview of drafts) have not been published yet.
  const today = new Date().toISOString().slice(0, 10);
  const years = dates.filter((d): d is string => d !== undefined && d <= today).map((d) => Number(d.slice(0, 4)));
  return years.length ? Math.max(...years) : undefined;
}

export type SharedData = ReturnType<typeof sharedData>;

/** Props of a page template of this site, besides its route's own. */
export type SitePageProps = PageProps<Record<string, unknown>, SharedData>;

/** Props of a page template whose page is a Markdown entry with front matter `Data`. */
export type SiteEntryPageProps<Data> = EntryPageProps<Data, SharedData>;

/** What a card shows: enough to link, picture and describe a page. */
export interface Card {
  href: string;
  title: string;
  excerpt: string;
  coverImage: string;
  coverAlt: string;
  category: string;
  date?: string;
  icon?: string;
}

export const byDateDesc = (a: Entry<ArticleData>, b: Entry<ArticleData>) =>
  a.data.date < b.data.date ? 1 : a.data.date > b.data.date ? -1 : a.data.id - b.data.id;

export function articleCard(entry: Entry<ArticleData>): Card {
  const { title, excerpt, date, coverImage, coverAlt, category } = entry.data;
  return { href: `/post/${entry.slug}`, title, excerpt, date, coverImage, coverAlt, category };
}

export function reviewCard(entry: Entry<ReviewData>): Card {
  const d = entry.data;
  return {
    href: `/affiliate/${entry.slug}`,
    title: d.title,
    excerpt: d.excerpt ?? '',
    coverImage: d.coverImage,
    coverAlt: d.coverAlt,
    category: 'Review',
    date: d.date,
  };
}

/**
 * Where a `/posts` card goes (docs/product.md, "Core pages"): slugs containing "affiliate" are reviews, slugs
 * containing "promo" are partner links, everything else is a page at the root.
 */
export function featureHref(slug: string): string {
  if (slug.includes('affiliate')) return `/affiliate/${slug}`;
  if (slug.includes('promo')) return `/promo/${slug}`;
  return `/${slug}`;
}

/**
 * Resolves a card reference against the page it points to: the page's own title, excerpt,
 * cover and date, overridden by whatever the reference sets. Unknown slugs throw, naming the slug.
 */
export function resolveCard(ref: CardRef, content: SiteContent, href: string): Card {
  const target =
    content.guides.find((e) => e.slug === ref.slug)?.data ??
    content.gifts.find((e) => e.slug === ref.slug)?.data ??
    content.reviews.find((e) => e.slug === ref.slug || e.data.landingPath === `/${ref.slug}`)?.data ??
    content.promos.find((p) => p.id === ref.slug);
  if (!target) throw new Error(`a card points to "${ref.slug}", which is no guide, gift page, review or promo`);
  const t: Partial<Card> = target;
  return {
    href,
    title: ref.title ?? t.title ?? ref.slug,
    excerpt: ref.excerpt ?? t.excerpt ?? '',
    coverImage: ref.coverImage ?? t.coverImage ?? '/images/covers/default.svg',
    coverAlt: ref.coverAlt ?? t.coverAlt ?? '',
    category: ref.category ?? t.category ?? ('productName' in t ? 'Review' : ''),
    date: ref.date ?? t.date,
    icon: ref.icon,
  };
}
