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

/** The site's logo for structured data: a 512×512 PNG of the heart in favicon.svg (docs/structured-data.md). */
export const LOGO = { path: '/images/logo.png', width: 512, height: 512 };

/** What the builders need to know about the site. */
export interface SiteIdentity {
  /** The site's address without a trailing slash, e.g. `https://heartnotes.example`. */
  url: string;
  /** The site's name, which is also the publishing organisation's. */
  title: string;
}

/** The `@id` of the site's Organization, so every block can point at the one organisation. */
export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;

/** An absolute address on the site for a path (an absolute URL is returned as it is). */
export const absoluteUrl = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

/**
 * The raster image a page is shared with, as an absolute URL: the page's own PNG, JPEG or WebP,
 * else its social card (a 1200×630 PNG the build draws), else the site's card. Link previews and
 * Google's Article and Product results both want a raster image, and covers are SVG.
 */
export function shareImage(siteUrl: string, own: string | undefined, card: string | undefined, siteImage: string): string {
  const raster = own && /\.(png|jpe?g|webp)$/i.test(own) ? own : undefined;
  return absoluteUrl(siteUrl, raster ?? card ?? siteImage);
}

/** The site's Organization, nested (no `@context`): name, home page and logo. */
export function organization(site: SiteIdentity) {
  return {
    '@type': 'Organization',
    '@id': organizationId(site.url),
    name: site.title,
    url: `${site.url}/`,
    logo: { '@type': 'ImageObject', url: `${site.url}${LOGO.path}`, width: LOGO.width, height: LOGO.height },
  };
}

/**
 * The Organization block of the home page. Google asks for it once, on the home page or an about
 * page, not on every page; Articles and Reviews name it again as their publisher. No `sameAs`:
 * the site has no social profiles to point at.
 */
export function organizationJsonLd(site: SiteIdentity & { description: string; email?: string }) {
  return {
    '@context': 'https://schema.org',
    ...organization(site),
    description: site.description,
    ...(site.email ? { email: site.email } : {}),
  };
}

/**
 * The author of an article or review as the page names it. The editorial team is an Organization
 * whose page is /about ("Who writes Heart Notes"); anyone else is a Person with their name only,
 * because the site has no author pages to link to (docs/structured-data.md says what to add then).
 */
export function author(site: SiteIdentity, name: string, editorialTeam: string) {
  return name === editorialTeam
    ? { '@type': 'Organization', name, url: `${site.url}/about` }
    : { '@type': 'Person', name };
}

/** Article structured data: Google's required and recommended properties. */
export function articleJsonLd(
  site: SiteIdentity,
  a: {
    url: string;
    headline: string;
    description: string;
    image: string;
    datePublished: string;
    /** The date of the last real change; the publication date when there was none. */
    dateModified?: string;
    author: ReturnType<typeof author>;
  },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.headline,
    description: a.description,
    image: [a.image],
    datePublished: a.datePublished,
    dateModified: a.dateModified ?? a.datePublished,
    author: a.author,
    publisher: organization(site),
    mainEntityOfPage: a.url,
  };
}

/** An ItemList of places on the site, in order: each entry a name and an absolute URL. */
export function itemListJsonLd(name: string, items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, url: item.url })),
  };
}
