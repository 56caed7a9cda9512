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

// ── Finding things: categories, tags, related articles ──────────────────────────────────────────

type CategoryInfoOf = SiteContent['categories']['categories'][number];
/** An article, guide or gift guide, as the category and tag pages list it. */
export type Listable = { kind: 'article' | 'guide' | 'gift'; entry: Entry<{ title: string; category: string; date: string }> };

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).map((w) => w.replace(/s$/, ''));

/**
 * The category page (its key, e.g. "dating") an entry's `category` name files it under, if any:
 * the page whose title it is; else the page of the sidebar group whose title it is ("Relationship
 * Advice" → relationships); else the page whose title is the name or its first words, plurals
 * aside ("Relationship" → Relationships, "Dating Advice" → Dating; the longest title wins).
 * Labels matching none ("Breakup Recovery", "Gift Guides") have no page.
 */
export function categoryKeyOf(name: string, { categories }: SiteContent): string | undefined {
  // Asked for every entry by every category page and related list: worked out once per name.
  let known = categoryKeys.get(categories);
  if (!known) categoryKeys.set(categories, (known = new Map()));
  if (!known.has(name)) known.set(name, findCategoryKey(name, categories));
  return known.get(name);
}

const categoryKeys = new WeakMap<SiteContent['categories'], Map<string, string | undefined>>();

function findCategoryKey(name: string, categories: SiteContent['categories']): string | undefined {
  const exact = categories.categories.find((c) => c.title === name);
  if (exact) return exact.category;
  const group = categories.groups.find((g) => g.title === name);
  if (group && categories.categories.some((c) => c.category === group.value)) return group.value;
  const w = words(name);
  let best: CategoryInfoOf | undefined;
  for (const c of categories.categories) {
    const t = words(c.title);
    if (t.length <= w.length && t.every((x, i) => x === w[i]) && (!best || words(best.title).length < t.length)) best = c;
  }
  return best?.category;
}

/** Every published article, guide and gift guide. */
export function listables(c: SiteContent): Listable[] {
  return [
    ...c.articles.map((entry) => ({ kind: 'article' as const, entry })),
    ...c.guides.map((entry) => ({ kind: 'guide' as const, entry })),
    ...c.gifts.map((entry) => ({ kind: 'gift' as const, entry })),
  ];
}

export const listableHref = ({ kind, entry }: Listable) => (kind === 'article' ? `/post/${entry.slug}` : `/${entry.slug}`);

/** Newest first; the same date by title, then address, so two builds agree. */
export const byListableDate = (a: Listable, b: Listable) =>
  a.entry.data.date < b.entry.data.date ? 1 : a.entry.data.date > b.entry.data.date ? -1 : a.entry.data.title.localeCompare(b.entry.data.title) || listableHref(a).localeCompare(listableHref(b));

export function listableCard(item: Listable, c: SiteContent): Card {
  return item.kind === 'article' ? articleCard(item.entry as Entry<ArticleData>) : resolveCard({ slug: item.entry.slug }, c, listableHref(item));
}

/**
 * Everything a category page lists: the entries whose `category` files them under it or under
 * one of its sub-topics, and the articles and guides its data (or a sub-topic's) features by
 * hand. Newest first.
 */
export function categoryMembers(info: CategoryInfoOf, c: SiteContent): Listable[] {
  const keys = c.categories.categories.filter((x) => x.category === info.category || x.category.startsWith(`${info.category}/`));
  const keySet = new Set(keys.map((k) => k.category));
  const all = listables(c);
  const picked = new Set<Listable>();
  for (const item of all) {
    const key = categoryKeyOf(item.entry.data.category, c);
    if (key && keySet.has(key)) picked.add(item);
  }
  for (const k of keys) {
    for (const id of k.hotArticles) {
      const article = c.articles.find((a) => a.data.id === id);
      const hit = article && all.find((x) => x.entry === article);
      if (hit) picked.add(hit);
    }
    for (const slug of k.guides) {
      const hit = all.find((x) => x.kind !== 'article' && x.entry.slug === slug);
      if (hit) picked.add(hit);
    }
  }
  return [...picked].sort(byListableDate);
}

/** A tag's address part: "first dates" → first-dates. */
export const tagSlug = (tag: string) => tag.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every tag a category page shows, once each (by slug), in the order they first appear. */
export function allTags(c: SiteContent): { tag: string; slug: string }[] {
  const seen = new Map<string, string>();
  for (const info of c.categories.categories) for (const t of info.tags) if (!seen.has(tagSlug(t))) seen.set(tagSlug(t), t);
  return [...seen].map(([slug, tag]) => ({ tag, slug }));
}

/** The tags an article carries: those of the category page its `category` files it under. */
function articleTags(entry: Entry<ArticleData>, c: SiteContent): Set<string> {
  const key = categoryKeyOf(entry.data.category, c);
  let known = tagsByKey.get(c.categories);
  if (!known) tagsByKey.set(c.categories, (known = new Map()));
  if (!known.has(key)) {
    const info = c.categories.categories.find((x) => x.category === key);
    known.set(key, new Set((info?.tags ?? []).map(tagSlug)));
  }
  return known.get(key)!;
}

const tagsByKey = new WeakMap<SiteContent['categories'], Map<string | undefined, Set<string>>>();
/** Articles filed under one `category` name, newest first, with that name's category page and tags. */
interface ArticleGroup {
  name: string;
  key: string | undefined;
  tags: Set<string>;
  newestFirst: Entry<ArticleData>[];
}

const articleGroupsOf = new WeakMap<SiteContent['articles'], ArticleGroup[]>();

function articleGroups(c: SiteContent): ArticleGroup[] {
  let groups = articleGroupsOf.get(c.articles);
  if (groups) return groups;
  const byName = new Map<string, Entry<ArticleData>[]>();
  for (const a of [...c.articles].sort(byDateDesc)) byName.set(a.data.category, [...(byName.get(a.data.category) ?? []), a]);
  groups = [...byName].map(([name, newestFirst]) => ({ name, key: categoryKeyOf(name, c), tags: articleTags(newestFirst[0], c), newestFirst }));
  articleGroupsOf.set(c.articles, groups);
  return groups;
}

/**
 * "You Might Also Like": two other articles, those of the same category first (the same
 * `category` name, or the same category page), then those sharing a tag (more shared tags first),
 * then the rest; newest first within each. Deterministic: it depends on the content only.
 * An article's score depends only on its `category` name, so each name's group is scored once
 * and offers its newest few: a site of 4,000 articles asks this 4,000 times.
 */
export function relatedArticles(entry: Entry<ArticleData>, c: SiteContent, count = 2): Entry<ArticleData>[] {
  const key = categoryKeyOf(entry.data.category, c);
  const tags = articleTags(entry, c);
  const candidates: { other: Entry<ArticleData>; s: number }[] = [];
  for (const group of articleGroups(c)) {
    const sameCategory = group.name === entry.data.category || (key !== undefined && group.key === key);
    let shared = 0;
    for (const t of group.tags) if (tags.has(t)) shared++;
    const s = (sameCategory ? 1000 : 0) + shared;
    let taken = 0;
    for (const other of group.newestFirst) {
      if (other === entry || other.slug === entry.slug) continue;
      candidates.push({ other, s });
      if (++taken === count) break;
    }
  }
  return candidates
    .sort((a, b) => b.s - a.s || byDateDesc(a.other, b.other))
    .slice(0, count)
    .map((x) => x.other);
}
