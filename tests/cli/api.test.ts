// The generator's Node API (src/node.ts), driven in-process as a script would: the same work the
// CLI's commands do, with values and errors instead of printed lines and exit codes. The CLI's own
// tests (commands.test.ts and the rest) cover the flags, texts and exit codes over it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, check, DiagnosticError, dev, OptionsError, preview, scaffold } from '../../src/node.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/eventually.ts';

const SCAFFOLDED_CONFIG = `import site from '../_shared/site.ts';
export default {
  ...site,
  scaffolds: {
    post: {
      ask: { mood: { describe: 'the mood of the post', choices: () => ['Calm', 'Bright'] } },
      make: ({ title, slug, today, answers }) => ({
        file: \`content/posts/\${slug}.md\`,
        text: \`---\\ntitle: \${JSON.stringify(title)}\\ndescription: A \${answers.mood.toLowerCase()} post.\\ndate: \${today}\\nauthor: The editors\\nrating: 3\\n---\\n\\nWords.\\n\`,
      }),
    },
  },
};
`;

describe('the Node API (src/node.ts)', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-api-');
  });
  afterAll(() => fx?.cleanup());

  it('build resolves with what it built, and a second build has nothing to do', async () => {
    const lines: string[] = [];
    const first = await build({ root: fx.root, log: (line) => lines.push(line) });
    expect(first.pages).toBeGreaterThan(0);
    expect(first.rendered).toBe(first.pages);
    expect(existsSync(join(fx.root, 'dist', 'index.html'))).toBe(true);
    expect(lines.join('\n')).toMatch(/^Built \d+ pages/);
    const again = await build({ root: fx.root });
    expect(again.rendered).toBe(0);
  }, 120_000);

  it('check writes nothing, and rejects a broken entry with a DiagnosticError naming its file', async () => {
    const out = join(fx.root, 'checked');
    const summary = await check({ root: fx.root, out: 'checked' });
    expect(summary.pages).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(false);
    const good = fx.read('content/posts/second-date.md');
    fx.write('content/posts/second-date.md', good.replace(/^date: .*$/m, 'date: someday'));
    try {
      const failed = await check({ root: fx.root }).then(() => undefined, (error: unknown) => error);
      expect(failed).toBeInstanceOf(DiagnosticError);
      const diagnostics = (failed as DiagnosticError).diagnostics;
      expect(diagnostics.some((d) => d.file?.endsWith('content/posts/second-date.md') && d.line !== undefined)).toBe(true);
    } finally {
      fx.write('content/posts/second-date.md', good);
    }
  }, 120_000);

  it('rejects options that cannot work with an OptionsError, before writing anything', async () => {
    await expect(build({ root: fx.root, drafts: true })).rejects.toThrow(OptionsError);
    await expect(build({ root: fx.root, out: 'x', baseUrl: 'example.com' })).rejects.toThrow(/absolute http\(s\) URL/);
    await expect(build({ root: fx.root, out: '..' })).rejects.toBeInstanceOf(OptionsError);
    expect(existsSync(join(fx.root, 'x'))).toBe(false);
  });

  it('preview serves the built site until close(), which frees the port', async () => {
    await build({ root: fx.root, log: () => {} });
    const served = await preview({ root: fx.root, port: 0 });
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const home = await fetch(served.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html');
      expect((await fetch(new URL('/no-such-page', served.url))).status).toBe(404);
    } finally {
      await served.close();
    }
    await expect(fetch(served.url)).rejects.toThrow();
  }, 60_000);

  it('dev builds, serves and rebuilds an edited entry until close()', async () => {
    const lines: string[] = [];
    const running = await dev({ root: fx.root, port: 0, log: (line) => lines.push(line) });
    try {
      expect(lines.some((l) => l.startsWith('Dev server at '))).toBe(true);
      const page = new URL('/post/first-date', running.url);
      expect((await fetch(page)).status).toBe(200);
      const text = fx.read('content/posts/first-date.md');
      fx.write('content/posts/first-date.md', text.replace('Ten calm ways', 'Eleven calm ways'));
      await eventually(() => fetch(page).then((r) => r.text()), (html) => html.includes('Eleven calm ways'), 30_000);
      fx.write('content/posts/first-date.md', text);
    } finally {
      await running.close();
    }
  }, 120_000);

  it('scaffold writes the file a scaffold makes, asks for a value not given, and says why it writes nothing', async () => {
    fx.write('site.config.ts', SCAFFOLDED_CONFIG);
    const asked: string[] = [];
    const made = await scaffold({ root: fx.root, kind: 'post', title: 'A walk in the park', given: {}, ask: async (name, _describe, choices) => (asked.push(`${name}: ${choices.join('/')}`), 'Bright') });
    expect(made).toEqual({ file: 'content/posts/a-walk-in-the-park.md' });
    expect(asked).toEqual(['mood: Calm/Bright']);
    expect(readFileSync(join(fx.root, 'content/posts/a-walk-in-the-park.md'), 'utf8')).toContain('A bright post.');
    const again = await scaffold({ root: fx.root, kind: 'post', title: 'A walk in the park', given: { mood: 'calm' } });
    expect(again).toEqual({ problem: expect.stringContaining('already exists') });
    const unasked = await scaffold({ root: fx.root, kind: 'post', title: 'Another walk', given: {} });
    expect(unasked).toEqual({ problem: expect.stringContaining('needs --mood') });
    await expect(scaffold({ root: fx.root, kind: 'page', title: 'X', given: {} })).rejects.toThrow(/unknown kind "page"/);
    // What it wrote is content the build accepts.
    const built = await check({ root: fx.root });
    expect(built.pages).toBeGreaterThan(0);
  }, 120_000);
});
