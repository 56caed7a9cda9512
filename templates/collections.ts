import type { CollectionSpec } from '../src/index.ts';
import {
  articleSchema, categoriesSchema, featuresSchema, giftSchema, guideIndexSchema, guideSchema, homeSchema, navSchema,
  landingSchema, outboundSchema, pageSchema, partnersSchema, reviewSchema, siteSchema, thirdPartiesSchema,
} from './schemas.ts';
import { scaffoldText } from './scaffolds.ts';

/**
 * The site's content model: each collection's files under content/ and the zod schema that
 * validates them. The content type every route, template and config function sees is read off
 * it (`SiteContent` in content.ts), so it is declared once, here.
 */
export const collections = {
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
  pages: { kind: 'markdown', folder: 'pages', schema: pageSchema, scaffoldText: scaffoldText.pages },
  articles: { kind: 'markdown', folder: 'articles', schema: articleSchema, scaffoldText: scaffoldText.articles },
  guides: { kind: 'markdown', folder: 'guides', schema: guideSchema, scaffoldText: scaffoldText.guides },
  reviews: { kind: 'markdown', folder: 'reviews', schema: reviewSchema, placeholders: 'fields-only', scaffoldText: scaffoldText.reviews },
  gifts: { kind: 'markdown', folder: 'gifts', schema: giftSchema, scaffoldText: scaffoldText.gifts },
  landing: { kind: 'markdown', folder: 'landing', schema: landingSchema },
} satisfies Record<string, CollectionSpec>;
