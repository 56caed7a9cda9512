// Content mistakes an editor makes (issue 13), run through the real CLI on a copy of the
// content-errors fixture (the shared site, with posts that have a numeric `id` and a `cover`).
// Each is an error at file:line:column, every one of them in one build, and the previous dist/
// stays exactly as it was.
import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { copyFixture, diffTrees, listFiles, readTree, type FixtureCopy } from '../helpers/fixtures.ts';

let site: FixtureCopy;
/** The fixture as its first build left it (content, dist/, .cache/, timestamps kept), put back before each test. */
let built: string;
let before: ReturnType<typeof readTree>;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);

/** Writes content/posts/<name>.md with these front-matter lines (line 2 onwards) and body (from line N+4). */
const post = (name: string, fields: string[], body = 'Body.') =>
  site.write(`content/posts/${name}.md`, `---\n${fields.join('\n')}\n---\n\n${body}\n`);
const fields = (title: string, date = '2025-01-09', more: string[] = []) =>
  [`title: ${title}`, 'description: A test post.', `date: ${date}`, 'author: The editors', ...more];

/** The first line of every problem printed, in the order printed. */
const headlines = (r: CliResult) => r.stderr.split('\n').filter((l) => /^(content|public)\/\S*: /.test(l));

/** The build failed with exactly `expected` (first lines), said how many, and left dist/ alone. */
function expectProblems(r: CliResult, expected: string[]) {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(headlines(r)).toEqual(expected);
  expect(r.stderr).toContain(`\n${expected.length} problem${expected.length === 1 ? '' : 's'} found; nothing was written.\n`);
  expect(diffTrees(before, readTree(join(site.root, 'dist')))).toEqual([]);
}

// One build of the fixture for the file; each test starts from the folder exactly as that build
// left it, in the same place (a build of a fresh copy per test cost 0.5 CPU-s more).
beforeAll(() => {
  site = copyFixture('content-errors', 'heartnotes-content-errors-');
  const first = build();
  expect(first.status, first.stderr).toBe(0);
  // As a checkout an editor works in is: older than the files they write now. Of two entries
  // that clash, the newer is the one the error is at.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of listFiles(join(site.root, 'content'))) utimesSync(join(site.root, 'content', file), hourAgo, hourAgo);
  built = join(mkdtempSync(join(tmpdir(), 'heartnotes-content-errors-built-')), 'root');
  cpSync(site.root, built, { recursive: true, preserveTimestamps: true });
});
beforeEach(() => {
  rmSync(site.root, { recursive: true, force: true });
  cpSync(built, site.root, { recursive: true, preserveTimestamps: true });
  before = readTree(join(site.root, 'dist'));
});
afterAll(() => {
  site?.cleanup();
  if (built) rmSync(join(built, '..'), { recursive: true, force: true });
});

describe('impossible dates', () => {
  it('2025-02-30 is one error at its line and column, with the days of that month and a hint', () => {
    post('leap', fields('Leap', '2025-02-30'));
    const r = build();
    expectProblems(r, ['content/posts/leap.md:4:7: "date" is not a real date: 2025-02-30 (February 2025 has 28 days)']);
    expect(r.stderr).toContain('  > 4 | date: 2025-02-30\n      |       ^');
    expect(r.stderr).toContain('hint: write a day that exists as YYYY-MM-DD: the month from 01 to 12, the day within that month');
  });

  it('2025-13-45 does not roll over into 2026 (where the post would vanish as scheduled): it is an error', () => {
    post('rolled', fields('Rolled', '2025-13-45'));
    expectProblems(build(), ['content/posts/rolled.md:4:7: "date" is not a real date: 2025-13-45 (there is no month 13)']);
  });

  it('a quoted impossible date is the same one error, on its own file and line', () => {
    post('quoted', fields('Quoted', '"2025-02-30"'));
    expectProblems(build(), ['content/posts/quoted.md:4:7: "date" is not a real date: 2025-02-30 (February 2025 has 28 days)']);
    post('quoted', fields('Quoted', "'2025-04-31'"));
    expectProblems(build(), ['content/posts/quoted.md:4:7: "date" is not a real date: 2025-04-31 (April 2025 has 30 days)']);
  });

  it('29 February of a leap year is a real date, and is published as written', () => {
    post('leap-day', fields('Leap day', '2024-02-29'));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(site.read('dist/index.html')).toContain('<time dateTime="2024-02-29">2024-02-29</time>');
    before = readTree(join(site.root, 'dist'));
    post('leap-day', fields('Leap day', '1900-02-29'));
    expectProblems(build(), ['content/posts/leap-day.md:4:7: "date" is not a real date: 1900-02-29 (February 1900 has 28 days)']);
  });
});

describe('every content problem in one build', () => {
  it('reports schema, date, duplicate, dead link, dead anchor and missing image problems together', () => {
    post('typo', ['title: Typo', 'descripton: A test post.', 'date: 2025-01-09', 'author: The editors']);
    post('bad-date', fields('Bad date', '2025-02-30'));
    post('same-title', fields('Second dates'));
    post('links', fields('Links', '2025-01-09', ['cover: /images/nowhere.svg']), [
      'See [gone](/post/gone) and [the anchor](/about#nope).',
      '',
      'The [bad date post](/post/bad-date) and [typo](/post/typo) are broken files, not dead links.',
      '',
      '![a photo](/images/missing.png)',
    ].join('\n'));
    expectProblems(build(), [
      'content/posts/bad-date.md:4:7: "date" is not a real date: 2025-02-30 (February 2025 has 28 days)',
      'content/posts/links.md:6:8: image "/images/nowhere.svg" names no file in public/ (nor one the build makes)',
      'content/posts/links.md:9:12: link "/post/gone" on page /post/links points to no page or file of this site',
      'content/posts/links.md:9:41: link "/about#nope" on page /post/links points to an anchor that does not exist on its target page',
      'content/posts/links.md:13:12: image "/images/missing.png" names no file in public/ (nor one the build makes)',
      'content/posts/same-title.md:2:8: title "Second dates" is used by 2 posts entries: content/posts/same-title.md:2:8, content/posts/second-date.md:3:8',
      'content/posts/typo.md:2:1: "description" is required in the "posts" collection and is missing',
      'content/posts/typo.md:3:1: "descripton" is not a field of the "posts" collection',
    ]);
  });

  it('a broken data file still stops the build before rendering, with its own error only', () => {
    site.write('content/data/nav.json', '[{ "name": "Home", "path": "home" }]\n');
    post('links', fields('Links'), 'See [gone](/post/gone).');
    expectProblems(build(), ['content/data/nav.json:1:28: "[0].path" is not valid: expected a site path such as /about, but it must start with "/"']);
  });
});

describe('dead links and anchors name the line of the link', () => {
  it('in the Markdown body, with a code frame under the link', () => {
    post('links', fields('Links'), ['First paragraph.', '', 'A [relative link](../post/nope) and a [bad anchor](/post/first-date#nope).'].join('\n'));
    const r = build();
    expectProblems(r, [
      'content/posts/links.md:10:19: link "../post/nope" on page /post/links points to no page or file of this site',
      'content/posts/links.md:10:52: link "/post/first-date#nope" on page /post/links points to an anchor that does not exist on its target page',
    ]);
    expect(r.stderr).toContain('  > 10 | A [relative link](../post/nope) and');
    expect(r.stderr).toContain('hint: check the part after "#": it must match a heading or element id on that page');
  });

  it('a link that is only a prefix of another is found at its own place, not inside the longer one', () => {
    post('prefix', fields('Prefix'), ['See [first](/post/first-date) and', '[the other](/post/first).'].join('\n'));
    expectProblems(build(), ['content/posts/prefix.md:9:13: link "/post/first" on page /post/prefix points to no page or file of this site']);
  });
});

describe('duplicate ids, titles and slugs', () => {
  it('two posts with one id are an error naming both files with lines', () => {
    post('again', ['id: 1', ...fields('Another first')]);
    expectProblems(build(), ['content/posts/again.md:2:5: id 1 is used by 2 posts entries: content/posts/again.md:2:5, content/posts/first-date.md:2:5']);
  });

  it('two posts with one title (ignoring case) are an error naming both files with lines', () => {
    post('zz-second', fields('SECOND DATES'));
    const r = build();
    // At the new post, the one that makes the clash, naming the other.
    expectProblems(r, ['content/posts/zz-second.md:2:8: title "SECOND DATES" is used by 2 posts entries: content/posts/zz-second.md:2:8, content/posts/second-date.md:3:8']);
    expect(r.stderr).toContain('hint: give each entry its own title');
  });

  it('two posts with one slug stay an error at the new one\'s slug line, naming the other file', () => {
    post('copy', fields('Copy', '2025-01-09', ['slug: second-date']));
    expectProblems(build(), ['content/posts/copy.md:6:7: slug "second-date" is used by 2 posts entries: content/posts/copy.md:6:7, content/posts/second-date.md:1:1']);
  });

  it('of two posts with one slug, the error is at the newer even when the older sets slug:', () => {
    // An older post whose address is set with slug:, and a new file of that name.
    post('old-note', fields('Old note', '2025-01-09', ['slug: second-date-2']));
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(site.root, 'content/posts/old-note.md'), hourAgo, hourAgo);
    post('second-date-2', fields('Second date again', '2025-01-09'));
    expectProblems(build(), ['content/posts/second-date-2.md:1:1: slug "second-date-2" is used by 2 posts entries: content/posts/second-date-2.md:1:1, content/posts/old-note.md:6:7']);
  });
});

describe('missing images', () => {
  it('a front-matter image path that names no file in public/ is an error at its line; an existing one is fine', () => {
    post('covered', fields('Covered', '2025-01-09', ['cover: /images/first-date.svg']));
    expect(build().status).toBe(0);
    before = readTree(join(site.root, 'dist'));
    post('uncovered', fields('Uncovered', '2025-01-09', ['cover: "/images/no-such.png"']));
    const r = build();
    expectProblems(r, ['content/posts/uncovered.md:6:8: image "/images/no-such.png" names no file in public/ (nor one the build makes)']);
    expect(r.stderr).toContain('hint: put the image at public/images/no-such.png, or correct the path');
  });

  it('a Markdown image that names no file in public/ is an error at its line and column', () => {
    post('pictures', fields('Pictures'), ['![ok](/images/first-date.svg)', '', 'Text and ![gone](/images/gone.jpg "A title").'].join('\n'));
    expectProblems(build(), ['content/posts/pictures.md:10:18: image "/images/gone.jpg" names no file in public/ (nor one the build makes)']);
  });
});

describe('the summary says what was left out', () => {
  it('lists drafts by file and scheduled entries with their date', () => {
    post('a-draft', fields('A draft', '2025-01-09', ['draft: true']));
    post('b-later', fields('Later', '2999-12-01'));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'Left out 2 entries: content/posts/a-draft.md (draft), content/posts/b-later.md (scheduled for 2999-12-01); "heartnotes dev" shows them\n',
    );
    const again = build();
    expect(again.stdout, 'a build with nothing to do says it again').toMatch(
      /^Left out 2 entries: content\/posts\/a-draft\.md \(draft\), .*\nNothing changed: /m,
    );
    const all = build('--drafts', '--out', 'drafts-preview');
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).not.toContain('Left out');
  });

  it('keeps it short when there are many: the count and the first five', () => {
    for (let i = 1; i <= 7; i++) post(`draft-${i}`, fields(`Draft ${i}`, '2025-01-09', ['draft: true']));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'Left out 7 entries: content/posts/draft-1.md (draft), content/posts/draft-2.md (draft), content/posts/draft-3.md (draft), ' +
        'content/posts/draft-4.md (draft), content/posts/draft-5.md (draft), and 2 more; "heartnotes dev" shows them\n',
    );
  });
});
