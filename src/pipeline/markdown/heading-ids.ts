import type { Root, Element, Text } from 'hast';
import { forEachElement } from './walk.ts';
import { toString } from 'hast-util-to-string';

/** `Text like This!` → `text-like-this`, the way GitHub names heading anchors. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * Gives every h2–h4 an id so it can be linked to. `## Stories {#stories}` sets the id explicitly
 * (and the braces are removed); otherwise it is the slug of the heading text, made unique.
 */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const used = new Map<string, number>();
    forEachElement(tree, (node: Element) => {
      if (!/^h[2-4]$/.test(node.tagName)) return;
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') {
        const m = /\s*\{#([A-Za-z][\w-]*)\}\s*$/.exec((last as Text).value);
        if (m) {
          (last as Text).value = (last as Text).value.slice(0, m.index);
          id = m[1];
        }
      }
      id ??= slugify(toString(node)) || 'section';
      const seen = used.get(id) ?? 0;
      used.set(id, seen + 1);
      node.properties.id = seen ? `${id}-${seen}` : id;
    });
  };
}
