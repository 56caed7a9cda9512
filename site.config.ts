import { defineSite } from './src/build/config.ts';
import type { Entry } from './src/build/types.ts';
import { articleSchema, navSchema, pageSchema, partnersSchema, siteSchema, type ArticleData, type PageData } from './templates/schemas.ts';
import { HomePage } from './templates/pages/home.tsx';
import { StandardPage } from './templates/pages/standard.tsx';
import { ArticlePage } from './templates/pages/article.tsx';
import { NotFoundPage } from './templates/pages/not-found.tsx';

const byDateDesc = (a: Entry<ArticleData>, b: Entry<ArticleData>) =>
  a.data.date < b.data.date ? 1 : a.data.date > b.data.date ? -1 : a.data.id - b.data.id;

/** The love and dating advice site: its content model, route table and templates. */
export default defineSite({
  styles: 'templates/styles/site.css',
  collections: {
    site: { kind: 'json', file: 'site.json', schema: siteSchema },
    nav: { kind: 'json', file: 'data/nav.json', schema: navSchema },
    partners: { kind: 'json', file: 'data/partners.json', schema: partnersSchema },
    pages: { kind: 'markdown', folder: 'pages', schema: pageSchema },
    articles: { kind: 'markdown', folder: 'articles', schema: articleSchema },
  },
  settings: ({ site }) => ({
    title: site.title,
    description: site.description,
    url: site.url,
    lang: site.lang,
    affiliateHosts: site.affiliateHosts,
  }),
  shared: ({ site, nav, partners }) => ({ site, nav, partners }),
  routes: [
    {
      pattern: '/{page}',
      pages: ({ pages, articles }) =>
        pages.map((entry: Entry<PageData>) => {
          const template = entry.data.template;
          const path = entry.data.path ?? `/${entry.slug}`;
          return {
            path,
            template: template === 'home' ? 'home' : template === 'not-found' ? 'not-found' : 'standard',
            props: template === 'home' ? { latest: [...articles].sort(byDateDesc).slice(0, 4).map(articleCard) } : {},
            entry,
            sources: [entry.file],
            aliases: entry.data.aliases,
            noindex: entry.data.noindex || template === 'not-found',
            outFile: template === 'not-found' ? '404.html' : undefined,
          };
        }),
    },
    {
      pattern: '/post/:slug',
      pages: ({ articles }) => {
        const sorted = [...articles].sort(byDateDesc);
        return sorted.map((entry: Entry<ArticleData>, i: number) => ({
          path: `/post/${entry.slug}`,
          template: 'article',
          props: { related: relatedArticles(sorted, i).map(articleCard) },
          entry,
          sources: [entry.file],
          aliases: entry.data.aliases,
        }));
      },
    },
  ],
  templates: {
    home: HomePage,
    standard: StandardPage,
    article: ArticlePage,
    'not-found': NotFoundPage,
  },
  feed: ({ site, articles }) => ({
    title: `${site.title}: articles`,
    entries: articles.map((a: Entry<ArticleData>) => ({
      path: `/post/${a.slug}`,
      title: a.data.title,
      date: a.data.date,
      summary: a.data.excerpt,
      author: a.data.author,
    })),
  }),
  scaffolds: {
    post: ({ title, slug, today }) => ({
      file: `content/articles/${slug}.md`,
      text: [
        '---',
        `id: 1000`,
        `title: ${JSON.stringify(title)}`,
        `excerpt: "One or two sentences that tell a reader what they will take away."`,
        `category: Relationship`,
        `date: ${today}`,
        `author: The Heart Notes editors`,
        `coverImage: /images/covers/default.svg`,
        `coverAlt: "Describe the cover image for someone who cannot see it"`,
        `draft: true`,
        '---',
        '',
        `Start with the reader's situation in a sentence or two.`,
        '',
        '## The first idea',
        '',
        'Write the advice here. Remove `draft: true` above when it is ready to publish.',
        '',
      ].join('\n'),
    }),
    page: ({ title, slug }) => ({
      file: `content/pages/${slug}.md`,
      text: ['---', `title: ${JSON.stringify(title)}`, `description: "What this page offers, in one sentence."`, 'draft: true', '---', '', 'Write the page here.', ''].join('\n'),
    }),
  },
});

/** Two other articles for "You Might Also Like": the next two in date order, wrapping round. */
function relatedArticles<T>(sorted: T[], index: number): T[] {
  if (sorted.length < 2) return [];
  const picks = [sorted[(index + 1) % sorted.length], sorted[(index + 2) % sorted.length]];
  return picks.filter((p, i) => p !== sorted[index] && picks.indexOf(p) === i);
}

function articleCard(entry: Entry<ArticleData>) {
  const { title, excerpt, date, coverImage, coverAlt, category } = entry.data;
  return { slug: entry.slug, title, excerpt, date, coverImage, coverAlt, category };
}
