/**
 * Structured data of the real site, as Google's rich results read it (issue 17).
 *
 * Every HTML page of the site that tests/global-setup.ts builds once per run is read; every
 * JSON-LD block on it is checked twice:
 *
 * 1. By @adobe/structured-data-validator, a validator of Google's rich-result rules: it has rules
 *    for Product (product snippets and merchant listings), Offer, Review, Rating, Organization,
 *    Person, Brand, ImageObject, BreadcrumbList and ListItem, and checks every type and property
 *    against the schema.org vocabulary. It reads pages as @marbec/web-auto-extractor parses them.
 *    The vocabulary is schema.org's own (schemaorg-current-http.nt), as @vocabulary/schema ships
 *    it in N-Quads; `vocabulary()` below turns it into the few fields of schemaorg-all-https.jsonld
 *    the validator reads (classes, their parents, and the classes each property belongs to).
 *    Its ERRORs fail the test, and so does every WARNING except the few in ALLOWED_WARNINGS,
 *    each with the reason the site leaves that property out.
 *
 * 2. By our own tables (TABLES below), for what the validator has no rules for (Article,
 *    FAQPage, ItemList) and for what it checks only loosely (URLs, images, the Organization's
 *    logo, authors, whether a rating is one the page shows). Each row is a property Google
 *    lists for the type in its structured-data documentation, "required" or "recommended" as
 *    Google names it, or "ours" for the site's own rules (URLs on this site, no invented ratings).
 *
 * docs/structured-data.md says what each page carries and why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const require = createRequire(import.meta.url);
const ORIGIN = (JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8')) as { url: string }).url;
const ORGANIZATION_ID = `${ORIGIN}/#organization`;

type Json = Record<string, any>;
interface Issue {
  severity: 'ERROR' | 'WARNING';
  issueMessage: string;
  fieldNames?: string[];
  path?: { type?: string; property?: string }[];
  rootType?: string;
}

/**
 * WARNINGs of the validator that the site answers on purpose, by the type they are about and the
 * field; every other WARNING fails the test.
 */
const ALLOWED_WARNINGS: { type: string; fields: string[]; why: string }[] = [
  {
    type: 'Product',
    fields: ['aggregateRating'],
    why: 'an aggregate rating needs real ratings from many people; the site has only its editors\' one review (docs/product.md, "Honest versions": no invented ratings or counts)',
  },
  {
    type: 'Product',
    // The validator's merchant-listing rules (ProductMerchant.js).
    fields: ['audience', 'color', 'hasCertification', 'inProductGroupWithID', 'isVariantOf', 'material', 'mpn', 'pattern', 'size', 'sku', 'subjectOf', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'isbn'],
    why: "merchant-listing properties, for pages where the product is bought; a review is a product snippet, and the site does not know the seller's codes, sizes or variants",
  },
  {
    type: 'Offer',
    fields: ['priceValidUntil'],
    why: 'the sellers give no date until which their price holds, and the site invents none',
  },
];

/** The schema.org vocabulary in the shape of schemaorg-all-https.jsonld, for the fields the validator reads. */
function vocabulary(): { '@graph': Json[] } {
  const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
  const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
  const SCHEMA = 'http://schema.org/';
  const short = (iri: string) => (iri.startsWith(SCHEMA) ? `schema:${iri.slice(SCHEMA.length)}` : iri);
  const nodes = new Map<string, Json>();
  const node = (id: string) => nodes.get(id) ?? nodes.set(id, { '@id': id }).get(id)!;
  for (const line of readFileSync(require.resolve('@vocabulary/schema/schema.nq'), 'utf8').split('\n')) {
    const m = /^<([^>]+)> <([^>]+)> <([^>]+)>/.exec(line);
    if (!m || !m[1].startsWith(SCHEMA)) continue;
    const [, subject, predicate, object] = m;
    const n = node(short(subject));
    if (predicate === `${RDF}type` && object === `${RDFS}Class`) n['@type'] = 'rdfs:Class';
    else if (predicate === `${RDF}type` && object === `${RDF}Property`) n['@type'] = 'rdf:Property';
    else if (predicate === `${RDFS}subClassOf`) (n['rdfs:subClassOf'] ??= []).push({ '@id': short(object) });
    else if (predicate === `${SCHEMA}domainIncludes`) (n['schema:domainIncludes'] ??= []).push({ '@id': short(object) });
  }
  return { '@graph': [...nodes.values()] };
}

// ---------------------------------------------------------------------------------------------
// Our own checks: small predicates and a table per type.

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
/** An absolute URL on this site. */
const onSite = (v: unknown) => typeof v === 'string' && (v === ORIGIN || v.startsWith(`${ORIGIN}/`) || v.startsWith(`${ORIGIN}#`));
/** One or more absolute URLs on this site of PNG, JPEG, WebP or GIF files (formats Google Images takes; not SVG). */
const rasterImages = (v: unknown) => list(v).length > 0 && list(v).every((u) => onSite(u) && /\.(png|jpe?g|webp|gif)$/i.test(u as string));
const isoDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v));
/** A logo Google takes: a raster image on the site, at least 112×112 when its size is given. */
const logo = (v: unknown) =>
  typeof v === 'string' ? rasterImages(v) : isObject(v) && v['@type'] === 'ImageObject' && rasterImages(v.url) && !(v.width < 112) && !(v.height < 112);
/** An author as Google asks: a Person or Organization with a name and a page about them. */
const author = (v: unknown) => list(v).length > 0 && list(v).every((a) => isObject(a) && ['Person', 'Organization'].includes(a['@type']) && text(a.name) && onSite(a.url));
/** The publishing Organization: name, home page and logo. */
const publisher = (v: unknown) => isObject(v) && v['@type'] === 'Organization' && text(v.name) && onSite(v.url) && logo(v.logo);
const ITEM_AVAILABILITY = ['BackOrder', 'Discontinued', 'InStock', 'InStoreOnly', 'LimitedAvailability', 'MadeToOrder', 'OnlineOnly', 'OutOfStock', 'PreOrder', 'PreSale', 'Reserved', 'SoldOut'].map((v) => `https://schema.org/${v}`);
/** ListItems numbered 1, 2, 3… in order. */
const positions = (items: unknown) => Array.isArray(items) && items.length > 0 && items.every((item, i) => isObject(item) && item['@type'] === 'ListItem' && item.position === i + 1);

type Level = 'required' | 'recommended' | 'ours';
/** One row: the property (a dotted path), Google's level for it, and what its value must be. */
type Row = [property: string, level: Level, check: (value: any, node: Json) => boolean, what: string];

const value = (node: Json, path: string) => path.split('.').reduce<any>((v, key) => (isObject(v) ? v[key] : undefined), node);

/**
 * Sources: Google Search Central's structured-data pages for Article, Review snippet, Product
 * snippet, FAQ, Carousel (ItemList), Breadcrumb and Organization (the properties each lists as
 * required or recommended); "ours" rows are the site's own rules.
 */
const TABLES: Record<string, Row[]> = {
  Article: [
    ['headline', 'recommended', text, 'the title'],
    ['image', 'recommended', rasterImages, 'absolute raster image URLs on this site'],
    ['datePublished', 'recommended', isoDate, 'an ISO 8601 date'],
    ['dateModified', 'recommended', (v, n) => isoDate(v) && v >= n.datePublished, 'an ISO 8601 date, not before datePublished'],
    ['author', 'recommended', author, 'a Person or Organization with name and url'],
    ['publisher', 'recommended', publisher, 'an Organization with name, url and logo'],
    ['mainEntityOfPage', 'ours', onSite, "the page's own address"],
  ],
  Product: [
    ['name', 'required', text, "the product's name"],
    ['image', 'ours', rasterImages, 'absolute raster image URLs on this site'],
    ['offers.price', 'required', (v) => typeof v === 'string' && /^\d+(\.\d{2})?$/.test(v), 'a price such as 39 or 39.69'],
    ['offers.priceCurrency', 'recommended', (v) => /^[A-Z]{3}$/.test(v), 'an ISO 4217 currency'],
    ['offers.availability', 'recommended', (v) => ITEM_AVAILABILITY.includes(v), 'a schema.org ItemAvailability'],
    ['offers.url', 'ours', onSite, 'the review page (the Offer as the page states it)'],
    ['review', 'required', isObject, 'our editors\' review'],
    ['aggregateRating', 'ours', (v) => v === undefined, 'absent: the site has no aggregated ratings'],
  ],
  Review: [
    ['author', 'required', author, 'a Person or Organization with name and url'],
    ['datePublished', 'recommended', isoDate, 'an ISO 8601 date'],
    ['publisher', 'ours', publisher, 'an Organization with name, url and logo'],
    ['reviewRating', 'ours', (v) => v === undefined || (isObject(v) && typeof v.ratingValue === 'number' && v.ratingValue >= v.worstRating && v.ratingValue <= v.bestRating), 'absent, or a rating within worstRating…bestRating'],
    ['positiveNotes.itemListElement', 'recommended', positions, 'the pros, as ListItems numbered from 1'],
    ['negativeNotes.itemListElement', 'recommended', positions, 'the cons, as ListItems numbered from 1'],
  ],
  FAQPage: [
    ['mainEntity', 'required', (v) => Array.isArray(v) && v.length > 0 && v.every((q) => isObject(q) && q['@type'] === 'Question' && text(q.name)), 'Questions with a name'],
    ['mainEntity', 'required', (v) => v.every((q: Json) => isObject(q.acceptedAnswer) && q.acceptedAnswer['@type'] === 'Answer' && text(q.acceptedAnswer.text)), 'each with an acceptedAnswer Answer with text'],
  ],
  ItemList: [
    ['itemListElement', 'required', positions, 'ListItems numbered from 1'],
    ['itemListElement', 'required', (v) => v.every((item: Json) => onSite(item.url)), 'each with a url on this site (never a shop or a search)'],
    ['itemListElement', 'ours', (v) => v.every((item: Json) => text(item.name)), 'each with a name'],
  ],
  BreadcrumbList: [
    ['itemListElement', 'required', positions, 'ListItems numbered from 1'],
    ['itemListElement', 'required', (v) => v.every((item: Json) => text(item.name)), 'each with a name'],
    ['itemListElement', 'required', (v) => v.every((item: Json, i: number) => onSite(item.item) || (i === v.length - 1 && item.item === undefined)), 'each with an absolute item URL on this site (the last may omit it)'],
  ],
  Organization: [
    ['name', 'recommended', text, "the site's name"],
    ['url', 'recommended', (v) => v === `${ORIGIN}/`, 'the home page'],
    ['logo', 'recommended', logo, 'a raster logo of at least 112×112 on this site'],
    ['sameAs', 'ours', (v) => v === undefined, 'absent: the site has no profiles elsewhere'],
  ],
};

/** Problems of one node against its type's table. */
function checkNode(type: string, node: Json): string[] {
  return (TABLES[type] ?? []).filter(([path, , check]) => !check(value(node, path), node)).map(([path, level, , what]) => `${type}.${path} (${level}): expected ${what}, got ${JSON.stringify(value(node, path))?.slice(0, 160)}`);
}

/** Every object in a block, with the property it sits under. */
function* walk(v: unknown, key = ''): Generator<{ node: Json; key: string }> {
  if (Array.isArray(v)) for (const item of v) yield* walk(item, key);
  else if (isObject(v)) {
    yield { node: v, key };
    for (const [k, child] of Object.entries(v)) yield* walk(child, k);
  }
}

/** Every string in a block that is a URL, with its property. */
function* urls(v: unknown, key = ''): Generator<{ key: string; url: string }> {
  if (typeof v === 'string' && /^https?:\/\//.test(v)) yield { key, url: v };
  else if (Array.isArray(v)) for (const item of v) yield* urls(item, key);
  else if (isObject(v)) for (const [k, child] of Object.entries(v)) yield* urls(child, k);
}

/** The built file of an address on this site: `/` → index.html, `/post/a` → post/a.html. */
function fileOf(dist: string, url: string): string {
  const path = new URL(url).pathname;
  return join(dist, path === '/' ? 'index.html' : /\.[a-z0-9]+$/i.test(path) ? path : `${path}.html`);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Page {
  file: string;
  html: string;
  blocks: Json[];
  issues: Issue[];
}

describe('structured data of the built site', () => {
  const dist = inject('builtSite');
  const pages: Page[] = [];

  beforeAll(async () => {
    const load = async (name: string) => (await import(pathToFileURL(require.resolve(name)).href)).default;
    const Validator = await load('@adobe/structured-data-validator');
    const WebAutoExtractor = await load('@marbec/web-auto-extractor');
    const validator = new Validator(vocabulary());
    const files = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
    for (const file of files) {
      const html = readFileSync(join(dist, file), 'utf8');
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Json);
      if (blocks.length === 0) continue;
      const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
      pages.push({ file, html, blocks, issues: (await validator.validate(extracted)) as Issue[] });
    }
  });

  it('has the expected kinds of block, and counts them', () => {
    const counts: Record<string, number> = {};
    for (const page of pages) for (const block of page.blocks) for (const { node } of walk(block)) counts[node['@type']] = (counts[node['@type']] ?? 0) + 1;
    const topLevel: Record<string, number> = {};
    for (const page of pages) for (const block of page.blocks) topLevel[block['@type']] = (topLevel[block['@type']] ?? 0) + 1;
    console.log('JSON-LD blocks by type:', topLevel, '; Reviews inside Products:', counts.Review);
    for (const type of ['Article', 'Product', 'FAQPage', 'ItemList', 'BreadcrumbList', 'Organization', 'WebSite']) expect(topLevel[type], type).toBeGreaterThan(0);
    expect(counts.Review).toBe(topLevel.Product);
    // One Organization block, on the home page (Google looks for it there); other pages name it as publisher.
    expect(pages.filter((p) => p.blocks.some((b) => b['@type'] === 'Organization')).map((p) => p.file)).toEqual(['index.html']);
  });

  it('passes the validator: no ERROR, and no WARNING but the allowed ones', () => {
    const allowed = (issue: Issue) => {
      const type = issue.path?.at(-1)?.type;
      return issue.severity === 'WARNING' && ALLOWED_WARNINGS.some((a) => a.type === type && (issue.fieldNames ?? []).length > 0 && issue.fieldNames!.every((f) => a.fields.includes(f)));
    };
    const problems = pages.flatMap((p) => p.issues.filter((i) => !allowed(i)).map((i) => `${p.file}: ${i.severity} ${JSON.stringify(i.path)} ${i.issueMessage}`));
    expect(problems).toEqual([]);
    // The validator did run its rules: the Products' allowed warnings are there.
    expect(pages.flatMap((p) => p.issues).length).toBeGreaterThan(0);
  });

  it("meets our table of Google's required and recommended properties for each type", () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const block of page.blocks) {
        problems.push(...checkNode(block['@type'], block).map((p) => `${page.file}: ${p}`));
        for (const { node, key } of walk(block)) {
          if (node !== block && node['@type'] === 'Review') problems.push(...checkNode('Review', node).map((p) => `${page.file}: ${p}`));
          if (key === 'publisher' && node['@type'] === 'Organization') problems.push(...checkNode('Organization', node).map((p) => `${page.file}: publisher ${p}`));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('claims a rating only where the page shows that same rating', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const block of page.blocks) {
        for (const { node } of walk(block)) {
          if (node['@type'] === 'AggregateRating') problems.push(`${page.file}: an AggregateRating`);
          if (node['@type'] !== 'Review' || !node.reviewRating) continue;
          const shown = `Our editors' rating: ${node.reviewRating.ratingValue}/${node.reviewRating.bestRating}`;
          if (!page.html.replaceAll('&#x27;', "'").includes(shown)) problems.push(`${page.file}: rating ${node.reviewRating.ratingValue} is not shown as "${shown}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('points only at this site, at pages, anchors and images that exist', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const block of page.blocks) {
        for (const { key, url } of urls(block)) {
          // The vocabulary itself: @context and enumeration values such as https://schema.org/OnlineOnly.
          if (url.startsWith('https://schema.org')) {
            if (key !== '@context' && key !== 'availability') problems.push(`${page.file}: ${key} is ${url}`);
            continue;
          }
          if (!onSite(url)) {
            problems.push(`${page.file}: ${key} points off the site: ${url}`);
            continue;
          }
          if (url === ORGANIZATION_ID) continue;
          const file = fileOf(dist, url);
          if (!existsSync(file)) {
            problems.push(`${page.file}: ${key} ${url} has no file in the built site`);
            continue;
          }
          const anchor = new URL(url).hash.slice(1);
          if (anchor && !readFileSync(file, 'utf8').includes(` id="${anchor}"`)) problems.push(`${page.file}: ${key} ${url}: no element with that id`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("gives the site's Organization a logo file Google takes: a PNG of at least 112×112", () => {
    const home = pages.find((p) => p.file === 'index.html')!;
    const org = home.blocks.find((b) => b['@type'] === 'Organization')!;
    expect(org).toMatchObject({ '@id': ORGANIZATION_ID, url: `${ORIGIN}/` });
    const size = pngSize(fileOf(dist, org.logo.url));
    expect(size).toEqual({ width: org.logo.width, height: org.logo.height });
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(112);
  });

  it('catches what issue 17 found: the blocks as they were fail these checks', async () => {
    // Shortened copies of what the site wrote before: an SVG cover, no dateModified, an author and
    // publisher with a name only, an Offer without availability, a gift list of shop searches.
    const article = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'First date ideas',
      datePublished: '2025-03-01',
      author: { '@type': 'Organization', name: 'The Heart Notes editors' },
      publisher: { '@type': 'Organization', name: 'Heart Notes' },
      image: `${ORIGIN}/images/covers/first-date.svg`,
      mainEntityOfPage: `${ORIGIN}/post/first-date`,
    };
    expect(checkNode('Article', article).map((p) => p.split(' ')[0])).toEqual(['Article.image', 'Article.dateModified', 'Article.author', 'Article.publisher']);
    const gifts = { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Necklace', url: 'https://www.etsy.com/search?q=necklace' }] };
    expect(checkNode('ItemList', gifts)).toHaveLength(1);
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mitolyn',
      image: `${ORIGIN}/images/covers/mitolyn.svg`,
      offers: { '@type': 'Offer', price: '69', priceCurrency: 'USD', url: `${ORIGIN}/affiliate/affiliate-mitolyn-review` },
      review: { '@type': 'Review', author: { '@type': 'Organization', name: 'Heart Notes' }, reviewRating: { '@type': 'Rating', ratingValue: 2.2, bestRating: 5, worstRating: 0 } },
    };
    expect(checkNode('Product', product).map((p) => p.split(' ')[0])).toEqual(['Product.image', 'Product.offers.availability']);
    const Validator = (await import(pathToFileURL(require.resolve('@adobe/structured-data-validator')).href)).default;
    const issues = (await new Validator(vocabulary()).validate({ jsonld: { Product: [{ ...structuredClone(product), flavour: 'mint' }] } })) as Issue[];
    expect(issues.filter((i) => i.fieldNames?.includes('availability')).map((i) => i.severity)).toEqual(['WARNING']);
    // And the vocabulary is loaded: a property schema.org does not have is reported.
    expect(issues.filter((i) => i.fieldNames?.includes('flavour')).map((i) => i.issueMessage)).toEqual(['Property "flavour" for type "Product" is not supported by the schema.org specification']);
  });

  it('gives every gift pick an anchor its list entry points at, never a shop or a search', () => {
    const lists = pages.flatMap((p) => p.blocks.filter((b) => b['@type'] === 'ItemList').map((b) => ({ file: p.file, b })));
    const anchored = lists.flatMap(({ b }) => b.itemListElement).filter((item: Json) => item.url.includes('#'));
    expect(anchored.length).toBeGreaterThan(0);
    for (const item of anchored) expect(item.url).toMatch(new RegExp(`^${ORIGIN.replace(/\./g, '\\.')}/[^#?]+#gift-[a-z0-9-]+$`));
  });
});
