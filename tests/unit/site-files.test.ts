import { describe, expect, it } from 'vitest';
import { atomFeed, headersFile, redirectPage, redirectsFile, robotsTxt, sitemapXml } from '../../src/pipeline/site-files/site-files.ts';
import type { Route, SiteSettings } from '../../src/pipeline/types.ts';

const settings: SiteSettings = {
  title: 'Heart Notes',
  description: 'Advice',
  url: 'https://heartnotes.example',
  lang: 'en',
};

const route = (path: string, extra: Partial<Route> = {}): Route => ({
  path,
  outFile: path === '/' ? 'index.html' : `${path.slice(1)}.html`,
  template: 'page',
  props: {},
  sources: [],
  ...extra,
});

describe('sitemapXml', () => {
  it('lists every indexable page by absolute URL, with lastmod from the entry, and skips noindex pages', () => {
    const entry = { id: 'a', slug: 'a', file: 'content/posts/a.md', data: { date: '2025-01-05' }, body: '', bodyLine: 1 };
    const xml = sitemapXml(settings, [
      route('/'),
      route('/post/a', { entry }),
      route('/thank-you-hso', { noindex: true }),
      route('/404', { outFile: '404.html', noindex: true }),
      route('/search', { path: '/search?q=a&b' }),
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://heartnotes.example/</loc></url>',
        '  <url><loc>https://heartnotes.example/post/a</loc><lastmod>2025-01-05</lastmod></url>',
        '  <url><loc>https://heartnotes.example/search?q=a&amp;b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});

describe('robotsTxt', () => {
  it('allows crawling and points at the sitemap by absolute URL', () => {
    const robots = robotsTxt(settings);
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(robots).toContain('\nSitemap: https://heartnotes.example/sitemap.xml\n');
    expect(robots).not.toContain('Disallow');
  });

  it('asks crawlers to stay out of the paths the site names', () => {
    expect(robotsTxt(settings, ['/api/', '/drafts/'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /drafts/\n\nSitemap: https://heartnotes.example/sitemap.xml\n',
    );
  });
});

describe('atomFeed', () => {
  const feed = atomFeed(settings, 'Heart Notes: articles', [
    { path: '/post/old', title: 'Old <news>', date: '2025-01-05', summary: 'Tom & Jerry' },
    { path: '/post/new', title: '"Quoted" & new', date: '2025-05-22', summary: 'Fresh', author: 'Jo' },
    { path: '/post/mid', title: 'Mid', date: '2025-03-01', summary: "It's fine" },
  ]);

  it('is well-formed Atom with the newest entry first and the feed updated at that date', () => {
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">\n/);
    expect(feed.trimEnd().endsWith('</feed>')).toBe(true);
    expect(feed).toContain('  <updated>2025-05-22T00:00:00Z</updated>');
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="https://heartnotes.example/feed.xml"/>');
    const ids = [...feed.matchAll(/<entry>\n\s*<title>[^<]*<\/title>\n\s*<link href="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['https://heartnotes.example/post/new', 'https://heartnotes.example/post/mid', 'https://heartnotes.example/post/old']);
    // Every element that is opened is closed.
    for (const tag of ['feed', 'entry', 'title', 'id', 'updated', 'author', 'name', 'summary']) {
      expect(feed.split(`<${tag}>`).length + feed.split(`<${tag} `).length - 2, tag).toBe(feed.split(`</${tag}>`).length - 1);
    }
  });

  it('escapes titles and summaries, and falls back to the site title as author', () => {
    expect(feed).toContain('<title>Old &lt;news&gt;</title>');
    expect(feed).toContain('<title>&quot;Quoted&quot; &amp; new</title>');
    expect(feed).toContain('<summary>Tom &amp; Jerry</summary>');
    expect(feed).toContain('<summary>It&apos;s fine</summary>');
    expect(feed).toContain('<author><name>Jo</name></author>');
    expect(feed).toContain('<author><name>Heart Notes</name></author>');
    expect(feed).not.toMatch(/<news>|Tom & Jerry/);
  });
});

describe('redirectsFile', () => {
  it('writes one line per redirect plus its trailing-slash twin, exact paths before splats', () => {
    expect(
      redirectsFile([
        { from: '/post/*', to: '/404-post.html', status: 404 },
        { from: '/about-us', to: '/about', status: 301 },
        { from: '/promo/hso', to: 'https://partner.example/x?tid=1', status: 302 },
      ]),
    ).toBe(
      [
        '/about-us /about 301',
        '/about-us/ /about 301',
        '/promo/hso https://partner.example/x?tid=1 302',
        '/promo/hso/ https://partner.example/x?tid=1 302',
        '/post/* /404-post.html 404',
        '',
      ].join('\n'),
    );
    expect(redirectsFile([])).toBe('');
  });
});

describe('headersFile', () => {
  it("writes the site's rules in order, then caches hashed assets forever", () => {
    const text = headersFile({ '/*': { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' } }, '/assets/');
    expect(text).toBe('/*\n  X-Content-Type-Options: nosniff\n  X-Frame-Options: DENY\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it('lets a rule for the assets add headers or set their caching', () => {
    expect(headersFile({ '/assets/*': { 'X-Robots-Tag': 'noindex' }, '/*': { 'X-Frame-Options': 'DENY' } }, '/assets/')).toBe(
      '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n  X-Robots-Tag: noindex\n/*\n  X-Frame-Options: DENY\n',
    );
    expect(headersFile({ '/assets/*': { 'Cache-Control': 'no-cache' } }, '/assets/')).toBe('/assets/*\n  Cache-Control: no-cache\n');
  });
});

describe('redirectPage', () => {
  it('is a tiny noindex page with a canonical link and an immediate meta refresh', () => {
    const page = redirectPage(settings, { from: '/about-us', to: '/about', status: 301 });
    expect(page.outFile).toBe('about-us.html');
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<link rel="canonical" href="https://heartnotes.example/about">');
    expect(page.html).toContain('<meta http-equiv="refresh" content="0; url=/about">');
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).toContain('<a href="/about">/about</a>');
  });

  it('points straight at an external target, escaped', () => {
    const page = redirectPage(settings, { from: '/promo/a', to: 'https://partner.example/x?a=1&b="2"', status: 302 });
    expect(page.outFile).toBe('promo/a.html');
    expect(page.html).toContain('<link rel="canonical" href="https://partner.example/x?a=1&amp;b=&quot;2&quot;">');
    expect(page.html).toContain('<meta http-equiv="refresh" content="0; url=https://partner.example/x?a=1&amp;b=&quot;2&quot;">');
  });
});
