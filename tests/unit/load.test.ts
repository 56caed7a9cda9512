import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent, readContentBytes } from '../../src/pipeline/load/load.ts';
import type { CollectionSpec } from '../../src/pipeline/types.ts';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.ts';

const collections: Record<string, CollectionSpec> = {
  pages: { kind: 'markdown', folder: 'pages', schema: z.strictObject({ title: z.string() }) },
  site: { kind: 'json', file: 'site.json', schema: z.unknown() },
};

const load = (files: Record<string, string>) => loadContent(new Map(Object.entries(files)), 'content', collections);
/** The one diagnostic a load must produce, as the terminal prints it. */
const onlyError = (files: Record<string, string>) => {
  const { diagnostics, records } = load(files);
  expect(records).toEqual([]);
  expect(diagnostics).toHaveLength(1);
  return formatDiagnostic(diagnostics[0]);
};

describe('loadContent', () => {
  it('parses front matter and tells on which line the body starts', () => {
    const { records, diagnostics } = load({
      'content/pages/about.md': '---\ntitle: About us\n---\n\nWe write advice.\n',
      'content/site.json': '{ "title": "Heart Notes" }',
    });
    expect(diagnostics).toEqual([]);
    expect(records.map((r) => [r.file, r.collection, r.kind])).toEqual([
      ['content/pages/about.md', 'pages', 'markdown'],
      ['content/site.json', 'site', 'json'],
    ]);
    const page = records[0];
    expect(page.data).toEqual({ title: 'About us' });
    expect(page.body).toBe('\nWe write advice.\n');
    expect(page.bodyLine).toBe(4);
    // The line of the body text itself, counted from the body's first line, is line 5 of the file.
    expect(page.bodyLine + page.body.split('\n').indexOf('We write advice.')).toBe(5);
    expect(records[1].data).toEqual({ title: 'Heart Notes' });
  });

  it('reads a file without front matter as all body', () => {
    const { records } = load({ 'content/pages/plain.md': '# Just text\n' });
    expect(records[0]).toMatchObject({ data: {}, body: '# Just text\n', bodyLine: 1 });
  });

  it('reports broken YAML at the line and column of the mistake, with a code frame and a hint', () => {
    const text = onlyError({
      'content/pages/broken.md': '---\ntitle: Fine\nauthor: Jo\ntagline: Love: a guide\n---\nBody\n',
    });
    expect(text).toBe(
      [
        'content/pages/broken.md:4:14: front matter is not valid YAML: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
        '    3 | author: Jo',
        '  > 4 | tagline: Love: a guide',
        '      |              ^',
        '    5 | ---',
        '  hint: check the indentation and quoting on this line; a value that contains ": " or starts with a special character needs quotes',
      ].join('\n'),
    );
  });

  it('counts lines the same way in files saved with Windows line endings', () => {
    const text = onlyError({ 'content/pages/crlf.md': '---\r\ntitle: Fine\r\nsubtitle: Love: a guide\r\n---\r\nBody\r\n' });
    expect(text).toMatch(/^content\/pages\/crlf\.md:3:15: front matter is not valid YAML/);
    const { records } = load({ 'content/pages/ok.md': '\uFEFF---\r\ntitle: Fine\r\n---\r\nBody\r\n' });
    expect(records[0]).toMatchObject({ data: { title: 'Fine' }, bodyLine: 4 });
  });

  it('reports bad indentation on the line that has it', () => {
    const text = onlyError({ 'content/pages/indent.md': '---\ntitle: Fine\n  extra: wrong: x\n---\n' });
    expect(text).toMatch(/^content\/pages\/indent\.md:3:\d+: front matter is not valid YAML: bad indentation/);
    expect(text).toContain('  > 3 |   extra: wrong: x');
  });

  it('refuses a tab used as indentation, at its line (js-yaml 3 passed over the tab without a word)', () => {
    const text = onlyError({ 'content/pages/tab.md': '---\ntitle: Fine\n\tdescription: Indented with a tab\n---\n' });
    expect(text.split('\n')[0]).toBe('content/pages/tab.md:3:1: front matter is not valid YAML: tab characters must not be used in indentation');
  });

  it('reports front matter that is never closed', () => {
    expect(onlyError({ 'content/pages/open.md': '---\ntitle: Open\n\nBody text\n' })).toBe(
      [
        'content/pages/open.md:1:1: front matter starts with "---" but is never closed',
        '  > 1 | ---',
        '      | ^',
        '    2 | title: Open',
        '  hint: add a line with only "---" after the last field',
      ].join('\n'),
    );
  });

  it('accepts a closing "---" followed by a comment, and keeps the comment out of the body', () => {
    const { records, diagnostics } = load({ 'content/pages/end.md': '---\ntitle: Ends\n--- # end of front matter\n\nBody text\n' });
    expect(diagnostics).toEqual([]);
    expect(records[0].data).toEqual({ title: 'Ends' });
    expect(records[0].body).toBe('\nBody text\n');
    expect(records[0].bodyLine + records[0].body.split('\n').indexOf('Body text')).toBe(5);
  });

  it('says what is wrong with a closing line that holds more than "---" and a comment, at that line', () => {
    const text = onlyError({ 'content/pages/end.md': '---\ntitle: Ends\n--- end\n\nBody text\n' });
    expect(text).toMatch(/^content\/pages\/end\.md:3:5: the line "--- end" would close the front matter, but a closing "---" may be followed only by spaces or a # comment\n/);
    expect(text).toContain('  > 3 | --- end\n      |     ^');
    expect(onlyError({ 'content/pages/dashes.md': '---\ntitle: Ends\n----\nBody\n' })).toMatch(/^content\/pages\/dashes\.md:3:4: the line "----" would close/);
  });

  it('reports malformed JSON at its line and column', () => {
    const text = onlyError({ 'content/site.json': '{\n  "title": "Heart Notes",\n  "lang": }\n' });
    expect(text).toBe(
      [
        'content/site.json:3:11: not valid JSON: Unexpected token \'}\'',
        '    2 |   "title": "Heart Notes",',
        '  > 3 |   "lang": }',
        '      |           ^',
        '    4 |',
        '  hint: check for a missing comma, a trailing comma or an unquoted key near this position',
      ].join('\n'),
    );
  });

  it.each([
    ['a trailing comma', '{\n  "a": 1,\n}\n', '3:1'],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}\n', '3:3'],
    ['single quotes', "{\n  'a': 1\n}\n", '2:3'],
    ['a misspelt literal', '{\n  "a": tru\n}\n', '2:11'],
  ])('locates %s in JSON', (_label, source, where) => {
    expect(onlyError({ 'content/site.json': source })).toMatch(new RegExp(`^content/site\\.json:${where}: not valid JSON: `));
  });

  it('reports a file that belongs to no collection, listing where it could go', () => {
    const { diagnostics } = load({ 'content/drafts/idea.md': '# Idea\n', 'content/README.md': 'notes' });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      [
        'content/drafts/idea.md: content/drafts/idea.md is in no collection, so it would never be published',
        '  hint: move it into one of: content/pages/, content/site.json',
      ].join('\n'),
    ]);
  });

  it('reports every broken file in one pass, not just the first', () => {
    const { diagnostics, records } = load({
      'content/pages/a.md': '---\ntitle: a: b\n---\n',
      'content/pages/b.md': '---\ntitle: ok\n',
      'content/pages/c.md': '---\ntitle: Fine\n---\n',
      'content/site.json': '{',
    });
    expect(records.map((r) => r.file)).toEqual(['content/pages/c.md']);
    expect(diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual([
      'content/pages/a.md:2',
      'content/pages/b.md:1',
      'content/site.json:1',
    ]);
  });
});

describe('readContentBytes', () => {
  it('reads every file whole, byte for byte, however the files fall across its slabs of memory', () => {
    const root = mkdtempSync(join(tmpdir(), 'heartnotes-read-'));
    try {
      // Sizes around and beyond a slab (4 MiB): files that end one exactly, straddle two, and outgrow one twice over.
      const MiB = 1024 * 1024;
      const sizes = [0, 1, 3 * MiB, MiB - 1, 1, 9 * MiB + 3, 0, 100, 4 * MiB, 5];
      const written = new Map<string, Buffer>();
      sizes.forEach((size, i) => {
        const bytes = Buffer.alloc(size, (i % 250) + 1);
        if (size >= 4) bytes.writeUInt32LE(i, 0);
        const file = `content/pages/${String(i).padStart(2, '0')}.md`;
        mkdirSync(join(root, 'content/pages'), { recursive: true });
        writeFileSync(join(root, file), bytes);
        written.set(file, bytes);
      });
      const read = readContentBytes(root, 'content');
      expect([...read.bytes.keys()].sort()).toEqual([...written.keys()].sort());
      for (const [file, bytes] of written) expect(read.bytes.get(file)!.equals(bytes), file).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
