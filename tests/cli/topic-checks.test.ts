// The site's taxonomy rules (templates/checks.ts; docs/product.md, "One taxonomy", "One topic"),
// through the real CLI's `check` on a copy of the real site's content: a misspelt tag, a category
// that is no topic, and an unlisted page still featured in a data file are each one error at its
// own line, all in one run, with the nearest right name.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/fixtures.ts';

describe('taxonomy checks', () => {
  let root: string;
  const file = (rel: string) => join(root, rel);
  const lineOf = (text: string, line: string) => text.split('\n').indexOf(line) + 1;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'heartnotes-topic-checks-'));
    writeFileSync(join(root, 'site.config.ts'), `export { default } from ${JSON.stringify(join(repoRoot, 'site.config.ts'))};\n`);
    for (const dir of ['templates', 'public', 'node_modules']) symlinkSync(join(repoRoot, dir), join(root, dir), 'dir');
    cpSync(join(repoRoot, 'content'), join(root, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the shipped content passes', () => {
    const r = runCli(['check', '--root', root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a category written with a name its topic replaced is published under the topic', () => {
    const guide = file('content/guides/chat-mistakes.md');
    const guideText = readFileSync(guide, 'utf8');
    writeFileSync(guide, guideText.replace('category: Dating\n', 'category: dating advice\n'));
    try {
      const r = runCli(['build', '--root', root, '--out', join(root, 'dist')]);
      expect(r.status, r.stderr).toBe(0);
      const html = readFileSync(join(root, 'dist', 'chat-mistakes.html'), 'utf8');
      expect(html).toMatch(/<a[^>]*href="\/category\/dating"[^>]*>Dating<\/a>/);
    } finally {
      writeFileSync(guide, guideText);
    }
  });

  it('a misspelt tag, an old category label and an unlisted page in features.json are each an error at their line', () => {
    const tips = file('content/articles/first-date-tips.md');
    const tipsText = readFileSync(tips, 'utf8');
    writeFileSync(tips, tipsText.replace('tags: [first dates, safety, conversation]', 'tags: [first date, safety, conversation]'));
    const guide = file('content/guides/chat-mistakes.md');
    const guideText = readFileSync(guide, 'utf8');
    writeFileSync(guide, guideText.replace('category: Dating\n', 'category: Dating Tips\n'));
    const features = file('content/data/features.json');
    const featuresText = readFileSync(features, 'utf8');
    writeFileSync(features, featuresText.replace('"slug": "breakup-recovery-guide"', '"slug": "affiliate-aqua-tower-review"'));

    const r = runCli(['check', '--root', root]);
    expect(r.status).toBe(1);
    const tagLine = lineOf(tipsText, 'tags: [first dates, safety, conversation]');
    expect(r.stderr).toContain(`content/articles/first-date-tips.md:${tagLine}:8: "first date" is not a tag of any topic in content/data/categories.json`);
    expect(r.stderr).toContain('hint: did you mean "first dates"? A new tag goes in the "tags" of the topic it belongs to there');
    // A name that is no topic, nor one a topic replaced (formerNames), is an error at its line.
    expect(r.stderr).toContain(`content/guides/chat-mistakes.md:${lineOf(guideText, 'category: Dating')}:11: "Dating Tips" is not a category listed in content/data/categories.json`);
    expect(r.stderr).toContain('hint: The categories, nearest first: Dating, Relationships, ');
    const featureLine = lineOf(featuresText, '    "slug": "breakup-recovery-guide"');
    expect(r.stderr).toContain(
      `content/data/features.json:${featureLine}:13: "affiliate-aqua-tower-review" is unlisted (content/reviews/affiliate-aqua-tower-review.md), so it is not featured or listed anywhere`,
    );
    // The misspelt tag is not also a dead link to a tag page that does not exist.
    expect(r.stderr).not.toContain('/tag/first-date"');
    expect(r.stderr).toContain('\n3 problems found');

    writeFileSync(tips, tipsText);
    writeFileSync(guide, guideText);
    writeFileSync(features, featuresText);
  });
});
