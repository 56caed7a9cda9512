import { find, html } from 'property-information';
import type { Element, Properties, Root, RootContent } from 'hast';

/**
 * The HTML of a sanitised Markdown tree, as rehype-stringify (hast-util-to-html 9, default
 * options) writes it, byte for byte; `undefined` for a tree holding anything else than elements
 * and text outside `svg`, `math`, `template`, `script` and `style`, which the caller then gives
 * to rehype-stringify.
 *
 * # Design decision
 * After rehype-sanitize a page's Markdown is only HTML elements and text, and hast-util-to-html's
 * generality (schemas, quoting choices, entity options, optional tags) was about 1.2 s of each
 * render worker's 14 on the 4,000-page bench: a tenth of the Markdown's cost. The rules kept are
 * its defaults: text escapes `<` and `&`, double-quoted attribute values escape `"`, `&`, `'`,
 * `` ` `` and NUL, as hexadecimal references; void elements have no end tag and no `/`; every
 * other element has both tags; attribute names and kinds come from property-information, as there.
 * Checked against rehype-stringify over every page of the site and of the 4,000-page bench
 * (`tests/unit/markdown-html.test.ts`).
 */
export function fastHtml(tree: Root): string | undefined {
  const out: string[] = [];
  return nodes(tree.children, out) ? out.join('') : undefined;
}

const VOIDS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content hast-util-to-html writes by other rules (another schema, raw text). */
const OTHER = new Set(['svg', 'math', 'template', 'script', 'style']);

function nodes(children: RootContent[], out: string[]): boolean {
  for (const node of children) {
    if (node.type === 'text') out.push(escape(node.value, TEXT));
    else if (node.type !== 'element' || !element(node, out)) return false;
  }
  return true;
}

function element(node: Element, out: string[]): boolean {
  const tag = node.tagName;
  if (OTHER.has(tag.toLowerCase())) return false;
  const attributes = serializeAttributes(node.properties);
  out.push(attributes ? `<${tag} ${attributes}>` : `<${tag}>`);
  const before = out.length;
  if (!nodes(node.children, out)) return false;
  // A void element with content is not void (hast-util-to-html's rule).
  if (!VOIDS.has(tag.toLowerCase()) || out.slice(before).some((part) => part !== '')) out.push(`</${tag}>`);
  return true;
}

function serializeAttributes(properties: Properties): string {
  let result = '';
  for (const key in properties) {
    const value = properties[key];
    if (value === null || value === undefined) continue;
    const one = serializeAttribute(key, value);
    if (one) result = result ? `${result} ${one}` : one;
  }
  return result;
}

/** property-information's `find`, once per property name. */
const infos = new Map<string, ReturnType<typeof find>>();

function serializeAttribute(key: string, given: Properties[string]): string {
  let info = infos.get(key);
  if (!info) infos.set(key, (info = find(html, key)));
  let value = given;
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  const name = escape(info.attribute, NAME);
  if (value === true) return name;
  const text = Array.isArray(value) ? tokens(value.map(String), info.commaSeparated) : String(value);
  return `${name}="${escape(text, ATTRIBUTE)}"`;
}

/** comma-separated-tokens' and space-separated-tokens' `stringify`, as hast-util-to-html calls them. */
function tokens(values: string[], commaSeparated: boolean): string {
  if (!commaSeparated) return values.join(' ').trim();
  return (values[values.length - 1] === '' ? [...values, ''] : values).join(', ').trim();
}

const TEXT = /[<&]/g;
const ATTRIBUTE = /[\0"&'`]/g;
const NAME = /[\0\t\n\f\r "&'/<=>`]/g;

function escape(value: string, characters: RegExp): string {
  return value.replace(characters, reference);
}

function reference(character: string): string {
  return `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
}
