import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.ts';

/** `npm run bench -- …` as a user types it: `node bench/run.mjs …` from the repository. */
function bench(...args: string[]) {
  const r = spawnSync(process.execPath, ['bench/run.mjs', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return r;
}

describe('npm run bench: usage', () => {
  it('--help prints the modes and their options, and exits 0 without building anything', () => {
    const r = bench('--help');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^usage: npm run bench -- \[mode\] \[options\]\n/);
    for (const mode of ['--stages', '--floor', '--lighthouse', '--forms', '--pages N (4000)']) expect(r.stdout).toContain(mode);
    expect(r.stdout).not.toContain('Corpus:');
  });

  it('an unknown option, in any mode, is one sentence pointing at --help, and exit 2', () => {
    for (const args of [['--bogus'], ['--stages', '--bogus'], ['--floor', '--bogus'], ['--forms', '--bogus']]) {
      const r = bench(...args);
      expect(r.stderr, args.join(' ')).toBe(`Unknown option '--bogus'; "npm run bench -- --help" lists the options\n`);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
    }
  });

  it('a missing or bad value is one sentence too', () => {
    let r = bench('--pages');
    expect(r.stderr).toBe(`Option '--pages <value>' argument missing; "npm run bench -- --help" lists the options\n`);
    expect(r.status).toBe(2);
    r = bench('--pages', 'many');
    expect(r.stderr).toBe('--pages and --runs must be whole numbers from 1; "npm run bench -- --help" lists the options\n');
    expect(r.status).toBe(2);
  });
});

describe('.gitignore', () => {
  it('ignores drafts-preview/, the folder docs/content.md gives build --drafts', () => {
    const r = spawnSync('git', ['check-ignore', '--no-index', 'drafts-preview/post/my-draft.html', 'dist/index.html'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.stdout.split('\n').filter(Boolean)).toEqual(['drafts-preview/post/my-draft.html', 'dist/index.html']);
  });
});
