import { Island } from '../../src/index.ts';
import { TEXT } from '../../site/forms/validate.ts';
import { StatusIcon } from '../components/icons.tsx';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps } from '../content.ts';
import { breadcrumbs } from '../components/json-ld.tsx';
import ContactForm from '../islands/contact-form.tsx';
import type { PageData } from '../schemas.ts';

/**
 * /contact: the contact form island, which works without JavaScript too.
 *
 * # Design decision: "Message sent!" after a post without JavaScript
 * The forms function answers such a post with a 303 to /contact?sent=1. A static page cannot read
 * its query string without a script, and a visitor without JavaScript runs none. A redirect
 * without a fragment keeps the fragment of the address it came from, so the form posts to
 * `/api/contact#sent` and lands on `/contact?sent=1#sent`, where `:target` shows the message
 * below (CSS only). Rejected: an inline script reading `?sent=1` (does nothing without
 * JavaScript, the one case it is for) and a separate /contact/sent page (a second route and
 * content file for one sentence).
 */
export function ContactPage(props: SiteEntryPageProps<PageData>) {
  const { site, page } = props;
  const data = page.entry.data;
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
        <p id="sent" className="form-message form-success contact-sent" tabIndex={-1}>
          <StatusIcon kind="yes" />{TEXT.sent} We will answer you by email.
        </p>
        <Island name="contact-form" component={ContactForm} props={{ id: 'contact', source: page.path }} load="idle" />
      </div>
    </Document>
  );
}
