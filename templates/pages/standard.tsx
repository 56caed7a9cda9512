import { hasAffiliateLinks } from '../components/affiliate-links.ts';
import { CONSENT_CATEGORIES, type ConsentCategory } from '../lib/consent.ts';
import { formatDate } from '../components/dates.ts';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps } from '../content.ts';
import { breadcrumbs } from '../components/json-ld.tsx';
import { PartnerBanners } from '../components/partner-banners.tsx';
import { adsConfigured } from '../components/third-parties.ts';
import type { PageData } from '../schemas.ts';
import { WithSidebar } from '../components/layout.tsx';


/** A page of prose from Markdown: About, the legal pages, the thank-you pages. */
export function StandardPage(props: SiteEntryPageProps<PageData>) {
  const { site, page } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const partners = data.partners ? shared.partners : [];
  // The page that explains the choices (the footer's "Privacy choices" link points at its
  // #privacy-choices section) offers them for every configured category; the partner block's ad
  // slot may use advertising.
  const consent: ConsentCategory[] = page.html.includes('id="privacy-choices"')
    ? [...CONSENT_CATEGORIES]
    : partners.length || data.conversionOnLoad ? ['advertising'] : [];
  const jsonLd = data.noindex
    ? []
    : [
        { '@context': 'https://schema.org', '@type': 'WebPage', name: data.title, description: data.description, url: page.url },
        breadcrumbs(site.settings.url, [
          { name: 'Home', path: '/' },
          { name: data.title, path: page.path },
        ]),
      ];
  const body = (
    <>
      <header className="page-header">
        <h1>{data.heading ?? data.title}</h1>
        {data.effective ? <p className="page-meta">Effective {formatDate(data.effective)}</p> : null}
        {data.updated ? <p className="page-meta">Last updated {formatDate(data.updated)}</p> : null}
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {data.conversionOnLoad ? <div hidden data-conversion-on-load="" /> : null}
    </>
  );
  return (
    <Document
      {...props}
      meta={{ title: data.title, description: data.description, noindex: data.noindex, image: data.image, imageAlt: data.imageAlt, jsonLd }}
      affiliate={partners.length > 0 || hasAffiliateLinks(page.html)}
      consent={consent}
    >
      {data.sidebar ? (
        <WithSidebar topics={shared.topics} current={page.path}>
          <article className={`prose-page template-${data.template}`}>{body}</article>
        </WithSidebar>
      ) : (
        <article className={`wrap prose-page template-${data.template}`}>{body}</article>
      )}
      {partners.length ? (
        <div className="wrap">
          <PartnerBanners partners={partners} adSlot={adsConfigured(shared.thirdParties)} />
        </div>
      ) : null}
    </Document>
  );
}
