// Content the build used to drop or mangle in silence (issue 20): linked folders, files that are
// not UTF-8 or hold control characters, file names that cannot be addresses, nesting deep enough
// to hang the parser, and `new` with titles that have no a-z letters. Each is either published
// correctly or an error naming the file (and line), run through the real CLI.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, readTree, type FixtureCopy } from '../helpers/fixtures.ts';

let site: FixtureCopy;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
const post = (title: string, body: string) => `---\ntitle: "${title}"\ndescription: A test post.\ndate: 2025-01-09\nauthor: The editors\n---\n\n${body}\n`;

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-input-');
});
afterEach(() => site.cleanup());

/** The build failed with exactly one problem, at `where` (file:line:col), saying `says`; the old output is untouched. */
function expectOneProblem(r: ReturnType<typeof build>, where: string, says: RegExp, before: ReturnType<typeof readTree>) {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).toMatch(new RegExp(`^${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `, 'm'));
  expect(r.stderr).toMatch(says);
  expect(r.stderr).toContain('1 problem found; nothing was written.');
  expect(diffTrees(before, readTree(join(site.root, 'dist')))).toEqual([]);
}

describe('linked content folders', () => {
  it('publishes the posts in a folder linked into content/', () => {
    const outside = mkdtempSync(join(tmpdir(), 'heartnotes-linked-'));
    try {
      writeFileSync(join(outside, 'third-date.md'), post('Third date', 'A post that lives in a linked folder.'));
      symlinkSync(outside, join(site.root, 'content/posts/more'), 'dir');
      const r = build();
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(site.root, 'dist/post/third-date.html'), 'utf8')).toContain('A post that lives in a linked folder.');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a link that loops or points nowhere is an error naming it, not a crash', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    symlinkSync('..', join(site.root, 'content/posts/loop'), 'dir');
    let r = build();
    expectOneProblem(r, 'content/posts/loop', /a link to a folder it is itself inside \(a loop\)/, before);
    rmSync(join(site.root, 'content/posts/loop'));
    symlinkSync(join(site.root, 'nowhere.md'), join(site.root, 'content/posts/gone.md'));
    r = build();
    expectOneProblem(r, 'content/posts/gone.md', /a link whose target does not exist/, before);
  });

  it('links that lead to each other (a loop of links) are named as a symbolic link loop, not as a missing target', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    symlinkSync('loop-b.md', join(site.root, 'content/posts/loop-a.md'));
    symlinkSync('loop-a.md', join(site.root, 'content/posts/loop-b.md'));
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('does not exist');
    expect(r.stderr).toMatch(/^content\/posts\/loop-a\.md: this is a symbolic link loop \(loop-a\.md → loop-b\.md → loop-a\.md\)/m);
    expect(r.stderr).toMatch(/^content\/posts\/loop-b\.md: this is a symbolic link loop \(loop-b\.md → loop-a\.md → loop-b\.md\)/m);
    expect(r.stderr).toContain('2 problems found; nothing was written.');
    expect(diffTrees(before, readTree(join(site.root, 'dist')))).toEqual([]);
  });
});

describe('text that is not clean UTF-8', () => {
  it('a Latin-1 byte is an error at its line and column, with the byte named', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    const [head, tail] = post('Cafe', 'First line.\nThe caf@ was closed.').split('@');
    const text = Buffer.concat([Buffer.from(head), Buffer.from([0xe9]), Buffer.from(tail)]);
    writeFileSync(join(site.root, 'content/posts/cafe.md'), text);
    const r = build();
    expectOneProblem(r, 'content/posts/cafe.md:9:8', /not UTF-8 text: byte 0xE9/, before);
    expect(r.stderr).toMatch(/save the file as UTF-8/);
  });

  it('a control character is an error at its line and column, shown visibly in the frame', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    site.write('content/posts/bell.md', post('Bell', 'Text.\n\nA bell \u0007 rings and a \u0085 next line.'));
    const r = build();
    expectOneProblem(r, 'content/posts/bell.md:10:8', /invisible control character U\+0007/, before);
    expect(r.stderr).toContain('A bell \u2407 rings');
  });

  it('tabs, line breaks and CRLF files are fine', () => {
    site.write('content/posts/tabs.md', post('Tabs', 'A line\twith a tab.\r\nAnother line.').replace(/\n/g, '\r\n'));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(site.root, 'dist/post/tabs.html'), 'utf8')).toContain('with a tab.');
  });
});

describe('file names that cannot be addresses', () => {
  it('"my first post.md" is an error that suggests the name to use; with a slug it is published', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    site.write('content/posts/my first post.md', post('My first post', 'Hello.'));
    const r = build();
    expectOneProblem(r, 'content/posts/my first post.md', /the file name "my first post" is this page's address/, before);
    expect(r.stderr).toContain('rename the file to my-first-post.md, or add "slug: my-first-post" to its front matter');

    site.write('content/posts/my first post.md', post('My first post', 'Hello.').replace('---\n', '---\nslug: my-first-post\n'));
    const fixed = build();
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(existsSync(join(site.root, 'dist/post/my-first-post.html'))).toBe(true);
    expect(readFileSync(join(site.root, 'dist/sitemap.xml'), 'utf8')).toContain('/post/my-first-post</loc>');
  });
});

describe('nesting deep enough to hang the parser', () => {
  it('10,000 nested list levels fail at once with the line where the limit is passed', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    const nested = Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    site.write('content/posts/deep.md', post('Deep', nested));
    const started = Date.now();
    const r = build();
    // The body starts on line 8; level 33 is the first one past the limit of 32.
    expectOneProblem(r, 'content/posts/deep.md:40:1', /nested more than 32 levels deep/, before);
    expect(Date.now() - started, 'refused before any parse').toBeLessThan(30_000);

    site.write('content/posts/deep.md', post('Deep', `${'- '.repeat(10_000)}x`));
    expectOneProblem(build(), 'content/posts/deep.md:8:1', /nested more than 32 levels deep here \(about 10000\)/, before);
    site.write('content/posts/deep.md', post('Deep', `${'>'.repeat(10_000)} x`));
    expectOneProblem(build(), 'content/posts/deep.md:8:1', /nested more than 32 levels deep/, before);
  });

  it('ordinary nested lists and deeply indented fenced code still build', () => {
    const list = Array.from({ length: 6 }, (_, i) => `${'    '.repeat(i)}- level ${i + 1}`).join('\n');
    const code = ['```', ...Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- not a list ${i}`), '```'].join('\n');
    site.write('content/posts/nested.md', post('Nested', `${list}\n\n${code}`));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(site.root, 'dist/post/nested.html'), 'utf8');
    expect(html.match(/<ul>/g)?.length).toBeGreaterThanOrEqual(6);
    expect(html).toContain('- not a list 59');
  });
});

describe('new with titles that have no a-z letters', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'heartnotes-new-slug-'));
    mkdirSync(join(root, 'content/posts'), { recursive: true });
    symlinkSync(join(site.temp, 'node_modules'), join(root, 'node_modules'), 'dir');
    writeFileSync(
      join(root, 'site.config.ts'),
      [
        `import base from ${JSON.stringify(join(site.root, 'site.config.ts'))};`,
        'export default { ...base, scaffolds: {',
        '  post: ({ title, slug }) => ({ file: `content/posts/${slug}.md`, text: `---\\ntitle: ${JSON.stringify(title)}\\n---\\n` }),',
        '  sloppy: ({ title }) => ({ file: `content/posts/${title}.md`, text: "" }),',
        '} };',
      ].join('\n'),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('transliterates Cyrillic, Greek and accents', () => {
    for (const [title, file] of [['Любовь', 'lyubov'], ['Première rencontre à Paris', 'premiere-rencontre-a-paris'], ['Αγάπη', 'agapi'], ['Straße & Smørrebrød', 'strasse-smorrebrod']]) {
      const r = runCli(['new', 'post', title, '--root', root]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`Created content/posts/${file}.md\n`);
      expect(readFileSync(join(root, `content/posts/${file}.md`), 'utf8')).toContain(`title: ${JSON.stringify(title)}`);
    }
  });

  it('asks for --slug when nothing usable is left, checks it, and refuses a scaffold that names an unsafe file', () => {
    let r = runCli(['new', 'post', '爱情', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('"爱情" has no letters a-z or digits to make a file name and address from; give one with --slug, e.g. --slug first-date-ideas\n');
    r = runCli(['new', 'post', '爱情', '--slug', 'Love Story', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('--slug must be lowercase letters a-z, digits and single dashes, e.g. --slug love-story\n');
    r = runCli(['new', 'post', '爱情', '--slug', 'love-story', '--root', root]);
    expect(r.stdout).toBe('Created content/posts/love-story.md\n');
    r = runCli(['new', 'sloppy', '../../escape', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^the "sloppy" scaffold in site\.config\.ts named the file "content\/posts\/\.\.\/\.\.\/escape\.md", which is not a content file with a safe name/);
    expect(existsSync(join(root, 'escape.md'))).toBe(false);
  });
});
