import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { jsonLdString } from '../../templates/components/json-ld.tsx';

const hostile = {
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: 'Why </script><script>alert(1)</script> is not a headline',
  description: 'Comments <!-- like this --> and CDATA ]]> & ampersands',
  author: { '@type': 'Person', name: 'Jo </SCRIPT > Doe' },
  text: 'Line\u2028separator and paragraph\u2029separator',
};

describe('jsonLdString', () => {
  it('escapes everything that could end the script element or open a comment', () => {
    const out = jsonLdString(hostile);
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain('<!--');
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('still parses back to exactly the same data', () => {
    expect(JSON.parse(jsonLdString(hostile))).toEqual(hostile);
  });

  it('renders one script element whose text is the whole object', () => {
    // The element JsonLd renders. (Rendering the .tsx component itself under vitest fails: Vite
    // compiles JSX in development mode while NODE_ENV=production loads React's production runtime.)
    const html = renderToStaticMarkup(
      createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: jsonLdString(hostile) } }),
    );
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const body = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html)?.[1];
    expect(body).toBeDefined();
    expect(JSON.parse(body!)).toEqual(hostile);
  });
});
