import type { ScaffoldInput } from '../src/index.ts';
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
} as const;

const all = Object.values(PLACEHOLDER);
/** Placeholder texts by collection, for `scaffoldText` in collections.ts. */
export const scaffoldText = { articles: all, pages: all, guides: all };

type Input = ScaffoldInput<SiteContent>;

/**
 * One more than the highest article id, counting articles that fail to load or validate too (read
 * off their `id:` line), so a new article never takes the id of one that is only broken for now.
 */
function nextArticleId(content: SiteContent, broken: Input['broken']): number {
  const written = broken
    .filter((b) => b.file.startsWith('content/articles/'))
    .map((b) => Number(/^id:[ \t]*["']?(\d+)/m.exec(b.text)?.[1] ?? 0));
  return Math.max(0, ...content.articles.map((a) => a.data.id), ...written) + 1;
}

export const scaffolds = {
  post: ({ title, slug, today, content, broken }: Input) => ({
    file: `content/articles/${slug}.md`,
    text: [
      '---',
      // The next free id: listings and category pages name articles by id.
      `id: ${nextArticleId(content, broken)}`,
      `title: ${JSON.stringify(title)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.excerpt)}`,
      `category: Relationships`,
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
  page: ({ title, slug }: Input) => ({
    file: `content/pages/${slug}.md`,
    text: ['---', `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(PLACEHOLDER.pageDescription)}`, 'draft: true', '---', '', PLACEHOLDER.pageBody, ''].join('\n'),
  }),
  guide: ({ title, slug, today }: Input) => ({
    file: `content/guides/${slug}.md`,
    text: [
      '---',
      `title: ${JSON.stringify(title)}`,
      `description: ${JSON.stringify(PLACEHOLDER.guideDescription)}`,
      `excerpt: ${JSON.stringify(PLACEHOLDER.guideExcerpt)}`,
      'category: Relationships',
      `date: ${today}`,
      'draft: true',
      '---',
      '',
      PLACEHOLDER.guideStart,
      '',
    ].join('\n'),
  }),
};
