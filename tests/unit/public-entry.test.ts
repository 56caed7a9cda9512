// src/index.ts, the one module of the generator a site imports (ESLint holds that: its
// import-x/no-restricted-paths zones in eslint.config.mjs), is safe in the browser: islands import it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'src', 'index.ts');

describe('the public entry point (src/index.ts)', () => {
  it('bundles for the browser (imports no node: module, esbuild or other Node-only code)', async () => {
    const result = await esbuild.build({
      entryPoints: [entry],
      platform: 'browser',
      bundle: true,
      format: 'esm',
      write: false,
      external: ['react', 'react-dom', 'zod'],
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0].text).toContain('defineSite');
  });

  it("exports every type of the site contract (src/pipeline/types.ts), and the build's own types stay out of it", () => {
    const contract = readFileSync(join(root, 'src', 'pipeline', 'types.ts'), 'utf8');
    const declared = [...contract.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    const index = readFileSync(entry, 'utf8');
    const exported = new Set([...index.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())));
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.filter((name) => !exported.has(name))).toEqual([]);
    expect(declared).not.toContain('BuildOptions');
    expect(declared).not.toContain('RenderTimings');
  });
});
