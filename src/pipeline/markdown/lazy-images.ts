import type { Root } from 'hast';
import { forEachElement } from './walk.ts';

/**
 * Every image in a Markdown body loads lazily and decodes off the main thread
 * (`loading="lazy" decoding="async"`): a body's images are below the page's title and intro, so
 * the browser fetches them only as the reader nears them.
 */
export function rehypeLazyImages() {
  return (tree: Root) => {
    forEachElement(tree, (node) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}
