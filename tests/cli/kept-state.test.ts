import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, copyProject, diffTrees, readTree, type FixtureCopy } from '../helpers/fixtures.ts';

// The site state kept between builds (src/pipeline/cache/kept-state.ts): a build after an edit that
// changed only Markdown bodies takes the last full build's validated content, routes and generated
// files instead of running the site's functions again. Whichever way a build goes, its output must
// be what a build without a cache writes for the same files; `build --verbose` says which way it went.

const build = (root: string, ...args: string[]) => runCli(['build', '--root', root, '--verbose', ...args]);
const stateLine = (stdout: string) => /site state: .*/.exec(stdout)?.[0] ?? `(no site state line in:\n${stdout})`;
const KEPT = /site state: the last build's, with (\d+) bod(?:y|ies) edited/;

/** Builds `root` into dist/ and, without a cache, into another folder: the two must hold the same bytes. */
function buildAndCompare(root: string): string {
  const r = build(root);
  expect(r.status, r.stderr + r.stdout).toBe(0);
  const clean = runCli(['build', '--root', root, '--no-cache', '--out', 'clean-dist', '-q']);
  expect(clean.status, clean.stderr).toBe(0);
  expect(diffTrees(readTree(join(root, 'clean-dist')), readTree(join(root, 'dist')))).toEqual([]);
  rmSync(join(root, 'clean-dist'), { recursive: true });
  return stateLine(r.stdout);
}

describe('the small site', () => {
  let fx: FixtureCopy;
  const post = 'content/posts/first-date.md';
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-kept-');
    expect(buildAndCompare(fx.root)).toMatch(/computed \(the last build's does not hold: none kept\)/);
  });
  afterAll(() => fx?.cleanup());

  it('takes the last state for body edits, one after another, and writes what a build without a cache writes', () => {
    appendFileSync(join(fx.root, post), '\nA sentence added to the body.\n');
    expect(buildAndCompare(fx.root)).toMatch(KEPT);
    expect(fx.read('dist/post/first-date.html')).toContain('A sentence added to the body.');
    // The kept state is the last full build's: both edits are put into it.
    appendFileSync(join(fx.root, 'content/pages/about.md'), '\nMore about us.\n');
    const line = buildAndCompare(fx.root);
    expect(KEPT.exec(line)?.[1], line).toBe('2');
    expect(fx.read('dist/about.html')).toContain('More about us.');
  });

  it('computes the state afresh when front matter changes, and the home page lists the new title', () => {
    fx.write(post, fx.read(post).replace(/^title: .*$/m, 'title: A renamed first date'));
    expect(buildAndCompare(fx.root)).toMatch(/computed \(.*first-date\.md: its front matter changed\)/);
    expect(fx.read('dist/index.html')).toContain('A renamed first date');
  });

  it('computes it afresh when a file is added or removed', () => {
    fx.write('content/posts/third-date.md', '---\ntitle: Third date\ndescription: A third.\ndate: 2025-03-03\nauthor: The editors\n---\n\nText.\n');
    expect(buildAndCompare(fx.root)).toMatch(/computed \(.*third-date\.md is new\)/);
    rmSync(join(fx.root, 'content/posts/third-date.md'));
    expect(buildAndCompare(fx.root)).toMatch(/computed \(.*third-date\.md is gone\)/);
    expect(fx.read('dist/index.html')).not.toContain('Third date');
  });

  it('reports a problem in an edited body as a build without a cache does, and then takes the state again', () => {
    const before = fx.read(post);
    appendFileSync(join(fx.root, post), '\nA [dead link](/post/no-such-post).\n');
    const failed = build(fx.root);
    expect(failed.status).toBe(1);
    const clean = runCli(['build', '--root', fx.root, '--no-cache', '--out', 'clean-dist']);
    expect(clean.status).toBe(1);
    expect(failed.stderr).toContain('/post/no-such-post');
    expect(failed.stderr.replace(/\d+(\.\d+)? m?s\b/g, '')).toBe(clean.stderr.replace(/\d+(\.\d+)? m?s\b/g, ''));
    fx.write(post, `${before}\nFixed.\n`);
    expect(buildAndCompare(fx.root)).toMatch(KEPT);
  });

  it("checks the links into an edited page's headings when the edit renames one", () => {
    const about = 'content/pages/about.md';
    appendFileSync(join(fx.root, about), '\nSee [how we earn money](/about#how-we-earn-money) and [more](/post/second-date#a-plan).\n');
    fx.write('content/posts/second-date.md', `${fx.read('content/posts/second-date.md')}\n## A plan\n\nWalk and talk.\n`);
    expect(buildAndCompare(fx.root)).toMatch(KEPT);
    // The heading renamed: the link on /about, a page not rendered again, now leads nowhere.
    fx.write('content/posts/second-date.md', fx.read('content/posts/second-date.md').replace('## A plan', '## A better plan'));
    const failed = build(fx.root);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/#a-plan/);
    fx.write('content/posts/second-date.md', fx.read('content/posts/second-date.md').replace('## A better plan', '## A plan'));
    expect(buildAndCompare(fx.root)).toMatch(KEPT);
  });

  it('ignores a kept state cut short or of another site, and builds right', () => {
    const file = join(fx.root, '.cache', 'site-state.bin');
    truncateSync(file, 1000);
    appendFileSync(join(fx.root, post), '\nOne more.\n');
    expect(buildAndCompare(fx.root)).toMatch(/computed \(the last build's does not hold: none kept\)/);
    // A site whose settings come from its code: another compiled site, so another key.
    writeFileSync(
      join(fx.root, 'site.config.ts'),
      "import site from '../_shared/site.ts';\nexport default { ...site, settings: (c: any) => ({ ...site.settings(c), title: 'Other' }) };\n",
    );
    appendFileSync(join(fx.root, post), '\nAnd one more.\n');
    expect(buildAndCompare(fx.root)).toMatch(/computed \(the last build's does not hold: another generator, compiled site/);
  });

  it("computes it afresh for a body the site's functions read (a feed of whole posts) or hold in a page's props", () => {
    writeFileSync(
      join(fx.root, 'site.config.ts'),
      [
        "import site from '../_shared/site.ts';",
        'export default {',
        '  ...site,',
        '  feed: (c: any) => ({ ...site.feed!(c), entries: site.feed!(c).entries.map((e: any, i: number) => ({ ...e, summary: c.posts[i].body.trim().split("\\n")[0] })) }),',
        '  routes: [...site.routes, { pattern: "/everything", pages: (c: any) => [{ path: "/everything", template: "prose", props: { pages: c.pages }, entry: c.pages[0], sources: [] }] }],',
        '};',
        '',
      ].join('\n'),
    );
    expect(buildAndCompare(fx.root)).toMatch(/computed/);
    appendFileSync(join(fx.root, post), '\nRead by the feed.\n');
    expect(buildAndCompare(fx.root)).toMatch(/first-date\.md: its body is read by the site's functions or shows on other pages/);
    appendFileSync(join(fx.root, 'content/pages/about.md'), '\nHeld by a page.\n');
    expect(buildAndCompare(fx.root)).toMatch(/about\.md: its body is read by the site's functions or shows on other pages/);
  });
});

describe('this site', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('heartnotes-kept-site-');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("takes the state for an article's text, not for the guide its checklist PDF is made from", () => {
    expect(build(root).status).toBe(0);
    appendFileSync(join(root, 'content/articles/first-date-tips.md'), '\nOne more thought, kindly put.\n');
    expect(buildAndCompare(root)).toMatch(KEPT);
    const guide = join(root, 'content/guides/breakup-checklist.md');
    const pdf = () => readFileSync(join(root, 'dist/downloads/breakup-checklist.pdf'));
    const before = pdf();
    writeFileSync(guide, readFileSync(guide, 'utf8').replace('\n- Tell one trusted person', '\n- Drink a glass of water.\n- Tell one trusted person'));
    expect(buildAndCompare(root)).toMatch(/breakup-checklist\.md: its body is read by the site's functions/);
    expect(pdf().equals(before), 'the PDF has the new item').toBe(false);
  }, 120_000);
});
