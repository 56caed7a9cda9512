import { defineSite } from './src/index.ts';
import { collections } from './templates/collections.ts';
import { byDateDesc, sharedData } from './templates/content.ts';
import { outboundRedirects, routes } from './templates/routes.ts';
import { templates } from './templates/index.ts';
import { cards } from './templates/cards.ts';
import { breakupChecklistPdf } from './templates/lib/checklist-pdf.ts';
import { scaffolds } from './templates/scaffolds.ts';
import { canonicalCategories, checks } from './templates/checks.ts';
import { messages } from './site/commands/messages.ts';
import { subscribers } from './site/commands/subscribers.ts';
import { functions, headers, robots } from './site/server.ts';

/** The love and dating advice site: its content model, route table and templates. */
export default defineSite({
  styles: 'templates/styles/site.css',
  collections,
  settings: ({ site }) => ({
    title: site.title,
    description: site.description,
    url: site.url,
    lang: site.lang,
    // Links to the shops we earn from, and any link an editor titles "affiliate", are marked
    // sponsored (docs/content.md, "Markdown"); the hosts are in content/site.json.
    markdown: { sponsoredLinks: { hosts: site.affiliateHosts, markerTitle: 'affiliate' } },
    // Written once, in content/site.json: pages say {{site.contactEmail}}, the forms send to it.
    values: { contactEmail: site.contactEmail },
  }),
  shared: sharedData,
  routes,
  redirects: outboundRedirects,
  files: (content): Record<string, Uint8Array> => {
    const checklist = content.guides.find((g) => g.slug === 'breakup-checklist');
    return checklist ? { 'downloads/breakup-checklist.pdf': breakupChecklistPdf(checklist) } : {};
  },
  templates,
  // Islands hydrate with preact/compat, not React: the same components, a framework chunk of about
  // 11 KB gzip instead of 69 KB, which kept the pages with islands (home, review, gift, contact)
  // under Lighthouse's mobile budget (docs/architecture.md, "Islands runtime"). Pages are still
  // rendered with React on the server.
  islands: { runtime: 'preact' },
  cards,
  feed: ({ site, articles }) => ({
    title: `${site.title}: articles`,
    entries: [...articles].sort(byDateDesc).map((a) => ({
      path: `/post/${a.slug}`,
      title: a.data.title,
      date: a.data.date,
      summary: a.data.excerpt,
      author: a.data.author,
    })),
  }),
  scaffolds,
  checks,
  prepare: canonicalCategories,
  functions,
  // Built for Netlify unless `build --host` says otherwise (docs/deploying.md); the forms
  // function goes with it, for hosts that run functions.
  deploy: { host: 'netlify', functions: { '/api/': 'site/functions/host.ts' } },
  commands: { subscribers, messages },
  robots,
  headers,
  // Articles, guides, reviews and gift guides mark their text with data-pagefind-body; landing
  // pages, 404s and thank-you pages do not. Every marked page is indexed whole, however large the
  // site grows: a reader searching for a phrase deep in an article must find it. The pages'
  // entries (for the excerpts) go in at most 500 files rather than one per page (docs/search.md).
  search: { maxFragmentFiles: 500 },
  // The link-preview image is used as it is (og:image in content/site.json), and so is the logo
  // structured data names (docs/structured-data.md); no page shows them, so they are not encoded
  // (docs/images.md). Every other raster image a page shows is.
  images: { exclude: ['/images/social-card.png', '/images/logo.png'] },
});
