import type { Element, Root, RootContent, ElementContent } from 'hast';

/**
 * Calls `fn` for every element of a hast tree, parents before children. A plain recursive walk:
 * unist-util-visit's general machinery (tests, parent stacks, skip/exit) cost a measurable share
 * of render time for the three passes our plugins make over every page.
 */
export function forEachElement(tree: Root | Element, fn: (node: Element) => void): void {
  const children: (RootContent | ElementContent)[] = tree.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === 'element') {
      fn(child);
      forEachElement(child, fn);
    }
  }
}
