/**
 * A small HTML tree builder and CSS-selector matcher for asserting on built pages without a
 * browser. It is written for the generator's own output (React and rehype-stringify: quoted
 * attributes, closed elements), not for arbitrary HTML from the web.
 *
 * Selectors: compounds of `tag`, `#id`, `.class`, `[attr]`, `[attr=value]`, `[attr^=value]`,
 * `[attr*=value]`, `[attr~=value]`, joined by descendant (space) or child (`>`) combinators, and
 * comma-separated alternatives. That is all the tests need.
 */

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
  parent: Element | null;
}
export type Node = Element | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
/** Elements whose start tag closes an open element of the same kind (enough for hand-written HTML). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'option', 'dt', 'dd', 'tr', 'td', 'th']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references React and rehype emit: named basics, decimal and hex. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Parses a document into a tree; the returned root has tag `#document`. */
export function parseHtml(html: string): Element {
  const root: Element = { tag: '#document', attrs: {}, children: [], parent: null };
  let current = root;
  const tagRe = /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/gi;
  let last = 0;
  for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
    if (m.index > last) current.children.push(decodeEntities(html.slice(last, m.index)));
    last = tagRe.lastIndex;
    const [whole, closeName, openName, attrText, selfClose] = m;
    if (whole.startsWith('<!')) continue;
    if (closeName) {
      const name = closeName.toLowerCase();
      // Close up to the nearest open element of that name; a stray end tag is ignored.
      for (let el: Element | null = current; el && el !== root; el = el.parent) {
        if (el.tag === name) {
          current = el.parent!;
          break;
        }
      }
      continue;
    }
    const tag = openName.toLowerCase();
    if (SELF_CLOSING_SIBLINGS.has(tag) && current.tag === tag) current = current.parent!;
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    const el: Element = { tag, attrs, children: [], parent: current };
    current.children.push(el);
    if (VOID.has(tag) || selfClose) continue;
    if (RAW_TEXT.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, last);
      const stop = end === -1 ? html.length : end;
      const raw = html.slice(last, stop);
      el.children.push(tag === 'script' || tag === 'style' ? raw : decodeEntities(raw));
      const closeEnd = html.indexOf('>', stop);
      last = closeEnd === -1 ? html.length : closeEnd + 1;
      tagRe.lastIndex = last;
      continue;
    }
    current = el;
  }
  if (last < html.length) current.children.push(decodeEntities(html.slice(last)));
  return root;
}

/** Every element below `el`, in document order. */
export function descendants(el: Element): Element[] {
  const out: Element[] = [];
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      out.push(child);
      walk(child);
    }
  };
  walk(el);
  return out;
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

export const classes = (el: Element) => (el.attrs.class ?? '').split(/\s+/).filter(Boolean);

interface Compound {
  tag?: string;
  id?: string;
  classes: string[];
  attrs: { name: string; op?: string; value?: string }[];
}

function parseCompound(s: string): Compound {
  const c: Compound = { classes: [], attrs: [] };
  const re = /([a-zA-Z][\w-]*|\*)|#([\w-]+)|\.([\w-]+)|\[([\w:-]+)(?:([~^*$]?=)"?([^"\]]*)"?)?\]/g;
  let consumed = 0;
  for (const m of s.matchAll(re)) {
    if (m.index !== consumed) throw new Error(`unsupported selector part "${s}"`);
    consumed = m.index + m[0].length;
    if (m[1]) c.tag = m[1] === '*' ? undefined : m[1].toLowerCase();
    else if (m[2]) c.id = m[2];
    else if (m[3]) c.classes.push(m[3]);
    else c.attrs.push({ name: m[4].toLowerCase(), op: m[5], value: m[6] });
  }
  if (consumed !== s.length) throw new Error(`unsupported selector part "${s}"`);
  return c;
}

function matches(el: Element, c: Compound): boolean {
  if (c.tag && el.tag !== c.tag) return false;
  if (c.id && el.attrs.id !== c.id) return false;
  const cls = classes(el);
  if (c.classes.some((k) => !cls.includes(k))) return false;
  return c.attrs.every(({ name, op, value = '' }) => {
    const v = el.attrs[name];
    if (v === undefined) return false;
    switch (op) {
      case undefined:
        return true;
      case '=':
        return v === value;
      case '^=':
        return v.startsWith(value);
      case '*=':
        return v.includes(value);
      case '$=':
        return v.endsWith(value);
      case '~=':
        return v.split(/\s+/).includes(value);
      default:
        return false;
    }
  });
}

function parseSelector(selector: string): { compound: Compound; combinator: ' ' | '>' }[][] {
  return selector.split(',').map((alt) => {
    // Whitespace inside [attr="a b"] is part of the value, not a combinator.
    const parts = alt.trim().match(/(?:\[[^\]]*\]|[^\s>[])+|>/g) ?? [];
    const out: { compound: Compound; combinator: ' ' | '>' }[] = [];
    let combinator: ' ' | '>' = ' ';
    for (const p of parts) {
      if (p === '>') {
        combinator = '>';
        continue;
      }
      out.push({ compound: parseCompound(p), combinator });
      combinator = ' ';
    }
    return out;
  });
}

function matchesChain(el: Element, chain: { compound: Compound; combinator: ' ' | '>' }[], scope: Element): boolean {
  let i = chain.length - 1;
  if (!matches(el, chain[i].compound)) return false;
  let node: Element = el;
  while (i > 0) {
    const { combinator } = chain[i];
    i--;
    if (combinator === '>') {
      const parent = node.parent;
      if (!parent || parent === scope.parent || !matches(parent, chain[i].compound)) return false;
      node = parent;
    } else {
      let found: Element | null = null;
      for (let a = node.parent; a && a !== scope.parent; a = a.parent) {
        if (matches(a, chain[i].compound)) {
          found = a;
          break;
        }
      }
      if (!found) return false;
      node = found;
    }
  }
  return true;
}

/** Every element below `root` that matches `selector`, in document order. */
export function $$(root: Element, selector: string): Element[] {
  const alts = parseSelector(selector);
  return descendants(root).filter((el) => alts.some((chain) => matchesChain(el, chain, root)));
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
