import type { PageProps } from '../../src/build/types.ts';
import { Document } from '../components/document.tsx';
import type { PageData } from '../schemas.ts';

/** `404.html`: served by the host for any address the site does not have. */
export function NotFoundPage(props: PageProps) {
  const data = props.page.entry!.data as PageData;
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, noindex: true }}>
      <article className="wrap prose-page not-found">
        <header className="page-header">
          <h1>{data.heading ?? data.title}</h1>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: props.page.html }} />
        <p><a className="button" href="/">Go to the home page</a></p>
      </article>
    </Document>
  );
}
