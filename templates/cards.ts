import { z } from 'zod';
import type { CardSpec, CardsConfig, Route } from '../src/index.ts';

/**
 * The social cards (the picture a shared link shows): the site's colours, Lora for titles and
 * Inter for labels (both OFL fonts from npm, so every machine draws the same card), and what
 * each kind of page puts on its card. Pages that name their own `socialImage`, and pages nobody
 * shares (not-found pages, partner hand-offs, search), get none; the home page keeps the site's
 * own card (public/images/social-card.png).
 */

/**
 * The front-matter fields a card reads, from any collection. The pages reach the cards untyped
 * (a card is drawn for every template), so the fields are read through a schema, not a cast;
 * the collections' own schemas have already checked them.
 */
const cardFields = z.object({
  title: z.string().optional(),
  category: z.string().optional(),
  coverImage: z.string().optional(),
  socialImage: z.string().optional(),
  hero: z.object({ image: z.string().optional() }).optional(),
});

/** What a category page's card reads of its `info` prop. */
const categoryFields = z.object({ title: z.string(), bannerImage: z.string().optional() });

/** Labels by template, for pages whose front matter has no category to show. */
const LABELS: Record<string, string> = { review: 'Honest review', gift: 'Gift guide' };

/** Cards of pages without a Markdown entry, by template. */
function listingCard(page: Route): CardSpec | undefined {
  switch (page.template) {
    case 'articles':
      return { title: 'Every article, newest first', label: 'Articles' };
    case 'posts':
      return { title: 'All reviews and features', label: 'Reviews' };
    case 'guides':
      return { title: 'Long-form guides on love, dating and breakups', label: 'Guides' };
    case 'category': {
      const info = categoryFields.parse(page.props.info);
      return { title: info.title, label: 'Category', image: info.bannerImage };
    }
    default:
      return undefined;
  }
}

export const cards: CardsConfig = {
  style: {
    background: '#fffaf7',
    title: { font: '@fontsource/lora/files/lora-latin-700-normal.woff', color: '#4a1f33' },
    label: { font: '@fontsource/inter/files/inter-latin-700-normal.woff', color: '#a3123a' },
    accent: '#e8b64c',
    bar: { color: '#a3123a', text: 'Heart Notes', textColor: '#ffffff' },
  },
  of: (page) => {
    if (!page.entry) return listingCard(page);
    const data = cardFields.parse(page.entry.data);
    if (data.socialImage || !data.title) return undefined;
    switch (page.template) {
      case 'article':
      case 'guide':
        return { title: data.title, label: data.category, image: data.coverImage };
      case 'review':
      case 'gift':
        return { title: data.title, label: LABELS[page.template], image: data.coverImage };
      case 'landing':
        return { title: data.title, image: data.hero?.image };
      case 'standard':
      case 'contact':
        return { title: data.title };
      default:
        return undefined;
    }
  },
};
