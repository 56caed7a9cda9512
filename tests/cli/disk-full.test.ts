import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, readTree, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

// Issue 18: a full disk during a build. The disk is filled for one folder by a preload module
// (tests/helpers/no-space.mjs) that makes writes there throw ENOSPC after some bytes, in the real
// CLI process: mounting a small tmpfs needs rights CI may not have.

const preload = pathToFileURL(join(repoRoot, 'tests', 'helpers', 'no-space.mjs')).href;
let site: FixtureCopy;

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-disk-');
});
afterEach(() => site.cleanup());

/** `build` with the disk full under `folder` once `after` bytes were written there. */
function buildWithFullDisk(folder: string, after: number) {
  const r = spawnSync(process.execPath, ['bin/heartnotes.mjs', 'build', '--root', site.root], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      NO_COLOR: '1',
      NODE_ENV: 'production',
      NODE_OPTIONS: `--import=${preload}`,
      HEARTNOTES_TEST_NO_SPACE_UNDER: folder,
      HEARTNOTES_TEST_NO_SPACE_AFTER: String(after),
    },
  });
  return { status: r.status, stderr: r.stderr.trim() };
}

/** No stack, no frames, no path of the compiled CLI: one line. */
function expectOneSentence(stderr: string) {
  expect(stderr.split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\bat |\.cache\/generator|ENOSPC/);
}

describe('a full disk during a build', () => {
  it('in the output: exit 1, one sentence with the space needed and free, the previous output byte for byte', () => {
    expect(runCli(['build', '--root', site.root, '--quiet']).status).toBe(0);
    const previous = readTree(join(site.root, 'dist'));
    site.write('content/pages/about.md', site.read('content/pages/about.md').replace(/^title: .*$/m, 'title: A changed title'));
    // The whole output is written anew (`--no-cache` is not needed: the manifest says which files changed).
    const r = buildWithFullDisk(join(site.root, 'dist'), 1_000);
    expect(r.status).toBe(1);
    expectOneSentence(r.stderr);
    expect(r.stderr).toMatch(
      new RegExp(`^The disk holding ${join(site.root, 'dist')} is full: this build needs about [\\d.]+ (?:KB|MB) and [\\d.]+ (?:B|KB|MB|GB|TB) is free\\. Nothing was changed: \\S*dist/ is as it was\\. Free some space and build again\\.$`),
    );
    expect(diffTrees(previous, readTree(join(site.root, 'dist')))).toEqual([]);
    expect(readdirSync(site.root).filter((n) => n.startsWith('dist.'))).toEqual([]);
  });

  it('in .cache: the same kind of sentence, naming .cache; the previous output byte for byte', () => {
    expect(runCli(['build', '--root', site.root, '--quiet', '--no-cache']).status).toBe(0);
    const previous = readTree(join(site.root, 'dist'));
    const r = buildWithFullDisk(join(site.root, '.cache'), 0);
    expect(r.status).toBe(1);
    expectOneSentence(r.stderr);
    expect(r.stderr).toMatch(new RegExp(`^The disk holding ${join(site.root, '.cache')} is full: [\\d.]+ (?:B|KB|MB|GB|TB) is free\\. Nothing was changed: \\S*dist/ is as it was\\. Free some space and build again\\.$`));
    expect(diffTrees(previous, readTree(join(site.root, 'dist')))).toEqual([]);
  });
});
