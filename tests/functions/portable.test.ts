import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.ts';

// The handler and the validation run in browsers and on any serverless runtime: bundling them for
// the browser fails if anything they import reaches for a `node:` module.
describe('the forms function and the shared validation are portable', () => {
  for (const entry of ['site/functions/handler.ts', 'site/forms/validate.ts']) {
    it(`${entry} bundles for the browser with no node: import`, async () => {
      const result = await build({ entryPoints: [entry], absWorkingDir: repoRoot, bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent' });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((f) => f.startsWith('node:') || f.includes('node_modules'))).toEqual([]);
    });
  }
});
