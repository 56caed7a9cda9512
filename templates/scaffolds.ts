import type { ScaffoldInput, ScaffoldQuestion, ScaffoldSpec } from '../src/index.ts';
import { categoryNames } from './checks.ts';
import type { SiteContent } from './content.ts';

/**
 * What `heartnotes new` writes (`scaffolds` in site.config.ts), and the placeholder texts in it.
 * The collections list the same texts as `scaffoldText`, so an entry published with one of them
 * still in it is an error at its line (docs/content.md, "Placeholders"); a draft may keep them.
 */
export const PLACEHOLDER = {
  excerpt: 'One or two sentences that tell a reader what they will take away.',
  coverAlt: 'Describe the cover image for someone who cannot see it',
  articleStart: "Start with the reader's situation in a sentence or two.",
  articleAdvice: 'Write the advice here. Remove `draft: true` above when it is ready to publish.',
  pageDescription: 'What this page offers, in one sentence.',
  pageBody: 'Write the page here.',
  guideDescription: 'What a reader will learn from this guide, in one or two sentences (50-170 characters).',
  guideExcerpt: "One or two sentences for the guide's card on /guides.",
  guideStart: "Start with the reader's situation.",
  productName: 'The product name',
  brand: 'The brand or seller',
  reviewKeyword: 'What readers search for, e.g. the product name and "review"',
  /** A price no real product is reviewed at, distinct enough to find inside no other price. */
  price: '$0.00',
  pro: 'What the product does well, one point a line',
  con: 'Where it falls short, one point a line',
  reviewStart: 'Start with who the product is for and what it promises, then what we checked and how.',
  giftDescription: 'Who these gifts are for and what makes them fit, in one or two sentences (50-170 characters).',
  giftExcerpt: "One or two sentences for the gift guide's card.",
  giftStart: 'Start with who the gifts are for and the occasion. Add each pick under "items" above.',
} as const;

const all = Object.values(PLACEHOLDER);
/** Placeholder texts by collection, for `scaffoldText` in collections.ts. */
export const scaffoldText = { articles: all, pages: all, guides: all, reviews: all, gifts: all };

type Input = ScaffoldInput<SiteContent>;

/** The next free `id` of a collection, counting files that fail to load or validate too (read off their `id:` line). */
function nextId(entries: { data: { id: number } }[], broken: Input['broken'], folder: string): number {
  const written = broken.filter((b) => b.file.startsWith(`content/${folder}/`)).map((b) => Number(/^id:[ \t]*["']?(\d+)/m.exec(b.text)?.[1] ?? 0));
  return Math.max(0, ...entries.map((e) => e.data.id), ...written) + 1;
}

/** `new post|guide|gift|review` asks for the topic: a name content/data/categories.json lists. */
const category: ScaffoldQuestion<SiteContent> = {
  describe: 'the category, a name content/data/categories.json lists',
  choices: (content) => categoryNames(content),
};

const post: ScaffoldSpec<SiteContent> = {
  ask: { category },
  make: ({ title, slug, today, content, broken, answers }) => ({
    file: `content/articles/${slug}.md`,
    text: [
      '---',
      // The next free id: listings and category pages name articles by id.
      `id: ${nextId(content.articles, broken, 'articles')}`,
      `title: ${JSON.stringify(title)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.excerpt)}`,
      `category: ${JSON.stringify(answers.category)}`,
      `date: ${today}`,
      `author: ${content.site.editorialTeam.name}`,
      `draft: true`,
      '---',
      '',
      PLACEHOLDER.articleStart,
      '',
      '## The first idea',
      '',
      PLACEHOLDER.articleAdvice,
      '',
    ].join('\n'),
  }),
};

const guide: ScaffoldSpec<SiteContent> = {
  ask: { category },
  make: ({ title, slug, today, answers }) => ({
    file: `content/guides/${slug}.md`,
    text: [
      '---',
      `title: ${JSON.stringify(title)}`,
      `description: ${JSON.stringify(PLACEHOLDER.guideDescription)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.guideExcerpt)}`,
      `category: ${JSON.stringify(answers.category)}`,
      `date: ${today}`,
      'draft: true',
      '---',
      '',
      PLACEHOLDER.guideStart,
      '',
    ].join('\n'),
  }),
};

/**
 * A product review at /affiliate/{slug}. No rating: one is shown only when an editor writes it
 * (docs/product.md, "Honest versions"); the price is a placeholder the build refuses once published.
 */
const review: ScaffoldSpec<SiteContent> = {
  ask: { category },
  make: ({ title, slug, today, content, broken, answers }) => ({
    file: `content/reviews/${slug}.md`,
    text: [
      '---',
      `id: ${nextId(content.reviews, broken, 'reviews')}`,
      `productName: ${JSON.stringify(PLACEHOLDER.productName)}`,
      `mainKeyword: ${JSON.stringify(PLACEHOLDER.reviewKeyword)}`,
      `reviewDate: ${today}`,
      `brand: ${JSON.stringify(PLACEHOLDER.brand)}`,
      `slug: ${slug}`,
      `title: ${JSON.stringify(title)}`,
      `date: ${today}`,
      `author: ${content.site.editorialTeam.name}`,
      `category: ${JSON.stringify(answers.category)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.excerpt)}`,
      '# The merchant\'s price when you checked, e.g. "$39" or "$39.69"; commission is never shown.',
      `price: ${JSON.stringify(PLACEHOLDER.price)}`,
      'commission: 0',
      '# Who sells it, as readers know them: the link reads "Check price at <merchant>" (default: the brand).',
      '# merchant: "Amazon"',
      '# true only when an editor used the product; the page says plainly when it was not tested.',
      'testedHandsOn: false',
      'pros:',
      `  - ${JSON.stringify(PLACEHOLDER.pro)}`,
      'cons:',
      `  - ${JSON.stringify(PLACEHOLDER.con)}`,
      'draft: true',
      '---',
      '',
      PLACEHOLDER.reviewStart,
      '',
    ].join('\n'),
  }),
};

/** A gift guide at /{slug}; its picks go under `items` (the fields are `giftItem`'s in templates/schemas.ts). */
const gift: ScaffoldSpec<SiteContent> = {
  ask: { category },
  make: ({ title, slug, today, answers }) => ({
    file: `content/gifts/${slug}.md`,
    text: [
      '---',
      `title: ${JSON.stringify(title)}`,
      `description: ${JSON.stringify(PLACEHOLDER.giftDescription)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.giftExcerpt)}`,
      `category: ${JSON.stringify(answers.category)}`,
      `date: ${today}`,
      '# items: one group of fields per pick, as in giftItem (templates/schemas.ts)',
      'items: []',
      'draft: true',
      '---',
      '',
      PLACEHOLDER.giftStart,
      '',
    ].join('\n'),
  }),
};

export const scaffolds = {
  post,
  page: ({ title, slug }: Input) => ({
    file: `content/pages/${slug}.md`,
    text: ['---', `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(PLACEHOLDER.pageDescription)}`, 'draft: true', '---', '', PLACEHOLDER.pageBody, ''].join('\n'),
  }),
  guide,
  review,
  gift,
};
