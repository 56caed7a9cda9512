import { describe, expect, inject, it } from 'vitest';
import { runVnu } from '../helpers/vnu.ts';

describe('the built site is valid HTML (Nu Html Checker)', () => {
  it('reports no errors on any page, redirect page or 404', () => {
    // The real site as the run's global set-up built it (tests/global-setup.ts).
    const result = runVnu(['--skip-non-html', '--errors-only', '--format', 'text', inject('builtSite')]);
    const report = (result.stderr + result.stdout).trim();
    expect(report).toBe('Document checking completed. No errors found.');
    expect(result.status).toBe(0);
  });
});
