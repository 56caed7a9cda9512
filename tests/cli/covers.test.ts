// tools/draw-covers.mjs, run as editors run it: the covers in public/images/covers/ and each
// piece's coverAlt are what the recipes draw (--check), and a drift is named, not passed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.ts';

const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [join(cwd, 'tools/draw-covers.mjs'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
const tmp = mkdtempSync(join(tmpdir(), 'heartnotes-covers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tools/draw-covers.mjs', () => {
  it('--check: the committed covers and alt texts are exactly what the recipes draw', () => {
    const r = run(repoRoot, '--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Checked (\d+) covers \(\1 different\) in public\/images\/covers\/\.\n$/);
  });

  it('names a cover out of date and an alt text that differs, then puts both right, the same bytes every time', () => {
    for (const dir of ['tools', 'content', 'public/images/covers']) cpSync(join(repoRoot, dir), join(tmp, dir), { recursive: true });
    const cover = join(tmp, 'public/images/covers/first-date-tips.svg');
    const article = join(tmp, 'content/articles/first-date-tips.md');
    const drawn = readFileSync(cover, 'utf8');
    writeFileSync(cover, drawn.replace('<title', '<title data-x="1"'));
    writeFileSync(article, readFileSync(article, 'utf8').replace(/^coverAlt: .*$/m, 'coverAlt: "Illustration: a star"'));
    const checked = run(tmp, '--check');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('public/images/covers/first-date-tips.svg is out of date: run node tools/draw-covers.mjs');
    expect(checked.stderr).toContain("content/articles/first-date-tips.md: coverAlt differs from the recipe's alt text");
    expect(run(tmp).status).toBe(0);
    expect(readFileSync(cover, 'utf8')).toBe(drawn);
    expect(readFileSync(article, 'utf8')).toMatch(/^coverAlt: "Illustration: two coffee cups side by side, their steam rising into a small heart"$/m);
    expect(run(tmp, '--check').status).toBe(0);
  });

  it('refuses a piece whose cover has no recipe', () => {
    const article = join(tmp, 'content/articles/first-date-tips.md');
    writeFileSync(article, readFileSync(article, 'utf8').replace(/^coverImage: .*$/m, 'coverImage: /images/covers/unknown-piece.svg'));
    const checked = run(tmp, '--check');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('content/articles/first-date-tips.md: the cover /images/covers/unknown-piece.svg has no recipe in tools/covers/recipes.mjs');
  });
});
