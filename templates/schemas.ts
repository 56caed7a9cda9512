import { z } from 'zod';
import { dateField, dateTimeField, imagePath, sitePath, slugField, webUrl } from '../src/index.ts';
import { checkAllowedUrl, normalizeAllowList } from '../site/landing/index.ts';

/** content/site.json: the site's name, address and settings editors may change. */
export const siteSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string(),
  description: z.string().min(1).max(200),
  url: webUrl(),
  lang: z.string().default('en'),
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

/**
 * An article named by its slug. A number is refused with what to write instead: these lists
 * named articles by their numeric `id` until an id meant nothing to an editor reading the file.
 */
const articleSlug = z.unknown().transform((value, ctx) => {
  if (typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) return value;
  ctx.addIssue({
    code: 'custom',
    message: typeof value === 'number' ? `expected an article's slug, but it is the number ${value}: articles are named by slug, not id` : "expected an article's slug, such as first-date-tips",
    params: { hint: "write the article's file name without .md (or its slug: field), e.g. \"first-date-tips\"" },
  });
  return z.NEVER;
});

/**
 * content/data/categories.json: the site's topics (docs/product.md, "One taxonomy"). Each has a
 * page at /category/{category}, a place in the sidebar, and the tags readers find it by; every
 * article, guide, gift guide and review names one by its `title` in `category:`.
 */
export const categoriesSchema = z.strictObject({
  categories: z.array(
    z.strictObject({
      /** The page's key: "dating" → /category/dating. */
      category: z.string().regex(/^[a-z0-9-]+$/, 'expected a key such as dating or self-care'),
      /** The name entries give in `category:`, shown as the kicker above their titles. */
      title: z.string().min(1),
      description: z.string().min(1).max(200),
      /** Longer text (Markdown). */
      details: z.string().min(1),
      /** Slugs of the articles featured on the page (their file names, or their `slug:`). */
      hotArticles: z.array(articleSlug).default([]),
      /** Guides featured on the page, by slug. */
      guides: z.array(z.string()).default([]),
      /** One of the five topic icons (templates/components/topic-icon.tsx); when absent the page takes the next in turn. */
      icon: z.enum(['hearts', 'speech', 'sprout', 'sparkles', 'flower']).optional(),
      bannerImage: imagePath(),
      bannerAlt: z.string().min(1),
      /**
       * The topic's tags, shown on its page and in the sidebar. Together they are the site's tags:
       * an entry's `tags` must be among them (templates/checks.ts), so a misspelt tag never makes a
       * page of its own.
       */
      tags: z.array(z.string().min(1)).default([]),
      /** Old addresses that now redirect to this topic's page (301), e.g. a retired sub-category. */
      aliases: z.array(sitePath()).default([]),
      /**
       * Category names this topic replaced ("Relationship Advice" for Relationships): an entry
       * may still be written with one, and is shown, listed and linked under the topic's title.
       */
      formerNames: z.array(z.string().min(1)).default([]),
    }),
  ).min(1),
});

/** A card in an index that points at a page of the site; fields override the page's own. */
const cardRef = z.strictObject({
  slug: z.string().min(1),
  title: z.string().optional(),
  excerpt: z.string().optional(),
  coverImage: imagePath().optional(),
  coverAlt: z.string().optional(),
  date: dateField().optional(),
  icon: z.string().optional(),
});

/** content/data/guide-index.json: the cards of /guides, in order (a slug may appear twice). */
export const guideIndexSchema = z.array(cardRef);

/** content/data/features.json: the cards of /posts ("All reviews and features"), in order. */
export const featuresSchema = z.array(cardRef);

/** content/data/home.json: what the home page features. */
export const homeSchema = z.strictObject({
  guideCards: z.array(z.string()).length(4),
  /** Up to three reviews of relationship books, apps, courses or gifts (docs/product.md, "One topic"). */
  featuredReviews: z.array(z.string()).min(1).max(3),
  signup: z.strictObject({ heading: z.string(), text: z.string(), guideTitle: z.string() }),
});

/** content/data/promos.json and redirects.json: outbound partner links by id. */
export const outboundSchema = z.array(
  z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and dashes'),
    partner: z.string().min(1),
    url: webUrl(),
    /** Card fields, for ids listed in features.json (optional). */
    title: z.string().optional(),
    excerpt: z.string().optional(),
    coverImage: imagePath().optional(),
    coverAlt: z.string().optional(),
  }),
);

/** content/data/partners.json: the three partner ads of the banner block. */
export const partnersSchema = z.array(
  z.strictObject({
    name: z.string(),
    description: z.string(),
    url: webUrl(),
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
  template: z.enum(['page', 'home', 'legal', 'thank-you', 'not-found', 'contact', 'affiliate-button']).default('page'),
  slug: slugField().optional(),
  /** Where the page lives instead of `/{slug}`, e.g. `/` for the home page. */
  path: sitePath().optional(),
  heading: z.string().optional(),
  hero: hero.optional(),
  sidebar: z.boolean().default(false),
  partners: z.boolean().default(false),
  noindex: z.boolean().default(false),
  /** Reports the ad conversion (49 USD) when the page is viewed, only with advertising consent: the order thank-you page (default: false). */
  conversionOnLoad: z.boolean().default(false),
  /** The call-to-action shown by the affiliate-button template (optional). */
  button: z.strictObject({ text: z.string(), href: webUrl() }).optional(),
  aliases: z.array(sitePath()).default([]),
  draft: z.boolean().default(false),
  updated: dateField().optional(),
  effective: dateField().optional(),
  image: imagePath().optional(),
  imageAlt: z.string().optional(),
});

/**
 * A page's own picture for link previews, instead of the card the build draws (optional). Raster
 * only: Facebook, LinkedIn, X and messengers show no SVG.
 */
const socialImage = () =>
  z
    .string()
    .regex(/^\/(?!\/)\S+\.(png|jpe?g|webp)$/i, 'expected a PNG, JPEG or WebP file such as /images/share.png (link previews do not show SVG)')
    .optional();

/**
 * Published at its address but left out of every listing, the home page, the sitemap, the feed and
 * the search, with `noindex` (Entry.unlisted): for a page kept only so old links still work
 * (docs/product.md, "One topic").
 */
const unlisted = z.boolean().default(false);

/**
 * A piece's cover and dates, in every collection of pieces (articles, guides, gift guides,
 * reviews). The cover is optional: no cover is better than one that says nothing about the piece.
 */
const pieceFields = {
  /** A picture of the piece's own subject: a file in public/ (`/images/covers/x.svg`) or beside the Markdown file (`./cover.svg`) (optional). */
  coverImage: imagePath().optional(),
  /** What the cover shows, for readers who cannot see it (required with a cover). */
  coverAlt: z.string().min(1).optional(),
  /** A line under the cover, shown as its caption (optional). */
  coverCaption: z.string().min(1).max(300).optional(),
  /** Who made the cover, e.g. "Photo: Ana Lima" or "Illustration: Heart Notes", shown after the caption (optional). */
  coverCredit: z.string().min(1).max(200).optional(),
  socialImage: socialImage(),
  /** The date of the last real revision (shown as "Updated …" and in structured data as dateModified) (optional). */
  updated: dateField().optional(),
};

type PieceData = { coverImage?: string; coverAlt?: string; coverCaption?: string; coverCredit?: string; date?: string; updated?: string };

/** The rules between `pieceFields`: alt text with a cover, cover texts only with a cover, an update after publication. */
function pieceRules(d: PieceData, ctx: z.RefinementCtx): void {
  if (d.coverImage && !d.coverAlt) {
    ctx.addIssue({ code: 'custom', path: ['coverAlt'], message: 'a cover needs "coverAlt": say what the picture shows, for readers who cannot see it' });
  }
  for (const field of ['coverAlt', 'coverCaption', 'coverCredit'] as const) {
    if (!d.coverImage && d[field]) ctx.addIssue({ code: 'custom', path: [field], message: `"${field}" describes a cover, but there is no "coverImage"` });
  }
  if (d.updated && d.date && d.updated < d.date) {
    ctx.addIssue({ code: 'custom', path: ['updated'], message: `the update (${d.updated}) is dated before the publication (${d.date})` });
  }
}

/** content/articles/*.md: the articles at /post/{slug}. */
export const articleSchema = z
  .strictObject({
    id: z.number().int().positive(),
    title: z.string().min(1).max(140),
    slug: slugField().optional(),
    excerpt: z.string().min(1).max(300),
    category: z.string().default('Relationships'),
    tags: z.array(z.string()).default([]),
    date: dateField(),
    author: z.string().min(1),
    ...pieceFields,
    /** Show the help-now box of crisis and abuse lines (templates/components/helplines.tsx) (default: false). */
    helplines: z.boolean().default(false),
    conclusion: z.string().optional(),
    aliases: z.array(sitePath()).default([]),
    draft: z.boolean().default(false),
    unlisted,
  })
  .superRefine(pieceRules);

/**
 * An FAQ item. Both spellings the old data used are accepted (`q`/`a` and `question`/`answer`)
 * and come out as `{ q, a }`; answers are Markdown.
 */
export const faqItem = z
  .union([
    z.strictObject({ q: z.string().min(1), a: z.string().min(1) }),
    z.strictObject({ question: z.string().min(1), answer: z.string().min(1) }),
  ])
  .transform((f) => ('q' in f ? f : { q: f.question, a: f.answer }));

export const testimonialSchema = z.strictObject({
  quote: z.string().min(1),
  /** Who said it: a real, attributable source (see docs/product.md ("Honest versions"): no invented people). */
  author: z.string().min(1),
  /** Where it comes from, e.g. a book title (optional). */
  source: z.string().optional(),
});

/** A real deadline, e.g. the last order date for delivery before a holiday. */
const deadline = z.strictObject({
  /** The occasion it is for, e.g. Mother’s Day: it must be the guide's own `occasion` (templates/review-gift-checks.ts). */
  occasion: z.string().min(1),
  /** ISO date-time with offset, e.g. 2026-06-16T23:59:00-04:00. */
  at: dateTimeField(),
  /** What the deadline is for, shown beside the countdown. */
  label: z.string().min(1),
});

const video = z.strictObject({
  title: z.string().min(1),
  /** A video file under public/ (e.g. /videos/wrapping.mp4). */
  src: z.string().regex(/^\/(?!\/)\S+\.(mp4|webm)$/, 'expected a video file under public/, such as /videos/wrapping.mp4'),
  poster: imagePath(),
  posterAlt: z.string().min(1),
  width: z.number().int().positive().default(640),
  height: z.number().int().positive().default(360),
  /** A transcript or description for people who cannot watch it (Markdown). */
  transcript: z.string().min(1),
});

/** Fields every page at the root of the site (advice and gift pages) has. */
const rootPageFields = {
  title: z.string().min(1).max(120),
  description: z.string().min(50).max(170),
  slug: slugField().optional(),
  heading: z.string().optional(),
  excerpt: z.string().min(1).max(300),
  category: z.string().min(1),
  tags: z.array(z.string()).default([]),
  date: dateField(),
  ...pieceFields,
  aliases: z.array(sitePath()).default([]),
  draft: z.boolean().default(false),
  unlisted,
};

/** content/guides/*.md: the long-form advice pages at /{slug}. */
export const guideSchema = z.strictObject({
  ...rootPageFields,
  /** Show the help-now box of crisis and abuse lines (templates/components/helplines.tsx) (default: false). */
  helplines: z.boolean().default(false),
  /** Show a table of contents built from the h2 headings (default: false). */
  toc: z.boolean().default(false),
  faqTitle: z.string().default('Frequently asked questions'),
  faq: z.array(faqItem).default([]),
  /** Open the first FAQ answer by default (default: false). */
  faqFirstOpen: z.boolean().default(false),
  /** A file under public/ offered for download, e.g. /downloads/breakup-checklist.pdf (optional). */
  download: z.strictObject({ href: z.string(), label: z.string() }).optional(),
}).superRefine(pieceRules);

const price = z.string().regex(/^\$\d+(\.\d{2})?$/, 'expected a price such as $39 or $39.69');

/** content/reviews/*.md: product reviews at /affiliate/{slug}. The body may use {{field}}. */
export const reviewSchema = z.strictObject({
  id: z.number().int().positive(),
  productName: z.string().min(1),
  mainKeyword: z.string().min(1),
  reviewDate: dateField(),
  brand: z.string().min(1),
  slug: slugField(),
  title: z.string().min(1).max(140),
  ...pieceFields,
  date: dateField(),
  author: z.string().min(1),
  /** The topic (a title in categories.json); a review of something off the site's topic has none (optional). */
  category: z.string().optional(),
  tags: z.array(z.string()).default([]),
  excerpt: z.string().optional(),
  affiliateLink: webUrl().optional(),
  /** Internal bookkeeping; never shown on the site. */
  commission: z.union([z.number(), z.string()]),
  price,
  /** Only when the vendor's price really is time-limited (docs/product.md, "Honest versions"). */
  priceIsLimitedOffer: z.boolean().default(false),
  shipping: z.string().optional(),
  upsells: z.array(z.strictObject({ name: z.string().min(1), price })).default([]),
  pros: z.array(z.string()).min(1),
  cons: z.array(z.string()).min(1),
  conclusion: z.string().optional(),
  faqs: z.array(faqItem).optional(),
  /** Our editors' rating out of 5, e.g. "4.2/5". Shown and put in structured data only when it parses. */
  rating: z.string().optional(),
  ratingNote: z.string().optional(),
  /** Our verdict in a sentence or two, shown first (default: the conclusion). */
  verdict: z.string().optional(),
  /** Who the product suits, e.g. "Readers who…" (optional). */
  bestFor: z.string().optional(),
  /** Who should skip it (optional). */
  notFor: z.string().optional(),
  /**
   * Whether the editors used the product themselves (default: false). The page says plainly when a
   * product was not tested hands-on, so a review never implies testing that did not happen.
   */
  testedHandsOn: z.boolean().default(false),
  /** What the review is based on, e.g. "the published guide and its sales material" (optional). */
  reviewedFrom: z.string().optional(),
  /** Where the price link goes, as readers know it, e.g. ClickBank ("Check price at ClickBank"; default: the brand). */
  merchant: z.string().min(1).optional(),
  /**
   * Better choices on this site, by address (e.g. /chat-mistakes, /post/flirty-small-talk), shown
   * under the verdict of a product we do not recommend (rated under 3/5); each must be a page of
   * the site and not itself a review rated under 3/5 (templates/checks.ts).
   */
  alternatives: z.array(sitePath()).default([]),
  /** Also publish this review at a landing address, e.g. /mitolyn-review (optional). */
  landingPath: sitePath().optional(),
  guarantee: z.string().default('60-day money-back guarantee'),
  aliases: z.array(sitePath()).default([]),
  draft: z.boolean().default(false),
  unlisted,
}).superRefine(pieceRules);

const giftItem = z.strictObject({
  img: imagePath(),
  alt: z.string().min(1),
  width: z.number().int().positive().default(480),
  height: z.number().int().positive().default(360),
  title: z.string().min(1),
  /** "Best for …" line. */
  recommended: z.string().min(1),
  description: z.string().min(1),
  quote: z.string().default(''),
  link: webUrl(),
  buttonText: z.string().min(1),
  /** Where the link goes, as readers know it, e.g. Etsy. */
  merchant: z.string().min(1),
  /**
   * The price, when the link is one product whose price we checked (optional). Without it the
   * page says "Check price at {merchant}" rather than guess: a search of many makers has no one price.
   */
  price: z.string().regex(/^\$\d+(\.\d{2})?$/, 'expected a price such as $24 or $24.50').optional(),
});

/** content/gifts/*.md: gift guides at /{slug}. */
export const giftSchema = z.strictObject({
  ...rootPageFields,
  /** The occasion the guide is for, e.g. Mother’s Day, shown under its title (optional: none for an any-time guide). */
  occasion: z.string().min(1).optional(),
  /** A countdown to the last order date for the guide's own occasion (optional: none, no countdown). */
  deadline: deadline.optional(),
  /** Ideas for the card, shown as a list. */
  messages: z.array(z.string()).default([]),
  testimonialsTitle: z.string().default('Words worth giving'),
  testimonials: z.array(testimonialSchema).default([]),
  itemsTitle: z.string().default('Our picks'),
  items: z.array(giftItem).default([]),
  faq: z.array(faqItem).default([]),
  video: video.optional(),
  /** Number of ad slots (each reserves 250 px so nothing jumps when ads load). */
  adSlots: z.number().int().min(0).max(3).default(0),
}).superRefine(pieceRules);

export type NavItem = z.infer<typeof navSchema>[number];
export type Partner = z.infer<typeof partnersSchema>[number];
export type PageData = z.infer<typeof pageSchema>;
export type ArticleData = z.infer<typeof articleSchema>;
export type CategoriesData = z.infer<typeof categoriesSchema>;
export type CategoryInfo = CategoriesData['categories'][number];
export type CardRef = z.infer<typeof cardRef>;
export type HomeData = z.infer<typeof homeSchema>;
export type GuideData = z.infer<typeof guideSchema>;
export type ReviewData = z.infer<typeof reviewSchema>;
export type GiftData = z.infer<typeof giftSchema>;
export type FaqItem = z.infer<typeof faqItem>;

/** An https URL (third-party scripts and services are never loaded over plain http). */
const httpsUrl = () => webUrl().regex(/^https:\/\//, 'expected an https:// address');

/**
 * content/data/third-parties.json: every third-party host and id the site may contact, in one
 * place (docs/product.md, "Consent"). Each is optional: with none configured nothing is loaded and no consent banner
 * is shown. None is contacted before the visitor consents to its category.
 */
export const thirdPartiesSchema = z.strictObject({
  /** IP geolocation for landing pages (category `location`); answers `{city, country_name, country_code}`. */
  geolocation: z.strictObject({ url: httpsUrl() }).optional(),
  /** The ad script that fills the partner block's ad slot (category `advertising`). */
  adScript: z.strictObject({ src: httpsUrl() }).optional(),
  /** The ad manager: its script, publisher id and slot ids (category `advertising`). */
  adManager: z
    .strictObject({
      src: httpsUrl(),
      publisherId: z.string().regex(/^[0-9]+$/, 'expected the numeric publisher (network) id'),
      slots: z.array(z.strictObject({ id: z.string().min(1), path: z.string().min(1), sizes: z.array(z.tuple([z.number().int(), z.number().int()])).min(1) })).default([]),
    })
    .optional(),
  /** The conversion tag: script, tag id and conversion label; sends 49 USD (category `advertising`). */
  conversion: z.strictObject({ src: httpsUrl(), tagId: z.string().min(1), label: z.string().min(1) }).optional(),
  /** The article tracking pixel, requested once per article view (category `measurement`). */
  pixel: z.strictObject({ src: httpsUrl() }).optional(),
});
export type ThirdParties = z.infer<typeof thirdPartiesSchema>;

/** The country text sets (docs/product.md, "Geolocation") (call to action, thanks, sub-line), by ISO country code. */
const countryTextSchema = z.record(
  z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code such as PH'),
  z.strictObject({ cta: z.string().min(1), thanks: z.string().min(1), sub: z.string().min(1) }),
);

/** Texts a landing page shows, per locale pack; `cta` and `headline` are the ones every kind uses. */
const landingTextsSchema = z.record(z.string(), z.string());

const landingCommon = {
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(200),
  /** The page's address, e.g. /skro-dating-lp. */
  path: sitePath(),
  /** The language the page is written in when no locale pack is chosen (default: en). */
  lang: z.enum(['en', 'es', 'fr']).default('en'),
  /** French/English page: fr or en from `lang`'s prefix, fr by default (docs/product.md, "Language"). */
  frenchPage: z.boolean().default(false),
  /** Locale packs: texts by locale; the first is the one rendered into the HTML. */
  packs: z.partialRecord(z.enum(['en', 'es', 'fr']), landingTextsSchema).default({}),
  /** Tracker hosts this page may send visitors to (the `cu` allow-list). */
  trackers: z.array(z.string().min(1)).min(1),
  /** The default campaign link, used when `?cu=` is missing or refused (optional). */
  defaultUrl: httpsUrl().optional(),
  /** Query parameters the page reads, with defaults. */
  params: z.record(z.string(), z.strictObject({ default: z.string().optional() })).default({}),
  /** Page parameter → tracker parameter names for outgoing links. */
  mapping: z.record(z.string(), z.string()).default({}),
  /** The parameter holding the click id; a console warning names it when it is empty (optional). */
  clickId: z.string().optional(),
  /** Countries the offer is available in; others are told so (optional: everywhere). */
  regions: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
  /** Country used when geolocation is unavailable or declined (default: US). */
  defaultCountry: z.string().regex(/^[A-Z]{2}$/).default('US'),
  /** Country text sets: cta, thanks, sub by country code (optional). */
  countryText: countryTextSchema.optional(),
  /** The tracker's `lp-event` address for the call-to-action beacon (optional). */
  beacon: httpsUrl().optional(),
  hero: z.strictObject({ image: imagePath(), alt: z.string() }).optional(),
  noindex: z.boolean().default(true),
  draft: z.boolean().default(false),
  slug: slugField().optional(),
};

/** content/landing/*.md: the monetisation landing pages (docs/product.md, "Landing pages"), one kind each. */
export const landingSchema = z
  .discriminatedUnion('kind', [
  z.strictObject({
    ...landingCommon,
    kind: z.literal('offer'),
    /** The offer's real end date; a countdown is shown only when there is one. */
    deadline: dateField().optional(),
    /** A call-to-action popup after this many seconds (docs/product.md, "Constants": 12), opening the same destination (optional). */
    popupAfter: z.number().positive().optional(),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('adult-interstitial'),
    /** Where *Leave* goes (default: the home page). */
    leave: sitePath().default('/'),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('age-gate'),
    /** The page the visitor goes on to, with the click id (the adult interstitial). */
    next: sitePath(),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('split-redirect'),
    /** The query parameter that carries the widget id. */
    splitParam: z.string().min(1).default('wid'),
    /** The two widget ids of the A/B split. */
    variants: z.tuple([z.string().min(1), z.string().min(1)]),
    /** Seconds before going on (docs/product.md, "Constants": 2). */
    delay: z.number().positive().default(2),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('loading'),
    /** `button`: a Continue button appears after the delay; `forward`: goes on after the delay. */
    mode: z.enum(['button', 'forward']),
    /** Seconds (docs/product.md, "Constants": 2.5). */
    delay: z.number().positive().default(2.5),
    messages: z.array(z.string().min(1)).min(1),
    backgrounds: z.array(z.strictObject({ image: imagePath(), alt: z.string().default('') })).min(1),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('survey'),
    /** The two partner offers, one chosen at random after the survey. */
    offers: z.tuple([httpsUrl(), httpsUrl()]),
    /** Seconds before the partner step forwards (docs/product.md, "Constants": 10). */
    countdown: z.number().int().positive().default(10),
  }),
  z.strictObject({
    ...landingCommon,
    kind: z.literal('smart-redirect'),
    /** `v` value → offer link; `default` is used for a missing or unknown `v`. */
    offers: z.record(z.string().regex(/^[A-Za-z0-9_-]+$/), httpsUrl()).refine((o) => 'default' in o, 'add a "default" offer'),
  }),
  ])
  .superRefine((page, ctx) => {
    // Every link the page may send a visitor to must pass the same allow-list as `?cu=` (docs/product.md, "Destination allow-list").
    const links: [PropertyKey[], string][] = [];
    if (page.defaultUrl) links.push([['defaultUrl'], page.defaultUrl]);
    if (page.kind === 'survey') page.offers.forEach((url, i) => links.push([['offers', i], url]));
    if (page.kind === 'smart-redirect') for (const [v, url] of Object.entries(page.offers)) links.push([['offers', v], url]);
    for (const [path, url] of links) {
      // An address that is no https URL has been reported at its field already.
      if (!httpsUrl().safeParse(url).success) continue;
      const checked = checkAllowedUrl(url, page.trackers);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', path, message: `${url} is refused (${checked.reason}): use an https link on one of "trackers" (${page.trackers.join(', ')}) with a /click, /click/… or /go/… path` });
      }
    }
    if (page.beacon && !normalizeAllowList(page.trackers).includes(new URL(page.beacon).hostname)) {
      ctx.addIssue({ code: 'custom', path: ['beacon'], message: `the beacon must go to one of "trackers" (${page.trackers.join(', ')})` });
    }
  });
export type LandingData = z.infer<typeof landingSchema>;
