import { jsonForScript } from '../../src/index.ts';

/**
 * Serialises structured data for a `<script type="application/ld+json">`. `<`, `>`, `&` and the
 * JavaScript line separators are escaped as \u sequences, so text such as `</script>` in content
 * cannot close the element.
 */
export function jsonLdString(data: unknown): string {
  return jsonForScript(data);
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />;
}

/** Data for a page script, as `<script type="application/json" id>`, escaped the same way. */
export function JsonData({ id, data }: { id: string; data: unknown }) {
  return <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />;
}

/** BreadcrumbList for a page below the home page. */
export function breadcrumbs(siteUrl: string, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: t.name,
      item: `${siteUrl}${t.path === '/' ? '/' : t.path}`,
    })),
  };
}
