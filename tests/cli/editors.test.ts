import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { listFiles, repoRoot } from '../helpers/fixtures.ts';
import { seedCache } from '../helpers/warm-cache.ts';

/**
 * What a new editor meets (issues 30 and 31), on a copy of the real site: its config (re-exported),
 * templates, public files and lockfile (linked) and a copy of its content, older than anything a
 * test writes, as a checkout is; its cache starts from the real site's, as a checkout's that was
 * built before does (a build then renders what changed, not all of it). Every check runs the real CLI.
 */
let root: string;
const originals = new Map<string, string | undefined>();
const path = (file: string) => join(root, file);
const read = (file: string) => readFileSync(path(file), 'utf8');
/** Writes a content file, remembering what was there to put back after the test. */
const write = (file: string, text: string) => {
  if (!originals.has(file)) originals.set(file, existsSync(path(file)) ? read(file) : undefined);
  writeFileSync(path(file), text);
};
const edit = (file: string, change: (text: string) => string) => write(file, change(read(file)));
/** The 1-based line of `file` that starts with `start`. */
const lineOf = (file: string, start: string) => read(file).split('\n').findIndex((l) => l.startsWith(start)) + 1;
const cli = (...args: string[]) => runCli([...args, '--root', root], 120_000);
/** The first line of every problem printed, in order. */
const headlines = (r: CliResult) => r.stderr.split('\n').filter((l) => /^content\/\S+: /.test(l));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'heartnotes-editors-'));
  writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
  for (const dir of ['templates', 'public', 'node_modules']) symlinkSync(join(repoRoot, dir), join(root, dir), 'dir');
  cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
  seedCache(root);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const file of listFiles(join(root, 'content'))) utimesSync(join(root, 'content', file), hourAgo, hourAgo);
});
afterEach(() => {
  for (const [file, text] of originals) {
    if (text === undefined) rmSync(path(file), { force: true });
    else writeFileSync(path(file), text);
  }
  originals.clear();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An article of the site that stays published: the first in content/articles/ with a `category:` line. */
const someArticle = () => `content/articles/${readdirSync(path('content/articles')).sort().find((f) => /^category: /m.test(read(`content/articles/${f}`)))!}`;

describe('scheduled entries and drafts are checked like published ones (issue 31)', { timeout: 300_000 }, () => {
  it("a post dated in the future with new's placeholder text, a misspelt category and a dead link fails check and build, each at its line", () => {
    const created = cli('new', 'post', 'Future plans', '--category', 'Dating');
    expect(created.stdout).toBe('Created content/articles/future-plans.md\n');
    const file = 'content/articles/future-plans.md';
    originals.set(file, undefined);
    edit(file, (t) => t.replace('draft: true\n', '').replace(/^date: .*$/m, 'date: 2999-01-01').replace('category: "Dating"', 'category: Datting'));
    edit(file, (t) => `${t}\nSee [the plan](/post/no-such-plan).\n`);
    for (const command of ['check', 'build']) {
      const r = cli(command);
      expect(r.status, r.stderr).toBe(1);
      const lines = headlines(r);
      expect(lines).toContain(`${file}:${lineOf(file, 'excerpt:')}:10: "excerpt" is still the placeholder text from \`heartnotes new\``);
      expect(lines).toContain(`${file}:${lineOf(file, 'category:')}:11: "Datting" is not a category listed in content/data/categories.json`);
      expect(lines).toContain(`${file}:${lineOf(file, 'See [the plan]')}:16: link "/post/no-such-plan" on page /post/future-plans points to no page or file of this site`);
      expect(lines.filter((l) => l.startsWith(file) && !l.includes('placeholder'))).toHaveLength(2);
    }
    expect(existsSync(path('dist'))).toBe(false);
  });

  it('a scheduled post may not link to a draft (its unattended build would fail on the day); a draft may link to a scheduled post', () => {
    const front = (title: string, more: string) => `---\nid: ${900 + title.length}\ntitle: ${title}\nexcerpt: Something real.\ncategory: Dating\ndate: 2999-01-01\nauthor: The Heart Notes editors\n${more}---\n\n`;
    write('content/articles/later-post.md', `${front('Later post', '')}Read [the draft](/post/draft-post).\n`);
    write('content/articles/draft-post.md', `${front('A draft post', 'draft: true\n')}Read [the later one](/post/later-post).\n`);
    const r = cli('check');
    expect(r.status, r.stderr).toBe(1);
    expect(headlines(r)).toEqual([
      `content/articles/later-post.md:${lineOf('content/articles/later-post.md', 'Read')}:18: link "/post/draft-post" on page /post/later-post links to a draft (content/articles/draft-post.md), which is not published`,
    ]);
  });
});

describe('address clashes (issue 31)', { timeout: 300_000 }, () => {
  const guide = () => readdirSync(path('content/guides')).sort()[0].replace(/\.md$/, '');

  it('new refuses a page at the address of a guide, naming the guide, and writes nothing', () => {
    const slug = guide();
    const r = cli('new', 'page', 'Breakup recovery guide', '--slug', slug);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `content/pages/${slug}.md cannot be added: its address /${slug} is already that of content/guides/${slug}.md; nothing was written. Choose another title, or another address with --slug.\n`,
    );
    expect(existsSync(path(`content/pages/${slug}.md`))).toBe(false);
  });

  it('check reports a draft at another page\'s address, at the draft (the newer file), naming the other', () => {
    const slug = guide();
    write(`content/pages/${slug}.md`, '---\ntitle: A page of its own\ndescription: What this page offers.\ndraft: true\n---\n\nText.\n');
    const r = cli('check');
    expect(r.status).toBe(1);
    expect(headlines(r)).toEqual([
      `content/pages/${slug}.md:1:1: 2 inputs produce the same page /${slug}: content/pages/${slug}.md, content/guides/${slug}.md`,
    ]);
  });
});

describe('editors\' messages (issue 31)', { timeout: 300_000 }, () => {
  it('category names are case-insensitive and published as categories.json spells them; a date written as 27/11/2026 gets the date to write', () => {
    const file = someArticle();
    const category = /^category: (.*)$/m.exec(read(file))![1].replace(/^"|"$/g, '');
    edit(file, (t) => t.replace(/^category: .*$/m, `category: ${category.toLowerCase()}`));
    const built = cli('build', '--quiet');
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const slug = file.replace(/^content\/articles\/|\.md$/g, '');
    // The kicker above the title names (and links to) the topic as categories.json spells it.
    const kicker = /<header class="article-header"[^>]*><p class="card-kicker">(.*?)<\/p>/.exec(read(`dist/post/${slug}.html`))![1];
    expect(kicker).toMatch(new RegExp(`>${category}</a>$`));

    edit(file, (t) => t.replace(/^date: .*$/m, 'date: 27/11/2026'));
    const r = cli('check');
    expect(r.status).toBe(1);
    expect(headlines(r)).toEqual([`${file}:${lineOf(file, 'date:')}:7: "date" is not valid: expected a date written as YYYY-MM-DD`]);
    expect(r.stderr).toContain('  hint: write it as 2026-11-27\n');
    expect(r.stderr).toMatch(/\n1 problem found\.\n$/);
  });
});

describe('one error per bad value (issue 30, "Editors")', { timeout: 300_000 }, () => {
  it('a mistyped coverImage that every listing shows is one error, at its own line', () => {
    const file = someArticle();
    const cover = /^coverImage: (.*)$/m.exec(read(file))![1];
    const typo = cover.replace(/\.svg$/, '.sv');
    edit(file, (t) => t.replace(`coverImage: ${cover}`, `coverImage: ${typo}`));
    const r = cli('check');
    expect(r.status).toBe(1);
    const lines = headlines(r);
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file}:${lineOf(file, 'coverImage:')}:13: link "${typo}" on page /post/\\S+ and \\d+ others points to no page or file of this site$`));
    expect(r.stderr).toMatch(/\n1 problem found\.\n$/);
  });

  it('category pages feature articles by slug: an unknown slug, or an id, is an error at its line naming the fix', () => {
    const file = 'content/data/categories.json';
    const line = lineOf(file, '      "hotArticles": ["');
    const first = /"hotArticles": \["([^"]+)"/.exec(read(file).split('\n')[line - 1])![1];
    edit(file, (t) => t.replace(`"hotArticles": ["${first}"`, `"hotArticles": ["${first}x"`));
    let r = cli('check');
    expect(r.status).toBe(1);
    expect(headlines(r)[0]).toMatch(new RegExp(`^${file}:${line}:\\d+: "${first}x" names no article \\(\\S+'s featured articles are named by slug\\)$`));
    expect(r.stderr).toContain(`hint: did you mean "${first}"?`);

    edit(file, (t) => t.replace(`"hotArticles": ["${first}x"`, '"hotArticles": [2'));
    r = cli('check');
    expect(r.status).toBe(1);
    expect(headlines(r)).toEqual([expect.stringMatching(new RegExp(`^${file}:${line}:\\d+: "categories\\[\\d+\\]\\.hotArticles\\[0\\]" is not valid: expected an article's slug, but it is the number 2: articles are named by slug, not id$`))]);
  });

  it('the contact address is written once, in content/site.json; a {{site.…}} name that does not exist is an error at its line', () => {
    edit('content/site.json', (t) => t.replace(/"contactEmail": "[^"]+"/, '"contactEmail": "editors@heartnotes.example"'));
    const built = cli('build', '--quiet');
    expect(built.status, built.stderr).toBe(0);
    for (const page of ['contact', 'about', 'privacy-policy']) {
      const html = read(`dist/${page}.html`);
      expect(html, page).toContain('<a href="mailto:editors@heartnotes.example">editors@heartnotes.example</a>');
      expect(html, page).not.toContain('hello@heartnotes.example');
    }
    const file = 'content/pages/contact.md';
    edit(file, (t) => t.replace('[{{site.contactEmail}}]', '[{{site.contactEmial}}]'));
    const r = cli('check');
    expect(r.status).toBe(1);
    const line = lineOf(file, 'You can also email us');
    expect(headlines(r)).toEqual([`${file}:${line}:${read(file).split('\n')[line - 1].indexOf('{{') + 1}: {{site.contactEmial}} names no value of the site, so it would be shown as written`]);
    expect(r.stderr).toContain('hint: did you mean {{site.contactEmail}}?');
  });
});

describe('new review, new gift and --category (issue 30, "Editors")', { timeout: 300_000 }, () => {
  it('new review and new gift write drafts that check passes; published unchanged, every placeholder is an error at its line', () => {
    let r = cli('new', 'review', 'Hold Me Tight, reviewed', '--category', 'relationships');
    expect(r.stdout).toBe('Created content/reviews/hold-me-tight-reviewed.md\n');
    originals.set('content/reviews/hold-me-tight-reviewed.md', undefined);
    r = cli('new', 'gift', 'Gifts for a long-distance partner', '--category', 'gifts');
    expect(r.stdout).toBe('Created content/gifts/gifts-for-a-long-distance-partner.md\n');
    originals.set('content/gifts/gifts-for-a-long-distance-partner.md', undefined);
    // The category as categories.json spells it; no rating is invented for the review.
    expect(read('content/gifts/gifts-for-a-long-distance-partner.md')).toMatch(/^category: "Gifts"$/m);
    expect(read('content/reviews/hold-me-tight-reviewed.md')).toMatch(/^category: "Relationships"$/m);
    expect(read('content/reviews/hold-me-tight-reviewed.md')).not.toMatch(/^rating:/m);
    r = cli('check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);

    edit('content/reviews/hold-me-tight-reviewed.md', (t) => t.replace('draft: true\n', ''));
    edit('content/gifts/gifts-for-a-long-distance-partner.md', (t) => t.replace('draft: true\n', ''));
    r = cli('check');
    expect(r.status).toBe(1);
    const lines = headlines(r);
    const review = 'content/reviews/hold-me-tight-reviewed.md';
    for (const field of ['productName', 'brand', 'price', 'excerpt']) {
      expect(lines, field).toContain(`${review}:${lineOf(review, `${field}:`)}:${field.length + 3}: "${field}" is still the placeholder text from \`heartnotes new\``);
    }
    expect(lines).toContain(`${review}:${lineOf(review, 'pros:') + 1}:5: "pros[0]" is still the placeholder text from \`heartnotes new\``);
    expect(lines.some((l) => l.startsWith('content/gifts/gifts-for-a-long-distance-partner.md:3:14: "description" is still the placeholder text'))).toBe(true);
  });

  it('not on a terminal, new post without --category is one sentence naming the choices, exit 1, nothing written', () => {
    const r = cli('new', 'post', 'Slow dating');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^new post needs --category \(the category, a name content\/data\/categories\.json lists\): one of "[^"]+"(, "[^"]+")+; nothing was written\n$/);
    expect(existsSync(path('content/articles/slow-dating.md'))).toBe(false);
  });

  it('a --category that is none of the choices is refused, naming the nearest', () => {
    const r = cli('new', 'post', 'Slow dating', '--category', 'Datting');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^--category "Datting" is not one of .*; did you mean "Dating"\?\n$/);
  });

  it('on a terminal, new post without --category asks, listing the choices by number', async () => {
    // A pseudo-terminal (util-linux `script`), answered as a person would once the question shows.
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, join(repoRoot, 'bin/heartnotes.mjs'), 'new', 'post', 'Slow dating', '--root', root].map(quote).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    originals.set('content/articles/slow-dating.md', undefined);
    let shown = '';
    const answered: string[] = [];
    const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString('utf8');
      const asked = (shown.match(/category \(a number or a name\): /g) ?? []).length;
      // First a name that is none of them, then the second choice by its number.
      if (asked > answered.length) {
        const answer = answered.length === 0 ? 'Datting' : '2';
        answered.push(answer);
        child.stdin.write(`${answer}\r`);
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    const code = await done;
    clearTimeout(timer);
    const text = shown.replace(/\r/g, '');
    expect(code, text).toBe(0);
    const choices = [...text.matchAll(/^ +(\d+)\. (.+)$/gm)].map((m) => m[2]);
    expect(text).toMatch(/The category, a name content\/data\/categories\.json lists \(--category\):\n {2,3}1\. /);
    expect(text).toContain('"Datting" is none of them.');
    expect(text).toContain('Created content/articles/slow-dating.md');
    expect(read('content/articles/slow-dating.md')).toContain(`\ncategory: ${JSON.stringify(choices[1])}\n`);
    unlinkSync(path('content/articles/slow-dating.md'));
  }, 120_000);
});
