import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { InScope, usePageScope } from './island.tsx';

type Tag = 'div' | 'header' | 'footer' | 'nav' | 'aside' | 'section' | 'span' | 'p';

/**
 * An element whose content is rendered once per `part` and reused on every other page of the
 * build that asks for the same `part`: the header, the footer, a sidebar that looks the same on
 * thousands of pages. `part` must name everything the content shows that differs between pages
 * (the current section, the language); what is the same for the whole build (the site's data)
 * need not be in it. `dev` renders every part again and fails with the part's name when its
 * HTML differs from what the key stood for. Islands and page scripts inside are counted for
 * every page that shows the part.
 *
 * The content is rendered on its own, as an island's is: React writes `<title>`, `<meta>` and
 * preloads in it where they are, rather than moving them to the head.
 *
 * # Design decision
 * Hugo's `partialCached`, as an element: React writes what the content rendered as the element's
 * inner HTML. Rendering is proportional to the elements a page has, and on the 4,000-page bench
 * the header and footer are some 50 of the 200 elements React writes for an article (its body
 * comes as HTML from the Markdown).
 */
export function Cached({
  part,
  as = 'div',
  children,
  ...attributes
}: {
  part: string;
  as?: Tag;
  /** The content, called only when the part is not cached yet (or `dev` checks it). */
  children: () => ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'>) {
  const scope = usePageScope();
  const cache = scope.parts;
  let cached = cache?.parts.get(part);
  if (!cached || cache?.check) {
    const before = new Set(scope.islands.used);
    const html = renderToStaticMarkup(createElement(InScope, { scope }, children()));
    if (cached && cached.html !== html) {
      throw new Error(
        `the cached part "${part}" rendered differently on this page than where it was first rendered: its key must name everything that differs (the current section, the language)`,
      );
    }
    cached ??= { html, islands: [...scope.islands.used].filter((name) => !before.has(name)) };
    cache?.parts.set(part, cached);
  }
  for (const name of cached.islands) scope.islands.used.add(name);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: cached.html } });
}
