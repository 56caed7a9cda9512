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
