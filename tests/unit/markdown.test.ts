import { describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import { unified } from 'unified';
import rehypeStringify from 'rehype-stringify';
import { isSponsoredHost } from '../../src/pipeline/markdown/external-links.ts';
import { rehypeLazyImages } from '../../src/pipeline/markdown/lazy-images.ts';
import { parseMarkdown } from '../../src/pipeline/markdown/parse.ts';
import { slugify } from '../../src/pipeline/markdown/heading-ids.ts';
import { createMarkdownRenderer, fillPlaceholders } from '../../src/pipeline/markdown/pipeline.ts';
import { isSafeUrl } from '../../src/pipeline/markdown/safe-urls.ts';

const render = createMarkdownRenderer({
  siteUrl: 'https://heartnotes.example',
  sponsoredLinks: { hosts: ['shop.example'], markerTitle: 'affiliate' },
});
/** The renderer of a site that sets no Markdown settings. */
const plain = createMarkdownRenderer({ siteUrl: 'https://heartnotes.example' });

describe('GFM subset', () => {
  it('renders tables and strikethrough', () => {
    expect(render('| Gift | Price |\n|---|--:|\n| Perfume | ~~$90~~ $60 |')).toBe(
      [
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways)"><table>',
        '<thead>',
        '<tr>',
        '<th>Gift</th>',
        '<th align="right">Price</th>',
        '</tr>',
        '</thead>',
        '<tbody>',
        '<tr>',
        '<td>Perfume</td>',
        '<td align="right"><del>$90</del> $60</td>',
        '</tr>',
        '</tbody>',
        '</table></div>',
      ].join('\n'),
    );
  });

  it('lays out tight and loose lists, quotes, breaks and code as before the parser changed', () => {
    // The HTML remark-parse and remark-rehype made for the same text (parse.ts keeps it).
    expect(render('- a\n- b\n  1. c\n\n> q  \n> r\n\n3. x\n\n   y\n\n```js title\nlet a;\n```')).toBe(
      [
        '<ul>\n<li>a</li>\n<li>b\n<ol>\n<li>c</li>\n</ol>\n</li>\n</ul>',
        '<blockquote>\n<p>q<br>\nr</p>\n</blockquote>',
        '<ol start="3">\n<li>\n<p>x</p>\n<p>y</p>\n</li>\n</ol>',
        '<pre><code class="language-js">let a;\n</code></pre>',
      ].join('\n'),
    );
  });

  it('drops raw HTML, keeps the text around it, and needs two tildes for strikethrough', () => {
    expect(render('<div>raw</div>\n\nA <b>bold</b> ~claim~ ~~gone~~')).toBe('<p>A bold ~claim~ <del>gone</del></p>');
  });

  it('renders 32 levels of nesting, the most nesting.ts lets through', () => {
    const quoted = render(`${'> '.repeat(32)}deep`);
    expect(quoted.match(/<blockquote>/g)).toHaveLength(32);
    expect(quoted).toContain('<p>deep</p>');
  });
});

describe('links', () => {
  it('opens external links in a new tab without leaking the opener', () => {
    expect(render('[a study](https://research.example/love)')).toBe(
      '<p><a href="https://research.example/love" target="_blank" rel="noopener noreferrer">a study</a></p>',
    );
  });

  it('marks links to a sponsored host and its subdomains as sponsored', () => {
    for (const href of ['https://shop.example/deal', 'https://www.shop.example/deal', 'http://SHOP.example/x']) {
      expect(render(`[buy](${href})`)).toBe(
        `<p><a href="${href}" target="_blank" rel="sponsored nofollow noopener noreferrer">buy</a></p>`,
      );
    }
    // A host that merely ends with the same letters is not a subdomain.
    expect(render('[x](https://notshop.example/)')).toContain('rel="noopener noreferrer"');
    expect(isSponsoredHost('deals.shop.example', ['shop.example'])).toBe(true);
    expect(isSponsoredHost('myshop.example', ['shop.example'])).toBe(false);
  });

  it('treats the marker title as a sponsored mark and removes it', () => {
    expect(render('[the guide](https://partner.example/guide "affiliate")')).toBe(
      '<p><a href="https://partner.example/guide" target="_blank" rel="sponsored nofollow noopener noreferrer">the guide</a></p>',
    );
    expect(render('[promo](/promo/guide "affiliate")')).toBe('<p><a href="/promo/guide" rel="sponsored nofollow">promo</a></p>');
    // Any other title stays a title.
    expect(render('[x](https://partner.example/ "A partner")')).toContain('title="A partner"');
  });

  it('leaves internal links alone, including absolute links to the site itself', () => {
    expect(render('[About](/about) [FAQ](#faq) [up](../guides) [home](https://heartnotes.example/)')).toBe(
      '<p><a href="/about">About</a> <a href="#faq">FAQ</a> <a href="../guides">up</a> <a href="https://heartnotes.example/">home</a></p>',
    );
  });

  it('loads images lazily', () => {
    expect(render('![A rose](/images/rose.svg)')).toBe('<p><img src="/images/rose.svg" alt="A rose" loading="lazy" decoding="async"></p>');
  });
});

describe('sponsored links setting', () => {
  const text = '[buy](https://shop.example/deal) [guide](https://partner.example/ "affiliate") [promo](/promo "affiliate")';

  it('marks no link without the setting: the host is an external link, the title stays a title', () => {
    expect(plain(text)).toBe(
      '<p><a href="https://shop.example/deal" target="_blank" rel="noopener noreferrer">buy</a> ' +
        '<a href="https://partner.example/" title="affiliate" target="_blank" rel="noopener noreferrer">guide</a> ' +
        '<a href="/promo" title="affiliate">promo</a></p>',
    );
    expect(createMarkdownRenderer({})(text)).not.toContain('sponsored');
  });

  it('uses the rel words the site gives, on internal and external links alike', () => {
    const own = createMarkdownRenderer({ sponsoredLinks: { hosts: ['shop.example'], markerTitle: 'ad', rel: ' sponsored  ' } });
    expect(own('[buy](https://www.shop.example/deal) [promo](/promo "ad") [note](/note "affiliate")')).toBe(
      '<p><a href="https://www.shop.example/deal" target="_blank" rel="sponsored noopener noreferrer">buy</a> ' +
        '<a href="/promo" rel="sponsored">promo</a> <a href="/note" title="affiliate">note</a></p>',
    );
  });

  it('marks by title alone when the site lists no hosts', () => {
    const byTitle = createMarkdownRenderer({ sponsoredLinks: { markerTitle: 'affiliate' } });
    expect(byTitle(text)).toBe(
      '<p><a href="https://shop.example/deal" target="_blank" rel="noopener noreferrer">buy</a> ' +
        '<a href="https://partner.example/" target="_blank" rel="sponsored nofollow noopener noreferrer">guide</a> ' +
        '<a href="/promo" rel="sponsored nofollow">promo</a></p>',
    );
  });
});

describe('lazy images plugin', () => {
  const run = (markdown: string) => {
    const processor = unified().use(rehypeLazyImages).use(rehypeStringify);
    return String(processor.stringify(processor.runSync(parseMarkdown(markdown)) as Root));
  };

  it('marks every image lazy and async, on its own and with any settings', () => {
    expect(run('![A](/a.svg) and ![B](https://cdn.example/b.png)')).toBe(
      '<p><img src="/a.svg" alt="A" loading="lazy" decoding="async"> and <img src="https://cdn.example/b.png" alt="B" loading="lazy" decoding="async"></p>',
    );
    expect(plain('![A rose](/images/rose.svg)')).toBe('<p><img src="/images/rose.svg" alt="A rose" loading="lazy" decoding="async"></p>');
  });

  it('touches nothing but images', () => {
    expect(run('[a](https://example.com) text')).toBe('<p><a href="https://example.com">a</a> text</p>');
  });
});

describe('heading ids', () => {
  it('gives h2–h4 ids from their text, unique per page, and honours {#explicit} ids', () => {
    expect(render('# Title\n\n## First Date Tips!\n\n### Café ideas\n\n## Stories {#stories}\n\n## First date tips')).toBe(
      [
        '<h1>Title</h1>',
        '<h2 id="first-date-tips">First Date Tips!</h2>',
        '<h3 id="cafe-ideas">Café ideas</h3>',
        '<h2 id="stories">Stories</h2>',
        '<h2 id="first-date-tips-1">First date tips</h2>',
      ].join('\n'),
    );
    expect(slugify('  Why 30 days of no contact?  ')).toBe('why-30-days-of-no-contact');
  });
});

describe('link schemes', () => {
  it.each([
    ['http://a.example/', 'http://a.example/'],
    ['https://a.example/', 'https://a.example/'],
    ['irc://irc.example/love', 'irc://irc.example/love'],
    ['ircs://irc.example/love', 'ircs://irc.example/love'],
    ['mailto:hello@heartnotes.example', 'mailto:hello@heartnotes.example'],
    ['xmpp:hello@heartnotes.example', 'xmpp:hello@heartnotes.example'],
    ['/about', '/about'],
    ['guides/first', 'guides/first'],
    ['?page=2', '?page=2'],
    ['/search?q=a:b', '/search?q=a:b'],
    ['javascript:alert(1)', ''],
    ['JaVaScRiPt:alert(1)', ''],
    ['java&#9;script:alert(1)', ''],
    ['<java\tscript:alert(1)>', ''],
    ['vbscript:msgbox(1)', ''],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', ''],
    ['file:///etc/passwd', ''],
  ])('[x](%s) → href %j', (url, expected) => {
    const html = render(`[x](${url})`);
    const href = /href="([^"]*)"/.exec(html)?.[1];
    expect(href?.replace(/&#x26;/g, '&')).toBe(expected);
  });

  it('applies the same allow-list to images', () => {
    expect(render('![x](javascript:alert(1))')).toBe('<p><img src="" alt="x" loading="lazy" decoding="async"></p>');
  });

  it('ignores the control characters browsers ignore', () => {
    expect(isSafeUrl('java\tscript:alert(1)')).toBe(false);
    expect(isSafeUrl('\u0001javascript:alert(1)')).toBe(false);
    expect(isSafeUrl(' jav\nascript:alert(1)')).toBe(false);
    expect(isSafeUrl('/a:b')).toBe(true);
  });
});

describe('untrusted content', () => {
  const vectors = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '[x](javascript:alert(1))',
    '![x](javascript:alert(1))',
    '<iframe src="https://evil.test">',
    '<div style="background:url(javascript:alert(1))">',
    '<math><mi xlink:href="javascript:alert(1)">',
    '<details open ontoggle=alert(1)>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<object data="javascript:alert(1)">',
    '<embed src="javascript:alert(1)">',
    '<base href="javascript:/">',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="&#106;avascript:alert(1)">',
    'Hello <b onclick="alert(1)">bold</b> and <a href="/about" onmouseover="alert(1)">about</a>',
    '<p onload=alert(1) style="color:red">para</p>',
    '<img src="/ok.png" onerror="alert(1)">',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java&#9;script:alert(1))',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '<scr<script>ipt>alert(1)</script>',
    '<<script>script>alert(1)<</script>/script>',
    '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
  ];
  const forbidden = [/<script/i, /onerror/i, /onload/i, /ontoggle/i, /onclick/i, /onmouseover/i, /javascript:/i, /<iframe/i, /<svg/i, /<object/i, /<embed/i, /<base/i, /<meta/i, /<link/i, /<form/i, /style=/i, /data:text\/html/i];

  it.each(vectors)('renders %j harmlessly', (source) => {
    const html = render(source);
    for (const pattern of forbidden) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
  });

  it('still renders the harmless text around a dangerous tag', () => {
    expect(render('Hello <b onclick="alert(1)">bold</b> world')).toBe('<p>Hello bold world</p>');
  });
});

describe('fillPlaceholders', () => {
  it('replaces known fields, joins lists, and leaves nothing for missing or structured ones', () => {
    expect(
      fillPlaceholders('{{name}} costs {{ price }}; tags: {{tags}}; {{missing}}|{{nested}}|{{empty}}|{{count}}', {
        name: 'Aqua Tower',
        price: '$39.69',
        tags: ['water', 'safety'],
        nested: { a: 1 },
        empty: null,
        count: 0,
      }),
    ).toBe('Aqua Tower costs $39.69; tags: water, safety; |||0');
  });
});
