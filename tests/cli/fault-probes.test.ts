// Fault and abuse probes on the real site (issue 28, "Nothing lost in production"): each bad input
// is one clear error at file:line:col naming the fix, and nothing broken is published. Run through
// the real CLI on a copy of the project, or, where what is probed does not depend on the site's
// content (any front matter, JSON data file, Markdown body or link), on a copy of the example site
// (tests/fixtures/basic), where a check costs 1 CPU-s instead of 2.5. Each test puts back the files
// it changed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { copyFixture, copyProject, type FixtureCopy } from '../helpers/fixtures.ts';
import { pngHeaderOnly } from '../helpers/images.ts';

/** The project the current test changes and runs: `realSite`, or `exampleSite` (`onTheExampleSite`). */
let root: string;
let realSite: string;
let exampleSite: FixtureCopy;
const originals = new Map<string, string>();

/** Changes a file of the copy (put back after the test) by `edit`, which must change it. */
function edit(file: string, change: (text: string) => string): void {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  if (!originals.has(file)) originals.set(file, text);
  const changed = change(text);
  expect(changed, `the edit of ${file} changed nothing`).not.toBe(text);
  writeFileSync(path, changed);
}

/** The 1-based line of `file` (as it is now) that starts with `start`. */
const lineOf = (file: string, start: string) => readFileSync(join(root, file), 'utf8').split('\n').findIndex((l) => l.startsWith(start)) + 1;

const check = () => runCli(['check', '--root', root]);

/** The first line of every problem printed, in the order printed. */
const headlines = (r: CliResult) => r.stderr.split('\n').filter((l) => /^\S/.test(l) && !/^\d+ problems? found/.test(l));

/** The command failed with exactly these problems (first lines, in order) and said how many, without a stack trace. */
function expectProblems(r: CliResult, expected: (string | RegExp)[]) {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  const lines = headlines(r);
  expect(lines, r.stderr).toHaveLength(expected.length);
  expected.forEach((e, i) => (typeof e === 'string' ? expect(lines[i]).toBe(e) : expect(lines[i]).toMatch(e)));
  // build says it wrote nothing; check, which never writes, does not.
  expect(r.stderr).toMatch(new RegExp(`\\n${expected.length} problems? found(?:; nothing was written)?\\.\\n`));
}

beforeAll(() => {
  root = realSite = copyProject('heartnotes-probes-', '{ search: undefined }');
  exampleSite = copyFixture('basic', 'heartnotes-probes-example-');
});
afterEach(() => {
  for (const [file, text] of originals) writeFileSync(join(root, file), text);
  originals.clear();
});
afterAll(() => {
  rmSync(realSite, { recursive: true, force: true });
  exampleSite?.cleanup();
});

/** The tests of the enclosing `describe` run on the example site. */
function onTheExampleSite(): void {
  beforeAll(() => {
    root = exampleSite.root;
  });
  afterAll(() => {
    root = realSite;
  });
}

describe('control characters written as escapes', () => {
  onTheExampleSite();

  it('"\\u0000" and "\\u001b" in a front-matter title are an error at the escape, and nothing reaches the page or feed', () => {
    const file = 'content/posts/first-date.md';
    edit(file, (t) => t.replace(/^title: .*$/m, 'title: "First \\u0000 Date \\u001b[31m"'));
    const line = lineOf(file, 'title:');
    const r = runCli(['build', '--root', root, '--out', 'probe-out']);
    expectProblems(r, [
      `${file}:${line}:15: "title" holds the invisible control character U+0000 (written here as an escape), which would reach the page unseen and make the feed and sitemap invalid XML`,
    ]);
    expect(r.stderr).toContain(`  > ${line} | title: "First \\u0000 Date \\u001b[31m"\n      |               ^`);
    expect(r.stderr).toMatch(/hint: delete the escape/);
    expect(existsSync(join(root, 'probe-out'))).toBe(false);
  });

  it('a JSON escape of U+0085 (a C1 control) in a data file is the one error, at its line and column', () => {
    const file = 'content/data/nav.json';
    edit(file, (t) => t.replace('"About"', '"Abo\\u0085ut"'));
    const line = lineOf(file, '  { "name": "Abo');
    expectProblems(check(), [
      `${file}:${line}:17: "[1].name" holds the invisible control character U+0085 (written here as an escape), which would reach the page unseen and make the feed and sitemap invalid XML`,
    ]);
  });

  it('YAML\'s short escapes (\\e, \\N) are caught too; \\t and \\n are fine', () => {
    const file = 'content/posts/first-date.md';
    edit(file, (t) => t.replace(/^description: .*$/m, 'description: "One\\ttab and\\na line break"').replace(/^author: .*$/m, 'author: "A heart \\e[0m"'));
    let r = check();
    expectProblems(r, [new RegExp(`^${file}:${lineOf(file, 'author:')}:18: "author" holds the invisible control character U\\+001B`)]);
    edit(file, (t) => t.replace('"A heart \\e[0m"', '"A heart \\N"'));
    r = check();
    expectProblems(r, [new RegExp(`^${file}:${lineOf(file, 'author:')}:18: "author" holds the invisible control character U\\+0085`)]);
  });
});

describe('one broken entry, one problem', () => {
  it('a YAML error in a gift guide that /guides, /posts and category pages list is the only problem reported', () => {
    const file = 'content/gifts/impress-her-mom-gift-guide.md';
    edit(file, (t) => t.replace(/^---\n/, '---\nbad: [unclosed\n'));
    const r = check();
    expectProblems(r, [/^content\/gifts\/impress-her-mom-gift-guide\.md:3:1: front matter is not valid YAML: /]);
    expect(r.stderr).not.toMatch(/a card points to|points to no page/);
  });

  it('a card in guide-index.json that names no page at all is still reported, and its pages\' links are not', () => {
    const file = 'content/data/guide-index.json';
    edit(file, (t) => t.replace('"slug": "impress-her-mom-gift-guide"', '"slug": "impress-her-mom-gift-guide-typo"'));
    const r = check();
    const lines = headlines(r);
    expect(lines.length, r.stderr).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^rendering \/guides, \/guides\/page\/:n failed: a card points to "impress-her-mom-gift-guide-typo"/);
    expect(r.stderr).not.toMatch(/link "\/guides(\/page\/\d+)?" on page/);
  });
});

describe('image paths', () => {
  it('a malformed %-escape in a coverImage is an error at the field, not a URIError', () => {
    const file = 'content/articles/first-date-tips.md';
    edit(file, (t) => t.replace(/^coverImage: .*$/m, 'coverImage: /images/covers/%E0%A4%A.svg'));
    expectProblems(check(), [
      `${file}:${lineOf(file, 'coverImage:')}:13: image "/images/covers/%E0%A4%A.svg" holds "%E0%A4%A.", which is not a valid %-escape, so it names no file`,
    ]);
  });

  it('a coverImage with ?v=1#x is found without its query and fragment: the social card shows the same cover', () => {
    const card = () => readFileSync(join(root, 'probe-out', 'cards', 'post', 'first-date-tips.png'));
    let r = runCli(['build', '--root', root, '--out', 'probe-out']);
    expect(r.status, r.stderr).toBe(0);
    const plain = card();
    edit('content/articles/first-date-tips.md', (t) => t.replace(/^(coverImage: \S+)$/m, '$1?v=1#x'));
    r = runCli(['build', '--root', root, '--out', 'probe-out']);
    expect(r.status, r.stderr).toBe(0);
    expect(card().equals(plain)).toBe(true);
    rmSync(join(root, 'probe-out'), { recursive: true, force: true });
  });
});

describe('image paths in Markdown', () => {
  onTheExampleSite();

  it('a malformed %-escape in a Markdown image is an error at its line', () => {
    const file = 'content/posts/first-date.md';
    edit(file, (t) => `${t}\n![A photo](/images/%E0%A4%A.png)\n`);
    expectProblems(check(), [new RegExp(`^${file}:${lineOf(file, '![A photo]')}:12: image "/images/%E0%A4%25A\\.png" holds "%E0%A4%25", which is not a valid %-escape`)]);
  });
});

describe('data files', () => {
  onTheExampleSite();

  it('a malformed JSON data file is said to be malformed, at its line and column, and not also missing', () => {
    const file = 'content/data/nav.json';
    edit(file, (t) => t.replace('"About"', '"About" oops'));
    const r = check();
    expectProblems(r, [`${file}:${lineOf(file, '  { "name": "About"')}:21: not valid JSON: Expected ',' or '}' after property value`]);
    expect(r.stderr).not.toMatch(/is missing/);
  });
});

describe('new applies the build\'s rules', () => {
  const created = (slug: string) => join(root, 'content', 'articles', `${slug}.md`);

  it('refuses, in one sentence and writing nothing, a title the build would refuse: too long, an escape, a C1 control', () => {
    const long = `A ${'very '.repeat(28)}long title`;
    expect(long.length).toBeGreaterThan(140);
    const cases: [string, string, RegExp][] = [
      [long, 'a-very-very', /because "title" is not valid: too big: expected string to have <=140 characters; nothing was written\n$/],
      ['Esc \u001b[31m red', 'esc-31m-red', /^"Esc \\u001b\[31m red" cannot be used: the build would refuse content\/articles\/esc-31m-red\.md because "title" holds the invisible control character U\+001B/],
      ['Next \u0085 line', 'next-line', /^"Next \\u0085 line" cannot be used: .* because this file holds the invisible control character U\+0085/],
    ];
    for (const [title, slugStart, says] of cases) {
      const r = runCli(['new', 'post', title, '--category', 'Dating', '--root', root]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
      expect(readdirSync(join(root, 'content', 'articles')).filter((f) => f.startsWith(slugStart))).toEqual([]);
    }
  });

  it('gives a new article the id after that of an article that fails to load, not a duplicate of it', () => {
    const ids = readdirSync(join(root, 'content', 'articles')).map((f) => Number(/^id: (\d+)$/m.exec(readFileSync(join(root, 'content', 'articles', f), 'utf8'))?.[1] ?? 0));
    const broken = Math.max(...ids) + 5;
    edit('content/articles/first-date-tips.md', (t) => t.replace(/^id: \d+$/m, `id: ${broken}`).replace(/^title: .*$/m, 'title: [unclosed'));
    const r = runCli(['new', 'post', 'A fresh start', '--category', 'Dating', '--root', root]);
    try {
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(created('a-fresh-start'), 'utf8')).toMatch(new RegExp(`\\nid: ${broken + 1}\\n`));
    } finally {
      rmSync(created('a-fresh-start'), { force: true });
    }
  });
});

describe('partner and button addresses', () => {
  it('a partner URL with a space is an error at its line in promos.json, not a _redirects rule that silently fails', () => {
    const file = 'content/data/promos.json';
    edit(file, (t) => t.replace('"url": "https://voicemap.me/"', '"url": "https://voicemap.me/tours near me"'));
    const r = runCli(['build', '--root', root, '--out', 'probe-out']);
    expectProblems(r, [
      `${file}:${lineOf(file, '    "url": "https://voicemap.me/tours')}:12: "[2].url" is not valid: expected an address without spaces or quotes, but it holds a space at character 26, which breaks its redirect rule and link`,
    ]);
    expect(r.stderr).toContain('hint: remove it, or write it as %20 if the address really contains it');
    expect(existsSync(join(root, 'probe-out'))).toBe(false);
  });

  it('a landing page\'s default link with a space is one error at its line, not three', () => {
    const file = 'content/landing/casual-clicker-lp.md';
    edit(file, (t) => t.replace(/^(defaultUrl: https:\/\/\S+)$/m, '$1/a b'));
    expectProblems(check(), [new RegExp(`^${file}:${lineOf(file, 'defaultUrl:')}:13: "defaultUrl" is not valid: expected an address without spaces or quotes, but it holds a space at character \\d+`)]);
  });

  it('a javascript: button address in front matter is an error at its line, naming the fix', () => {
    const file = 'content/pages/affiliate-button.md';
    edit(file, (t) => t.replace(/^  href: .*$/m, '  href: javascript:buy()'));
    const r = check();
    expectProblems(r, [
      `${file}:${lineOf(file, '  href:')}:9: "button.href" is not valid: expected an http(s) address, but it is a "javascript:" address, which browsers will not follow from this page (it is removed, so the button or link does nothing)`,
    ]);
    expect(r.stderr).toContain('hint: use the https:// address of the page it should open');
  });
});

describe('links in Markdown bodies', () => {
  onTheExampleSite();

  it('a javascript: link in a Markdown body is an error at its line and column; one in a code block is left alone', () => {
    const file = 'content/posts/first-date.md';
    edit(file, (t) => `${t}\n[Buy now](javascript:buy(1)) today.\n\n\`\`\`\n[example](javascript:void)\n\`\`\`\n`);
    expectProblems(check(), [
      `${file}:${lineOf(file, '[Buy now]')}:11: the address "javascript:buy(1)" would be removed from the page, leaving a link or button that does nothing (or an image that shows nothing): pages keep only http, https, mailto, irc, ircs and xmpp addresses and addresses on this site`,
    ]);
  });
});

describe('an image too large to decode', () => {
  onTheExampleSite();

  it('a 20000×20000 PNG is an error at the Markdown that shows it, saying the pixel limit and to downscale it', () => {
    mkdirSync(join(root, 'public/images'), { recursive: true });
    writeFileSync(join(root, 'public/images/huge.png'), pngHeaderOnly(20000, 20000));
    const file = 'content/posts/first-date.md';
    edit(file, (t) => `${t}\n![A very large photo](/images/huge.png)\n`);
    try {
      const r = check();
      expectProblems(r, [
        `${file}:${lineOf(file, '![A very large photo]')}:23: image "/images/huge.png" (public/images/huge.png) cannot be read as an image: it is 20000×20000 pixels (400 megapixels), over the limit of 268402689 pixels (268 megapixels, 16383×16383) an image may have`,
      ]);
      expect(r.stderr).toMatch(/hint: downscale it to at most \d+ pixels wide \(the widest the site shows it\) and save it again/);
    } finally {
      rmSync(join(root, 'public/images/huge.png'));
    }
  });
});

describe('review placeholders', () => {
  it('{{nope}} and a misspelt {{prodctName}} are errors at their line and column, naming the fields and the closest one', () => {
    const file = 'content/reviews/affiliate-aqua-tower-review.md';
    edit(file, (t) => t.replace('{{productName}} is sold', '{{prodctName}} is sold and {{nope}}'));
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('{{prodctName}}')) + 1;
    const text = lines[line - 1];
    const r = check();
    expectProblems(r, [
      `${file}:${line}:${text.indexOf('{{prodctName}}') + 1}: {{prodctName}} names no field of this entry's collection, so it would become empty text`,
      `${file}:${line}:${text.indexOf('{{nope}}') + 1}: {{nope}} names no field of this entry's collection, so it would become empty text`,
    ]);
    expect(r.stderr).toMatch(/hint: did you mean \{\{productName\}\}\? The placeholders are the fields: \{\{id\}\}, \{\{productName\}\}, /);
  });

  it('a placeholder naming a field this review leaves out is still empty text, as the spec says', () => {
    const file = 'content/reviews/affiliate-his-secret-obsession-review.md';
    expect(readFileSync(join(root, file), 'utf8')).not.toMatch(/^shipping:/m);
    edit(file, (t) => t.replace(/\n---\n/, '\n---\n\nShipping: {{shipping}}.\n'));
    const r = runCli(['build', '--root', root, '--out', 'probe-out']);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(root, 'probe-out', 'affiliate', 'affiliate-his-secret-obsession-review.html'), 'utf8')).toContain('<p>Shipping: .</p>');
    rmSync(join(root, 'probe-out'), { recursive: true, force: true });
  });
});

describe('links to pages that are not published', () => {
  it('a link to a draft or to a scheduled article says so, at its line, with the fix', () => {
    const model = readFileSync(join(root, 'content/articles/first-date-tips.md'), 'utf8');
    const entry = (id: number, title: string, extra: string) => model.replace(/^id: \d+$/m, `id: ${id}`).replace(/^title: .*$/m, `title: ${title}\n${extra}`);
    const draft = 'content/articles/a-draft-date.md';
    const later = 'content/articles/a-later-date.md';
    const linking = 'content/articles/flirty-small-talk.md';
    writeFileSync(join(root, draft), entry(900, 'A draft date', 'draft: true'));
    writeFileSync(join(root, later), entry(901, 'A later date', '').replace(/^date: .*$/m, 'date: 2999-12-01'));
    try {
      const sentence = 'See [the draft](/post/a-draft-date) and [the later one](/post/a-later-date).';
      edit(linking, (t) => `${t}\n${sentence}\n`);
      const r = check();
      const at = `${linking}:${lineOf(linking, 'See [the draft]')}`;
      expectProblems(r, [
        `${at}:${sentence.indexOf('/post/a-draft') + 1}: link "/post/a-draft-date" on page /post/flirty-small-talk links to a draft (${draft}), which is not published`,
        `${at}:${sentence.indexOf('/post/a-later') + 1}: link "/post/a-later-date" on page /post/flirty-small-talk links to a page scheduled for 2999-12-01 (${later}), which is not published yet`,
      ]);
      expect(r.stderr).toContain(`hint: publish it by removing "draft: true" from ${draft}, or remove the link until it is published`);
      expect(r.stderr).toContain(`hint: remove the link until 2999-12-01, or give ${later} a date that has come`);
    } finally {
      rmSync(join(root, draft));
      rmSync(join(root, later));
    }
  });
});
