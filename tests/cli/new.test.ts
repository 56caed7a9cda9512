import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { seedCache } from '../helpers/warm-cache.ts';

/**
 * `new` runs against a copy of the real site: its config (re-exported), templates and public
 * files (linked) and a copy of its content, so scaffolding never touches the repository.
 */
describe('new post', () => {
  let root: string;
  const article = () => join(root, 'content', 'articles', 'my-first-date.md');

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'heartnotes-new-'));
    writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
    // No site/ here: the config re-exports the real one, and deploy.functions' module is found
    // beside it (as in the peer benchmark's copy, ../shared/bench/side-by-side.sh).
    for (const dir of ['templates', 'public', 'node_modules']) symlinkSync(join(repoRoot, dir), join(root, dir), 'dir');
    cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
    // Its cache starts from the real site's, as a checkout's that was built before (the steps are
    // not about the cache; a build then renders what changed, not every page).
    seedCache(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The highest article id in the real site's content. */
  const maxId = () => Math.max(...readdirSync(join(repoRoot, 'content', 'articles')).map((f) => Number(/^id: (\d+)$/m.exec(readFileSync(join(repoRoot, 'content', 'articles', f), 'utf8'))?.[1] ?? 0)));

  it('scaffolds a draft article with valid front matter and the next free id', () => {
    const r = runCli(['new', 'post', 'My First Date', '--category', 'Dating', '--root', root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('Created content/articles/my-first-date.md\n');
    const text = readFileSync(article(), 'utf8');
    expect(text).toMatch(/^---\n[\s\S]*\ntitle: "My First Date"\n[\s\S]*\ndraft: true\n---\n/);
    expect(text).toMatch(/\ndate: \d{4}-\d{2}-\d{2}\n/);
    expect(text).toContain(`\nid: ${maxId() + 1}\n`);
  });

  it('refuses build --drafts into dist/, the folder that is uploaded', () => {
    const r = runCli(['build', '--drafts', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^build --drafts writes drafts and scheduled entries, which must never be uploaded, so not into dist\/; .*--drafts --out drafts-preview/);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('build --drafts --out marks draft and scheduled pages, shows the entry\'s author, and keeps both out of the sitemap and feed', () => {
    const later = join(root, 'content', 'articles', 'later-date.md');
    const front = `id: ${maxId() + 2}\ntitle: A later date\nexcerpt: Plans for later.\ncategory: Dating\ndate: 2999-12-01\nauthor: Ana Lima`;
    writeFileSync(later, `---\n${front}\n---\n\nWhat to plan.\n`);
    const r = runCli(['build', '--drafts', '--out', 'preview', '--root', root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const html = readFileSync(join(root, 'preview', 'post', 'my-first-date.html'), 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://heartnotes.example/post/my-first-date"/>');
    expect(html).toContain('<p class="draft-marker" role="status">Draft — not published</p>');
    // The footer's © year follows the newest dated entry (today's draft here; not the scheduled one).
    expect(html).toContain(`© ${new Date().getFullYear()} Heart Notes.`);
    const scheduled = readFileSync(join(root, 'preview', 'post', 'later-date.html'), 'utf8');
    expect(scheduled).toContain('<p class="draft-marker" role="status">Scheduled for 2999-12-01 — not published yet</p>');
    expect(scheduled).toMatch(/<p class="author-name">Ana Lima<\/p><p>Published by The Heart Notes editors\. <a href="\/about">/);
    for (const file of ['sitemap.xml', 'feed.xml']) {
      const text = readFileSync(join(root, 'preview', file), 'utf8');
      expect(text, file).toContain('/post/first-date-tips');
      expect(text, file).not.toMatch(/my-first-date|later-date/);
    }
    rmSync(later);
  });

  it('check refuses a published article that keeps the placeholder text, and a category categories.json does not list', () => {
    const tips = join(root, 'content', 'articles', 'first-date-tips.md');
    const tipsText = readFileSync(tips, 'utf8');
    const draft = readFileSync(article(), 'utf8');
    writeFileSync(article(), draft.replace('draft: true\n', ''));
    writeFileSync(tips, tipsText.replace(/^category: Dating$/m, 'category: Datting'));
    const r = runCli(['check', '--root', root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/articles/my-first-date.md:4:10: "excerpt" is still the placeholder text from `heartnotes new`');
    expect(r.stderr).toMatch(/content\/articles\/my-first-date\.md:10:1: this line of the body is still the placeholder text from `heartnotes new`\n[\s\S]*hint: write the entry's own text here/);
    const line = tipsText.split('\n').indexOf('category: Dating') + 1;
    expect(r.stderr).toContain(`content/articles/first-date-tips.md:${line}:11: "Datting" is not a category listed in content/data/categories.json`);
    expect(r.stderr).toMatch(/hint: did you mean "Dating"\? The categories, nearest first: Dating, /);
    // Back to the draft the scaffold wrote: a draft may keep its placeholders.
    writeFileSync(article(), draft);
    writeFileSync(tips, tipsText);
  });

  it('leaves the draft out of a normal build', () => {
    const r = runCli(['build', '--root', root, '--quiet']);
    expect(r.status).toBe(0);
    expect(existsSync(join(root, 'dist', 'post', 'my-first-date'))).toBe(false);
    // The footer's year is the build's (issue 30), whatever the entries' dates.
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toContain(`© ${new Date().getUTCFullYear()} Heart Notes.`);
  });

  it('refuses to overwrite an existing file', () => {
    writeFileSync(article(), `${readFileSync(article(), 'utf8')}\nMy own words.\n`);
    const before = readFileSync(article(), 'utf8');
    const r = runCli(['new', 'post', 'My First Date', '--category', 'Dating', '--root', root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'content/articles/my-first-date.md already exists; nothing was written. Choose another title or edit that file.\n',
    );
    expect(readFileSync(article(), 'utf8')).toBe(before);
  });

  it('names the kinds it can scaffold when given another', () => {
    const r = runCli(['new', 'podcast', 'Episode one', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('unknown kind "podcast"; this site can scaffold: post, page, guide, review, gift\n');
  });
});
