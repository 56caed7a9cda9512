import { z } from 'zod';
import { dateField, imagePath, sitePath, slugField } from '../src/build/fields.ts';

/** content/site.json: the site's name, address and settings editors may change. */
export const siteSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string(),
  description: z.string().min(1).max(200),
  url: z.string().url(),
  lang: z.string().default('en'),
  copyrightYear: z.number().int().min(2000).max(2100),
  affiliateHosts: z.array(z.string()).default([]),
  image: imagePath(),
  imageAlt: z.string(),
  editorialTeam: z.strictObject({
    name: z.string(),
    bio: z.string(),
  }),
  contactEmail: z.string().email(),
});

/** content/data/nav.json: the header navigation. */
export const navSchema = z.array(z.strictObject({ name: z.string().min(1), path: sitePath() }));

/** content/data/partners.json: the three partner ads of the banner block. */
export const partnersSchema = z.array(
  z.strictObject({
    name: z.string(),
    description: z.string(),
    url: z.string().url(),
    cta: z.string(),
    image: imagePath(),
    imageAlt: z.string(),
  }),
).max(3);

const hero = z.strictObject({
  heading: z.string(),
  text: z.string(),
  image: imagePath(),
  imageAlt: z.string(),
});

/** content/pages/*.md: standalone pages such as About or the privacy policy. */
export const pageSchema = z.strictObject({
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(200),
  template: z.enum(['page', 'home', 'legal', 'thank-you', 'not-found']).default('page'),
  slug: slugField().optional(),
  /** Where the page lives instead of `/{slug}`, e.g. `/` for the home page. */
  path: sitePath().optional(),
  heading: z.string().optional(),
  hero: hero.optional(),
  sidebar: z.boolean().default(false),
  partners: z.boolean().default(false),
  noindex: z.boolean().default(false),
  aliases: z.array(z.string()).default([]),
  draft: z.boolean().default(false),
  updated: dateField().optional(),
  effective: dateField().optional(),
  image: imagePath().optional(),
  imageAlt: z.string().optional(),
});

/** content/articles/*.md: the articles at /post/{slug}. */
export const articleSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string().min(1).max(140),
  slug: slugField().optional(),
  excerpt: z.string().min(1).max(300),
  category: z.string().default('Relationship'),
  date: dateField(),
  author: z.string().min(1),
  coverImage: imagePath(),
  coverAlt: z.string().min(1),
  conclusion: z.string().optional(),
  aliases: z.array(z.string()).default([]),
  draft: z.boolean().default(false),
});

export type SiteData = z.infer<typeof siteSchema>;
export type NavItem = z.infer<typeof navSchema>[number];
export type Partner = z.infer<typeof partnersSchema>[number];
export type PageData = z.infer<typeof pageSchema>;
export type ArticleData = z.infer<typeof articleSchema>;
