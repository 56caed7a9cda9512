import { Document } from '../components/document.tsx';
import type { SitePageProps } from '../content.ts';

/**
 * The fallback page at /promo/{id} and /redirect/{id}, for hosts that do not read `_redirects`
 * (where they do, the visitor gets a 302 and never sees it).
 */
export function OutboundPage(props: SitePageProps & { partner: string; url: string }) {
  const { partner, url } = props;
  return (
    <Document {...props} meta={{ title: `Taking you to ${partner}`, description: `A link to our partner ${partner}.`, noindex: true, refresh: { seconds: 0, url } }} affiliate>
      <div className="wrap prose-page">
        <h1>Taking you to {partner}…</h1>
        <p>
          If nothing happens, <a href={url} rel="sponsored nofollow noopener">continue to {partner}</a>.
        </p>
      </div>
    </Document>
  );
}
