import type { Element, Root } from 'hast';

/**
 * Wraps every table in a scrolling region that keyboard users can reach (`tabindex="0"`), so a
 * wide table scrolls sideways on a phone instead of overflowing the page.
 */
export function rehypeTableScroll() {
  return (tree: Root) => {
    const wrap = (parent: Root | Element) => {
      parent.children = parent.children.map((child) => {
        if (child.type !== 'element') return child;
        if (child.tagName === 'table') {
          return {
            type: 'element',
            tagName: 'div',
            properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Table (scrolls sideways)' },
            children: [child],
          } satisfies Element;
        }
        wrap(child);
        return child;
      }) as typeof parent.children;
    };
    wrap(tree);
  };
}
