import { listed, type Entry, type PageSpec, type Redirect, type RouteDef, type RouteProps } from '../src/index.ts';
import {
  allTags,
  articleCard,
  byDateDesc,
  categoryMembers,
  featureHref,
  listableCard,
  resolveAlternative,
  resolveCard,
  reviewCard,
  taggedWith,
  tagSlug,
  topicPath,
  topicProps,
  type SiteContent,
} from './content.ts';
import type { PageData } from './schemas.ts';
import { page, type TemplateName, type templates } from './index.ts';

/** Articles per /guides page (docs/product.md, "Constants"). */
export const GUIDES_PER_PAGE = 6;

/** How many /guides pages the site has published (six in 2025): any the index no longer fills redirects to its first page. */
const GUIDES_PAGES_PUBLISHED = 6;

/** Cards per page of the full list on /category/{cat} and /category/{cat}/page/N. */
export const CATEGORY_PER_PAGE = 9;

/** Cards per page of /tag/{tag} and /tag/{tag}/page/N: a tag of a large site may gather thousands. */
export const TAG_PER_PAGE = 24;

/** The messages unknown addresses show, by section (docs/product.md, "Core pages"). */
export const sectionNotFound = [
  { section: 'post', prefix: '/post/', title: 'Article not found', message: "Oops! We couldn't find the article you're looking for." },
  { section: 'affiliate', prefix: '/affiliate/', title: 'Product not found', message: 'Product not found' },
  { section: 'category', prefix: '/category/', title: 'Category not found', message: 'No detailed information was found for this category.' },
  { section: 'promo', prefix: '/promo/', title: 'Redirecting...', message: 'Redirecting...' },
] as const;

/** The page of a Markdown entry at `path`, shown by `template` with its props. */
function entryPage<K extends TemplateName>(entry: Entry<{ aliases?: string[]; [field: string]: unknown }>, path: string, template: K, props: RouteProps<(typeof templates)[K]>): PageSpec {
  return page(template, props, { path, entry, sources: [entry.file], aliases: entry.data.aliases ?? [] });
}

/** Every route of the site: pattern, the pages it produces, and the template of each. */
export const routes: RouteDef<SiteContent>[] = [
  {
    pattern: '/{page}',
    pages: (c) =>
      c.pages.map((entry: Entry<PageData>) => {
        const { template, path, noindex } = entry.data;
        const at = path ?? `/${entry.slug}`;
        if (template === 'home') return { ...entryPage(entry, at, 'home', homeProps(c)), noindex };
        if (template === 'not-found') {
          return { ...entryPage(entry, at, 'not-found', { sections: sectionNotFound.map(({ prefix, message }) => ({ prefix, message })) }), outFile: '404.html', noindex: true };
        }
        return { ...entryPage(entry, at, pageTemplates[template], {}), noindex };
      }),
  },
  {
    pattern: '/post/:slug',
    pages: (c) => {
      const sorted = [...c.articles].sort(byDateDesc);
      return sorted.map((entry) => entryPage(entry, `/post/${entry.slug}`, 'article', topicProps('article', entry, c)));
    },
  },
  {
    pattern: '/articles',
    pages: (c) => [page('articles', { articles: listed(c.articles).sort(byDateDesc).map((a) => articleCard(a, c)) }, { path: '/articles', sources: ['content/articles/'] })],
  },
  {
    pattern: '/posts',
    pages: (c) => [page('posts', { cards: c.features.map((ref) => resolveCard(ref, c, featureHref(ref.slug))) }, { path: '/posts', sources: ['content/data/features.json'] })],
  },
  {
    pattern: '/guides, /guides/page/:n',
    pages: (c) => {
      const cards = guideIndexCards(c);
      const pageCount = Math.max(1, Math.ceil(cards.length / GUIDES_PER_PAGE));
      return Array.from({ length: pageCount }, (_, i) =>
        page('guides', { cards: cards.slice(i * GUIDES_PER_PAGE, (i + 1) * GUIDES_PER_PAGE), pageNumber: i + 1, pageCount }, {
          path: i === 0 ? '/guides' : `/guides/page/${i + 1}`,
          sources: ['content/data/guide-index.json', 'content/guides/'],
          // Page 1 has one address; /guides/page/1 would only duplicate it. Pages the index once had
          // and no longer fills go to its first page, so their links keep working.
          aliases: i === 0 ? ['/guides/page/1', ...Array.from({ length: Math.max(0, GUIDES_PAGES_PUBLISHED - pageCount) }, (_, k) => `/guides/page/${pageCount + k + 1}`)] : [],
        }),
      );
    },
  },
  {
    pattern: '/search',
    // Results come from the build's search index in the browser; the page itself is the same for every query.
    pages: () => [page('search', {}, { path: '/search', sources: ['templates/routes.ts'], noindex: true })],
  },
  {
    pattern: '/{guide}',
    pages: (c) => c.guides.map((entry) => entryPage(entry, `/${entry.slug}`, 'guide', topicProps('guide', entry, c))),
  },
  {
    pattern: '/{gift}',
    pages: (c) => c.gifts.map((entry) => entryPage(entry, `/${entry.slug}`, 'gift', topicProps('gift', entry, c))),
  },
  {
    pattern: '/{landing}',
    pages: (c) => c.landing.map((entry) => ({ ...entryPage(entry, entry.data.path, 'landing', {}), noindex: entry.data.noindex })),
  },
  {
    pattern: '/affiliate/:slug',
    pages: (c) =>
      c.reviews.flatMap((entry) => {
        const canonical = `/affiliate/${entry.slug}`;
        const topic = topicProps('review', entry, c);
        const alternatives = entry.data.alternatives.map((path) => resolveAlternative(path, c)).filter((a) => a !== undefined);
        const props = { ...topic, alternatives: alternatives.map((a) => a.card) };
        const main = {
          ...entryPage(entry, canonical, 'review', props),
          // The better choices' titles and summaries are shown: a change to one re-renders the review.
          sources: [entry.file, ...alternatives.map((a) => a.file)],
        };
        if (!entry.data.landingPath) return [main];
        // The landing address shows the same review; its canonical is the /affiliate/ one, so it
        // stays out of the sitemap.
        return [main, { ...main, ...page('review', { ...props, canonicalPath: canonical }, { ...main, path: entry.data.landingPath, aliases: [], noindex: true }) }];
      }),
  },
  {
    pattern: '/category/:cat, /category/:cat/page/:n',
    pages: (c) =>
      c.categories.categories.flatMap((info, index) => {
        const members = categoryMembers(info, c);
        const all = members.map((item) => listableCard(item, c));
        const pageCount = Math.max(1, Math.ceil(all.length / CATEGORY_PER_PAGE));
        const base = topicPath(info);
        const common = {
          info,
          index,
          articles: info.hotArticles
            .map((slug) => listed(c.articles).find((a) => a.slug === slug))
            .filter((a) => a !== undefined)
            .map((a) => articleCard(a, c)),
          guides: info.guides.map((slug) => resolveCard({ slug }, c, `/${slug}`)),
          total: all.length,
          // Real figures instead of an invented popularity score (docs/product.md, "One taxonomy").
          newest: members[0]?.entry.data.date,
          pageCount,
        };
        return Array.from({ length: pageCount }, (_, i) =>
          page('category', { ...common, pageNumber: i + 1, listed: all.slice(i * CATEGORY_PER_PAGE, (i + 1) * CATEGORY_PER_PAGE) }, {
            path: i === 0 ? base : `${base}/page/${i + 1}`,
            sources: ['content/data/categories.json', 'content/articles/', 'content/guides/', 'content/gifts/', 'content/reviews/'],
            aliases: i === 0 ? [`${base}/page/1`, ...info.aliases] : [],
          }),
        );
      }),
  },
  {
    pattern: '/tag/:tag, /tag/:tag/page/:n',
    pages: (c) =>
      allTags(c).flatMap(({ tag, path: base }) => {
        const slug = base.slice('/tag/'.length);
        const topics = c.categories.categories.filter((info) => info.tags.some((t) => tagSlug(t) === slug));
        const cards = taggedWith(slug, c).map((item) => listableCard(item, c));
        const pageCount = Math.max(1, Math.ceil(cards.length / TAG_PER_PAGE));
        return Array.from({ length: pageCount }, (_, i) =>
          page(
            'tag',
            {
              tag,
              topics: topics.map((t) => ({ title: t.title, path: topicPath(t), description: t.description })),
              cards: cards.slice(i * TAG_PER_PAGE, (i + 1) * TAG_PER_PAGE),
              total: cards.length,
              pageNumber: i + 1,
              pageCount,
            },
            {
              path: i === 0 ? base : `${base}/page/${i + 1}`,
              sources: ['content/data/categories.json', 'content/articles/', 'content/guides/', 'content/gifts/', 'content/reviews/'],
              aliases: i === 0 ? [`${base}/page/1`] : [],
              // A tag nothing carries yet answers, but is not worth a search engine's visit.
              noindex: cards.length === 0,
            },
          ),
        );
      }),
  },
  {
    pattern: '/gifts',
    pages: (c) => [
      page(
        'gifts-index',
        {
          cards: listed(c.gifts)
            .sort((a, b) => (a.data.date < b.data.date ? 1 : a.data.date > b.data.date ? -1 : a.slug.localeCompare(b.slug)))
            .map((g) => resolveCard({ slug: g.slug }, c, `/${g.slug}`)),
        },
        { path: '/gifts', sources: ['content/gifts/'] },
      ),
    ],
  },
  {
    pattern: '/promo/:id, /redirect/:id',
    pages: (c) => [
      ...c.promos.map((p) => outboundPage(`/promo/${p.id}`, p.partner, p.url, 'content/data/promos.json')),
      ...c.outbound.map((p) => outboundPage(`/redirect/${p.id}`, p.partner, p.url, 'content/data/redirects.json')),
    ],
  },
  {
    // Written as `<section>/404.html`: each host serves it, with status 404, for the unknown
    // addresses of its section (see the generator's hosts/redirects.ts).
    pattern: '/:section/404',
    pages: () =>
      sectionNotFound.map((s) =>
        page('section-not-found', { title: s.title, message: s.message, minimal: s.section === 'promo' }, { path: `/${s.section}/404`, sources: ['templates/routes.ts'], noindex: true }),
      ),
  },
];

/** Real redirects for partner links, in `_redirects`. */
export function outboundRedirects(c: SiteContent): Redirect[] {
  return [
    ...c.promos.map((p) => ({ from: `/promo/${p.id}`, to: p.url, status: 302, htmlPage: false })),
    ...c.outbound.map((p) => ({ from: `/redirect/${p.id}`, to: p.url, status: 302, htmlPage: false })),
  ];
}

/** The template of a page whose front matter names no props of its own (home and not-found get theirs above). */
const pageTemplates: Record<Exclude<PageData['template'], 'home' | 'not-found'>, 'standard' | 'contact' | 'affiliate-button'> = {
  page: 'standard',
  legal: 'standard',
  'thank-you': 'standard',
  contact: 'contact',
  'affiliate-button': 'affiliate-button',
};

/** The home page's lead story and the six after it (docs/product.md, "Core pages"). */
export const HOME_LATEST = 1 + 6;

/**
 * The topics the home page links to: the top-level categories of content/data/categories.json,
 * in its order, each with how many entries it holds (a real count, not a score).
 */
function homeTopics(c: SiteContent) {
  return c.categories.categories
    .filter((info) => !info.category.includes('/'))
    .map((info) => ({ title: info.title, path: topicPath(info), description: info.description, count: categoryMembers(info, c).length }));
}

function homeProps(c: SiteContent) {
  return {
    latest: listed(c.articles).sort(byDateDesc).slice(0, HOME_LATEST).map((a) => articleCard(a, c)),
    topics: homeTopics(c),
    guideCards: c.home.guideCards.map((slug) => resolveCard({ slug }, c, `/${slug}`)),
    featured: c.home.featuredReviews.map((slug) => {
      const review = c.reviews.find((r) => r.slug === slug);
      if (!review) throw new Error(`content/data/home.json features the review "${slug}", which does not exist`);
      return reviewCard(review, c);
    }),
    signup: c.home.signup,
  };
}

/**
 * The cards of /guides: guide-index.json's, in its order (an editor's choice, which mixes in gift
 * guides and reviews), then every guide it does not list, newest first, so a new guide is listed
 * without anyone editing the file.
 */
export function guideIndexCards(c: SiteContent) {
  const indexed = new Set(c.guideIndex.map((ref) => ref.slug));
  const rest = listed(c.guides)
    .filter((g) => !indexed.has(g.slug))
    .sort((a, b) => (a.data.date < b.data.date ? 1 : a.data.date > b.data.date ? -1 : a.slug.localeCompare(b.slug)));
  return [...c.guideIndex, ...rest.map((g) => ({ slug: g.slug }))].map((ref) => resolveCard(ref, c, `/${ref.slug}`));
}

function outboundPage(path: string, partner: string, url: string, source: string): PageSpec {
  return page('outbound', { partner, url }, { path, sources: [source], noindex: true });
}
