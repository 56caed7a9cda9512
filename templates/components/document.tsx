import type { ReactNode } from 'react';
import { IslandScripts } from '../../src/index.ts';
import type { SitePageProps } from '../content.ts';
import type { ConsentCategory } from '../lib/consent.ts';
import { AffiliateNotice } from './affiliate-notice.tsx';
import { CHROME, chromeText, listOf, type ChromeLocale } from './chrome-text.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { HeartMark } from './icons.tsx';
import { JsonData, JsonLd, shareImage } from './json-ld.tsx';
import { configuredCategories } from './third-parties.ts';
import { ToastArea } from './toasts.tsx';

export interface Meta {
  title: string;
  description: string;
  /** Social preview image (default: the site's). */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: unknown[];
  publishedTime?: string;
  /** The whole `<title>`, when the page must not get the usual " | Site" suffix (optional). */
  fullTitle?: string;
  /** Canonical path when it is not the page's own, e.g. a second address of a review (optional). */
  canonicalPath?: string;
  /** Sends the browser on after this many seconds, for pages without a server redirect (optional). */
  refresh?: { seconds: number; url: string };
  /**
   * A not-found page (default: false): it has no canonical address and no `og:url`, since every
   * address it is shown at, its own included, answers 404.
   */
  notFound?: boolean;
}

/** Open Graph locales of the languages pages are written in. */
const OG_LOCALES: Record<string, string> = { en: 'en_US', es: 'es_ES', fr: 'fr_FR' };

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

/**
 * The whole HTML document: head with title, description, canonical, Open Graph, Twitter card and
 * JSON-LD; then header, main, footer. Every page template renders inside it.
 *
 * `consent` (optional) names the third-party categories the page may use. When one of them has a
 * service configured in content/data/third-parties.json, the page gets the consent banner and its
 * script; otherwise neither, so a page that uses no configured third party ships no script for it.
 */
export function Document({
  site,
  page,
  meta,
  affiliate = false,
  lang,
  consent = [],
  ownServices = {},
  chrome = 'site',
  children,
}: SitePageProps & { meta: Meta; affiliate?: boolean; lang?: string; consent?: ConsentCategory[];
  /**
   * `landing`: the landing pages' chrome (optional). The header is the site's name alone (no
   * menu or search), and the skip link, affiliate notice, footer and consent banner are in the
   * page's language, marked so templates/scripts/landing.ts can switch them with the page.
   */
  chrome?: 'site' | 'landing';
  /** Services this page itself uses beyond third-parties.json, by category, described for the banner (optional). */
  ownServices?: Partial<Record<ConsentCategory, string>>;
  children: ReactNode;
}) {
  const shared = site.shared;
  const offered = configuredCategories(shared.thirdParties, Object.keys(ownServices) as ConsentCategory[]);
  const { settings } = site;
  // Link previews show raster images only: a page's own PNG, JPEG or WebP, else its card (a
  // 1200×630 PNG the build draws from its title), else the site's card of the same size.
  const own = meta.image && /\.(png|jpe?g|webp)$/i.test(meta.image) ? meta.image : undefined;
  const image = shareImage(settings.url, own, page.card, shared.site.image);
  const imageAlt = own ? meta.imageAlt ?? '' : page.card ? meta.title : shared.site.imageAlt;
  const fullTitle = meta.fullTitle ?? (page.path === '/' ? meta.title : `${meta.title} | ${settings.title}`);
  const canonical = meta.canonicalPath ? absolute(settings.url, meta.canonicalPath) : page.url;
  const landing = chrome === 'landing';
  const t = landing ? chromeText(lang) : CHROME.en;
  const k = (key: string) => (landing ? { 'data-chrome': key } : {});
  // Every language's chrome words for the landing script (the consent lead sentence names this site's categories).
  const chromePacks = landing
    ? Object.fromEntries(
        (Object.keys(CHROME) as ChromeLocale[]).map((l) => {
          const { consentLead, service: _s, category: _c, short, ...words } = CHROME[l];
          return [l, { ...words, tagline: words.tagline || shared.site.tagline, consentLead: consentLead(listOf(offered.map((c) => short[c]), CHROME[l])) }];
        }),
      )
    : null;
  return (
    <html lang={lang ?? settings.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={meta.description} />
        {meta.notFound ? null : <link rel="canonical" href={canonical} />}
        {meta.noindex || page.noindex || page.draft || page.scheduled ? <meta name="robots" content="noindex, follow" /> : null}
        {meta.refresh ? <meta httpEquiv="refresh" content={`${meta.refresh.seconds}; url=${meta.refresh.url}`} /> : null}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#a3123a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/atom+xml" title={`${settings.title}: articles`} href="/feed.xml" />
        {site.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <meta property="og:site_name" content={settings.title} />
        <meta property="og:type" content={meta.type ?? 'website'} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {meta.notFound ? null : <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={image} />
        {own ? null : <meta property="og:image:type" content="image/png" />}
        {own ? null : <meta property="og:image:width" content="1200" />}
        {own ? null : <meta property="og:image:height" content="630" />}
        {imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
        <meta property="og:locale" content={OG_LOCALES[lang ?? settings.lang] ?? settings.lang} />
        {meta.publishedTime ? <meta property="article:published_time" content={meta.publishedTime} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={image} />
        {imageAlt ? <meta name="twitter:image:alt" content={imageAlt} /> : null}
        {(meta.jsonLd ?? []).map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
      </head>
      <body id="top">
        <a className="skip-link" href="#main" {...k('skip')}>{t.skip}</a>
        {shared.thirdParties && consent.some((c) => offered.includes(c)) ? (
          <ConsentBanner thirdParties={shared.thirdParties} offered={offered} pageCategories={consent} ownServices={ownServices} t={t} keys={landing} />
        ) : null}
        {landing ? (
          <header className="site-header landing-header">
            <div className="wrap header-inner">
              <a className="brand" href="/">
                <HeartMark />
                <span>{settings.title}</span>
              </a>
            </div>
          </header>
        ) : (
          <Header siteTitle={settings.title} nav={shared.nav} current={page.path} />
        )}
        <main id="main" tabIndex={-1}>
          {/* Only dev (and build --drafts) render drafts and scheduled entries: a real build never has this. */}
          {page.draft || page.scheduled ? (
            <p className="draft-marker" role="status">
              {page.draft ? 'Draft — not published' : `Scheduled for ${page.scheduled} — not published yet`}
            </p>
          ) : null}
          {affiliate ? (
            <div className="wrap">
              <AffiliateNotice t={t} keys={landing} />
            </div>
          ) : null}
          {children}
        </main>
        <Footer siteTitle={settings.title} year={shared.site.copyrightYear} tagline={shared.site.tagline} t={t} keys={landing} />
        <ToastArea label={t.notifications} />
        {chromePacks ? <JsonData id="landing-chrome" data={chromePacks} /> : null}
        <IslandScripts loader={site.assets.loader} />
      </body>
    </html>
  );
}
