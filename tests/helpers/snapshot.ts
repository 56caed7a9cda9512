import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { listFiles } from './fixtures.ts';

/**
 * Compares a built tree with a fixture's `expected/` folder, file list and bytes. A missing
 * `expected/` fails the test; `UPDATE=1` (re)writes it from the build (review the diff before
 * committing it). Returns what happened, so a test can say so.
 */
export function expectTreeToMatchSnapshot(actualDir: string, expectedDir: string): 'compared' | 'written' {
  if (process.env.UPDATE === '1') {
    rmSync(expectedDir, { recursive: true, force: true });
    cpSync(actualDir, expectedDir, { recursive: true });
    return 'written';
  }
  expect(existsSync(expectedDir), `${expectedDir} is missing (run with UPDATE=1 to write it, then review it)`).toBe(true);
  const files = listFiles(actualDir);
  expect(files, 'files in the output (run with UPDATE=1 to accept a change)').toEqual(listFiles(expectedDir));
  for (const file of files) {
    const actual = readFileSync(join(actualDir, file));
    const expected = readFileSync(join(expectedDir, file));
    if (actual.equals(expected)) continue;
    // Show a readable diff for text; fall back to bytes for anything else.
    expect(actual.toString('utf8'), `${file} differs from expected/ (run with UPDATE=1 to accept)`).toBe(expected.toString('utf8'));
    expect(actual.equals(expected), `${file} differs byte-wise from expected/`).toBe(true);
  }
  return 'compared';
}
