/**
 * Built HTML as a tree to assert on without a browser: parsed by hast-util-from-html (parse5, the
 * HTML standard's parser, as browsers parse) and queried with hast-util-select (CSS selectors),
 * from the unified family the generator's Markdown stage already uses. The tree keeps the shape
 * the tests were written against: `tag`, `attrs` (attribute names in lower case, values as
 * written, decoded), `children` (elements and text) and `parent`.
 */
import type { Element as HastElement, Nodes as HastNodes, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { find, html as htmlSchema, svg as svgSchema } from 'property-information';

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
  parent: Element | null;
}
export type Node = Element | string;

/** Each element of a parsed tree to the hast node it came from, for the selector engine. */
const hastOf = new WeakMap<Element, HastRoot | HastElement>();
/** And back, for what the selector engine returns. */
const elementOf = new WeakMap<HastRoot | HastElement, Element>();

/** `className: ['a', 'b']` → `['class', 'a b']`, `hidden: true` → `['hidden', '']`; undefined for an absent one. */
function attribute(property: string, value: unknown, space: 'html' | 'svg'): [string, string] | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  const info = find(space === 'svg' ? svgSchema : htmlSchema, property);
  const text = value === true ? '' : Array.isArray(value) ? value.join(info.commaSeparated ? ', ' : ' ') : String(value);
  return [info.attribute.toLowerCase(), text];
}

function convert(node: HastRoot | HastElement, parent: Element | null, space: 'html' | 'svg'): Element {
  const isElement = node.type === 'element';
  const inner = isElement && node.tagName === 'svg' ? 'svg' : space;
  const attrs: Record<string, string> = {};
  if (isElement) {
    for (const [property, value] of Object.entries(node.properties)) {
      const pair = attribute(property, value, inner);
      if (pair) attrs[pair[0]] = pair[1];
    }
  }
  const el: Element = { tag: isElement ? node.tagName.toLowerCase() : '#document', attrs, children: [], parent };
  hastOf.set(el, node);
  elementOf.set(node, el);
  // A <template>'s content is a fragment of its own in hast; it is the element's content here.
  const children: HastNodes[] = isElement && node.tagName === 'template' && node.content ? node.content.children : node.children;
  for (const child of children) {
    if (child.type === 'text') el.children.push(child.value);
    else if (child.type === 'element') el.children.push(convert(child, el, inner));
  }
  return el;
}

/**
 * Parses a document into a tree; the returned root has tag `#document`. Markup that is not a whole
 * document (a component rendered on its own) is parsed as a fragment, so no `<html>`, `<head>` or
 * `<body>` is made up around it.
 */
export function parseHtml(html: string): Element {
  const whole = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype|html)[\s>]/i.test(html);
  return convert(fromHtml(html, { fragment: !whole }), null, 'html');
}

/** Every element below `el`, in document order. */
export function descendants(el: Element): Element[] {
  return el.children.flatMap((child) => (typeof child === 'string' ? [] : [child, ...descendants(child)]));
}

/** The text inside `el`, whitespace collapsed (scripts and styles left out unless `el` is one). */
export function text(el: Element): string {
  if (el.tag === 'script' || el.tag === 'style') return (el.children[0] as string | undefined) ?? '';
  let out = '';
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (typeof child === 'string') out += child;
      else if (child.tag !== 'script' && child.tag !== 'style') {
        if (child.tag === 'br') out += ' ';
        walk(child);
      }
    }
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

/** Every element below `root` that matches the CSS `selector`, in document order (not `root` itself). */
export function $$(root: Element, selector: string): Element[] {
  const tree = hastOf.get(root);
  if (!tree) throw new Error('$$: not an element of a tree parseHtml made');
  return selectAll(selector, tree)
    .filter((node) => node !== tree)
    .map((node) => elementOf.get(node)!);
}

/** The first element below `root` that matches `selector`, or undefined. */
export function $(root: Element, selector: string): Element | undefined {
  return $$(root, selector)[0];
}

/** The JSON-LD blocks of a document, parsed (throws, naming the block, when one does not parse). */
export function jsonLd(root: Element): Record<string, any>[] {
  return $$(root, 'script[type="application/ld+json"]').map((s) => {
    const raw = text(s);
    try {
      return JSON.parse(raw) as Record<string, any>;
    } catch (error) {
      throw new Error(`JSON-LD does not parse: ${(error as Error).message}\n${raw.slice(0, 200)}`);
    }
  });
}
