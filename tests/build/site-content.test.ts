// The real Heart Notes site, built once with the CLI, read back from dist/: what each page says
// and links to, checked against docs/product.md ("Core pages" to "Data files", and "Constants") and against the content files it comes from.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../e2e-helpers/site.ts';
import { $, $$, jsonLd, parseHtml, text, type Element } from '../helpers/dom.ts';
import { parseMarkdownFile } from '../../src/pipeline/load/load.ts';

const CONTENT = join(PROJECT_ROOT, 'content');
const SITE_URL: string = JSON.parse(readFileSync(join(CONTENT, 'site.json'), 'utf8')).url;

// ── The build ────────────────────────────────────────────────────────────────────────────────

let tmp: string;
/** The build every test reads (the run's, from tests/global-setup.ts, made with a fresh cache), and a second one of the same content, with --no-cache, for the stability check. */
const dist = inject('builtSite');
let dist2: string;

function build(out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/heartnotes.mjs', 'build', '--out', out, '--quiet', '--no-cache'], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`heartnotes build exited with ${code}:\n${output}`))));
  });
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'heartnotes-site-content-'));
  dist2 = join(tmp, 'b', 'dist');
  await build(dist2);
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// ── Reading dist/ ─────────────────────────────────────────────────────────────────────────────

/** `/` → index.html, `/about` → about.html (the generator's clean-URL layout). */
const fileOf = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\//, '').replace(/\/$/, '')}.html`);
const pathOf = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

const cache = new Map<string, { html: string; doc: Element }>();
/** The built page at `path` (e.g. `/post/x`), parsed. Fails the test, naming the file, if it is missing. */
function page(path: string, root = dist): { html: string; doc: Element; main: Element } {
  const file = join(root, fileOf(path));
  let hit = cache.get(file);
  if (!hit) {
    if (!existsSync(file)) throw new Error(`${path}: no page was built (expected ${relative(root, file)})`);
    const html = readFileSync(file, 'utf8');
    hit = { html, doc: parseHtml(html) };
    cache.set(file, hit);
  }
  // Redirect pages have no <main>; their body stands in.
  const main = $(hit.doc, 'main') ?? $(hit.doc, 'body') ?? hit.doc;
  return { ...hit, main };
}

/** Whether a site path (or asset) was built: a page file or a static file. */
function builtExists(path: string): boolean {
  const clean = path.split(/[?#]/)[0];
  if (/\.[a-z0-9]+$/i.test(clean)) return existsSync(join(dist, clean));
  return existsSync(join(dist, fileOf(clean)));
}

function htmlFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html')) out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

const metaContent = (doc: Element, key: string) =>
  $$(doc, 'head meta').find((m) => m.attrs.name === key || m.attrs.property === key)?.attrs.content;
const canonicalOf = (doc: Element) => $(doc, 'head link[rel="canonical"]')?.attrs.href;
const titleOf = (doc: Element) => text($(doc, 'head title') ?? { tag: 'title', attrs: {}, children: [], parent: null });
const isNoindex = (doc: Element) => /\bnoindex\b/.test(metaContent(doc, 'robots') ?? '');
/** Alias and partner-link pages that only send the visitor on (meta refresh), and the promo "Redirecting..." page. */
const isRedirectPage = (doc: Element) =>
  $$(doc, 'head meta').some((m) => (m.attrs['http-equiv'] ?? '').toLowerCase() === 'refresh') ||
  ($(doc, 'main') !== undefined && text($(doc, 'main')!) === 'Redirecting...');
const typesOf = (ld: Record<string, any>[]) => ld.map((d) => d['@type']);
/** The words of a piece of text. */
const words = (s: string) => s.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w));
/** A section whose first heading reads `heading`. */
function sectionByHeading(root: Element, heading: string | RegExp): Element | undefined {
  return $$(root, 'section, aside').find((s) => {
    const h = $(s, 'h2, h3');
    return h !== undefined && (typeof heading === 'string' ? text(h) === heading : heading.test(text(h)));
  });
}
/** Document order of each element below `root`. */
function order(root: Element): Map<Element, number> {
  const all = $$(root, '*');
  return new Map(all.map((el, i) => [el, i]));
}

// ── Content files, for the values pages must show ────────────────────────────────────────────

/** A Markdown file's front matter and body, read the way the build reads them. */
function readMarkdown(path: string): { data: Record<string, any>; body: string } {
  const parsed = parseMarkdownFile(path, readFileSync(path, 'utf8'));
  if ('diagnostic' in parsed) throw new Error(`${path}: ${parsed.diagnostic.message}`);
  return { data: parsed.data as Record<string, any>, body: parsed.body };
}
const readJson = <T,>(file: string): T => JSON.parse(readFileSync(join(CONTENT, 'data', file), 'utf8')) as T;
function frontMatter(dir: string): { slug: string; data: Record<string, any>; body: string }[] {
  return readdirSync(join(CONTENT, dir))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const parsed = readMarkdown(join(CONTENT, dir, f));
      return { slug: (parsed.data.slug as string | undefined) ?? f.replace(/\.md$/, ''), data: parsed.data, body: parsed.body };
    });
}

/** "4.2/5" or "4.2" → 4.2, the rule (docs/product.md, "Honest versions"): a rating is shown only when it parses. */
function parseRating(raw: unknown): number | undefined {
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d(?:\.\d+)?)(?:\s*\/\s*5)?$/.exec(raw.trim());
  if (!m) return undefined;
  const v = Number(m[1]);
  return v >= 0 && v <= 5 ? v : undefined;
}

// ── Articles ──────────────────────────────────────────────────────────────────────────────────

describe('articles at /post/{slug} (docs/product.md, "Articles")', () => {
  // The pages under /post/, less the old addresses that only send the visitor on.
  const postPaths = () =>
    readdirSync(join(dist, 'post'))
      .filter((f) => f.endsWith('.html') && f !== '404.html')
      .map((f) => `/post/${f.replace(/\.html$/, '')}`)
      .filter((path) => !isRedirectPage(page(path).doc))
      .sort();

  it('there are ten, ids 1–10, dated 2025-01-05 … 2025-05-08, including the three slugs docs/product.md names', () => {
    const paths = postPaths();
    expect(paths).toHaveLength(10);
    for (const slug of ['reignite-the-flame-of-romance', 'gentle-decoding-secrets-of-men', 'unlock-the-power-of-irresistible-texts']) {
      expect(paths, `an article at /post/${slug}`).toContain(`/post/${slug}`);
    }
    // The backup-generator "article" was a second copy of an off-topic review (docs/product.md, "One topic").
    expect(paths).not.toContain('/post/affiliate-the-lost-generator-review');
    const ids: number[] = [];
    const dates: string[] = [];
    for (const path of paths) {
      const { doc, main } = page(path);
      const article = $(main, 'article[data-article-id]');
      expect(article, `${path}: the article element carries its id`).toBeDefined();
      ids.push(Number(article!.attrs['data-article-id']));
      const date = $(article!, 'header time[datetime]')?.attrs.datetime;
      expect(date, `${path}: a visible <time datetime> date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const ld = jsonLd(doc).find((d) => d['@type'] === 'Article');
      expect(ld?.datePublished, `${path}: Article JSON-LD datePublished matches the visible date`).toBe(date);
      dates.push(date!);
    }
    expect(ids.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    dates.sort();
    expect(dates[0]).toBe('2025-01-05');
    expect(dates[dates.length - 1]).toBe('2025-05-08');
  });

  it('each has a cover, a title, a body of at least 500 words with <h2> sections and a list, and a "Discover more secrets" block', () => {
    for (const path of postPaths()) {
      const { main } = page(path);
      const article = $(main, 'article')!;
      expect(text($(article, 'h1')!), `${path}: <h1>`).not.toBe('');
      const cover = $(article, 'img.cover') ?? $(article, 'img');
      expect(cover?.attrs.src && builtExists(cover.attrs.src), `${path}: cover image ${cover?.attrs.src} exists in dist`).toBe(true);
      const body = $(article, '.prose');
      expect(body, `${path}: article body`).toBeDefined();
      const count = words(text(body!)).length;
      expect(count, `${path}: words in the body`).toBeGreaterThanOrEqual(500);
      expect($$(body!, 'h2').length, `${path}: <h2> sections in the body`).toBeGreaterThanOrEqual(2);
      expect($$(body!, 'ul li, ol li').length, `${path}: list items in the body`).toBeGreaterThanOrEqual(3);
      const discover = sectionByHeading(main, 'Discover more secrets');
      expect(discover, `${path}: a "Discover more secrets" block`).toBeDefined();
      expect($$(discover!, 'a[href]').filter((a) => builtExists(a.attrs.href)).length, `${path}: the block links somewhere on the site`).toBeGreaterThan(0);
    }
  });

  it('"More in <topic>" links to exactly two other entries of the article\'s topic, the same in two builds', () => {
    const related = (path: string, root: string) => {
      const { main } = page(path, root);
      const topic = text($(main, 'article .card-kicker a')!);
      const section = sectionByHeading(main, `More in ${topic}`);
      expect(section, `${path}: a "More in ${topic}" section`).toBeDefined();
      return { topic, links: $$(section!, '.card-title a').map((a) => a.attrs.href) };
    };
    for (const path of postPaths()) {
      const { topic, links } = related(path, dist);
      expect(links, `${path}: related links`).toHaveLength(2);
      for (const href of links) {
        expect(href, `${path}: never links to itself`).not.toBe(path);
        const { main } = page(href);
        expect(text($(main, 'article .card-kicker a')!), `${path}: ${href} is in ${topic} too`).toBe(topic);
      }
      expect(related(path, dist2).links, `${path}: the same two in a second build`).toEqual(links);
    }
  });
});

// ── Reviews ───────────────────────────────────────────────────────────────────────────────────

describe('reviews at /affiliate/{slug} (docs/product.md, "Reviews")', () => {
  const reviews = frontMatter('reviews');

  it('there are five, with the slugs docs/product.md names', () => {
    expect(reviews.map((r) => r.slug).sort()).toEqual([
      'affiliate-aqua-tower-review',
      'affiliate-his-secret-obsession-review',
      'affiliate-mitolyn-review',
      'affiliate-the-lost-generator-review',
      'affiliate-unlock-the-scrambler-review',
    ]);
    for (const r of reviews) expect(builtExists(`/affiliate/${r.slug}`), `/affiliate/${r.slug} was built`).toBe(true);
  });

  it.each(reviews.map((r) => [r.slug, r] as const))('%s: title, description and the page top to bottom', (slug, review) => {
    const path = `/affiliate/${slug}`;
    const d = review.data;
    const { doc, main } = page(path);
    expect(titleOf(doc)).toBe(`${d.title} | Affiliate review`);
    expect(metaContent(doc, 'description')).toBe(d.excerpt || d.title);

    const article = $(main, 'article')!;
    const pos = order(article);
    const at = (name: string, el: Element | undefined) => {
      expect(el, `${path}: ${name}`).toBeDefined();
      return pos.get(el!)!;
    };
    // Breadcrumbs, not a Back button: Home › Reviews › the title.
    const crumbs = $(article, 'nav[aria-label="Breadcrumb"]');
    expect(crumbs && $$(crumbs, 'li').map(text), `${path}: breadcrumbs`).toEqual(['Home', 'Reviews', d.title]);
    expect($$(article, 'a').filter((a) => /Back/.test(text(a))), `${path}: no Back link`).toEqual([]);
    const trail = at('breadcrumbs', crumbs);
    const h1 = at('<h1> with the title', $$(article, 'h1').find((h) => text(h) === d.title));
    const verdictEl = sectionByHeading(article, 'Our verdict');
    const verdict = at('verdict', verdictEl);
    const rating = parseRating(d.rating);
    const ratingEl = $$(verdictEl!, 'p').find((p) => /Our editors.? rating/.test(text(p)));
    if (rating !== undefined) {
      expect(ratingEl, `${path}: the editors' rating is shown in the verdict`).toBeDefined();
      expect(text(ratingEl!), `${path}: the editors' rating from the data`).toContain(`${rating}/5`);
    } else {
      expect(ratingEl, `${path}: no rating shown when the data has none that parses`).toBeUndefined();
    }
    const verdictText = text(verdictEl!);
    if (d.verdict) expect(verdictText).toContain(d.verdict);
    if (d.bestFor) expect(verdictText, `${path}: who it is for`).toContain(d.bestFor);
    // Never a claim of testing that did not happen.
    expect(verdictText, `${path}: how we reviewed it`).toContain(d.testedHandsOn ? 'We used' : `We have not tested ${d.productName} hands-on.`);
    const notRecommended = /We do not recommend/.test(verdictText);
    expect(notRecommended, `${path}: "we do not recommend" exactly when rated under 3/5`).toBe(rating !== undefined && rating < 3);
    const pros = at('Pros box', sectionByHeading(article, 'Pros'));
    const cons = at('Cons box', sectionByHeading(article, 'Cons'));
    const buyEl = sectionByHeading(article, 'Price and where to buy');
    const buy = at('price and where to buy', buyEl);
    const priceEl = $$(buyEl!, 'p').find((p) => text(p).startsWith(d.price));
    expect(priceEl, `${path}: the price`).toBeDefined();
    if (d.shipping) expect(text(priceEl!), `${path}: shipping beside the price`).toContain(d.shipping.match(/\$[\d.]+/)![0]);
    expect(text(priceEl!), `${path}: the guarantee beside the price`).toContain(d.guarantee ?? '60-day money-back guarantee');
    // One call to action, "Check price at <merchant>", with the disclosure right beside it.
    const ctas = $$(article, 'a[data-affiliate-cta]');
    expect(ctas.length, `${path}: one call to action`).toBe(1);
    expect(text(ctas[0])).toMatch(new RegExp(`^Check price at ${d.merchant}`));
    const row = $(buyEl!, '.buy-row')!;
    expect($$(row, 'a[data-affiliate-cta]'), `${path}: the call to action in the buy row`).toHaveLength(1);
    expect(text($(row, '.cta-disclosure')!), `${path}: the disclosure beside it`).toMatch(/^Affiliate link: .*commission/);
    expect($(row, '.cta-disclosure a[href="/affiliate-disclosure"]'), `${path}: a link to the disclosure`).toBeDefined();
    const body = at('Markdown body', $(article, '.prose'));
    const faqEl = sectionByHeading(article, 'Frequently asked questions');
    const faq = at('FAQ', faqEl);
    const conclusionEl = sectionByHeading(article, 'Conclusion');

    const sequence: [string, number][] = [['breadcrumbs', trail], ['h1', h1], ['verdict', verdict], ['pros', pros], ['cons', cons], ['buy', buy], ['body', body], ['faq', faq]];
    if (d.conclusion && d.verdict) {
      expect(conclusionEl, `${path}: the conclusion box`).toBeDefined();
      expect(text(conclusionEl!)).toContain(d.conclusion.slice(0, 60));
      sequence.push(['conclusion', pos.get(conclusionEl!)!]);
    } else {
      expect(conclusionEl, `${path}: no conclusion box when the review has none (or it is the verdict)`).toBeUndefined();
    }
    const sorted = [...sequence].sort((a, b) => a[1] - b[1]).map(([n]) => n);
    expect(sorted, `${path}: element order`).toEqual(sequence.map(([n]) => n));

    // Pros and cons from the data.
    expect($$(sectionByHeading(article, 'Pros')!, 'li').map(text)).toEqual(d.pros);
    expect($$(sectionByHeading(article, 'Cons')!, 'li').map(text)).toEqual(d.cons);

    // The call to action is a sponsored link to the affiliate address, in a new tab.
    for (const a of ctas) {
      expect(a.attrs.href).toBe(d.affiliateLink);
      expect(a.attrs.rel).toBe('sponsored nofollow noopener');
      expect(a.attrs.target).toBe('_blank');
    }
    for (const a of $$(article, 'a[href]').filter((a) => a.attrs.href === d.affiliateLink)) {
      expect(a.attrs.rel?.split(/\s+/), `${path}: every link to the affiliate address is sponsored`).toEqual(expect.arrayContaining(['sponsored', 'nofollow']));
    }

    // FAQ: one accordion group; the review's own questions, or the three defaults.
    const items = $$(faqEl!, 'details');
    const names = new Set(items.map((i) => i.attrs.name));
    expect(names.size === 1 && !names.has(undefined as never) && !names.has(''), `${path}: FAQ items share one <details name>`).toBe(true);
    const questions = items.map((i) => text($(i, 'summary')!));
    if (d.faqs) {
      expect(questions).toEqual(d.faqs.map((f: { q?: string; question?: string }) => f.q ?? f.question));
    }
  });

  it('a review under 3/5 names its better choices: real pages of the site, with their own titles', () => {
    const listing = reviews.filter((r) => (r.data.alternatives ?? []).length > 0);
    expect(listing.map((r) => r.slug)).toEqual(['affiliate-unlock-the-scrambler-review']);
    for (const r of listing) {
      const verdict = sectionByHeading(page(`/affiliate/${r.slug}`).main, 'Our verdict')!;
      const choices = sectionByHeading(verdict, 'Better choices');
      expect(choices, `${r.slug}: better choices`).toBeDefined();
      const links = $$(choices!, 'a[href]');
      expect(links.map((a) => a.attrs.href)).toEqual(r.data.alternatives);
      for (const a of links) {
        expect(builtExists(a.attrs.href), `${a.attrs.href} is a page of the site`).toBe(true);
        expect(text(a), `${a.attrs.href}: its own title`).toBe(text($(page(a.attrs.href).main, 'h1')!));
      }
    }
  });

  it('the two reviews without FAQs (the Scrambler, Mitolyn) show exactly the three default questions', () => {
    const withoutFaqs = reviews.filter((r) => r.data.faqs === undefined).map((r) => r.slug).sort();
    expect(withoutFaqs).toEqual(['affiliate-mitolyn-review', 'affiliate-unlock-the-scrambler-review']);
    for (const slug of withoutFaqs) {
      const { main } = page(`/affiliate/${slug}`);
      const items = $$(sectionByHeading(main, 'Frequently asked questions')!, 'details');
      expect(items, `${slug}: three FAQ items`).toHaveLength(3);
      const qa = items.map((i) => ({ q: text($(i, 'summary')!), a: text($(i, '.faq-answer') ?? i) }));
      expect(qa[0].q).toMatch(/\bscam\b/i);
      expect(qa[1].q).toMatch(/where .*buy/i);
      expect(qa[2].q).toMatch(/refund/i);
      expect(qa[2].a).toMatch(/60-day money-back guarantee/);
      for (const { a } of qa) expect(a.length, `${slug}: each default answer says something`).toBeGreaterThan(40);
    }
  });

  it('/mitolyn-review, once a second copy of the review, now sends the visitor to /affiliate/affiliate-mitolyn-review', () => {
    const { doc } = page('/mitolyn-review');
    expect(isRedirectPage(doc)).toBe(true);
    expect(canonicalOf(doc)).toBe(`${SITE_URL}/affiliate/affiliate-mitolyn-review`);
  });

  it('structured data: a rating only where ours parses, never a 5.0 / 100-reviews default', () => {
    for (const r of reviews) {
      const path = `/affiliate/${r.slug}`;
      const ld = jsonLd(page(path).doc);
      const product = ld.find((x) => x['@type'] === 'Product');
      expect(product, `${path}: Product JSON-LD`).toBeDefined();
      expect(product!.name).toBe(r.data.productName);
      expect(product!.review?.['@type'], `${path}: Product.review`).toBe('Review');
      expect(product!.aggregateRating, `${path}: no aggregate (user) rating is claimed`).toBeUndefined();
      const rating = parseRating(r.data.rating);
      if (rating === undefined) {
        expect(product!.review.reviewRating, `${path}: no rating when ours does not parse`).toBeUndefined();
      } else {
        expect(Number(product!.review.reviewRating?.ratingValue), `${path}: reviewRating`).toBe(rating);
        expect(Number(product!.review.reviewRating?.bestRating ?? 5)).toBe(5);
      }
      const json = JSON.stringify(ld);
      expect(json, `${path}: no default review count`).not.toMatch(/"(review|rating)Count"\s*:\s*"?100\b/);
    }
  });

  it('no "(Limited Time Offer)", no commission and no unreplaced {{placeholder}} on any page', () => {
    expect(reviews.every((r) => r.data.priceIsLimitedOffer !== true), 'all review data says the price is not time-limited').toBe(true);
    const commissions = reviews.map((r) => String(r.data.commission));
    expect(commissions.length).toBe(5);
    const problems: string[] = [];
    for (const file of htmlFiles(dist)) {
      const { doc } = page(pathOf(file));
      const visible = text($(doc, 'body') ?? doc);
      const raw = readFileSync(join(dist, file), 'utf8');
      if (/Limited Time Offer/i.test(raw)) problems.push(`${file}: "(Limited Time Offer)"`);
      if (raw.includes('{{')) problems.push(`${file}: an unreplaced {{placeholder}}`);
      for (const c of commissions) {
        // As a number on its own, so a price such as $136.10 is not mistaken for 36.1.
        const escaped = c.replace(/[.*+?^$|()[\]{}\\]/g, '\\$&');
        const alone = new RegExp(`(?<![\\d.])${escaped}(?![\\d])`);
        if (alone.test(raw) || alone.test(visible)) problems.push(`${file}: the commission "${c}"`);
      }
      if (/revshare|\bCPA\b/i.test(raw)) problems.push(`${file}: commission terms`);
      if (/\b4\.9\s*\/\s*5\b|\/5 User Rating/.test(visible)) problems.push(`${file}: a fixed user rating`);
    }
    expect(problems).toEqual([]);
  });
});

// ── Advice pages ──────────────────────────────────────────────────────────────────────────────

// The published paths less /his-secret-obsession-review, a second review of the product, now a 301
// to its review; /how-to-spo-red-flags is spelt right (docs/product.md, "One topic", "Addresses").
const ADVICE_PATHS = [
  '/how-to-get-your-ex-back', '/dating-advice-for-women', '/emotional-connection-tips', '/breakup-recovery-guide',
  '/chat-mistakes', '/confidence-attraction', '/emotional-attraction', '/nice-guy-trap',
  '/ways-to-heal-after-breakup', '/best-books-to-heal-a-broken-heart', '/better-breakups', '/breakups',
  '/psychology-today-breakups', '/breakup-checklist', '/emotional-safety-tips', '/stop-walking-on-eggshells',
  '/green-flags-relationship', '/how-to-spot-red-flags', '/emotional-intimacy-tips', '/emotional-neglect-healing',
  '/how-to-get-him-to-open-up',
];

/** The questions of the FAQ accordion in `#faq`. */
function faqItems(main: Element): { el: Element; q: string }[] {
  const faq = $(main, '#faq');
  if (!faq) return [];
  return $$(faq, 'details').map((el) => ({ el, q: text($(el, 'summary')!) }));
}
const bodyHeadings = (main: Element, level = 'h2') => $$($(main, 'article .prose') ?? main, level).map(text);

describe('long-form advice pages (docs/product.md, "Advice pages")', () => {
  it('all 21 published paths were built, each a real page with its own <h1> and a long body', () => {
    expect(ADVICE_PATHS).toHaveLength(21);
    for (const path of ADVICE_PATHS) {
      const { doc, main } = page(path);
      expect(isRedirectPage(doc), `${path} is a page, not a redirect`).toBe(false);
      expect($$(main, 'h1').length, `${path}: one <h1>`).toBe(1);
      expect(words(text($(main, '.prose') ?? main)).length, `${path}: words in the body`).toBeGreaterThanOrEqual(300);
    }
  });

  it('/how-to-get-your-ex-back has 7 steps', () => {
    const steps = bodyHeadings(page('/how-to-get-your-ex-back').main).filter((h) => /^Step \d+\b/.test(h));
    expect(steps.map((s) => Number(/^Step (\d+)/.exec(s)![1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('/dating-advice-for-women has 7 tips and an FAQ', () => {
    const { main, doc } = page('/dating-advice-for-women');
    const tips = bodyHeadings(main).filter((h) => /^Tip \d+\b/.test(h));
    expect(tips.map((s) => Number(/^Tip (\d+)/.exec(s)![1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const faq = faqItems(main);
    expect(faq.length).toBeGreaterThanOrEqual(3);
    const ld = jsonLd(doc).find((d) => d['@type'] === 'FAQPage');
    expect(ld?.mainEntity.map((q: { name: string }) => q.name)).toEqual(faq.map((f) => f.q));
  });

  it('/emotional-connection-tips has 7 tips', () => {
    const tips = bodyHeadings(page('/emotional-connection-tips').main).filter((h) => /^Tip \d+\b/.test(h));
    expect(tips.map((s) => Number(/^Tip (\d+)/.exec(s)![1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('/ways-to-heal-after-breakup has 19 numbered sections, in order', () => {
    const numbered = bodyHeadings(page('/ways-to-heal-after-breakup').main).filter((h) => /^\d+\.\s/.test(h));
    expect(numbered.map((h) => Number(/^(\d+)\./.exec(h)![1]))).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it('/breakup-recovery-guide: contents, #stories, the 30-day plan, 12 FAQs in #faq, 30 days of no contact', () => {
    const { main } = page('/breakup-recovery-guide');
    const toc = $$(main, 'nav').find((n) => /Contents/.test(text($(n, 'h2, h3') ?? n)));
    expect(toc, 'a contents list').toBeDefined();
    const tocLinks = $$(toc!, 'a[href^="#"]').map((a) => a.attrs.href.slice(1));
    expect(tocLinks.length).toBeGreaterThanOrEqual(5);
    const ids = new Set($$(main, '[id]').map((e) => e.attrs.id));
    for (const id of tocLinks) expect(ids.has(id), `contents link #${id} has a target`).toBe(true);
    expect(tocLinks).toEqual(expect.arrayContaining(['stories', 'faq']));
    expect(ids.has('stories')).toBe(true);
    const headings = $$(main, 'h2, h3').map(text);
    for (const days of ['1', '8', '15', '22']) {
      const end = { '1': '7', '8': '14', '15': '21', '22': '30' }[days];
      expect(headings.some((h) => new RegExp(`^Days ${days}\\s*[–-]\\s*${end}$`).test(h)), `a "Days ${days}–${end}" block`).toBe(true);
    }
    expect(faqItems(main)).toHaveLength(12);
    expect(text(main)).toMatch(/30 days of no contact|no contact for 30 days/i);
  });

  it('/breakups and /psychology-today-breakups link to the guide\'s #stories and #faq', () => {
    for (const path of ['/breakups', '/psychology-today-breakups']) {
      const hrefs = $$(page(path).main, 'a[href]').map((a) => a.attrs.href);
      expect(hrefs, path).toContain('/breakup-recovery-guide#stories');
      expect(hrefs, path).toContain('/breakup-recovery-guide#faq');
    }
  });

  it('/green-flags-relationship: 5 FAQs, one accordion group, the first open', () => {
    const items = faqItems(page('/green-flags-relationship').main);
    expect(items).toHaveLength(5);
    expect(items.map((i) => 'open' in i.el.attrs)).toEqual([true, false, false, false, false]);
    expect(new Set(items.map((i) => i.el.attrs.name)).size).toBe(1);
    expect(items[0].el.attrs.name).toBeTruthy();
  });

  it('/how-to-spot-red-flags shows its own 4 questions, none of the green-flag ones', () => {
    const red = faqItems(page('/how-to-spot-red-flags').main).map((i) => i.q);
    const green = faqItems(page('/green-flags-relationship').main).map((i) => i.q);
    expect(red).toHaveLength(4);
    for (const q of red) expect(green, `"${q}" is not a green-flags question`).not.toContain(q);
    expect(red.join(' ')).toMatch(/red flag|jealous/i);
  });

  it('/breakup-checklist offers the PDF, which exists', () => {
    const link = $$(page('/breakup-checklist').main, 'a[href]').find((a) => a.attrs.href === '/downloads/breakup-checklist.pdf');
    expect(link, 'a link to /downloads/breakup-checklist.pdf').toBeDefined();
    expect(text(link!)).toMatch(/PDF|download/i);
    expect(statSync(join(dist, 'downloads', 'breakup-checklist.pdf')).size).toBeGreaterThan(1000);
  });
});

describe('the breakup checklist PDF (docs/product.md, "Advice pages")', () => {
  const pdf = () => join(dist, 'downloads', 'breakup-checklist.pdf');
  /** Opens the PDF with Mozilla's pdf.js: a parse error fails the test; returns the pages' text. */
  const readPdf = async () => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const fonts = join(PROJECT_ROOT, 'node_modules', 'pdfjs-dist', 'standard_fonts') + sep;
    const doc = await getDocument({ data: new Uint8Array(readFileSync(pdf())), standardFontDataUrl: fonts, isEvalSupported: false }).promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join(''));
    }
    await doc.destroy();
    return pages;
  };

  it('is a valid PDF with at least one page', async () => {
    expect(readFileSync(pdf()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await readPdf();
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages[0].trim().length, 'the first page has text').toBeGreaterThan(100);
  });

  it("holds the page's title, every ## heading and every checklist item", async () => {
    const squash = (s: string) => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
    const pdfText = squash((await readPdf()).join(' '));
    const md = readMarkdown(join(CONTENT, 'guides', 'breakup-checklist.md'));
    const plain = (s: string) => squash(s.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`~]+/g, ''));
    expect(pdfText).toContain(squash(md.data.title));
    const headings = [...md.body.matchAll(/^##\s+(.+)$/gm)].map((m) => plain(m[1]));
    expect(headings.length).toBeGreaterThanOrEqual(5);
    for (const h of headings) expect(pdfText, `heading "${h}"`).toContain(h);
    const items = [...md.body.matchAll(/^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?(.+)$/gm)].map((m) => plain(m[1]));
    expect(items.length).toBeGreaterThanOrEqual(20);
    for (const item of items) {
      const start = item.split(' ').slice(0, 5).join(' ');
      expect(pdfText, `checklist item "${item}"`).toContain(start);
    }
  });
});

// ── Gift pages ────────────────────────────────────────────────────────────────────────────────

// The camelCase addresses are spelt plainly now; the old ones redirect (docs/product.md, "Addresses").
const GIFT_PATHS = [
  '/impress-her-mom-gift-guide', '/love-necklace-gift-page', '/gift-for-daughter-necklace', '/gift-for-daughter-from-dad',
  '/gift-for-daughter-from-mom', '/back-to-school-gifts', '/one-of-a-kind-etsy-gifts',
];

describe('gift pages (docs/product.md, "Gift pages")', () => {
  const gifts = frontMatter('gifts');

  it('all seven were built', () => {
    for (const path of GIFT_PATHS) {
      const { main } = page(path);
      expect($$(main, 'h1').length, `${path}: one <h1>`).toBe(1);
    }
  });

  it('/impress-her-mom-gift-guide: 8 gifts, each complete, a 3-question FAQ and ItemList JSON-LD of the same 8', () => {
    const { doc, main } = page('/impress-her-mom-gift-guide');
    const items = $$(main, 'li.gift-item');
    expect(items).toHaveLength(8);
    for (const item of items) {
      const title = text($(item, 'h3')!);
      const img = $(item, 'img');
      expect(img?.attrs.alt, `${title}: image alt`).toBeTruthy();
      expect(builtExists(img!.attrs.src), `${title}: image ${img!.attrs.src}`).toBe(true);
      expect(text($(item, '.best-for') ?? item), `${title}: best-for line`).not.toBe('');
      expect($$(item, 'p').map(text).some((p) => words(p).length >= 8), `${title}: a description`).toBe(true);
      // Shop and price, never an invented star row: "check on <shop>" where no price was checked.
      expect($(item, '.gift-rating'), `${title}: no star row`).toBeUndefined();
      expect(text(item), `${title}: no stars`).not.toMatch(/★|\d\/5/);
      expect(text($(item, '.gift-shop')!), `${title}: shop and price`).toBe('Shop: Etsy · Price: check on Etsy');
      const link = $(item, 'a[href^="http"]');
      expect(link?.attrs.rel?.split(' '), `${title}: outbound link is sponsored`).toEqual(expect.arrayContaining(['sponsored', 'nofollow']));
      expect(text(link!), `${title}: button text names the shop`).toMatch(/ on Etsy \(opens the shop in a new tab\)$/);
      const quote = $(item, 'blockquote');
      if (quote) expect(text(quote), `${title}: a shown quote is not empty`).not.toBe('');
    }
    expect(faqItems(main)).toHaveLength(3);
    const list = jsonLd(doc).find((d) => d['@type'] === 'ItemList');
    expect(list?.itemListElement).toHaveLength(8);
    expect(list!.itemListElement.map((e: { name: string }) => e.name)).toEqual(items.map((i) => text($(i, 'h3')!)));
    expect(list!.itemListElement.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('the necklace pages ask for ad slots, which are left out while no ad service is configured (the shipped config)', () => {
    for (const path of ['/love-necklace-gift-page', '/gift-for-daughter-necklace']) {
      expect(gifts.find((g) => `/${g.slug}` === path)?.data.adSlots, `${path}: adSlots in front matter`).toBeGreaterThanOrEqual(1);
      expect($$(page(path).main, '[data-ad-slot]'), `${path}: ad slots`).toHaveLength(0);
    }
  });

  it('countdown pages carry their real deadline; pages without one show no countdown', () => {
    const withDeadline = gifts.filter((g) => g.data.deadline).map((g) => `/${g.slug}`).sort();
    expect(withDeadline).toEqual(['/back-to-school-gifts', '/gift-for-daughter-from-dad', '/gift-for-daughter-from-mom']);
    for (const g of gifts) {
      const path = `/${g.slug}`;
      const countdowns = $$(page(path).main, '[data-countdown]');
      if (!g.data.deadline) {
        expect(countdowns, `${path}: no countdown without a deadline`).toHaveLength(0);
        continue;
      }
      expect(countdowns, `${path}: one countdown`).toHaveLength(1);
      const at = countdowns[0].attrs['data-countdown'];
      expect(at, `${path}: an ISO date-time`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/);
      expect(Date.parse(at)).toBe(Date.parse(g.data.deadline.at));
      expect(text(countdowns[0]), `${path}: says what the deadline is for`).toContain(g.data.deadline.label);
      // The guide's own occasion: the countdown names it, and so does the line under the title.
      expect(g.data.deadline.occasion, `${path}: the deadline is for the guide's occasion`).toBe(g.data.occasion);
      expect(countdowns[0].attrs['data-occasion']).toBe(g.data.occasion);
      expect(text(countdowns[0]).toLowerCase(), `${path}: the countdown names the occasion`).toContain(g.data.occasion.toLowerCase());
      expect(text($(page(path).main, '.gift-occasion')!)).toBe(`For ${g.data.occasion}`);
      const time = $(countdowns[0], 'time[datetime]');
      expect(time?.attrs.datetime).toBe(at);
    }
  });

  it('/gift-for-daughter-from-mom: 4 card messages and 3 quotations, as plain lists (nothing rotates); from dad: 4 messages', () => {
    const mom = page('/gift-for-daughter-from-mom').main;
    const messages = $(mom, 'section.messages');
    expect($$(messages!, 'li').map(text).filter(Boolean)).toHaveLength(4);
    const quotes = $(mom, 'section.quotes');
    expect($$(quotes!, 'blockquote')).toHaveLength(3);
    expect($$(mom, '[data-island="rotator"], [data-rotate-seconds]'), 'no rotator').toHaveLength(0);
    const dad = $(page('/gift-for-daughter-from-dad').main, 'section.messages');
    expect($$(dad!, 'li')).toHaveLength(4);
  });

  it('/one-of-a-kind-etsy-gifts: 7 quotations, a click-to-play video whose file exists, and an FAQ', () => {
    const { main } = page('/one-of-a-kind-etsy-gifts');
    const quotes = $(main, 'section.quotes');
    const blockquotes = $$(quotes!, 'blockquote');
    expect(blockquotes).toHaveLength(7);
    for (const q of blockquotes) expect(text(q)).not.toBe('');
    const preview = $(main, 'a[data-video-src]');
    expect(preview, 'a video preview link').toBeDefined();
    const src = preview!.attrs['data-video-src'];
    expect(src).toMatch(/\.mp4$/);
    expect(statSync(join(dist, src)).size, `${src} in dist`).toBeGreaterThan(0);
    const poster = $(preview!, 'img');
    expect(builtExists(poster!.attrs.src), `poster ${poster!.attrs.src}`).toBe(true);
    expect([poster!.attrs.width, poster!.attrs.height]).toEqual(['640', '360']);
    expect($$(main, 'iframe, video'), 'no player until clicked').toHaveLength(0);
    expect(faqItems(main).length).toBeGreaterThanOrEqual(3);
  });
});

// ── Indexes ───────────────────────────────────────────────────────────────────────────────────

interface CardInfo {
  href: string;
  title: string;
  excerpt: string;
  img?: string;
  cta?: { text: string; href: string };
}
function cards(root: Element): CardInfo[] {
  return $$(root, 'article.card').map((c) => {
    const titleLink = $(c, '.card-title a') ?? $(c, 'h2 a, h3 a');
    const body = $(c, '.card-body') ?? c;
    const paragraphs = $$(body, 'p').filter((p) => !/\bcard-(kicker|cta)\b/.test(p.attrs.class ?? ''));
    const cta = $(c, '.card-cta a');
    return {
      href: titleLink?.attrs.href ?? '',
      title: titleLink ? text(titleLink) : '',
      excerpt: paragraphs.map(text).join(' '),
      img: $(c, 'img')?.attrs.src,
      cta: cta ? { text: text(cta), href: cta.attrs.href } : undefined,
    };
  });
}

describe('indexes (docs/product.md, "Core pages")', () => {
  const guidePaths = ['/guides', '/guides/page/2', '/guides/page/3', '/guides/page/4', '/guides/page/5'];

  it('/guides has five pages of 6, 6, 6, 6 and 3 cards, 27 in all, each once: guide-index.json\'s 24, then the 3 guides it does not list, newest first; page 6 goes to page 1', () => {
    const counts = guidePaths.map((p) => cards(page(p).main).length);
    expect(counts).toEqual([6, 6, 6, 6, 3]);
    // The sixth page the index once had (docs/product.md, "One topic": off-topic and repeated cards left it).
    expect(isRedirectPage(page('/guides/page/6').doc)).toBe(true);
    expect(canonicalOf(page('/guides/page/6').doc)).toBe(`${SITE_URL}/guides`);
    expect(existsSync(join(dist, 'guides', 'page', '7.html'))).toBe(false);
    const hrefs = guidePaths.flatMap((p) => cards(page(p).main).map((c) => c.href));
    expect(hrefs).toHaveLength(27);
    expect(new Set(hrefs).size, 'no card twice').toBe(27);
    const index = readJson<{ slug: string }[]>('guide-index.json');
    expect(hrefs.slice(0, index.length), 'cards follow guide-index.json').toEqual(index.map((e) => `/${e.slug}`));
    const listed = new Set(index.map((e) => e.slug));
    const unlisted = frontMatter('guides')
      .filter((g) => !g.data.draft && !listed.has(g.slug))
      .sort((a, b) => (isoDate(a.data.date) < isoDate(b.data.date) ? 1 : -1));
    expect(hrefs.slice(index.length), 'then every guide guide-index.json does not list, newest first').toEqual(unlisted.map((g) => `/${g.slug}`));
    for (const g of frontMatter('guides').filter((x) => !x.data.draft)) expect(hrefs, `guide ${g.slug} is on /guides`).toContain(`/${g.slug}`);
  });

  it('every guide card has an image, a title, an excerpt and "Read the guide →" to a real page', () => {
    for (const path of guidePaths) {
      for (const card of cards(page(path).main)) {
        const where = `${path}: card "${card.title}"`;
        expect(card.img && builtExists(card.img), `${where}: image ${card.img}`).toBe(true);
        expect(card.title, where).not.toBe('');
        expect(card.excerpt === 'No summary.' || words(card.excerpt).length >= 5, `${where}: excerpt "${card.excerpt}"`).toBe(true);
        expect(card.cta?.text, `${where}: call to action`).toBe('Read the guide →');
        expect(card.cta?.href).toBe(card.href);
        expect(card.href).toMatch(/^\/[^/]+$/);
        expect(builtExists(card.href), `${where}: ${card.href} exists`).toBe(true);
      }
    }
  });

  it('pagination: Previous disabled on page 1, Next on the last page, numbered links 1–6 with aria-current on the current one', () => {
    guidePaths.forEach((path, i) => {
      const n = i + 1;
      const nav = $$(page(path).main, 'nav').find((x) => $$(x, 'a, span').some((e) => /Next/.test(text(e))));
      expect(nav, `${path}: pagination`).toBeDefined();
      const prev = $$(nav!, 'a, span').find((e) => /Previous/.test(text(e)))!;
      const next = $$(nav!, 'a, span').find((e) => /Next/.test(text(e)))!;
      if (n === 1) {
        expect(prev.tag, `${path}: Previous is not a link`).not.toBe('a');
        expect(prev.attrs['aria-disabled']).toBe('true');
      } else {
        expect(prev.tag).toBe('a');
        expect(prev.attrs.href).toBe(guidePaths[i - 1]);
      }
      if (n === guidePaths.length) {
        expect(next.tag, `${path}: Next is not a link`).not.toBe('a');
        expect(next.attrs['aria-disabled']).toBe('true');
      } else {
        expect(next.tag).toBe('a');
        expect(next.attrs.href).toBe(guidePaths[i + 1]);
      }
      const numbered = $$(nav!, 'a').filter((a) => /^\d+$/.test(text(a)));
      expect(numbered.map((a) => [text(a), a.attrs.href])).toEqual(guidePaths.map((p, j) => [String(j + 1), p]));
      expect(numbered.map((a) => a.attrs['aria-current'] ?? null)).toEqual(guidePaths.map((_, j) => (j === i ? 'page' : null)));
    });
  });

  it('/posts: 15 cards linking by the docs/product.md rule (affiliate → /affiliate/, promo → /promo/, else /{slug})', () => {
    const list = cards(page('/posts').main);
    const features = readJson<{ slug: string }[]>('features.json');
    expect(list).toHaveLength(15);
    const expected = features.map(({ slug }) =>
      slug.includes('affiliate') ? `/affiliate/${slug}` : slug.includes('promo') ? `/promo/${slug}` : `/${slug}`,
    );
    expect(list.map((c) => c.href)).toEqual(expected);
    expect(expected.filter((h) => h.startsWith('/affiliate/')).length).toBeGreaterThan(0);
    expect(expected.filter((h) => h.startsWith('/promo/')).length).toBeGreaterThan(0);
    for (const c of list) {
      expect(builtExists(c.href), `/posts card ${c.href} leads somewhere`).toBe(true);
      expect(c.title).not.toBe('');
      expect(c.img && builtExists(c.img), `${c.href}: image`).toBe(true);
    }
  });

  it('/articles lists all 10 articles, newest first', () => {
    const { main } = page('/articles');
    const list = $$(main, 'article.card');
    expect(list).toHaveLength(10);
    const hrefs = list.map((c) => $(c, '.card-title a, h2 a, h3 a')!.attrs.href);
    const posts = readdirSync(join(dist, 'post'))
      .filter((f) => f !== '404.html')
      .map((f) => `/post/${f.replace(/\.html$/, '')}`)
      .filter((path) => !isRedirectPage(page(path).doc));
    expect([...hrefs].sort()).toEqual(posts.sort());
    const dates = list.map((c) => $(c, 'time[datetime]')!.attrs.datetime);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2025-05-08');
    expect(dates[9]).toBe('2025-01-05');
  });
});

// ── Topics ────────────────────────────────────────────────────────────────────────────────────

type TopicData = { category: string; title: string; description: string; tags: string[]; hotArticles: string[]; guides: string[]; bannerImage: string; aliases: string[] };

describe('topic pages (docs/product.md, "One taxonomy")', () => {
  const data = readJson<{ categories: TopicData[] }>('categories.json');

  it('five topics: Dating, Relationships, Breakups, Self-care, Gifts, each with its page', () => {
    expect(data.categories.map((c) => [c.title, c.category])).toEqual([
      ['Dating', 'dating'], ['Relationships', 'relationships'], ['Breakups', 'breakups'], ['Self-care', 'self-care'], ['Gifts', 'gifts'],
    ]);
    for (const c of data.categories) expect(isRedirectPage(page(`/category/${c.category}`).doc), `/category/${c.category}`).toBe(false);
  });

  it('no invented popularity: each page states how many entries it has and the newest date, which are the real ones', () => {
    for (const c of data.categories) {
      const path = `/category/${c.category}`;
      const { main, html } = page(path);
      expect($(main, 'meter'), `${path}: no meter`).toBeUndefined();
      expect(html, `${path}: no popularity score`).not.toMatch(/popularity|\/100\b/i);
      const all = categoryList(c.category).hrefs;
      const dates = all.map((h) => entryDate(h)).sort();
      const figures = text($(main, '.topic-figures')!);
      expect(figures, `${path}: the number of entries`).toMatch(new RegExp(`^${all.length} (articles, guides and reviews|article, guide or review)`));
      expect($(main, '.topic-figures time')?.attrs.datetime, `${path}: the newest date`).toBe(dates.at(-1));
    }
  });

  it('each page has its banner, icon, description, tags and featured articles', () => {
    // Featured articles are named by slug (an article's file name or slug:).
    const idToPath = new Map(published('articles').map((a) => [a.slug, `/post/${a.slug}`]));
    const icons = new Set<string>();
    for (const c of data.categories) {
      const path = `/category/${c.category}`;
      const { main } = page(path);
      const banner = $$(main, 'img').find((i) => i.attrs.src === c.bannerImage);
      expect(banner, `${path}: banner`).toBeDefined();
      expect(builtExists(c.bannerImage), `${path}: banner file`).toBe(true);
      // An SVG in the text colour, never an emoji (a box where there is no emoji font).
      const svg = $(main, '.category-icon svg');
      expect(svg?.attrs['aria-hidden'], `${path}: a decorative SVG icon`).toBe('true');
      expect(text($(main, '.category-icon')!), `${path}: no emoji`).toBe('');
      icons.add(svg!.attrs['data-icon']!);
      expect(text($(main, 'h1')!)).toBe(c.title);
      expect(text(main), `${path}: description`).toContain(c.description);
      expect($$(main, 'ul.tags li').map(text), `${path}: tags`).toEqual(c.tags);
      const featured = sectionByHeading(main, /Featured articles/i);
      if (c.hotArticles.length === 0) {
        expect(featured, `${path}: no featured articles block without any`).toBeUndefined();
        continue;
      }
      const links = cards(featured!).map((x) => x.href);
      expect(links, `${path}: featured articles are the data's hotArticles`).toEqual(c.hotArticles.map((slug) => idToPath.get(slug)));
    }
    expect(icons.size, 'icons cycle through the five').toBe(5);
  });
});

// ── Finding things (issue 19, issue 30): menu, topic lists, tags, gifts index, related ─────────

/** A front-matter date as YYYY-MM-DD, whether the parser gave a string or a Date. */
const isoDate = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d));
const published = (dir: string) => frontMatter(dir).filter((e) => !e.data.draft);
/** Where an entry of a content folder lives. */
const hrefOf = (dir: string, slug: string) => (dir === 'articles' ? `/post/${slug}` : dir === 'reviews' ? `/affiliate/${slug}` : `/${slug}`);
/** Every published entry that listings may show (not `unlisted`), with where it lives. */
const listedEntries = () =>
  ['articles', 'guides', 'gifts', 'reviews'].flatMap((dir) => published(dir).filter((e) => !e.data.unlisted).map((e) => ({ ...e, dir, href: hrefOf(dir, e.slug) })));
const entryDate = (href: string) => isoDate(listedEntries().find((e) => e.href === href)!.data.date);

/** Every page of a topic's full list, following its Next links from page 1. */
function categoryList(key: string): { paths: string[]; hrefs: string[]; perPage: number[] } {
  const paths: string[] = [];
  const hrefs: string[] = [];
  const perPage: number[] = [];
  let path: string | undefined = `/category/${key}`;
  while (path && paths.length < 20) {
    paths.push(path);
    const section = $(page(path).main, 'section.category-all');
    expect(section, `${path}: the full list`).toBeDefined();
    const list = cards(section!);
    perPage.push(list.length);
    hrefs.push(...list.map((c) => c.href));
    const next = $$(section!, '.pagination a[rel="next"]')[0];
    path = next?.attrs.href;
  }
  return { paths, hrefs, perPage };
}

describe('finding things (issue 19, issue 30)', () => {
  const categories = readJson<{ categories: TopicData[] }>('categories.json');
  const tagHref = (t: string) => `/tag/${t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

  it('the header menu links the five topics, Reviews and About, and marks the current page only', () => {
    for (const path of ['/', '/articles', '/guides', '/gifts', '/posts', '/about', '/category/dating', '/category/breakups', '/tag/safety', '/post/first-date-tips']) {
      const { doc } = page(path);
      const links = $$(doc, 'header.site-header #site-menu a');
      expect(links.map((a) => [text(a), a.attrs.href]), `${path}: menu`).toEqual([
        ['Dating', '/category/dating'], ['Relationships', '/category/relationships'], ['Breakups', '/category/breakups'],
        ['Self-care', '/category/self-care'], ['Gifts', '/category/gifts'], ['Reviews', '/posts'], ['About', '/about'],
      ]);
      expect(links.filter((a) => a.attrs['aria-current'] === 'page').map((a) => a.attrs.href), `${path}: aria-current`).toEqual(links.some((a) => a.attrs.href === path) ? [path] : []);
      for (const a of links) expect(builtExists(a.attrs.href), `${path}: ${a.attrs.href} was built`).toBe(true);
      // Contact left the menu for the footer, beside About us.
      expect($$(doc, 'footer a').map((a) => a.attrs.href), `${path}: footer`).toContain('/contact');
    }
  });

  it('/gifts lists every listed gift guide, newest first, each card with its image and title, with a breadcrumb', () => {
    const gifts = published('gifts').filter((g) => !g.data.unlisted).sort((a, b) => (isoDate(a.data.date) < isoDate(b.data.date) ? 1 : -1));
    const { doc, main } = page('/gifts');
    const list = cards(main);
    expect(list.map((c) => c.href)).toEqual(gifts.map((g) => `/${g.slug}`));
    for (const c of list) {
      expect(c.img && builtExists(c.img), `${c.href}: image`).toBe(true);
      expect(c.title).not.toBe('');
    }
    expect(typesOf(jsonLd(doc))).toContain('BreadcrumbList');
  });

  it('every listed entry names one of the five topics and is on its page; topic pages list 9 a page, newest first, each once', () => {
    const titles = categories.categories.map((c) => c.title);
    const entries = listedEntries();
    for (const e of entries.filter((x) => x.dir !== 'reviews' || x.data.category !== undefined)) expect(titles, `${e.href}: category "${e.data.category}"`).toContain(e.data.category);
    const idToHref = new Map(published('articles').map((a) => [a.slug, `/post/${a.slug}`]));
    for (const c of categories.categories) {
      const { paths, hrefs, perPage } = categoryList(c.category);
      const where = `/category/${c.category}`;
      expect(new Set(hrefs).size, `${where}: no entry twice`).toBe(hrefs.length);
      expect(perPage.slice(0, -1).every((n) => n === 9) && perPage.at(-1)! >= 1 && perPage.at(-1)! <= 9, `${where}: 9 a page (${perPage})`).toBe(true);
      expect(paths.slice(1), `${where}: page addresses`).toEqual(paths.slice(1).map((_, i) => `${where}/page/${i + 2}`));
      const d = hrefs.map(entryDate);
      expect(d, `${where}: newest first`).toEqual([...d].sort().reverse());
      for (const e of entries.filter((x) => x.data.category === c.title)) expect(hrefs, `${where}: ${e.href}`).toContain(e.href);
      for (const slug of c.hotArticles) expect(hrefs, `${where}: featured article ${slug}`).toContain(idToHref.get(slug));
      for (const slug of c.guides) expect(hrefs, `${where}: featured guide ${slug}`).toContain(`/${slug}`);
      // The count it states is the count it lists.
      expect(text($(page(where).main, 'section.category-all')!), `${where}: states its total`).toContain(`${hrefs.length} entr`);
    }
    // The eight breakup guides have their topic (there was no Breakups page before).
    expect(categoryList('breakups').hrefs.filter((h) => entries.find((e) => e.href === h)?.dir === 'guides')).toHaveLength(8);
  });

  it('topic pagination: Previous and Next are links between real pages, the ends are disabled, page 2 has its own title, canonical and breadcrumb, and /page/1 goes to page 1', () => {
    const { paths } = categoryList('dating');
    expect(paths.length, '/category/dating runs over more than one page').toBeGreaterThan(1);
    paths.forEach((path, i) => {
      const section = $(page(path).main, 'section.category-all')!;
      const prev = $$(section, '.pagination a, .pagination span').find((e) => /Previous/.test(text(e)))!;
      const next = $$(section, '.pagination a, .pagination span').find((e) => /Next/.test(text(e)))!;
      expect(prev.tag === 'a' ? prev.attrs.href : null, `${path}: Previous`).toBe(i === 0 ? null : paths[i - 1]);
      expect(next.tag === 'a' ? next.attrs.href : null, `${path}: Next`).toBe(i === paths.length - 1 ? null : paths[i + 1]);
    });
    const { doc } = page('/category/dating/page/2');
    expect(titleOf(doc)).toMatch(/^Dating, page 2 of \d/);
    expect(canonicalOf(doc)).toBe(`${SITE_URL}/category/dating/page/2`);
    const crumbs = jsonLd(doc).find((d) => d['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((x: { name: string }) => x.name)).toEqual(['Home', 'Dating', 'Page 2']);
    expect(text($(doc, 'details.sidebar-group[open] > summary')!), 'the sidebar opens the topic on page 2 too').toBe('Dating');
    expect(isRedirectPage(page('/category/dating/page/1').doc), '/category/dating/page/1 sends on to /category/dating').toBe(true);
    // Page 1 keeps the hand-picked items on top of the full list.
    const main = page('/category/dating').main;
    const pos = order(main);
    expect(pos.get(sectionByHeading(main, /Featured articles/)!)!).toBeLessThan(pos.get($(main, 'section.category-all')!)!);
  });

  it('tags link to /tag/{slug}, which lists every listed entry carrying the tag, newest first; every topic tag is used', () => {
    for (const c of categories.categories) {
      const links = $$(page(`/category/${c.category}`).main, 'ul.tags li a');
      expect(links.map((a) => [text(a), a.attrs.href]), `/category/${c.category}: tag links`).toEqual(c.tags.map((t) => [t, tagHref(t)]));
    }
    const entries = listedEntries();
    const all = [...new Set(categories.categories.flatMap((c) => c.tags))];
    for (const tag of all) {
      const href = tagHref(tag);
      const { doc, main } = page(href);
      expect(text($(main, 'h1')!), `${href}: h1`).toBe(`Tag: ${tag}`);
      const carrying = entries.filter((e) => ((e.data.tags ?? []) as string[]).includes(tag));
      expect(carrying.length, `${href}: some listed entry carries "${tag}"`).toBeGreaterThan(0);
      const listed = cards(sectionByHeading(main, `Tagged “${tag}”`)!).map((c) => c.href);
      expect([...listed].sort(), `${href}: every entry tagged "${tag}"`).toEqual(carrying.map((e) => e.href).sort());
      expect(listed.map(entryDate), `${href}: newest first`).toEqual(listed.map(entryDate).sort().reverse());
      const topicLinks = $$(sectionByHeading(main, /with this tag$/)!, 'a').map((a) => a.attrs.href);
      expect(topicLinks.sort(), `${href}: the topics listing it`).toEqual(categories.categories.filter((c) => c.tags.includes(tag)).map((c) => `/category/${c.category}`).sort());
      expect(typesOf(jsonLd(doc))).toContain('BreadcrumbList');
      expect(isNoindex(doc), `${href}: indexed`).toBe(false);
    }
  });

  it('"More in <topic>" prefers entries of the same topic sharing more tags, then the newest', () => {
    const entries = listedEntries();
    for (const e of entries.filter((x) => x.data.category !== undefined)) {
      const section = sectionByHeading(page(e.href).main, `More in ${e.data.category}`);
      expect(section, `${e.href}: More in ${e.data.category}`).toBeDefined();
      const picks = $$(section!, '.card-title a').map((x) => x.attrs.href);
      const own = new Set((e.data.tags ?? []) as string[]);
      const shared = (o: { data: Record<string, any> }) => ((o.data.tags ?? []) as string[]).filter((t) => own.has(t)).length;
      const expected = categoryList(categories.categories.find((c) => c.title === e.data.category)!.category)
        .hrefs.filter((h) => h !== e.href)
        .map((h) => entries.find((o) => o.href === h)!)
        .map((o, i) => ({ o, i }))
        .sort((a, b) => shared(b.o) - shared(a.o) || a.i - b.i)
        .slice(0, 2)
        .map(({ o }) => o.href);
      expect(picks, `${e.href} (${e.data.category})`).toEqual(expected);
    }
  });

  it('the new pages are in the sitemap', () => {
    const xml = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    for (const path of ['/gifts', '/tag/safety', '/category/dating/page/2', '/category/breakups', '/how-to-spot-red-flags']) expect(xml, path).toContain(`<loc>${SITE_URL}${path}</loc>`);
  });
});

// ── SEO ───────────────────────────────────────────────────────────────────────────────────────

describe('search and social metadata on every page (docs/product.md, "Output", "Shared layout")', () => {
  const all = () => htmlFiles(dist).map((file) => ({ file, path: pathOf(file), ...page(pathOf(file)) }));
  const contentPage = (path: string) =>
    (/^\/(post|affiliate|category)\//.test(path) && !path.endsWith('/404')) || ADVICE_PATHS.includes(path) || GIFT_PATHS.includes(path);

  it('every page has a title, description, canonical, og:image and twitter:card; titles are unique', () => {
    const problems: string[] = [];
    const byTitle = new Map<string, string[]>();
    for (const { path, doc } of all()) {
      if (isRedirectPage(doc)) continue;
      const title = titleOf(doc);
      if (!title) problems.push(`${path}: empty <title>`);
      if (!metaContent(doc, 'description')?.trim()) problems.push(`${path}: no meta description`);
      const canonical = canonicalOf(doc);
      // A not-found page has none: every address it is shown at answers 404.
      const notFound = path === '/404' || path.endsWith('/404');
      if (notFound ? canonical !== undefined : !canonical || !canonical.startsWith(`${SITE_URL}/`)) problems.push(`${path}: canonical ${canonical}`);
      if (!/^https?:\/\//.test(metaContent(doc, 'og:image') ?? '')) problems.push(`${path}: og:image ${metaContent(doc, 'og:image')}`);
      if (!metaContent(doc, 'twitter:card')) problems.push(`${path}: no twitter:card`);
      if (!isNoindex(doc) && canonical === `${SITE_URL}${path === '/' ? '/' : path}`) {
        byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
      }
    }
    for (const [title, paths] of byTitle) if (paths.length > 1) problems.push(`"${title}" is the <title> of ${paths.join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('JSON-LD parses everywhere: Article on articles, FAQPage wherever an FAQ is shown, BreadcrumbList on content pages', () => {
    const problems: string[] = [];
    for (const { path, doc, main } of all()) {
      let ld: Record<string, any>[];
      try {
        ld = jsonLd(doc);
      } catch (error) {
        problems.push(`${path}: ${(error as Error).message}`);
        continue;
      }
      const types = typesOf(ld);
      if (path.startsWith('/post/') && path !== '/post/404' && !isRedirectPage(doc) && !types.includes('Article')) problems.push(`${path}: no Article`);
      const shownQuestions = $$(main, 'section.faq details > summary, #faq details > summary').map(text);
      const faqLd = ld.find((d) => d['@type'] === 'FAQPage');
      if (shownQuestions.length && !faqLd) problems.push(`${path}: shows an FAQ but has no FAQPage`);
      if (faqLd) {
        const names = faqLd.mainEntity?.map((q: { name: string }) => q.name);
        if (JSON.stringify(names) !== JSON.stringify(shownQuestions)) {
          problems.push(`${path}: FAQPage questions ${JSON.stringify(names)} differ from the page's ${JSON.stringify(shownQuestions)}`);
        }
      }
      // An alias (e.g. /category/dating/page/1) only sends the visitor on; its target has the trail.
      if (contentPage(path) && !isRedirectPage(doc)) {
        const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList');
        if (!crumbs) problems.push(`${path}: no BreadcrumbList`);
        else {
          const lastItem = crumbs.itemListElement.at(-1)?.item;
          if (lastItem !== canonicalOf(doc)) problems.push(`${path}: BreadcrumbList ends at ${lastItem}, not the canonical ${canonicalOf(doc)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('/thank-you-hso is noindex', () => {
    expect(isNoindex(page('/thank-you-hso').doc)).toBe(true);
  });

  const sitemapLocs = () => {
    const xml = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  };

  it('sitemap.xml lists every indexable page and no noindex, redirect or error page', () => {
    const locs = sitemapLocs();
    expect(new Set(locs).size, 'no address twice').toBe(locs.length);
    const listed = new Set(locs.map((l) => new URL(l).pathname));
    const problems: string[] = [];
    for (const { file, path, doc } of all()) {
      const isErrorPage = file === '404.html' || file.endsWith('/404.html');
      // A second address of a page (canonical elsewhere) is indexed under its canonical only.
      const canonical = canonicalOf(doc);
      const duplicate = canonical !== undefined && new URL(canonical).pathname !== path;
      const indexable = !isNoindex(doc) && !isRedirectPage(doc) && !isErrorPage && !duplicate;
      if (indexable && !listed.has(path)) problems.push(`${path} is indexable (its HTML has no robots noindex) but is not in the sitemap`);
      if (!indexable && listed.has(path)) problems.push(`${path} is in the sitemap but is ${isNoindex(doc) ? 'noindex' : 'a redirect or error page'}`);
    }
    for (const loc of locs) if (!builtExists(new URL(loc).pathname)) problems.push(`${loc} is in the sitemap but was not built`);
    expect(problems).toEqual([]);
    expect(listed.size).toBeGreaterThanOrEqual(11 + 5 + 22 + 7 + 12 + 5);
  });

  it('every sitemap address is the canonical address of its page', () => {
    const problems: string[] = [];
    for (const loc of sitemapLocs()) {
      const path = new URL(loc).pathname;
      if (!builtExists(path)) continue;
      const canonical = canonicalOf(page(path).doc);
      if (canonical !== loc) problems.push(`${loc} is in the sitemap but its canonical is ${canonical}`);
    }
    expect(problems).toEqual([]);
  });
});

// ── _redirects ────────────────────────────────────────────────────────────────────────────────

describe('_redirects (docs/product.md, "Core pages", "Advice pages")', () => {
  const rules = () =>
    readFileSync(join(dist, '_redirects'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const [from, to, status] = l.split(/\s+/);
        // `302!`: forced, as Netlify needs (the site is built for Netlify).
        return { from, to, status: Number.parseInt(status, 10) };
      });

  it('a 302 for every /promo/{id} and /redirect/{id} of the data files', () => {
    const r = rules();
    for (const [file, prefix] of [['promos.json', '/promo/'], ['redirects.json', '/redirect/']] as const) {
      const entries = readJson<{ id: string; url: string }[]>(file);
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        const rule = r.find((x) => x.from === `${prefix}${e.id}`);
        expect(rule, `${prefix}${e.id}`).toEqual({ from: `${prefix}${e.id}`, to: e.url, status: 302 });
      }
    }
  });

  it('404 rules for unknown /post/*, /affiliate/*, /category/*, /promo/*, to the section\'s 404.html with its message', () => {
    const r = rules();
    const messages: Record<string, string> = {
      post: "Oops! We couldn't find the article you're looking for.",
      affiliate: 'Product not found',
      category: 'No detailed information was found for this category.',
      promo: 'Redirecting...',
    };
    for (const [section, message] of Object.entries(messages)) {
      const rule = r.find((x) => x.from === `/${section}/*`);
      expect(rule, `/${section}/* rule`).toMatchObject({ status: 404, to: `/${section}/404.html` });
      expect(builtExists(`/${section}/404`), `${rule!.to} exists`).toBe(true);
      expect(text(page(`/${section}/404`).main), `${rule!.to} shows the message`).toContain(message);
      // The catch-all comes after the real addresses of the section, or it would hide them.
      const firstReal = r.findIndex((x) => x.from.startsWith(`/${section}/`) && x.from !== `/${section}/*`);
      if (firstReal !== -1) expect(firstReal, `/${section}/* comes after the section's own rules`).toBeLessThan(r.indexOf(rule!));
    }
  });

  it('aliases /breakupRecoveryGuide and /how-to-spo-red-flags (the old misspelt canonical) redirect to the real pages', () => {
    const r = rules();
    for (const [from, to] of [['/breakupRecoveryGuide', '/breakup-recovery-guide'], ['/how-to-spo-red-flags', '/how-to-spot-red-flags']]) {
      const rule = r.find((x) => x.from === from);
      expect(rule?.to, from).toBe(to);
      expect([301, 308]).toContain(rule!.status);
      const { doc } = page(from);
      expect(isRedirectPage(doc), `${from} has an HTML redirect page`).toBe(true);
      expect(canonicalOf(doc)).toBe(`${SITE_URL}${to}`);
    }
  });
});
