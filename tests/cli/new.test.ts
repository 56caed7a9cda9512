import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/fixtures.ts';

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
    for (const dir of ['templates', 'public', 'site', 'node_modules']) symlinkSync(join(repoRoot, dir), join(root, dir), 'dir');
    cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('scaffolds a draft article with valid front matter', () => {
    const r = runCli(['new', 'post', 'My First Date', '--root', root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('Created content/articles/my-first-date.md\n');
    const text = readFileSync(article(), 'utf8');
    expect(text).toMatch(/^---\n[\s\S]*\ntitle: "My First Date"\n[\s\S]*\ndraft: true\n---\n/);
    expect(text).toMatch(/\ndate: \d{4}-\d{2}-\d{2}\n/);
  });

  it('builds with --drafts into /post/my-first-date/', () => {
    const r = runCli(['build', '--drafts', '--root', root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const html = readFileSync(join(root, 'dist', 'post', 'my-first-date.html'), 'utf8');
    expect(html).toContain('My First Date');
    expect(html).toContain('<link rel="canonical" href="https://heartnotes.example/post/my-first-date"/>');
  });

  it('leaves the draft out of a normal build', () => {
    const r = runCli(['build', '--root', root, '--quiet']);
    expect(r.status).toBe(0);
    expect(existsSync(join(root, 'dist', 'post', 'my-first-date'))).toBe(false);
  });

  it('refuses to overwrite an existing file', () => {
    writeFileSync(article(), `${readFileSync(article(), 'utf8')}\nMy own words.\n`);
    const before = readFileSync(article(), 'utf8');
    const r = runCli(['new', 'post', 'My First Date', '--root', root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'content/articles/my-first-date.md already exists; nothing was written. Choose another title or edit that file.\n',
    );
    expect(readFileSync(article(), 'utf8')).toBe(before);
  });

  it('names the kinds it can scaffold when given another', () => {
    const r = runCli(['new', 'podcast', 'Episode one', '--root', root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('unknown kind "podcast"; this site can scaffold: post, page, guide\n');
  });
});
