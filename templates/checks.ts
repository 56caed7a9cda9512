import { byCloseness, closest, type ContentProblem, type Entry } from '../src/index.ts';
import type { SiteContent } from './content.ts';

/** The category names an entry may use: every category page's and sidebar group's title, and the labels. */
export function categoryNames({ categories }: SiteContent): string[] {
  return [...new Set([...categories.categories.map((c) => c.title), ...categories.groups.map((g) => g.title), ...categories.labels])];
}

/**
 * The names an entry's `category` may take, by their lower-case form: `category: dating` is
 * `Dating`, however the editor capitalised it. A category page's key (`dating`,
 * `dating/first-dates`) names it too.
 */
export function categoryLookup(content: SiteContent): Map<string, string> {
  const byLower = new Map<string, string>();
  for (const name of categoryNames(content)) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  for (const c of content.categories.categories) if (!byLower.has(c.category.toLowerCase())) byLower.set(c.category.toLowerCase(), c.title);
  return byLower;
}

/** The entries that carry a `category` checked against content/data/categories.json. */
const categorised = (content: SiteContent) => [...content.articles, ...content.guides, ...content.gifts];

/**
 * The site's rules across files (`checks` in site.config.ts): an article's, guide's or gift
 * guide's `category` must be a name content/data/categories.json lists (in any case), or a typo
 * is published as a category of its own.
 */
export function checks(content: SiteContent): ContentProblem[] {
  const names = categoryNames(content);
  const known = categoryLookup(content);
  const problems: ContentProblem[] = [];
  for (const entry of categorised(content)) {
    const category = entry.data.category;
    if (known.has(category.trim().toLowerCase())) continue;
    const typo = closest(category, names);
    problems.push({
      entry,
      field: 'category',
      message: `"${category}" is not a category listed in content/data/categories.json`,
      hint: `${typo ? `did you mean "${typo}"? ` : ''}The categories, nearest first: ${byCloseness(category, names).join(', ')} (a new label goes in "labels" there)`,
    });
  }
  return problems;
}

/**
 * What the templates get (`prepare` in site.config.ts): each `category` as categories.json spells
 * it, so `category: dating` shows, groups and links as `Dating`. Entries already written that way
 * are passed on as they are.
 */
export function canonicalCategories(content: SiteContent): SiteContent {
  const known = categoryLookup(content);
  const canonical = <E extends Entry<{ category: string }>>(entries: E[]): E[] => {
    let changed = false;
    const out = entries.map((entry) => {
      const name = known.get(entry.data.category.trim().toLowerCase());
      if (name === undefined || name === entry.data.category) return entry;
      changed = true;
      return { ...entry, data: { ...entry.data, category: name } };
    });
    return changed ? out : entries;
  };
  return { ...content, articles: canonical(content.articles), guides: canonical(content.guides), gifts: canonical(content.gifts) };
}
