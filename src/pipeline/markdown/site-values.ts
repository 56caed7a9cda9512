/**
 * Site-wide values a Markdown body may name as `{{site.name}}` (`SiteSettings.values`), so a fact
 * written on many pages, such as the contact address, is written once: in the site's data, not in
 * every page that mentions it. Filled in when a page renders, in its body and in the Markdown its
 * template renders from front matter (FAQ answers and the like).
 */
const SITE_VALUE = /\{\{\s*site\.([A-Za-z_][\w-]*)\s*\}\}/g;

/** Replaces each `{{site.name}}` with its value, as text: characters Markdown would act on are escaped. A name with no value is left as written (the build reports it, see `unknownSiteValues`). */
export function fillSiteValues(markdown: string, values: Record<string, string> | undefined): string {
  if (!values || !markdown.includes('{{')) return markdown;
  return markdown.replace(SITE_VALUE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name].replace(/[\\`*_[\]<>#|~!]/g, '\\$&') : whole));
}

/** The `{{site.name}}` of `markdown` whose name has no value, each at its 1-based line and column. */
export function unknownSiteValues(markdown: string, values: Record<string, string> | undefined): { name: string; line: number; column: number }[] {
  if (!markdown.includes('{{')) return [];
  const found: { name: string; line: number; column: number }[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(SITE_VALUE)) if (!values || !Object.hasOwn(values, m[1])) found.push({ name: m[1], line: i + 1, column: m.index! + 1 });
  });
  return found;
}
