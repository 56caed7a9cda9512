// Where the YAML reader says a field sits (src/pipeline/load/yaml.ts): the line and column every
// content diagnostic points at. The expected positions are the ones the build has always printed.
import { describe, expect, it } from 'vitest';
import { parseYaml, yamlFieldOffset, type YamlSyntaxError } from '../../src/pipeline/load/yaml.ts';

/** `line:column` (1-based) of a field's key or value, or undefined when the text has no node. */
function at(text: string, path: PropertyKey[], want: 'key' | 'value' = 'value'): string | undefined {
  const offset = yamlFieldOffset(text, path, want);
  if (offset === undefined) return undefined;
  const lines = text.slice(0, offset).split('\n');
  return `${lines.length}:${lines[lines.length - 1].length + 1}`;
}

describe('yamlFieldOffset', () => {
  it('finds keys and values of front matter, nested in maps and lists', () => {
    const text = 'title: Fine\ntags:\n  - love\n  - trust\nauthor:\n  name: Jo\n';
    expect(at(text, ['title'], 'key')).toBe('1:1');
    expect(at(text, ['title'])).toBe('1:8');
    expect(at(text, ['tags', 1])).toBe('4:5');
    expect(at(text, ['author', 'name'])).toBe('6:9');
    expect(at(text, ['author', 'name'], 'key')).toBe('6:3');
  });

  it('puts an empty value after the spaces on its key line, and a missing field at its parent', () => {
    expect(at('title:\ndescription: x\n', ['title'])).toBe('1:7');
    expect(at('title: \n', ['title'])).toBe('1:8');
    expect(at('title: x\nauthor:\n  name: Jo\n', ['author', 'email'], 'key')).toBe('2:1');
  });

  it('skips comments, tags and anchors in front of a value', () => {
    expect(at('a: # why\n  b: 1\n', ['a'])).toBe('2:3');
    expect(at('a: !!str 5\n', ['a'])).toBe('1:10');
    expect(at('a: &x 1\nb: *x\n', ['a'])).toBe('1:7');
  });

  it('reads JSON data files, keys and values alike', () => {
    const json = '{\n  "groups": [\n    { "id": "love", "title": "Love" }\n  ]\n}\n';
    expect(at(json, ['groups'], 'key')).toBe('2:3');
    expect(at(json, ['groups', 0, 'title'])).toBe('3:30');
    expect(at(json, ['groups', 0, 'title'], 'key')).toBe('3:21');
  });

  it('has nothing to point at in an empty document', () => {
    expect(at('', [])).toBeUndefined();
    expect(at('# only a comment\n', ['title'])).toBeUndefined();
  });
});

describe('parseYaml syntax reasons', () => {
  /** js-yaml's reason and 1-based line:column, as the front-matter diagnostic prints them. */
  function failure(text: string): string {
    try {
      parseYaml(text);
    } catch (e) {
      const { reason, mark } = e as YamlSyntaxError;
      return `${reason} @${mark!.line + 1}:${mark!.column + 1}`;
    }
    return 'parsed';
  }
  const SECOND_COLON = 'incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line';

  it('names a second ": " after a key and value on one line as it always has, at that colon', () => {
    expect(failure('title: Fine\ntagline: Love: a guide\n')).toBe(`${SECOND_COLON} @2:14`);
    expect(failure('author:\n  name: Jo: Smith\n')).toBe(`${SECOND_COLON} @2:11`);
    expect(failure('"a: b": c: d')).toBe(`${SECOND_COLON} @1:10`);
    expect(failure('a: b:')).toBe(`${SECOND_COLON} @1:5`);
  });

  it('keeps "bad indentation" for a line that is indented wrong, or a list entry', () => {
    expect(failure('title: Fine\n  extra: wrong: x\n')).toBe('bad indentation of a mapping entry @2:8');
    expect(failure('tags:\n  - a: b: c\n')).toBe('bad indentation of a mapping entry @2:9');
  });

  it('refuses what js-yaml 3 read without a word: tabs as indentation, a key glued to a list, an empty list item', () => {
    expect(failure('title: Fine\n\tdate: 2025-01-01\n')).toBe('tab characters must not be used in indentation @2:1');
    expect(failure('tags: [a, b]date: 2025-01-01\n')).toMatch(/@1:13$/);
    expect(failure('tags: [a,, b]\n')).toBe("expected the node content, but found ',' @1:10");
  });
});
