import { AffiliateCta } from '../components/affiliate-cta.tsx';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps } from '../content.ts';
import type { PageData } from '../schemas.ts';

/** /affiliate-button: the affiliate call-to-action button, shown with its disclosure. */
export function AffiliateButtonPage(props: SiteEntryPageProps<PageData>) {
  const data = props.page.entry.data;
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, noindex: data.noindex }} affiliate>
      <div className="wrap prose-page">
        <header className="page-header">
          <h1>{data.heading ?? data.title}</h1>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: props.page.html }} />
        {data.button ? (
          <div className="cta-demo">
            <AffiliateCta href={data.button.href} text={data.button.text} />
            <p className="form-note">
              This is an affiliate link: if you buy, we may earn a commission at no extra cost to you.{' '}
              <a href="/affiliate-disclosure">Read our affiliate disclosure</a>.
            </p>
          </div>
        ) : null}
      </div>
    </Document>
  );
}
