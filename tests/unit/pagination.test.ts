import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLinks } from '../../templates/components/pagination.tsx';
import { $$, parseHtml, text } from '../helpers/dom.ts';

const pathOf = (n: number) => (n === 1 ? '/category/dating' : `/category/dating/page/${n}`);
const numberOf = (href: string) => (href === '/category/dating' ? 1 : Number(href.split('/').pop()));

/** The pagination bar of page `pageNumber` of `pageCount`, as a reader (or a screen reader) meets it. */
function bar(pageNumber: number, pageCount: number) {
  const nav = parseHtml(renderToStaticMarkup(createElement(PageLinks, { pageNumber, pageCount, pathOf, label: 'Dating: pages' })));
  const items = $$(nav, 'li');
  const numbered = $$(nav, 'a[aria-label]');
  return {
    items,
    numbers: numbered.map((a) => numberOf(a.attrs.href!)),
    current: numbered.filter((a) => a.attrs['aria-current'] === 'page').map((a) => text(a)),
    gaps: items.filter((li) => text(li) === '…'),
    links: $$(nav, 'a').map((a) => numberOf(a.attrs.href!)),
  };
}

describe('pagination bar', () => {
  it('a list of up to nine pages links every page, as before', () => {
    for (let count = 2; count <= 9; count++) {
      for (let n = 1; n <= count; n++) {
        const b = bar(n, count);
        expect(b.numbers).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        expect(b.current).toEqual([String(n)]);
        expect(b.gaps).toEqual([]);
      }
    }
  });

  it('a long list links the first and last pages and two either side of the current one, with a gap hidden from screen readers', () => {
    const b = bar(300, 446);
    expect(b.numbers).toEqual([1, 298, 299, 300, 301, 302, 446]);
    expect(b.current).toEqual(['300']);
    expect(b.gaps).toHaveLength(2);
    for (const gap of b.gaps) expect(gap.attrs['aria-hidden']).toBe('true');
    // Previous and Next stay links to the neighbours.
    expect(b.links[0]).toBe(299);
    expect(b.links.at(-1)).toBe(301);
    expect(bar(1, 446).numbers).toEqual([1, 2, 3, 446]);
    expect(bar(446, 446).numbers).toEqual([1, 444, 445, 446]);
    // A gap of one page shows that page instead of "…".
    expect(bar(4, 20).numbers).toEqual([1, 2, 3, 4, 5, 6, 20]);
  });

  it('stays at most eleven places long, and every page of a long list can be reached by its links', () => {
    for (const count of [10, 11, 12, 25, 446]) {
      const seen = new Set([1]);
      const queue = [1];
      while (queue.length) {
        const b = bar(queue.shift()!, count);
        expect(b.items.length).toBeLessThanOrEqual(11);
        for (const n of b.links) if (!seen.has(n)) (seen.add(n), queue.push(n));
      }
      expect(seen.size, `pages reached of ${count}`).toBe(count);
    }
  });
});
