import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'src', 'index.ts');

/** Every .ts/.tsx file under `dir` (relative to the project root), recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports, static and dynamic. */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g;
  return [...source.matchAll(pattern)].map((m) => m[2]);
}

describe('the public entry point (src/index.ts)', () => {
  const siteFiles = ['site.config.ts', ...sourceFiles('templates'), ...sourceFiles('site'), ...sourceFiles('tests/fixtures')];

  it('is the only file of src/ that a site config, template or site module imports', () => {
    const offenders: string[] = [];
    for (const file of siteFiles) {
      for (const specifier of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(root, dirname(file), specifier);
        // The forms function is bundled on its own for serverless hosts (tests/functions/portable.test.ts):
        // it takes the escaper from its import-free module, not from the entry that brings React and zod.
        const portable = file.startsWith('site/functions/') && target === join(root, 'src', 'escape.ts');
        if (target.startsWith(join(root, 'src') + '/') && target !== entry && !portable) offenders.push(`${file} imports ${specifier}`);
      }
    }
    expect(siteFiles).toContain('templates/index.ts');
    expect(offenders).toEqual([]);
  });

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

  it('exports every type of the site contract (src/pipeline/types.ts), and the build\'s own types stay out of it', () => {
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
