import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, readTree, type FixtureCopy } from '../helpers/fixtures.ts';

let site: FixtureCopy;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
let template: string;

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-template-');
  // The fixture's templates are shared by every case; this copy has its own.
  template = join(site.temp, 'tests/fixtures/_shared/templates/pages.tsx');
});
afterEach(() => site.cleanup());

/** Makes the post template read a field of undefined on its first line; returns that line's number and column. */
function breakPostTemplate(): { line: number; column: number } {
  const lines = readFileSync(template, 'utf8').split('\n');
  const at = lines.findIndex((l, i) => l.includes('const data = props.page.entry.data;') && lines[i - 1].includes('function PostPage'));
  expect(at).toBeGreaterThan(0);
  lines.splice(at + 1, 0, '  const label = (data as unknown as { missing: { name: string } }).missing.name;');
  writeFileSync(template, lines.join('\n').replace('<h1>{data.title}</h1>', '<h1>{data.title}{label}</h1>'));
  return { line: at + 2, column: lines[at + 1].indexOf('.name') + 2 };
}

describe('a template that throws', () => {
  for (const [how, args] of [['on this thread', []], ['on worker threads', ['--no-cache']]] as const) {
    it(`names the template file:line:column and the page (${how}), and leaves dist/ as it was`, { timeout: 60_000 }, () => {
      if (how === 'on worker threads') {
        // 300 pages or more render on worker threads.
        for (let i = 0; i < 300; i++) {
          site.write(`content/posts/bulk-${i}.md`, `---\ntitle: Bulk ${i}\ndescription: One of many.\ndate: 2025-01-05\nauthor: The editors\n---\n\nText.\n`);
        }
      }
      expect(build().status).toBe(0);
      const before = readTree(join(site.root, 'dist'));
      const { line, column } = breakPostTemplate();

      const r = build(...args);
      expect(r.status).toBe(1);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.stderr).toContain(
        `content/posts/first-date.md: rendering /post/first-date failed: Cannot read properties of undefined (reading 'name') (at ../_shared/templates/pages.tsx:${line}:${column})`,
      );
      expect(diffTrees(before, readTree(join(site.root, 'dist')))).toEqual([]);
    });
  }
});

describe('a template that does not compile or load', () => {
  it('a tag left open: at the line esbuild stops, with a code frame and the line of the opening tag', () => {
    const lines = readFileSync(template, 'utf8').split('\n');
    const open = lines.findIndex((l, i) => l.trim() === '<h1>{data.title}</h1>' && lines.slice(0, i).some((x) => x.includes('function PostPage')));
    expect(open).toBeGreaterThan(0);
    // "<h1>{data.title}" without its "</h1>": esbuild notices at the next closing tag that is not an h1.
    lines[open] = lines[open].replace('</h1>', '');
    writeFileSync(template, lines.join('\n'));
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const first = r.stderr.split('\n')[0];
    const m = /^\.\.\/_shared\/templates\/pages\.tsx:(\d+):(\d+): the site configuration or a template could not be compiled: Unexpected closing "(\w+)" tag does not match opening "h1" tag; the opening "h1" tag is at line (\d+), column (\d+)$/.exec(first);
    expect(m, r.stderr).not.toBeNull();
    expect(Number(m![4])).toBe(open + 1);
    // The frame shows the line reported, numbered as an editor numbers it.
    expect(r.stderr).toContain(`  > ${m![1]} | ${lines[Number(m![1]) - 1]}`);
  });

  it('a statement that throws while the templates load: at its line, with a frame, and no stack trace', () => {
    const text = readFileSync(template, 'utf8');
    writeFileSync(template, `${text}\nconst broken = (undefined as unknown as { x: number }).x;\n`);
    const line = text.split('\n').length + 1;
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^\\.\\./_shared/templates/pages\\.tsx:${line}:\\d+: the site configuration or a template threw while loading: Cannot read properties of undefined \\(reading 'x'\\)$`));
    expect(r.stderr).toMatch(new RegExp(`\\n {2}> ${line} \\| (?:const|…) broken = \\(undefined as unknown`));
  });
});
