import type { PageProps } from '../../src/build/types.ts';
import { Document } from '../components/document.tsx';
import { breadcrumbs } from '../components/json-ld.tsx';
import type { PageData } from '../schemas.ts';

/** /contact: a plain form that posts to the forms function (and works without JavaScript). */
export function ContactPage(props: PageProps) {
  const { site, page } = props;
  const data = page.entry!.data as PageData;
  return (
    <Document
      {...props}
      meta={{ title: data.title, description: data.description, noindex: data.noindex, jsonLd: [breadcrumbs(site.settings.url, [{ name: 'Home', path: '/' }, { name: data.title, path: page.path }])] }}
    >
      <div className="wrap prose-page contact">
        <header className="page-header">
          <h1>{data.heading ?? data.title}</h1>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        <form className="contact-form" action="/api/contact" method="post">
          <p className="field">
            <label htmlFor="contact-name">Your name</label>
            <input id="contact-name" name="name" type="text" required autoComplete="name" maxLength={200} />
          </p>
          <p className="field">
            <label htmlFor="contact-email">Your email address</label>
            <input id="contact-email" name="email" type="email" required autoComplete="email" maxLength={254} />
          </p>
          <p className="field">
            <label htmlFor="contact-message">Your message</label>
            <textarea id="contact-message" name="message" required rows={7} maxLength={5000} />
          </p>
          <input type="hidden" name="source" value="contact" />
          <p className="form-note">
            We use your details only to answer you. See our <a href="/privacy-policy">privacy policy</a>.
          </p>
          <p><button className="button" type="submit">Send message</button></p>
        </form>
      </div>
    </Document>
  );
}
