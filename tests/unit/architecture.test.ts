// Rules about the repository that no tool holds, checked on its text: CSS comments cite only
// documents in the repository, citations of docs/product.md name its headings, no package is in
// both package.json files, and docs/architecture.md tells each dependency's side truly. The rules
// tools hold are theirs (docs/architecture.md, "Rules the tools hold"): function length and
// import boundaries (ESLint, eslint.config.mjs, which also keeps "SPEC" out of code comments),
// unused files, exports and dependencies (knip, knip.jsonc), the runtimes' types (tsconfig.*.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Files under `dir` (relative to the project root) whose names match `pattern`; skips dot-folders and node_modules. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name.startsWith('.') || d.name === 'node_modules' || d.name === 'dist' ? [] : filesUnder(path, pattern);
    return pattern.test(d.name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const CODE = /\.(?:ts|tsx|mts|mjs|js)$/;

/**
 * The package names a file's string literals start with: its imports, and the packages it names
 * by path (`'@fontsource/lora/files/…'`) or as an alias (`'preact/compat'`). A quoted run of text
 * on one line, outside block comments and whole-line comments, is near enough: a name that is no
 * package is never a dependency's.
 */
function packagesNamed(source: string): (string | undefined)[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(['"`])([^'"`\n]+)\1/g)].map((m) => packageOf(m[2]));
}

/** `react-dom/server` → `react-dom`, `@scope/pkg/x` → `@scope/pkg`; undefined for relative and `node:` specifiers. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('architecture', () => {
  it('comments in the stylesheets cite only documents in the repository (no "SPEC"; ESLint checks the code\'s comments)', () => {
    const offenders: string[] = [];
    for (const dir of ['src', 'templates', 'site']) {
      for (const file of filesUnder(dir, /\.css$/)) {
        for (const comment of read(file).match(/\/\*[\s\S]*?\*\//g) ?? []) if (/\bSPEC\b/.test(comment)) offenders.push(`${file}: ${comment.trim().split('\n')[0]}`);
      }
    }
    expect(filesUnder('templates', /\.css$/).length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it('every citation of docs/product.md names one of its headings', () => {
    const headings = new Set([...read('docs/product.md').matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1].trim()));
    const citation = /docs\/product\.md(?:,\s*|\s*\()((?:"[^"]+"(?:,\s*and\s+|,\s*|\s+to\s+)?)+)/g;
    const offenders: string[] = [];
    let cited = 0;
    for (const dir of ['src', 'templates', 'site', 'bin', 'tests', 'docs']) {
      for (const file of filesUnder(dir, /\.(?:tsx?|mts|mjs|js|css|md)$/)) {
        for (const m of read(file).matchAll(citation)) {
          for (const [, heading] of m[1].matchAll(/"([^"]+)"/g)) {
            cited++;
            if (!headings.has(heading)) offenders.push(`${file}: "${heading}"`);
          }
        }
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('no package is in both package.json files (knip finds the unused ones)', () => {
    type Manifest = { dependencies?: Record<string, string>; devDependencies: Record<string, string> };
    const pkg = JSON.parse(read('package.json')) as Manifest;
    // The packages only the tests use live in tests/package.json (installed into tests/node_modules
    // by the test set-up), so that `npm install` for building the site does not download them.
    const testPkg = JSON.parse(read('tests/package.json')) as Manifest;
    // TypeScript is the one in both, at two majors: the root's 7 compiles and checks the project;
    // typescript-eslint's parser (the lint) needs the JavaScript API TypeScript 7 no longer has.
    const inBoth = Object.keys(testPkg.devDependencies).filter((name) => name !== 'typescript' && (name in pkg.devDependencies || name in (pkg.dependencies ?? {})));
    expect(inBoth).toEqual([]);
  });

  it("docs/architecture.md tells every dependency's side truly: the generator's (imported from src/ or bin/) or the site's (only from site.config.ts, templates/, site/)", () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const doc = read('docs/architecture.md');
    const table = doc.slice(doc.indexOf('| package | side | what for |')).split('\n\n')[0].split('\n').slice(2);
    const documented = new Map(
      table.flatMap((row) => {
        const [names, side] = row.split('|').slice(1, 3);
        return [...names.matchAll(/`([^`]+)`/g)].map((m): [string, string] => [m[1], side.trim()]);
      }),
    );
    const sources = (dirs: string[]) => dirs.flatMap((d) => (d.includes('.') ? [d] : filesUnder(d, CODE))).map(read);
    const namedBy = (dirs: string[]) => new Set(sources(dirs).flatMap(packagesNamed));
    const generator = namedBy(['src', 'bin']);
    const site = namedBy(['site', 'templates', 'site.config.ts']);
    const actual = Object.keys(pkg.dependencies).map((name) => [name, generator.has(name) ? 'generator' : site.has(name) ? 'site' : 'unused']);
    expect(actual).toEqual(Object.keys(pkg.dependencies).map((name) => [name, documented.get(name) ?? 'not in the table']));
    expect([...documented.keys()].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });
});
