import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCache } from './warm-cache.ts';

/** The repository root (where package.json and bin/ live). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const fixturesDir = join(repoRoot, 'tests', 'fixtures');

export interface FixtureCopy {
  /** The project root to build: `<temp>/tests/fixtures/<case>`. */
  root: string;
  /** The temp folder holding everything; removed by `cleanup`. */
  temp: string;
  /** Writes (or overwrites) a file relative to `root`. */
  write(file: string, text: string): void;
  /** Reads a file relative to `root`. */
  read(file: string): string;
  cleanup(): void;
}

/**
 * A copy of this project (its content, templates, site modules, public files, generator, config)
 * in a fresh temp folder named after `prefix`, with node_modules linked; returns
 * its root. `configChanges`, an object expression over the real config `site` (e.g.
 * `{ cards: undefined }`), is spread over it: the copy's `site.config.ts` imports the real one,
 * renamed `site.base.ts`. Its `.cache/` starts from the real site's (warm-cache.ts), as a
 * developer's checkout with a cache does: no test of a copy is about a cold cache.
 */
export function copyProject(prefix: string, configChanges?: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ['content', 'templates', 'site', 'public', 'src', 'site.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(join(repoRoot, entry), join(root, entry), { recursive: true });
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  seedCache(root);
  if (configChanges) {
    renameSync(join(root, 'site.config.ts'), join(root, 'site.base.ts'));
    writeFileSync(join(root, 'site.config.ts'), `import site from './site.base.ts';\nexport default { ...site, ...${configChanges} };\n`);
  }
  return root;
}

/**
 * Copies a fixture case (and the shared site it builds with) into a fresh temp folder, laid out
 * like the repository so the fixture's relative imports of `src/` resolve: `<temp>/src` and
 * `<temp>/node_modules` are links to the real ones. `expected/` and `.cache/` are not copied.
 */
export function copyFixture(name: string, prefix = 'heartnotes-test-'): FixtureCopy {
  const temp = mkdtempSync(join(tmpdir(), prefix));
  const skip = (from: string) => {
    const rel = relative(fixturesDir, from).split(sep);
    return !rel.includes('expected') && !rel.includes('.cache') && !rel.includes('dist');
  };
  for (const part of ['_shared', name]) {
    cpSync(join(fixturesDir, part), join(temp, 'tests', 'fixtures', part), { recursive: true, filter: skip });
  }
  symlinkSync(join(repoRoot, 'src'), join(temp, 'src'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules'), join(temp, 'node_modules'), 'dir');
  const root = join(temp, 'tests', 'fixtures', name);
  return {
    root,
    temp,
    write(file, text) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    },
    read: (file) => readFileSync(join(root, file), 'utf8'),
    cleanup: () => rmSync(temp, { recursive: true, force: true }),
  };
}

/**
 * Plugs this repository's server side into a fixture copy the way site.config.ts does for the real
 * site: the copy's site.config.ts becomes the shared fixture site plus the `functions` of
 * site/server.ts (the forms function at `/api/`), with `<temp>/site` a link to the real site/. It is
 * built for Netlify, as the real site is, so `preview` mounts the function (a plain CDN runs none).
 */
export function plugInSiteForms(fx: FixtureCopy): FixtureCopy {
  symlinkSync(join(repoRoot, 'site'), join(fx.temp, 'site'), 'dir');
  fx.write(
    'site.config.ts',
    "import site from '../_shared/site.ts';\nimport { functions } from '../../../site/server.ts';\n\nexport default { ...site, functions, deploy: { host: 'netlify' } };\n",
  );
  return fx;
}

/** Every file under `dir` (POSIX paths relative to it), sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const d of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(join(abs, d.name), r);
      else out.push(r);
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out.sort();
}

/** Every file under `dir` with its bytes, for byte-for-byte comparison of two trees. */
export function readTree(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

/** A compact description of how two trees differ, empty when they are byte-identical. */
export function diffTrees(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const problems: string[] = [];
  for (const [file, bytes] of a) {
    const other = b.get(file);
    if (!other) problems.push(`only in first: ${file}`);
    else if (!bytes.equals(other)) problems.push(`differs: ${file}`);
  }
  for (const file of b.keys()) if (!a.has(file)) problems.push(`only in second: ${file}`);
  return problems;
}
