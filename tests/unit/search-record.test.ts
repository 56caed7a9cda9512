import { describe, expect, it } from 'vitest';
import { isExcluded, searchRecord, textByExpressions, textOf } from '../../src/pipeline/search/extract.ts';

const page = (body: string, lang = 'en') =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>Tab title | Site</title></head><body><header><nav>Home About</nav></header><main>${body}</main><footer>Footer text</footer></body></html>`;

describe('searchRecord', () => {
  it('takes the marked element only, its nested same-name elements included, less ignored elements and scripts', () => {
    const html = page(
      '<div class="before">Not this</div>' +
        '<div data-pagefind-body="" data-pagefind-meta="kind:Guide"><h1>First <em>dates</em></h1>' +
        '<nav data-pagefind-ignore="">Home › Guides</nav><div class="prose"><p>Talk about <b>books</b>.</p><div>Inner</div></div>' +
        '<script type="application/ld+json">{"a":1}</script><svg><text>icon</text></svg><p>Tom &amp; Jerry&#39;s &#x2019;café&#8217; &lt;3</p></div>' +
        '<div>After</div>',
    );
    expect(searchRecord(html, '/first-dates')).toEqual({
      url: '/first-dates',
      content: "First dates Talk about books. Inner Tom & Jerry's ’café’ <3",
      language: 'en',
      meta: { kind: 'Guide', title: 'First dates' },
    });
  });

  it('a page without a marked element is not indexed; an excluded path is not either', () => {
    expect(searchRecord(page('<article><h1>Landing</h1></article>'), '/offer-lp')).toBeUndefined();
    expect(searchRecord(page('<article data-pagefind-body=""><h1>x</h1></article>'), '/404/post', { exclude: ['/404*'] })).toBeUndefined();
    expect(isExcluded('/404', ['/404*'])).toBe(true);
    expect(isExcluded('/about', ['/about-us'])).toBe(false);
  });

  it('caps the text at maxChars, at a word; the title falls back to <title>; the language comes from <html lang>', () => {
    const record = searchRecord(page('<section data-pagefind-body><p>one two three four five</p></section>', 'fr-CA'), '/x', { maxChars: 12 });
    expect(record).toEqual({ url: '/x', content: 'one two', language: 'fr', meta: { title: 'Tab title | Site' } });
  });

  it('finds the marked element wherever its attribute first appears: after the words in text, in capitals, on a later tag', () => {
    const html = page(
      '<p>Mark a page with data-pagefind-body to index it.</p><nav>skip</nav>' +
        '<section DATA-PAGEFIND-BODY class="x"><h1>Caps</h1><p>kept</p></section><div data-pagefind-body="">later</div>',
    );
    expect(searchRecord(html, '/caps')?.content).toBe('Caps kept');
  });
});

describe('textOf', () => {
  // The one-pass reading against the two replaces it stands for: the same text for every input.
  const inputs = [
    '<p>Talk about <b>books</b>.</p><div>Inner</div>',
    '<P>Caps<BR>line<B>bold</B><Strong>x</Strong></P >',
    '<abbr title="a">HTML</abbr><a-b>custom</a-b><br/>x<bdi>y</bdi><h1>z</h1><a_b>u</a_b><strongest>w</strongest>',
    '<p>no close < here',
    'text with a stray > and <em>emphasis</em> and <  spaced tag >',
    '<a<b>nested</b>>odd</a>',
    '<p>Tom &amp; Jerry&#39;s&nbsp;&nbsp;caf&eacute; &#10; &#x20;&#x20;end</p>',
    ' \t<li>one</li>\n<li>two</li>\u00a0\u2003<li>three</li>  ',
    '&am<b></b>p; <i>joined</i>',
    '',
    '<>',
    '</>plain</ >',
  ];
  it.each(inputs)('reads %j as the expressions do', (html) => {
    expect(textOf(html)).toBe(textByExpressions(html));
  });
});
