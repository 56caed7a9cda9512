import { defineSite } from './src/pipeline/compile/compile-site.ts';
import type { Entry } from './src/pipeline/types.ts';
import { byDateDesc, type SiteContent } from './templates/content.ts';
import { outboundRedirects, routes } from './templates/routes.ts';
import {
  articleSchema, categoriesSchema, featuresSchema, giftSchema, guideIndexSchema, guideSchema, homeSchema, navSchema,
  landingSchema, outboundSchema, pageSchema, partnersSchema, reviewSchema, siteSchema, thirdPartiesSchema, type ArticleData,
} from './templates/schemas.ts';
import { templates } from './templates/index.ts';
import { breakupChecklistPdf } from './templates/lib/checklist-pdf.ts';

/** The love and dating advice site: its content model, route table and templates. */
export default defineSite({
  styles: 'templates/styles/site.css',
  collections: {
    site: { kind: 'json', file: 'site.json', schema: siteSchema },
    nav: { kind: 'json', file: 'data/nav.json', schema: navSchema },
    partners: { kind: 'json', file: 'data/partners.json', schema: partnersSchema },
    categories: { kind: 'json', file: 'data/categories.json', schema: categoriesSchema },
    guideIndex: { kind: 'json', file: 'data/guide-index.json', schema: guideIndexSchema },
    features: { kind: 'json', file: 'data/features.json', schema: featuresSchema },
    home: { kind: 'json', file: 'data/home.json', schema: homeSchema },
    promos: { kind: 'json', file: 'data/promos.json', schema: outboundSchema },
    outbound: { kind: 'json', file: 'data/redirects.json', schema: outboundSchema },
    thirdParties: { kind: 'json', file: 'data/third-parties.json', schema: thirdPartiesSchema },
    pages: { kind: 'markdown', folder: 'pages', schema: pageSchema },
    articles: { kind: 'markdown', folder: 'articles', schema: articleSchema },
    guides: { kind: 'markdown', folder: 'guides', schema: guideSchema },
    reviews: { kind: 'markdown', folder: 'reviews', schema: reviewSchema, placeholders: true },
    gifts: { kind: 'markdown', folder: 'gifts', schema: giftSchema },
    landing: { kind: 'markdown', folder: 'landing', schema: landingSchema },
  },
  settings: ({ site }) => ({
    title: site.title,
    description: site.description,
    url: site.url,
    lang: site.lang,
    affiliateHosts: site.affiliateHosts,
  }),
  shared: ({ site, nav, partners, categories, thirdParties }) => ({ site, nav, partners, categoryGroups: categories.groups, thirdParties }),
  routes: routes as never,
  redirects: (content) => outboundRedirects(content as unknown as SiteContent),
  files: (content): Record<string, Uint8Array> => {
    const checklist = (content.guides as Entry<any>[]).find((g) => g.slug === 'breakup-checklist');
    return checklist ? { 'downloads/breakup-checklist.pdf': breakupChecklistPdf(checklist) } : {};
  },
  templates,
  feed: ({ site, articles }) => ({
    title: `${site.title}: articles`,
    entries: [...articles].sort(byDateDesc).map((a: Entry<ArticleData>) => ({
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
    guide: ({ title, slug, today }) => ({
      file: `content/guides/${slug}.md`,
      text: [
        '---',
        `title: ${JSON.stringify(title)}`,
        `description: "What a reader will learn from this guide, in one or two sentences (50-170 characters)."`,
        `excerpt: "One or two sentences for the guide's card on /guides."`,
        'category: Relationship Advice',
        `date: ${today}`,
        'coverImage: /images/covers/default.svg',
        'coverAlt: "Describe the cover image for someone who cannot see it"',
        'draft: true',
        '---',
        '',
        'Start with the reader\'s situation.',
        '',
      ].join('\n'),
    }),
  },
});
