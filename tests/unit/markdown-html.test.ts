// fastHtml (src/pipeline/markdown/to-html.ts) stands in for rehype-stringify after the Markdown
// pipeline's plugins: for every tree they give, its HTML must be rehype-stringify's, byte for byte.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/pipeline/markdown/parse.ts';
import { markdownProcessor } from '../../src/pipeline/markdown/pipeline.ts';
import { fastHtml } from '../../src/pipeline/markdown/to-html.ts';

const root = join(import.meta.dirname, '../..');
const processor = markdownProcessor({ siteUrl: 'https://heartnotes.example', sponsoredLinks: { hosts: ['shop.example'], markerTitle: 'affiliate' } });

/** Both serialisations of `markdown` after the pipeline's plugins. */
function both(markdown: string): { fast: string | undefined; reference: string } {
  const tree = processor.runSync(parseMarkdown(markdown), { value: markdown, data: { source: 'content/articles/x.md' } }) as Root;
  return { fast: fastHtml(tree), reference: String(processor.stringify(tree)) };
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

/** What escaping and attributes can meet: quotes, ampersands, backticks, NUL, titles, alignments, images, code. */
const EDGES = [
  'Tom & Jerry <3 "quoted" \'single\' `code` a < b > c &amp; &copy; &#0; \u0000 nul',
  '[a link](https://shop.example/x?a=1&b="2" "title with \'quotes\' & `ticks`") and [home](/ "Home & away")',
  '![alt with "quotes" & <tags>](/images/covers/a.svg "t") ![](https://example.com/p.png)',
  '| left | centre | right |\n|:--|:-:|--:|\n| a & b | `x < y` | ~~old~~ |',
  '# Heading & "friends"\n\n## Heading & "friends"\n\n### Ünïcödé — dash',
  '```js\nconst a = "<b>" && \'`\';\n```\n\n    indented <code> & more',
  '1. one\n2. two\n\n5. five\n6. six\n\n- [x] not a task list\n- a\n\n  b\n\n> quote with **bold** and _em_\n\n---\n\nline  \nbreak',
  '<div>raw html is dropped</div> <!-- a comment --> text after',
  '[javascript](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:a@b.example)',
];

describe('fastHtml', () => {
  it("writes what rehype-stringify writes for every Markdown file of the site's content", () => {
    const files = markdownFiles(join(root, 'content'));
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const { fast, reference } = both(readFileSync(file, 'utf8').replace(/^---[\s\S]*?\n---\n/, ''));
      expect(fast, file).toBe(reference);
    }
  });

  it('writes what rehype-stringify writes for escaping, attributes and every block and inline kind', () => {
    for (const markdown of EDGES) {
      const { fast, reference } = both(markdown);
      expect(fast, markdown).toBe(reference);
    }
  });

  it('leaves trees it does not know to rehype-stringify: comments, raw nodes, svg, script', () => {
    const text = { type: 'text' as const, value: 'x' };
    expect(fastHtml({ type: 'root', children: [{ type: 'comment', value: 'c' }] })).toBeUndefined();
    expect(fastHtml({ type: 'root', children: [{ type: 'element', tagName: 'svg', properties: {}, children: [] }] })).toBeUndefined();
    expect(
      fastHtml({
        type: 'root',
        children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'script', properties: {}, children: [text] }] }],
      }),
    ).toBeUndefined();
    expect(fastHtml({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: { hidden: true, className: ['a', 'b'] }, children: [text] }] })).toBe(
      '<p hidden class="a b">x</p>',
    );
  });
});
