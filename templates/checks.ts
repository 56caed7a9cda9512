import { byCloseness, closest, type ContentProblem } from '../src/index.ts';
import type { SiteContent } from './content.ts';

/** The category names an entry may use: every category page's and sidebar group's title, and the labels. */
export function categoryNames({ categories }: SiteContent): string[] {
  return [...new Set([...categories.categories.map((c) => c.title), ...categories.groups.map((g) => g.title), ...categories.labels])];
}

/**
 * The site's rules across files (`checks` in site.config.ts): an article's, guide's or gift
 * guide's `category` must be a name content/data/categories.json lists, or a typo is published
 * as a category of its own.
 */
export function checks(content: SiteContent): ContentProblem[] {
  const names = categoryNames(content);
  const known = new Set(names);
  const problems: ContentProblem[] = [];
  for (const entry of [...content.articles, ...content.guides, ...content.gifts]) {
    const category = entry.data.category;
    if (known.has(category)) continue;
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
