import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../e2e-helpers/site.ts';

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

describe('the built site is valid HTML (Nu Html Checker)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'heartnotes-vnu-'));
    const built = spawnSync(process.execPath, ['bin/heartnotes.mjs', 'build', '--out', join(dir, 'dist'), '--quiet', '--no-cache'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports no errors on any page, redirect page or 404', () => {
    const result = spawnSync('java', ['-jar', vnuJar, '--skip-non-html', '--errors-only', '--format', 'text', join(dir, 'dist')], {
      encoding: 'utf8',
    });
    const report = (result.stderr + result.stdout).trim();
    expect(report).toBe('Document checking completed. No errors found.');
    expect(result.status).toBe(0);
  });
});
