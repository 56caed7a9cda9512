import { describe, expect, it } from 'vitest';
import { checkLinks, type LinkedPage } from '../../src/pipeline/links/links.ts';
import type { Redirect } from '../../src/pipeline/types.ts';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.ts';

const files = new Set([
  'index.html',
  'about.html',
  'guides.html',
  'guides/first-date.html',
  'post/first-date.html',
  '404.html',
  'feed.xml',
  'downloads/breakup-checklist.pdf',
  'assets/site-ABC123.css',
]);
const redirects: Redirect[] = [
  { from: '/about-us', to: '/about', status: 301 },
  { from: '/promo/hso', to: 'https://partner.example/x', status: 302 },
  { from: '/post/*', to: '/404.html', status: 404 },
];
const ids: Record<string, string[]> = {
  'about.html': ['main', 'who-we-are'],
  'guides/first-date.html': ['main', 'faq'],
};

/** Checks the links of one page against the little site above; returns the printed errors. */
function check(path: string, links: string[]): string[] {
  const outFile = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  const others: LinkedPage[] = Object.entries(ids)
    .filter(([file]) => file !== outFile)
    .map(([file, list]) => ({ path: `/${file.replace(/\/index\.html$/, '')}`, outFile: file, links: [], ids: list }));
  const page: LinkedPage = { path, outFile, source: `content/pages/${path.split('/').pop() || 'index'}.md`, links, ids: ids[outFile] ?? ['main'] };
  return checkLinks([page, ...others], files, redirects).map(formatDiagnostic);
}

describe('checkLinks', () => {
  it('accepts pages, files, aliases, external and special-scheme links', () => {
    expect(
      check('/', [
        '/',
        '/about',
        '/about/',
        '/about#who-we-are',
        '/guides/first-date#faq',
        '/feed.xml',
        '/downloads/breakup-checklist.pdf',
        '/assets/site-ABC123.css',
        '/about-us',
        '/about-us/',
        '/promo/hso',
        'https://partner.example/elsewhere',
        '//cdn.example/x.js',
        'mailto:hello@heartnotes.example',
        'tel:+441234',
        '',
        '/about?utm_source=x',
      ]),
    ).toEqual([]);
  });

  it('reports a link to a page that does not exist, naming the source file, the page and the link', () => {
    expect(check('/about', ['/missing', '/post/no-such-post'])).toEqual([
      'content/pages/about.md: link "/missing" on page /about points to no page or file of this site\n' +
        '  hint: fix the address, add the missing page, or add the old address to the target page\'s "aliases"',
      'content/pages/about.md: link "/post/no-such-post" on page /about points to no page or file of this site\n' +
        '  hint: fix the address, add the missing page, or add the old address to the target page\'s "aliases"',
    ]);
  });

  it('reports an anchor missing on the same page and on another page', () => {
    expect(check('/about', ['#who-we-are', '#nope', '/guides/first-date#faq', '/guides/first-date#stories'])).toEqual([
      'content/pages/about.md: link "#nope" on page /about points to an anchor that does not exist on its target page\n' +
        '  hint: check the part after "#": it must match a heading or element id on that page',
      'content/pages/about.md: link "/guides/first-date#stories" on page /about points to an anchor that does not exist on its target page\n' +
        '  hint: check the part after "#": it must match a heading or element id on that page',
    ]);
  });

  it('follows an alias to check the anchor on the page it lands on', () => {
    expect(check('/', ['/about-us#who-we-are'])).toEqual([]);
    expect(check('/', ['/about-us#gone'])).toHaveLength(1);
  });

  it('resolves relative links against the page path', () => {
    expect(check('/guides/first-date', ['../about', 'first-date#faq', './first-date', '../guides', '../../feed.xml'])).toEqual([]);
    const errors = check('/guides/first-date', ['second-date', '../abot']);
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      'content/pages/first-date.md: link "second-date" on page /guides/first-date points to no page or file of this site',
      'content/pages/first-date.md: link "../abot" on page /guides/first-date points to no page or file of this site',
    ]);
  });

  it('does not treat a 404 rule as a page', () => {
    expect(check('/', ['/post/anything'])).toHaveLength(1);
  });
});
