import { basePathOf, jsonForScript } from '../../src/index.ts';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps } from '../content.ts';
import type { PageData } from '../schemas.ts';

/**
 * `404.html`, served by the host for any address the site does not have. Hosts that do not read
 * the section rules in `_redirects` still show the section's message: a few lines of script pick
 * it from the address (without JavaScript the general message stays).
 */
export function NotFoundPage(props: SiteEntryPageProps<PageData> & { sections: { prefix: string; message: string }[] }) {
  const data = props.page.entry.data;
  // The script compares the address as the browser has it: under the site's base path, if any.
  const base = basePathOf(props.site.settings.url);
  const messages = Object.fromEntries(props.sections.map((s) => [`${base}${s.prefix.slice(1)}`, s.message]));
  const script = `(function(){var m=${jsonForScript(messages)};for(var p in m){if(location.pathname.indexOf(p)===0){var h=document.getElementById('not-found-heading');if(h)h.textContent=m[p];break;}}})();`;
  return (
    <Document {...props} meta={{ title: data.title, description: data.description, noindex: true, notFound: true }}>
      <article className="wrap prose-page not-found">
        <header className="page-header">
          <h1 id="not-found-heading">{data.heading ?? data.title}</h1>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: props.page.html }} />
        <p><a className="button" href="/">Go to the home page</a></p>
        <script dangerouslySetInnerHTML={{ __html: script }} />
      </article>
    </Document>
  );
}
