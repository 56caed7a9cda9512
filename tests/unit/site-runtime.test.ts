// One copy of the generator per process (compile/site-modules.ts, docs/architecture.md): a
// compiled site's imports of src/index.ts, src/escape.ts and the shared packages are the very
// modules this process has loaded, in a chunk it loads later too; each load is a graph of its own
// (so an old one can be collected); and the site's compiled files carry no generator code.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as generatorIndex from '../../src/index.ts';
import * as generatorEscape from '../../src/escape.ts';
import { compileSite, type CompiledSite } from '../../src/pipeline/compile/compile-site.ts';
import { loadCompiledSite } from '../../src/pipeline/compile/site-modules.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A site in a folder of its own under tests/.tmp (so it finds the project's node_modules). */
function tinySite(files: Record<string, string>): string {
  mkdirSync(join(repoRoot, 'tests', '.tmp'), { recursive: true });
  const root = mkdtempSync(join(repoRoot, 'tests', '.tmp', 'site-runtime-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

const src = '../../../src';

describe('a compiled site runs on the generator already loaded', () => {
  let root: string;
  let compiled: CompiledSite;
  const load = () => loadCompiledSite(dirname(compiled.configModule), basename(compiled.configModule), { 'index.ts': generatorIndex, 'escape.ts': generatorEscape });

  beforeAll(async () => {
    root = tinySite({
      'site.config.ts': [
        `import { Island, defineSite } from '${src}/index.ts';`,
        `import { escapeHtml } from '${src}/escape.ts';`,
        `import { z } from 'zod';`,
        `import { createElement } from 'react';`,
        `export const used = { Island, defineSite, escapeHtml, z, createElement };`,
        `export const later = () => import('./later.ts');`,
        `export default { title: 'runtime test' };`,
      ].join('\n'),
      'later.ts': `import { Island } from '${src}/index.ts';\nexport const lateIsland = Island;\n`,
    });
    compiled = await compileSite(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("resolves the site's imports of the generator and of shared packages to this process's modules, by identity", async () => {
    expect(compiled.config).toEqual({ title: 'runtime test' });
    const site = (await load()) as { used: Record<string, unknown>; later: () => Promise<{ lateIsland: unknown }> };
    expect(site.used.Island).toBe(generatorIndex.Island);
    expect(site.used.defineSite).toBe(generatorIndex.defineSite);
    expect(site.used.escapeHtml).toBe(generatorEscape.escapeHtml);
    expect(site.used.z).toBe(z);
    expect(site.used.createElement).toBe(createElement);
    // A chunk loaded later, through a dynamic import, gets the same copy.
    expect((await site.later()).lateIsland).toBe(generatorIndex.Island);
  });

  it('gives each load its own modules, so nothing of an old version stays reachable from the next', async () => {
    const [a, b] = (await Promise.all([load(), load()])) as { later: unknown }[];
    expect(a.later).not.toBe(b.later);
  });

  it('lets a load be collected once nothing holds it, as an import() of an ES module never is', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const ref = await (async () => new WeakRef(((await load()) as { used: object }).used))();
    for (let i = 0; i < 10 && ref.deref(); i++) {
      await new Promise((done) => setTimeout(done, 10));
      gc();
    }
    expect(ref.deref()).toBeUndefined();
  });

  it("writes the site's chunks without a copy of the generator (the render worker has its own)", () => {
    const dir = dirname(compiled.configModule);
    const text = (ext: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(ext))
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .join('\n');
    // island.tsx's own message: in the generator's code, not in the site's.
    expect(text('.cjs')).not.toContain('no island named');
    expect(text('.cjs')).toContain('heartnotes:generator/index.ts');
    expect(text('.js')).toContain('no island named');
  });

  it('takes a copy of the generator the project carries (a package named heartnotes) for the loaded one', async () => {
    // As a copy of the whole repository built by another checkout's CLI: its src/ is a generator too.
    const copy = tinySite({
      'package.json': JSON.stringify({ name: 'heartnotes', private: true }),
      'site.config.ts': `import { Island } from './src/index.ts';\nexport const used = { Island };\nexport default { title: 'copy' };\n`,
    });
    mkdirSync(join(copy, 'src'));
    writeFileSync(join(copy, 'src', 'index.ts'), `export const Island = 'the copy, which must not run';\n`);
    try {
      const built = await compileSite(copy);
      const site = (await loadCompiledSite(dirname(built.configModule), basename(built.configModule), { 'index.ts': generatorIndex, 'escape.ts': generatorEscape })) as {
        used: { Island: unknown };
      };
      expect(site.used.Island).toBe(generatorIndex.Island);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('refuses an import of a generator module other than src/index.ts and src/escape.ts, saying which to use', async () => {
    const other = tinySite({ 'site.config.ts': `import { pageScope } from '${src}/pipeline/render/island.tsx';\nexport default { scope: pageScope };\n` });
    try {
      await expect(compileSite(other)).rejects.toThrow(/import it through src\/index\.ts/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
