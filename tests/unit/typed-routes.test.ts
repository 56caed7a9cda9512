// The route-to-template seam is typed (src/pipeline/routes/page-maker.ts): `page(template, props,
// place)` takes only a template of the registry and only that template's props. The
// `@ts-expect-error` lines are the test of that: `npm test` type-checks this file first, and a line
// that stops being an error fails the check. At run time `page` makes the plain PageSpec.
import { describe, expect, it } from 'vitest';
import { page } from '../../templates/index.ts';

const place = { path: '/x', sources: ['content/x.md'] };

describe('typed pages (pageMaker)', () => {
  it('refuses, at compile time, a template not in the registry and props that are not its own', () => {
    const wrong = () => [
      // @ts-expect-error: no template is called "tagz"
      page('tagz', {}, place),
      // @ts-expect-error: the search page takes no props of its own
      page('search', { query: 'x' }, place),
      // @ts-expect-error: the articles list needs its cards
      page('articles', {}, place),
      // @ts-expect-error: pageCount is a number
      page('tag', { tag: 'x', topics: [], cards: [], total: 1, pageNumber: 1, pageCount: 'two' }, place),
    ];
    expect(typeof wrong).toBe('function');
  });

  it('makes the plain PageSpec the route table takes', () => {
    expect(page('outbound', { partner: 'A shop', url: 'https://shop.example/' }, { ...place, noindex: true })).toEqual({
      path: '/x',
      sources: ['content/x.md'],
      noindex: true,
      template: 'outbound',
      props: { partner: 'A shop', url: 'https://shop.example/' },
    });
  });
});
