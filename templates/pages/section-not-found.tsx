import { Document } from '../components/document.tsx';
import type { SitePageProps } from '../content.ts';

/** How long an unknown promo address shows "Redirecting..." before it goes to the home page. */
export const REDIRECT_AFTER_MS = 3000;

/**
 * What an unknown address in a section shows (written as `<section>/404.html`, which each host
 * serves with status 404 for the section's unknown addresses): the section's own message and a
 * way home. The promo section shows only "Redirecting...", and then goes to the home page.
 */
export function SectionNotFoundPage(props: SitePageProps & { title: string; message: string; minimal: boolean }) {
  const { site, title, message, minimal } = props;
  if (minimal) {
    return (
      <html lang={site.settings.lang}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>{title}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {site.assets.css.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        </head>
        <body>
          <main className="wrap redirecting">
            <h1>{message}</h1>
          </main>
          {/* It says so, so it does: to the home page after a moment, or by a link without JavaScript. */}
          <noscript>
            <p className="redirecting"><a href="/">Go to the home page</a></p>
          </noscript>
          <script dangerouslySetInnerHTML={{ __html: `setTimeout(() => location.replace('/'), ${REDIRECT_AFTER_MS});` }} />
        </body>
      </html>
    );
  }
  return (
    <Document {...props} meta={{ title, description: message, noindex: true, notFound: true }}>
      <div className="wrap prose-page not-found">
        <h1>{message}</h1>
        <p><a className="button" href="/">Go to the home page</a></p>
      </div>
    </Document>
  );
}
