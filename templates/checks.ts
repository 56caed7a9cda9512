import { byCloseness, closest, type ContentProblem, type Entry } from '../src/index.ts';
import { tagSlug, type SiteContent } from './content.ts';
import { alternativeProblems, deadlineProblems } from './review-gift-checks.ts';

/** The names an entry's `category` may take: the topics' titles in content/data/categories.json. */
export function categoryNames({ categories }: SiteContent): string[] {
  return categories.categories.map((c) => c.title);
}

/**
 * The names an entry's `category` may take, by their lower-case form: `category: dating` is
 * `Dating`, however the editor capitalised it. A topic page's key (`dating`) and the names it
 * replaced (`formerNames`: `Relationship Advice` for Relationships) name it too.
 */
export function categoryLookup(content: SiteContent): Map<string, string> {
  const byLower = new Map<string, string>();
  for (const name of categoryNames(content)) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  for (const c of content.categories.categories) {
    for (const name of [c.category, ...c.formerNames]) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), c.title);
  }
  return byLower;
}

/** The site's tags: every topic's `tags`, once each. */
export function tagNames({ categories }: SiteContent): string[] {
  return [...new Set(categories.categories.flatMap((c) => c.tags))];
}

/**
 * The site's rules across files (`checks` in site.config.ts), each reported at the field's line:
 * - an entry's `category` must be a topic, and its `tags` the topics' tags, or a typo is published
 *   as a topic or tag of its own (docs/product.md, "One taxonomy");
 * - a page marked `unlisted` must not be featured or listed by hand in a data file, since it is
 *   kept only so that old links still work (docs/product.md, "One topic");
 * - a review's better choices and a gift guide's countdown must hold up
 *   (templates/review-gift-checks.ts).
 */
export function checks(content: SiteContent): ContentProblem[] {
  return [...taxonomyProblems(content), ...unlistedPicks(content), ...alternativeProblems(content), ...deadlineProblems(content)];
}

function taxonomyProblems(content: SiteContent): ContentProblem[] {
  const names = categoryNames(content);
  const known = categoryLookup(content);
  const tags = tagNames(content);
  const knownTags = new Set(tags.map(tagSlug));
  const problems: ContentProblem[] = [];
  const entries: Entry<{ category?: string; tags: string[] }>[] = [...content.articles, ...content.guides, ...content.gifts, ...content.reviews];
  for (const entry of entries) {
    const category = entry.data.category;
    if (category !== undefined && !known.has(category.trim().toLowerCase())) {
      const typo = closest(category, names);
      problems.push({
        entry,
        field: 'category',
        message: `"${category}" is not a category listed in content/data/categories.json`,
        hint: `${typo ? `did you mean "${typo}"? ` : ''}The categories, nearest first: ${byCloseness(category, names).join(', ')} (a new one is a new entry of "categories" there)`,
      });
    }
    entry.data.tags.forEach((tag, i) => {
      if (knownTags.has(tagSlug(tag))) return;
      const typo = closest(tag, tags);
      problems.push({
        entry,
        field: ['tags', i],
        message: `"${tag}" is not a tag of any topic in content/data/categories.json`,
        hint: `${typo ? `did you mean "${typo}"? ` : ''}A new tag goes in the "tags" of the topic it belongs to there`,
      });
    });
  }
  return [...problems, ...unknownFeatured(content)];
}

/**
 * Articles a category page features by slug (`hotArticles`) that no article has: a typo would
 * leave the page without it in silence. Drafts and scheduled articles count (they are listed once
 * they are published).
 */
function unknownFeatured(content: SiteContent): ContentProblem[] {
  const slugs = content.articles.map((a) => a.slug);
  const known = new Set(slugs);
  return content.categories.categories.flatMap((info, i) =>
    info.hotArticles.flatMap((slug, j) => {
      if (known.has(slug)) return [];
      const typo = closest(slug, slugs);
      return [{
        entry: 'content/data/categories.json',
        field: ['categories', i, 'hotArticles', j],
        message: `"${slug}" names no article (${info.category}'s featured articles are named by slug)`,
        hint: `${typo ? `did you mean "${typo}"? ` : ''}An article's slug is its file name in content/articles/ without .md, or its slug: field`,
      }];
    }),
  );
}

/** Data files that feature or list, by slug, a page marked `unlisted`. */
function unlistedPicks(c: SiteContent): ContentProblem[] {
  const unlisted = new Map<string, string>();
  for (const e of [...c.guides, ...c.gifts, ...c.reviews]) if (e.data.unlisted) unlisted.set(e.slug, e.file);
  const unlistedArticles = new Map(c.articles.filter((a) => a.data.unlisted).map((a) => [a.slug, a.file]));
  const problems: ContentProblem[] = [];
  const flag = (file: string, field: (string | number)[], slug: string, target: string) =>
    problems.push({
      entry: file,
      field,
      message: `"${slug}" is unlisted (${target}), so it is not featured or listed anywhere`,
      hint: 'remove it here, or remove "unlisted: true" from its file (docs/product.md, "One topic")',
    });
  const refs: [string, string, string[]][] = [
    ['content/data/home.json', 'guideCards', c.home.guideCards],
    ['content/data/home.json', 'featuredReviews', c.home.featuredReviews],
  ];
  for (const [file, field, slugs] of refs) slugs.forEach((slug, i) => unlisted.has(slug) && flag(file, [field, i], slug, unlisted.get(slug)!));
  c.features.forEach((ref, i) => unlisted.has(ref.slug) && flag('content/data/features.json', [i, 'slug'], ref.slug, unlisted.get(ref.slug)!));
  c.guideIndex.forEach((ref, i) => unlisted.has(ref.slug) && flag('content/data/guide-index.json', [i, 'slug'], ref.slug, unlisted.get(ref.slug)!));
  c.categories.categories.forEach((info, n) => {
    info.guides.forEach((slug, i) => unlisted.has(slug) && flag('content/data/categories.json', ['categories', n, 'guides', i], slug, unlisted.get(slug)!));
    info.hotArticles.forEach((slug, i) => unlistedArticles.has(slug) && flag('content/data/categories.json', ['categories', n, 'hotArticles', i], slug, unlistedArticles.get(slug)!));
  });
  return problems;
}

/**
 * What the templates get (`prepare` in site.config.ts): each `category` as categories.json spells
 * it, so `category: dating` shows, groups and links as `Dating`. Entries already written that way
 * are passed on as they are.
 */
export function canonicalCategories(content: SiteContent): SiteContent {
  const known = categoryLookup(content);
  const canonical = <E extends Entry<{ category?: string }>>(entries: E[]): E[] => {
    let changed = false;
    const out = entries.map((entry) => {
      const written = entry.data.category;
      const name = written === undefined ? undefined : known.get(written.trim().toLowerCase());
      if (name === undefined || name === written) return entry;
      changed = true;
      return { ...entry, data: { ...entry.data, category: name } };
    });
    return changed ? out : entries;
  };
  return { ...content, articles: canonical(content.articles), guides: canonical(content.guides), gifts: canonical(content.gifts), reviews: canonical(content.reviews) };
}
