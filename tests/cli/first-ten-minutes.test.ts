// The README's walk-through ("The first ten minutes"), followed step by step through the real CLI
// on a copy of the site: write a post with `new`, see it as a draft in `dev`, publish it (a
// placeholder left in is an error at its line), `check`, `build` and `preview`. The commands the
// README shows are checked to be the ones run here, and no step may print a stack trace.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliResult, type RunningCli } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';
import { seedCache } from '../helpers/warm-cache.ts';

const TITLE = 'How to plan a first date';
const FILE = 'content/articles/how-to-plan-a-first-date.md';
const ADDRESS = '/post/how-to-plan-a-first-date';
/** A line of a JavaScript stack trace, as Node prints one. */
const STACK_LINE = /^\s+at .+(?::\d+:\d+\)?|\(node:[^)]+\))$/m;

/** The README's section "The first ten minutes". */
const walkthrough = () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  return readme.slice(readme.indexOf('## The first ten minutes'), readme.indexOf('## Where to read on'));
};

describe('the README\'s first ten minutes', () => {
  let root: string;
  let dev: RunningCli | undefined;
  const file = () => join(root, FILE);
  const noStack = (r: CliResult) => expect(`${r.stdout}${r.stderr}`).not.toMatch(STACK_LINE);

  beforeAll(() => {
    // A copy of the real site: its config (re-exported), templates and public files (linked) and
    // a copy of its content, as tests/cli/new.test.ts does, so nothing is written to the repository.
    root = mkdtempSync(join(tmpdir(), 'heartnotes-walkthrough-'));
    writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
    for (const dir of ['templates', 'public', 'node_modules']) symlinkSync(join(repoRoot, dir), join(root, dir), 'dir');
    cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
    // Its cache starts from the real site's, as a checkout's that was built before (the steps are
    // not about the cache; a build then renders what changed, not every page).
    seedCache(root);
    // dev and preview mount the forms function, which opens PGlite under the project as it starts:
    // a copy of the run's empty database opens in 0.7 CPU-s, where creating one took about 4.
    seedPglite(join(root, '.data'));
  });
  afterAll(async () => {
    await dev?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows the commands run here', () => {
    const text = walkthrough();
    for (const command of ['npm run dev', `node bin/heartnotes.mjs new post "${TITLE}" --category Dating`, 'npm run check', 'npm run build', 'npm run preview']) {
      expect(text).toContain(`\n${command}\n`);
    }
    expect(text).toContain(FILE);
    expect(text).toContain(ADDRESS);
  });

  it('1-2: new writes a draft, and dev shows it with its banner', async () => {
    dev = await startCli(['dev', '--root', root, '--port', '0'], 300_000);
    const made = runCli(['new', 'post', TITLE, '--category', 'Dating', '--root', root]);
    expect(made.stderr).toBe('');
    expect(made.stdout).toBe(`Created ${FILE}\n`);
    const page = await eventually(
      () => fetch(dev!.url + ADDRESS).then(async (r) => ({ status: r.status, html: await r.text() })),
      (p) => p.status === 200,
      120_000,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('Draft — not published');
  }, 420_000);

  it('3: without draft: true, a placeholder left in is an error at its line; once replaced, the page is published in dev', async () => {
    const scaffold = readFileSync(file(), 'utf8');
    const errorsBefore = dev!.output().length;
    writeFileSync(file(), scaffold.replace('draft: true\n', ''));
    const said = await eventually(() => dev!.output().slice(errorsBefore), (out) => out.includes(`${FILE}:4:10: "excerpt" is still the placeholder text from \`heartnotes new\``), 120_000);
    expect(said).toContain(`${FILE}:4:10: "excerpt" is still the placeholder text from \`heartnotes new\``);

    const written = scaffold
      .replace('draft: true\n', '')
      .replace(/^excerpt: .*$/m, 'excerpt: "A calm plan for a first date: where to go, what to say, and how to end it kindly."')
      .replace(/^coverAlt: .*$/m, 'coverAlt: "A heart drawn on a pale background"')
      .replace(/^Start with the reader's situation.*$/m, 'A first date goes best when both of you can relax and talk.')
      .replace(/^Write the advice here\..*$/m, 'Pick a quiet place, keep it short, and say clearly whether you would like to meet again.');
    writeFileSync(file(), written);
    const page = await eventually(
      () => fetch(dev!.url + ADDRESS).then((r) => r.text()),
      (html) => html.includes('Pick a quiet place') && !html.includes('Draft — not published'),
      120_000,
    );
    expect(page).toContain('Pick a quiet place, keep it short');
    expect(page).not.toContain('Draft — not published');
    await dev!.stop();
    expect(dev!.output()).not.toMatch(STACK_LINE);
    dev = undefined;
  }, 300_000);

  it('3-4: check passes, build writes the post into dist/, and preview serves it', async () => {
    const checked = runCli(['check', '--root', root], 300_000);
    noStack(checked);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);

    const built = runCli(['build', '--root', root], 300_000);
    noStack(built);
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    expect(existsSync(join(root, 'dist', `${ADDRESS}.html`))).toBe(true);

    const preview = await startCli(['preview', '--root', root, '--port', '0'], 60_000);
    try {
      const response = await fetch(preview.url + ADDRESS);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<h1');
      expect(html).toContain('Pick a quiet place, keep it short');
      expect(html).not.toContain('Draft — not published');
    } finally {
      await preview.stop();
    }
    expect(preview.output()).not.toMatch(STACK_LINE);
  }, 600_000);
});
