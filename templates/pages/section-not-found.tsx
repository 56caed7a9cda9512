import { Document } from '../components/document.tsx';
import type { SitePageProps } from '../content.ts';

/**
 * What an unknown address in a section shows (served with status 404 by the `_redirects` rules):
 * the section's own message and a way home. The promo section shows only "Redirecting...".
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
            <p>{message}</p>
          </main>
        </body>
      </html>
    );
  }
  return (
    <Document {...props} meta={{ title, description: message, noindex: true }}>
      <div className="wrap prose-page not-found">
        <h1>{message}</h1>
        <p><a className="button" href="/">Go to the home page</a></p>
      </div>
    </Document>
  );
}
