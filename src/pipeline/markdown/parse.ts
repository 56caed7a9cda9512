import MarkdownIt, { type Options } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { Element, ElementContent, Properties, Root, Text } from 'hast';

/**
 * Markdown to a hast tree: markdown-it's tokens, turned straight into the elements the rehype
 * plugins and rehype-stringify take.
 *
 * # Design decision
 * The parse was the largest single cost of a build: remark-parse (micromark) reads about 1 MB of
 * Markdown a second on this machine, markdown-it about 15 (`npm run bench -- --floor`), and both
 * follow CommonMark. The tree made here is the one remark-parse and remark-rehype made (the same
 * elements, and the same line breaks between blocks, so the HTML did not change), with the GFM
 * subset the content uses: tables and strikethrough. markdown-it's own HTML renderer is not used:
 * every page's HTML still goes through the same safe-URL check, rehype-sanitize and the plugins.
 * Raw HTML in Markdown is dropped, as remark-rehype dropped it; markdown-it's link check is off,
 * since safe-urls.ts judges every URL (and reports a `javascript:` link rather than hiding it).
 * Over the CommonMark spec's 652 examples and the site's and the benchmark's 4,090 files the HTML
 * is the same byte for byte; the one difference known is that `~one tilde~` is now plain text
 * (strikethrough takes two, `~~so~~`, as in markdown-it and most editors' previews).
 */

// The preset stops nesting at 20 levels without a word; nesting.ts refuses more than 32 before any
// parse, so the parser's own limit sits above it (`maxNesting` is an option its types do not list).
const options: Options & { maxNesting: number } = { html: true, maxNesting: 100 };
const parser = new MarkdownIt('commonmark', options).enable(['table', 'strikethrough']);
parser.validateLink = () => true;

/** `markdown` as a hast root. */
export function parseMarkdown(markdown: string): Root {
  const root: Root = { type: 'root', children: [] };
  const open: Frame[] = [{ element: root, kind: 'root' }];
  for (const token of parser.parse(markdown, {})) {
    const frame = open[open.length - 1];
    if (token.nesting === 1) {
      open.push({ element: blockElement(token), kind: token.type, hidden: token.hidden });
    } else if (token.nesting === -1) {
      open.pop();
      close(frame, open[open.length - 1]);
    } else {
      frame.element.children.push(...leafBlock(token));
    }
  }
  root.children = wrap(root.children as ElementContent[], false);
  return root;
}

/** An open block: its element, the token type that opened it, and markdown-it's "tight list" mark on paragraphs. */
interface Frame {
  element: Element | Root;
  kind: string;
  hidden?: boolean;
}

/** Paragraphs of tight lists: their list item takes their children in place of the `<p>`. */
const tightParagraphs = new WeakSet<Element>();

function close(frame: Frame, parent: Frame): void {
  const element = frame.element as Element;
  if (frame.kind === 'paragraph_open' && frame.hidden) tightParagraphs.add(element);
  element.children = blockChildren(frame.kind, element.children);
  parent.element.children.push(element);
}

/** The line breaks remark-rehype puts between and around the children of each kind of block. */
function blockChildren(kind: string, children: ElementContent[]): ElementContent[] {
  switch (kind) {
    case 'list_item_open':
      return listItemChildren(children);
    case 'bullet_list_open':
    case 'ordered_list_open':
    case 'blockquote_open':
    case 'table_open':
    case 'thead_open':
    case 'tbody_open':
    case 'tr_open':
      return wrap(children, true);
    default:
      return children;
  }
}

/** A line break between `nodes`, and before and after them when `loose` (remark-rehype's `wrap`). */
function wrap(nodes: ElementContent[], loose: boolean): ElementContent[] {
  const result: ElementContent[] = loose ? [newline()] : [];
  nodes.forEach((node, index) => {
    if (index > 0) result.push(newline());
    result.push(node);
  });
  if (loose && nodes.length > 0) result.push(newline());
  return result;
}

/** A list item's children as remark-rehype lays them out: a tight list's paragraphs unwrapped. */
function listItemChildren(children: ElementContent[]): ElementContent[] {
  const paragraphs = children.filter((child): child is Element => isParagraph(child));
  const loose = paragraphs.length > 0 && !paragraphs.some((p) => tightParagraphs.has(p));
  const result: ElementContent[] = [];
  children.forEach((child, index) => {
    if (loose || index !== 0 || !isParagraph(child)) result.push(newline());
    if (isParagraph(child) && !loose) result.push(...child.children);
    else result.push(child);
  });
  const tail = children[children.length - 1];
  if (tail && (loose || !isParagraph(tail))) result.push(newline());
  return result;
}

const isParagraph = (node: ElementContent): node is Element => node.type === 'element' && node.tagName === 'p';
const newline = (): Text => ({ type: 'text', value: '\n' });
const element = (tagName: string, properties: Properties = {}, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

const BLOCK_TAGS: Record<string, string> = {
  paragraph_open: 'p',
  blockquote_open: 'blockquote',
  bullet_list_open: 'ul',
  ordered_list_open: 'ol',
  list_item_open: 'li',
  table_open: 'table',
  thead_open: 'thead',
  tbody_open: 'tbody',
  tr_open: 'tr',
};

/** The element a block token opens. */
function blockElement(token: Token): Element {
  if (token.type === 'heading_open' || token.type === 'th_open' || token.type === 'td_open') {
    return element(token.tag, cellAlign(token));
  }
  const properties: Properties = {};
  const start = token.attrGet('start');
  if (token.type === 'ordered_list_open' && start !== null && Number(start) !== 1) properties.start = Number(start);
  return element(BLOCK_TAGS[token.type] ?? token.tag, properties);
}

/** A table cell's alignment as the `align` property (markdown-it writes it as a style). */
function cellAlign(token: Token): Properties {
  const align = /text-align:(\w+)/.exec(token.attrGet('style') ?? '');
  return align ? { align: align[1] } : {};
}

/** A block token with no children blocks: inline content, code, a rule. Raw HTML gives nothing. */
function leafBlock(token: Token): ElementContent[] {
  switch (token.type) {
    case 'inline':
      return inline(token.children ?? []);
    case 'fence':
    case 'code_block': {
      const lang = parser.utils.unescapeAll(token.info).trim().split(/\s+/)[0];
      const code = element('code', lang ? { className: [`language-${lang}`] } : {}, token.content ? [text(token.content)] : []);
      return [element('pre', {}, [code])];
    }
    case 'hr':
      return [element('hr')];
    default:
      return [];
  }
}

const text = (value: string): Text => ({ type: 'text', value });

const INLINE_TAGS: Record<string, string> = { em_open: 'em', strong_open: 'strong', s_open: 'del', link_open: 'a' };

/** Inline tokens as hast: text runs merged, emphasis, links, images, code, breaks. */
function inline(tokens: Token[]): ElementContent[] {
  const root = element('span');
  const open: Element[] = [root];
  for (const token of tokens) {
    const parent = open[open.length - 1];
    if (token.nesting === 1) {
      const opened = element(INLINE_TAGS[token.type] ?? token.tag, token.type === 'link_open' ? linkProperties(token) : {});
      parent.children.push(opened);
      open.push(opened);
    } else if (token.nesting === -1) {
      open.pop();
    } else {
      appendInline(parent.children, token);
    }
  }
  return root.children;
}

function appendInline(children: ElementContent[], token: Token): void {
  switch (token.type) {
    case 'text':
    case 'text_special':
      return appendText(children, token.content);
    case 'softbreak':
      return appendText(children, '\n');
    case 'hardbreak':
      children.push(element('br'));
      return appendText(children, '\n');
    case 'code_inline':
      children.push(element('code', {}, [text(token.content)]));
      return;
    case 'image': {
      const properties: Properties = { src: token.attrGet('src') ?? '', alt: plainText(token.children ?? []) };
      const title = token.attrGet('title');
      if (title) properties.title = title;
      children.push(element('img', properties));
      return;
    }
    default:
      // html_inline: raw HTML is dropped, as remark-rehype drops it.
      return;
  }
}

/** Adjacent text as one node, as remark makes it. */
function appendText(children: ElementContent[], value: string): void {
  const last = children[children.length - 1];
  if (last?.type === 'text') last.value += value;
  else children.push(text(value));
}

function linkProperties(token: Token): Properties {
  const properties: Properties = { href: token.attrGet('href') ?? '' };
  const title = token.attrGet('title');
  if (title) properties.title = title;
  return properties;
}

/** An image's alt text: its label's text without markup, as mdast's `alt`. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'image') return plainText(token.children ?? []);
      if (token.type === 'softbreak' || token.type === 'hardbreak') return '\n';
      return token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline' ? token.content : '';
    })
    .join('');
}
