// The base path's pure parts (src/pipeline/routes/base-path.ts, render/base-html.ts): what a
// rendered page and the rules files become under /blog/, and that under / nothing changes.
import { describe, expect, it } from 'vitest';
import { pageUnderBase } from '../../src/pipeline/render/base-html.ts';
import { basePathOf, mapRuleFile, rulesUnderBase, withBase, withoutBase } from '../../src/pipeline/routes/base-path.ts';
import { placed, siteFolderOf, sitePathOfFile } from '../../src/pipeline/hosts/layout.ts';
import { rootRedirects } from '../../src/pipeline/hosts/redirects.ts';

const PAGE = [
  '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/site-AB12CD34.css"/>',
  '<link rel="canonical" href="https://x.example/blog/post/a"/></head><body>',
  '<a href="/post/b">b</a> <a href="#main">skip</a> <a href="//cdn.example/x">cdn</a> <a href="mailto:a@b.c">mail</a>',
  '<img src="/images/a.jpg" srcSet="/images/a-480.avif 480w, /images/a-960.avif 960w" alt=""/>',
  '<form action="/api/subscribe"><input type="hidden" name="source" value="/post/a"/></form>',
  '<a data-video-src="/videos/v.mp4" href="/videos/v.mp4">v</a><div data-props="{&quot;url&quot;:&quot;/x&quot;}"></div>',
  // React writes a quote in text as &quot;, so text never looks like an attribute.
  '<p>Write href=&quot;/post/c&quot; in a template.</p></body></html>',
].join('');

describe('base path', () => {
  it('reads the base from the site URL', () => {
    expect(basePathOf('https://x.example')).toBe('/');
    expect(basePathOf('https://x.example/')).toBe('/');
    expect(basePathOf('https://x.example/blog')).toBe('/blog/');
    expect(basePathOf('https://x.example/blog/')).toBe('/blog/');
    expect(basePathOf('not a url')).toBe('/');
  });

  it('puts site paths under the base and takes them out again', () => {
    expect(withBase('/post/a', '/blog/')).toBe('/blog/post/a');
    expect(withBase('/', '/blog/')).toBe('/blog/');
    expect(withBase('//cdn.example/x', '/blog/')).toBe('//cdn.example/x');
    expect(withBase('https://x.example/a', '/blog/')).toBe('https://x.example/a');
    expect(withBase('/post/a', '/')).toBe('/post/a');
    expect(withoutBase('/blog/post/a', '/blog/')).toBe('/post/a');
    expect(withoutBase('/blog', '/blog/')).toBe('/');
    expect(withoutBase('/blogger', '/blog/')).toBeUndefined();
    expect(withoutBase('/post/a', '/blog/')).toBeUndefined();
  });

  it('leaves a page under / byte for byte as it is', () => {
    expect(pageUnderBase(PAGE, '/')).toBe(PAGE);
  });

  it('puts every root-absolute address in an attribute of a page under the base, once', () => {
    const html = pageUnderBase(PAGE, '/blog/');
    expect(html).toContain('<html data-base="/blog/" lang="en">');
    expect(html).toContain('href="/blog/assets/site-AB12CD34.css"');
    expect(html).toContain('href="/blog/post/b"');
    expect(html).toContain('href="#main"');
    expect(html).toContain('href="//cdn.example/x"');
    expect(html).toContain('href="https://x.example/blog/post/a"');
    expect(html).toContain('src="/blog/images/a.jpg" srcSet="/blog/images/a-480.avif 480w, /blog/images/a-960.avif 960w"');
    expect(html).toContain('action="/blog/api/subscribe"');
    expect(html).toContain('data-video-src="/blog/videos/v.mp4"');
    // A form's hidden value is data (the page a sign-up came from), not an address to fetch.
    expect(html).toContain('value="/post/a"');
    expect(html).toContain('<p>Write href=&quot;/post/c&quot; in a template.</p>');
    expect(html).not.toContain('/blog/blog/');
  });

  it("rewrites the rules files' paths, not their headers, comments or absolute targets", () => {
    const redirects = '/old /new 301!\n/go/x https://partner.example/x 302\n/post/* /post/404.html 404\n';
    expect(rulesUnderBase(redirects, 'redirects', '/blog/')).toBe(
      '/blog/old /blog/new 301!\n/blog/go/x https://partner.example/x 302\n/blog/post/* /blog/post/404.html 404\n',
    );
    const headers = '# heartnotes build --host netlify\n/*\n  X-Frame-Options: DENY\n/assets/*\n  Cache-Control: immutable\n';
    expect(rulesUnderBase(headers, 'headers', '/blog/')).toBe('# heartnotes build --host netlify\n/blog/*\n  X-Frame-Options: DENY\n/blog/assets/*\n  Cache-Control: immutable\n');
    expect(rulesUnderBase(headers, 'headers', '/')).toBe(headers);
    expect(mapRuleFile(rulesUnderBase(redirects, 'redirects', '/blog/'), 'redirects', (p) => withoutBase(p, '/blog/') ?? p)).toBe(redirects);
  });

  it('lays the output out for Netlify and Cloudflare with the site in the base\'s folder, and leaves it flat for a plain CDN or no base', () => {
    expect(siteFolderOf('netlify', '/blog/')).toBe('blog/');
    expect(siteFolderOf('cloudflare', '/a/b/')).toBe('a/b/');
    expect(siteFolderOf('static', '/blog/')).toBe('');
    expect(siteFolderOf('netlify', '/')).toBe('');
    for (const file of ['index.html', 'post/x.html', 'assets/site-AB12CD34.css', 'search-index/meta.json', '404.html']) {
      expect(placed(file, 'blog/')).toBe(`blog/${file}`);
      expect(sitePathOfFile(placed(file, 'blog/'), 'blog/')).toBe(file);
      expect(placed(file, '')).toBe(file);
    }
    for (const file of ['_redirects', '_headers', '_worker.js', '_routes.json', 'robots.txt']) expect(placed(file, 'blog/')).toBe(file);
  });

  it('writes the root\'s own rules before the site\'s: the marker hidden, / sent to the base, and on Netlify every unknown address to the site\'s 404 page', () => {
    const notFound = [{ folder: '/post/', outFile: 'post/404.html' }, { folder: '/', outFile: '404.html' }];
    const site = '/blog/old /blog/new 301!\n/blog/post/* /blog/post/404.html 404\n';
    expect(rootRedirects('netlify', '/blog/', site, notFound, ['.heartnotes-output']).split('\n')).toEqual([
      '/.heartnotes-output /blog/404.html 404!',
      '/ /blog/ 301!',
      '/blog/old /blog/new 301!',
      '/blog/post/* /blog/post/404.html 404',
      '/* /blog/404.html 404',
      '',
    ]);
    expect(rootRedirects('cloudflare', '/blog/', '/blog/old /blog/new 301\n', notFound, ['.heartnotes-output']).split('\n')).toEqual([
      '/.heartnotes-output /.heartnotes-output.missing 200',
      '/ /blog/ 301',
      '/blog/old /blog/new 301',
      '',
    ]);
  });
});
