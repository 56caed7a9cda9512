import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Cached, Island } from '../../src/index.ts';
import { InScope, islandsUsed, pageScope } from '../../src/pipeline/render/island.tsx';
import { newPartCache, type PartCache } from '../../src/pipeline/render/part-cache.ts';

// Rendered as renderRoute renders a page: the page's scope (React context) brings the build's parts.
const chunks = { counter: '/assets/counter-1.js' };
const render = (page: ReactNode, parts?: PartCache) => {
  const scope = pageScope(chunks, '/', undefined, parts);
  return { html: renderToStaticMarkup(createElement(InScope, { scope }, page)), islands: islandsUsed(scope) };
};

const NAV = ['/', '/about', '/contact'];
let contentRenders = 0;
function NavList({ current }: { current: string }) {
  contentRenders++;
  return createElement(
    'ul',
    null,
    NAV.map((path) => createElement('li', { key: path }, createElement('a', { href: path, 'aria-current': path === current ? 'page' : undefined }, path))),
  );
}
function Counter({ start }: { start: number }) {
  return createElement('button', { type: 'button' }, `Count ${start}`);
}
/** A page whose header is cached by the nav entry it marks, as the site's own header is. */
function Page({ path, keyed = true }: { path: string; keyed?: boolean }) {
  const marked = NAV.includes(path) ? path : '';
  return createElement(
    'body',
    null,
    createElement(Cached, { as: 'header', className: 'site-header', part: keyed ? `header ${marked}` : 'header', children: () => createElement(NavList, { current: marked }) }),
    createElement('main', null, `Page ${path}`),
    createElement(Cached, {
      as: 'footer',
      part: 'footer',
      children: () => createElement(Island<{ start: number }>, { name: 'counter', component: Counter, props: { start: 1 } }),
    }),
  );
}

describe('Cached', () => {
  const paths = ['/post/a', '/about', '/post/b', '/', '/post/c', '/about'];

  it('renders a part once for each key, and every page is what rendering it there would write', () => {
    const parts = newPartCache();
    contentRenders = 0;
    const cached = paths.map((path) => render(createElement(Page, { path }), parts).html);
    // Keys: "header " (the posts), "header /about", "header /": three renders for six pages.
    expect(contentRenders).toBe(3);
    contentRenders = 0;
    const each = paths.map((path) => render(createElement(Page, { path })).html);
    expect(contentRenders).toBe(paths.length);
    expect(cached).toEqual(each);
    expect(cached[1]).toContain('<header class="site-header"><ul><li><a href="/">/</a></li><li><a href="/about" aria-current="page">/about</a></li>');
    expect(cached[2]).toContain('<header class="site-header"><ul><li><a href="/">/</a></li><li><a href="/about">/about</a></li>');
  });

  it('counts the islands inside a part for every page that shows it, not only the first', () => {
    const parts = newPartCache();
    const pages = paths.map((path) => render(createElement(Page, { path }), parts));
    for (const page of pages) {
      expect(page.islands).toEqual(['counter']);
      expect(page.html).toContain('<footer><div data-island="counter" data-load="idle" data-props="{&quot;start&quot;:1}"><button type="button">Count 1</button></div></footer>');
    }
  });

  it('checked (as dev renders), a key that leaves out what differs fails, naming the part', () => {
    const parts = newPartCache(true);
    expect(render(createElement(Page, { path: '/post/a', keyed: false }), parts).html).toContain('<li><a href="/about">/about</a></li>');
    expect(() => render(createElement(Page, { path: '/about', keyed: false }), parts)).toThrow(
      /the cached part "header" rendered differently on this page than where it was first rendered: its key must name everything that differs/,
    );
    // Unchecked (a build), the first render stands for the key.
    const unchecked = newPartCache();
    render(createElement(Page, { path: '/post/a', keyed: false }), unchecked);
    expect(render(createElement(Page, { path: '/about', keyed: false }), unchecked).html).not.toContain('aria-current');
  });
});
