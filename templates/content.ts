import { listed, type ContentOf, type Entry, type EntryPageProps, type PageProps } from '../src/index.ts';
import type { collections } from './collections.ts';
import type { ArticleData, CardRef, ReviewData } from './schemas.ts';

/** The validated content, as the route table receives it: read off the collections' schemas. */
export type SiteContent = ContentOf<typeof collections>;

/** What every template receives as `site.shared`. */
export function sharedData(content: SiteContent) {
  const { site, nav, partners, thirdParties, home } = content;
  return {
    site: { ...site, copyrightYear: buildYear() },
    nav, partners, topics: sidebarTopics(content), thirdParties,
    // The free guide's sign-up: on the home page, and at the end of every article and guide.
    signup: home.signup,
  };
}

/** A topic as the sidebar shows it: its page and its tags' pages. Read from categories.json alone, so no entry's edit changes every page. */
export interface SidebarTopic {
  title: string;
  path: string;
  tags: TagLink[];
}

function sidebarTopics({ categories }: SiteContent): SidebarTopic[] {
  return categories.categories.map((info) => ({ title: info.title, path: topicPath(info), tags: info.tags.map(tagLink) }));
}

/**
 * The year the site is built, for the footer's © line: it follows the calendar, so nobody has to
 * remember to change it (the build's "today" decides what is published too, and a build on a new
 * day is a new build: docs/product.md, "Shared layout").
 */
export function buildYear(now = new Date()): number {
  return now.getUTCFullYear();
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
  /** Absent when the page has no cover: the card then shows none. */
  coverImage?: string;
  coverAlt?: string;
  /** The kicker: the entry's topic ('' for none). */
  category: string;
  /** Where the kicker links: the topic's page (optional). */
  categoryPath?: string;
  date?: string;
  icon?: string;
}

export const byDateDesc = (a: Entry<ArticleData>, b: Entry<ArticleData>) =>
  a.data.date < b.data.date ? 1 : a.data.date > b.data.date ? -1 : a.data.id - b.data.id;

export function articleCard(entry: Entry<ArticleData>, c: SiteContent): Card {
  const { title, excerpt, date, coverImage, coverAlt } = entry.data;
  return { href: `/post/${entry.slug}`, title, excerpt, date, coverImage, coverAlt, ...kicker(entry.data.category, c) };
}

export function reviewCard(entry: Entry<ReviewData>, c: SiteContent): Card {
  const d = entry.data;
  return {
    href: `/affiliate/${entry.slug}`,
    title: d.title,
    excerpt: d.excerpt ?? '',
    coverImage: d.coverImage,
    coverAlt: d.coverAlt,
    // A review of something off the site's topic has none: it is labelled as what it is.
    ...(d.category ? kicker(d.category, c) : { category: 'Review', categoryPath: '/posts' }),
    date: d.date,
  };
}

/** A card's kicker: the topic's name, linked to its page. */
function kicker(name: string | undefined, c: SiteContent): Pick<Card, 'category' | 'categoryPath'> {
  const info = name === undefined ? undefined : topicNamed(name, c);
  return info ? { category: info.title, categoryPath: topicPath(info) } : { category: name ?? '' };
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
  const review = 'productName' in t;
  return {
    href,
    title: ref.title ?? t.title ?? ref.slug,
    excerpt: ref.excerpt ?? t.excerpt ?? '',
    coverImage: ref.coverImage ?? t.coverImage,
    coverAlt: ref.coverAlt ?? t.coverAlt,
    // A card is labelled with its page's topic, the one taxonomy (docs/product.md, "One taxonomy").
    ...(t.category ? kicker(t.category, content) : review ? { category: 'Review', categoryPath: '/posts' } : { category: '' }),
    date: ref.date ?? t.date,
    icon: ref.icon,
  };
}

/** A page of the site a review names as a better choice, and the file it comes from. */
export interface Alternative {
  card: Card;
  file: string;
  /** The page's own rating out of 5, when it is a review with one. */
  rating?: number;
}

/** "4.2/5" or "4.2" → 4.2; anything else → undefined, so no rating is shown or claimed. */
export function parseRating(text: string | undefined): number | undefined {
  const m = text?.trim().match(/^(\d(?:\.\d+)?)(?:\s*\/\s*5)?$/);
  if (!m) return undefined;
  const value = Number(m[1]);
  return value >= 0 && value <= 5 ? value : undefined;
}

/**
 * The page at a site address a review lists in `alternatives`: an article (/post/{slug}), a review
 * (/affiliate/{slug}), or a guide or gift guide (/{slug}); undefined when the address is none of them.
 */
export function resolveAlternative(path: string, c: SiteContent): Alternative | undefined {
  const article = path.startsWith('/post/') ? c.articles.find((a) => `/post/${a.slug}` === path) : undefined;
  if (article) return { card: articleCard(article, c), file: article.file };
  const review = path.startsWith('/affiliate/') ? c.reviews.find((r) => `/affiliate/${r.slug}` === path) : undefined;
  if (review) return { card: reviewCard(review, c), file: review.file, rating: parseRating(review.data.rating) };
  const page = [...c.guides, ...c.gifts].find((g) => `/${g.slug}` === path);
  return page ? { card: resolveCard({ slug: page.slug }, c, path), file: page.file } : undefined;
}

// ── Finding things: topics, tags, related reading ─────────────────────────────────────────────────

type TopicInfo = SiteContent['categories']['categories'][number];

/** A link to a tag's page. */
export type TagLink = {
  tag: string;
  path: string;
};

/** A tag's address part: "first dates" → first-dates, "mother's day" → mother-s-day. */
export const tagSlug = (tag: string) => tag.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const tagLink = (tag: string): TagLink => ({ tag, path: `/tag/${tagSlug(tag)}` });

export const topicPath = (info: Pick<TopicInfo, 'category'>) => `/category/${info.category}`;

/** The topic an entry's `category` names (its title), if any. */
export function topicNamed(name: string, { categories }: SiteContent): TopicInfo | undefined {
  return categories.categories.find((info) => info.title === name);
}

/** An article, guide, gift guide or review, as topic and tag pages and related reading list it. */
export type Listable = {
  kind: 'article' | 'guide' | 'gift' | 'review';
  entry: Entry<{ title: string; category?: string; tags: string[]; date: string; unlisted?: boolean }>;
};

/** Every published, listed article, guide, gift guide and review (`unlisted` ones are left out). */
export function listables(c: SiteContent): Listable[] {
  let all = listablesOf.get(c);
  if (!all) {
    all = [
      ...listed(c.articles).map((entry) => ({ kind: 'article' as const, entry })),
      ...listed(c.guides).map((entry) => ({ kind: 'guide' as const, entry })),
      ...listed(c.gifts).map((entry) => ({ kind: 'gift' as const, entry })),
      ...listed(c.reviews).map((entry) => ({ kind: 'review' as const, entry })),
    ].sort(byListableDate);
    listablesOf.set(c, all);
  }
  return all;
}

const listablesOf = new WeakMap<SiteContent, Listable[]>();

export const listableHref = ({ kind, entry }: Pick<Listable, 'kind' | 'entry'>) =>
  kind === 'article' ? `/post/${entry.slug}` : kind === 'review' ? `/affiliate/${entry.slug}` : `/${entry.slug}`;

/** Newest first; the same date by title, then address, so two builds agree. */
export const byListableDate = (a: Listable, b: Listable) =>
  a.entry.data.date < b.entry.data.date ? 1 : a.entry.data.date > b.entry.data.date ? -1 : a.entry.data.title.localeCompare(b.entry.data.title) || listableHref(a).localeCompare(listableHref(b));

export function listableCard(item: Listable, c: SiteContent): Card {
  if (item.kind === 'article') return articleCard(item.entry as unknown as Entry<ArticleData>, c);
  if (item.kind === 'review') return reviewCard(item.entry as unknown as Entry<ReviewData>, c);
  return resolveCard({ slug: item.entry.slug }, c, listableHref(item));
}

/**
 * Everything a topic's page lists: the listed entries whose `category` is the topic's title, and
 * the articles and guides its data features by hand. Newest first.
 */
export function categoryMembers(info: TopicInfo, c: SiteContent): Listable[] {
  const all = listables(c);
  const picked = new Set(all.filter((item) => item.entry.data.category === info.title));
  for (const slug of info.hotArticles) {
    const hit = all.find((x) => x.kind === 'article' && x.entry.slug === slug);
    if (hit) picked.add(hit);
  }
  for (const slug of info.guides) {
    const hit = all.find((x) => (x.kind === 'guide' || x.kind === 'gift') && x.entry.slug === slug);
    if (hit) picked.add(hit);
  }
  return all.filter((item) => picked.has(item));
}

/** Every tag of the site: the topics' tags, once each (by slug), in the order they first appear. */
export function allTags(c: SiteContent): TagLink[] {
  const seen = new Map<string, TagLink>();
  for (const info of c.categories.categories) for (const t of info.tags) if (!seen.has(tagSlug(t))) seen.set(tagSlug(t), tagLink(t));
  return [...seen.values()];
}

/** The listed entries carrying a tag, newest first. */
export function taggedWith(slug: string, c: SiteContent): Listable[] {
  return listables(c).filter((item) => item.entry.data.tags.some((t) => tagSlug(t) === slug));
}

/** What an entry page shows about where it belongs: its topic, its tags, and more reading in the topic. */
export type TopicProps = {
  topic?: { title: string; path: string };
  tags: TagLink[];
  more: Card[];
};

/** The entry page's `TopicProps`: `more` holds up to `count` other listed entries of its topic (`moreInTopic`). */
export function topicProps(kind: Listable['kind'], entry: Listable['entry'], c: SiteContent, count = MORE_IN_TOPIC): TopicProps {
  const info = entry.data.category === undefined ? undefined : topicNamed(entry.data.category, c);
  return {
    ...(info ? { topic: { title: info.title, path: topicPath(info) } } : {}),
    // A tag no topic lists has no page; the site's checks report it at its line.
    tags: entry.data.tags.filter((t) => tagPaths(c).has(tagLink(t).path)).map(tagLink),
    more: info ? moreInTopic({ kind, entry }, info, c, count).map((item) => listableCard(item, c)) : [],
  };
}

/** The addresses of every tag page, once per content (every entry page asks). */
function tagPaths(c: SiteContent): Set<string> {
  let paths = tagPathsOf.get(c);
  if (!paths) tagPathsOf.set(c, (paths = new Set(allTags(c).map((t) => t.path))));
  return paths;
}

const tagPathsOf = new WeakMap<SiteContent, Set<string>>();

/** Cards in an entry page's "More in <topic>" (docs/product.md, "One taxonomy"). */
export const MORE_IN_TOPIC = 2;

/**
 * "More in <topic>": other listed entries of the same topic, those sharing more tags first, then
 * the newest. Deterministic: it depends on the content only. One pass over the topic's entries
 * (kept newest first) keeping the best `count`: a site of 4,000 articles asks this 4,000 times.
 */
export function moreInTopic(item: Pick<Listable, 'kind' | 'entry'>, info: TopicInfo, c: SiteContent, count = MORE_IN_TOPIC): Listable[] {
  const own = new Set(item.entry.data.tags.map(tagSlug));
  const self = listableHref(item);
  const best: { other: Listable; shared: number }[] = [];
  for (const { other, href, tags } of topicEntries(info, c)) {
    // Full, and nothing later can share more tags than the entry has: the rest cannot change it.
    if (best.length === count && best[count - 1].shared === own.size) break;
    if (href === self) continue;
    let shared = 0;
    for (const t of tags) if (own.has(t)) shared++;
    // Candidates come newest first, so a later one only displaces an earlier one by sharing more tags.
    const at = best.findIndex((b) => b.shared < shared);
    if (at === -1) {
      if (best.length < count) best.push({ other, shared });
    } else {
      best.splice(at, 0, { other, shared });
      if (best.length > count) best.pop();
    }
  }
  return best.map((b) => b.other);
}

/** A topic's members, newest first, each with its address and tag slugs, worked out once per topic and content. */
function topicEntries(info: TopicInfo, c: SiteContent): TopicMember[] {
  let byTopic = topicEntriesOf.get(c);
  if (!byTopic) topicEntriesOf.set(c, (byTopic = new Map()));
  let members = byTopic.get(info.category);
  if (!members) {
    members = categoryMembers(info, c).map((other) => ({ other, href: listableHref(other), tags: [...new Set(other.entry.data.tags.map(tagSlug))] }));
    byTopic.set(info.category, members);
  }
  return members;
}

type TopicMember = { other: Listable; href: string; tags: string[] };

const topicEntriesOf = new WeakMap<SiteContent, Map<string, TopicMember[]>>();
