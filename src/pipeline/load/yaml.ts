// The generator's one YAML reader: front matter is parsed here, and a field's position in a
// front-matter block or a JSON data file is found here when a diagnostic needs it.
//
// # Design decision
// js-yaml 4 with its core schema, for parsing and for positions. Its syntax errors say what is
// wrong and point at the character that is (`incomplete explicit mapping pair; …` at the second
// colon of `heading: Love: a guide`, see `namedAsBefore`); positions of fields come from its
// `listener` option, so no second parser is needed.
// js-yaml 3 until 2026-11-27. 4 is typed (@types/js-yaml, no hand-written declaration) and gives
// the same values and field positions for all of content/ and the test fixtures (5,196 positions
// compared). It follows YAML where 3 did not: a double-quoted value broken over lines drops the
// spaces before the break ("a \n  b" is "a b"; 3 kept "a  b"), and it refuses tabs as
// indentation, `[a, b]date: x` and `[a,, b]`, which 3 read without a word. Some syntax reasons
// differ (about 1 in 20 random one-character breakages of the site's front matter; none the
// tests pin).
// Rejected:
// - the `yaml` package, which keeps source ranges on its document nodes: its messages and error
//   columns differ ("Nested mappings are not allowed in compact mappings" at the first colon), so
//   every syntax diagnostic editors see and the tests pin would change.
// - js-yaml's default schema, which turns timestamps into Date objects with calendar rollover:
//   `2025-02-30` becomes March 2 and `2025-13-45` a day in the next year, and a date rolled into
//   the future silently drops the entry. With the core schema `2025-02-30` stays the text the
//   editor wrote and the schema refuses it at its line (see docs/content-errors.md). The core
//   schema differs from the default only in timestamps, merge keys (`<<`) and binary/set/omap
//   types, none of which front matter uses.
import { CORE_SCHEMA, load, type State } from 'js-yaml';

/** A YAML syntax error: js-yaml's reason and its 0-based line and column in the parsed text. */
export interface YamlSyntaxError {
  reason?: string;
  message: string;
  mark?: { line: number; column: number; position?: number };
}

/** Parses one YAML document with the core schema (timestamps stay text). Throws a `YamlSyntaxError`. */
export function parseYaml(text: string): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA });
  } catch (e) {
    throw namedAsBefore(text, e as YamlSyntaxError);
  }
}

/** What js-yaml 3 called a second `: ` after a whole key and value on one line. */
const SECOND_COLON = 'incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line';

/**
 * js-yaml 4 reports a second `: ` after a whole key and value on one line (`heading: Love: a
 * guide`, the mistake editors make most) as "bad indentation of a mapping entry", though no
 * indentation is wrong. js-yaml 3 gave it a reason of its own, the one docs/content-errors.md
 * shows and editors have seen: kept, at the same mark (a colon after `key: value` on its line).
 * Real bad indentation (`  extra: x` under a plain value) has no `: ` before the mark and keeps
 * js-yaml 4's words.
 */
function namedAsBefore(text: string, error: YamlSyntaxError): YamlSyntaxError {
  const at = error.mark?.position;
  if (error.reason !== 'bad indentation of a mapping entry' || at === undefined || text[at] !== ':') return error;
  const next = text[at + 1];
  const before = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
  // In a sequence entry (`- a: b: c`) js-yaml 3 spoke of indentation too.
  if ((next === undefined || /[ \t\r\n]/.test(next)) && /:[ \t]/.test(before) && !/^[ \t]*-[ \t]/.test(before)) error.reason = SECOND_COLON;
  return error;
}

/** A node as js-yaml composed it: where it opened, what it became, and its child nodes in order. */
interface NodeSpan {
  open: number;
  kind: 'scalar' | 'mapping' | 'sequence' | null;
  value: unknown;
  children: NodeSpan[];
}

/**
 * The offset in `text` of the field at `path` (its key, or its value), or of the whole document
 * when the path goes no further; undefined for an empty document. JSON is read as YAML, so this
 * serves data files too. Throws a `YamlSyntaxError` for text that does not parse.
 */
export function yamlFieldOffset(text: string, path: PropertyKey[], want: 'key' | 'value'): number | undefined {
  const root = composeSpans(text);
  if (!root || root.kind === null) return undefined;
  let node: NodeSpan | undefined = root;
  let keyNode: NodeSpan | undefined;
  for (const part of path) {
    if (node?.kind === 'mapping') {
      const at = pairs(node).findIndex(([key]) => String(key.value) === String(part));
      if (at === -1) break;
      [keyNode, node] = pairs(node)[at];
    } else if (node?.kind === 'sequence' && typeof part === 'number') {
      keyNode = node = node.children[part];
    } else break;
  }
  const target = (want === 'key' ? keyNode ?? node : node ?? keyNode) ?? root;
  return target.kind === null ? emptyValueStart(text, target.open) : contentStart(text, target.open);
}

/** A mapping's children are its keys and values in turn. */
function pairs(node: NodeSpan): [NodeSpan, NodeSpan | undefined][] {
  const out: [NodeSpan, NodeSpan | undefined][] = [];
  for (let i = 0; i < node.children.length; i += 2) out.push([node.children[i], node.children[i + 1]]);
  return out;
}

/**
 * Parses `text` and returns its node tree, from js-yaml's `listener`, which reports each node as it
 * opens and closes. js-yaml first tries a node as the key of a block mapping; when it is not one,
 * the node is kept as it was read, so a node whose only child holds its very value is that child
 * (which opened past any anchor or tag). What else a scalar reports are such tries: dropped.
 */
function composeSpans(text: string): NodeSpan | undefined {
  const stack: NodeSpan[] = [{ open: 0, kind: 'sequence', value: undefined, children: [] }];
  const listener = (event: 'open' | 'close', state: State) => {
    if (event === 'open') {
      stack.push({ open: state.position, kind: null, value: undefined, children: [] });
      return;
    }
    const node = stack.pop()!;
    node.kind = state.kind as NodeSpan['kind'];
    node.value = state.result;
    const [only] = node.children;
    if (node.children.length === 1 && only.value === node.value) Object.assign(node, { open: only.open, children: only.children });
    if (node.kind !== 'mapping' && node.kind !== 'sequence') node.children = [];
    stack[stack.length - 1].children.push(node);
  };
  // `json`: a repeated key takes the later value instead of failing, as JSON.parse does.
  load(text, { schema: CORE_SCHEMA, json: true, listener });
  return stack[0].children[0];
}

/**
 * Where a node's content starts: js-yaml opens a value before the spaces, line breaks, comments,
 * tag (`!!str`) and anchor (`&name`) in front of it.
 */
function contentStart(text: string, offset: number): number {
  let i = offset;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '#') while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    if (text[i] === '!' || text[i] === '&') while (i < text.length && !/[ \t\r\n]/.test(text[i])) i++;
    else if (text[i] === '\r' || text[i] === '\n') i++;
    else return i;
  }
}

/** Where an empty value (`title:` and nothing) is reported: after the spaces on its key's line. */
function emptyValueStart(text: string, offset: number): number {
  let i = offset;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}
