// linksAndIds (src/pipeline/render/render.ts): the links and ids of a rendered page that the link
// check reads. It finds attributes by hand, not with a regular expression: these are the cases
// where reading HTML loosely could go wrong.
import { describe, expect, it } from 'vitest';
import { linksAndIds } from '../../src/pipeline/render/render.ts';

describe('linksAndIds', () => {
  it('takes href, src, id and every srcset candidate, after any whitespace, and leaves look-alike names', () => {
    const html =
      '<a href="/x"> <img SrcSet="/a.png 1x, /b.png 2x" src="/c.png"><p data-src="/no" xid="no" id="yes" ' +
      'data-href="/no" aria-srcset="/no"\u00a0href="/after-nbsp"\thref="/after-tab"\nsrc="/after-newline" srcset="/s.png">';
    expect(linksAndIds(html)).toEqual({
      links: ['/x', '/c.png', '/after-nbsp', '/after-tab', '/after-newline', '/a.png', '/b.png', '/s.png'],
      ids: ['yes'],
    });
  });

  it('decodes character references, drops links off the site, and keeps each link and id once', () => {
    const html =
      '<p id="a&amp;b" id="a&amp;b"><a href="https://off.example/"></a><a href="//off.example"></a><a href="mailto:x@example.com"></a><a href="/q?b=1&amp;c=2"></a><a href="/q?b=1&amp;c=2"></a></p>';
    expect(linksAndIds(html)).toEqual({ links: ['/q?b=1&c=2'], ids: ['a&b'] });
  });

  it('reads a value to its closing quote, and nothing after an attribute left open', () => {
    // A quote inside a value is written &quot; (React does), so a value holds no `="`.
    expect(linksAndIds('<a title="see href=&quot;/no&quot; there" href="/real">')).toEqual({ links: ['/real'], ids: [] });
    expect(linksAndIds('<a href="/first"> <a href="/open')).toEqual({ links: ['/first'], ids: [] });
  });
});
