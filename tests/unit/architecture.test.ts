// Rules about the shape of the code, checked on the source text: functions in src/ stay short, the
// generator never reaches into this site's own parts, comments cite only documents in the
// repository, and every declared dependency is used. Each failure lists every offender.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The longest function body allowed in src/, in lines from its `{` to its `}`. */
const MAX_FUNCTION_LINES = 80;

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

/** What a scan of one source file finds: its brace pairs, comments and string literals. */
interface Scan {
  /** Each `{ … }` with the offsets of both braces, and whether it is the body of a function. */
  blocks: { open: number; close: number; isFunction: boolean }[];
  comments: string[];
  strings: string[];
  /** Whether every `{` met its `}`: a scan that went astray (a misread regex, say) is not. */
  balanced: boolean;
}

const CONTROL_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'yield']);
/** After these, a `/` starts a regular expression rather than dividing. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void', 'throw', 'else', 'do', 'yield', 'await']);

/**
 * Scans TypeScript/JavaScript source well enough to match braces: strings, template literals
 * (with their `${}` parts), regular expressions and comments are skipped. A `{` is a function body
 * when it follows `=>`, or follows `)` (with an optional return type) whose `(` is not preceded by
 * a control keyword such as `if` or `for`. JSX text is not understood; src/ has almost none.
 */
function scan(source: string): Scan {
  const blocks: Scan['blocks'] = [];
  const comments: string[] = [];
  const strings: string[] = [];
  const braces: { open: number; isFunction: boolean; template: boolean }[] = [];
  const parens: number[] = [];
  /** Offset just past the last `)` and the offset of its `(`. */
  let lastParen: { end: number; open: number } | undefined;
  let lastToken = '';
  let balanced = true;
  let i = 0;

  const readQuoted = (quote: string) => {
    const start = i++;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    strings.push(source.slice(start + 1, i));
    i++;
    lastToken = 'string';
  };
  /** Reads template text up to its end or to a `${`; returns true at a `${` (left open). */
  const readTemplateText = (): boolean => {
    const start = i;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') i += 2;
      else if (source[i] === '$' && source[i + 1] === '{') {
        strings.push(source.slice(start, i));
        i += 2;
        braces.push({ open: i - 1, isFunction: false, template: true });
        lastToken = '{';
        return true;
      } else i++;
    }
    strings.push(source.slice(start, i));
    i++;
    lastToken = 'string';
    return false;
  };
  const regexAllowed = () => lastToken === '' || BEFORE_REGEX.has(lastToken) || /^[(,=:[!&|?{};+\-*%<>~^]$|^=>$/.test(lastToken);
  const startsFunction = (at: number): boolean => {
    if (lastToken === '=>') return true;
    if (!lastParen) return false;
    const between = source.slice(lastParen.end, at);
    // `) {` or `): ReturnType {` (a return type without braces of its own).
    if (!/^\s*(?::[^{};=]*)?$/.test(between)) return false;
    const before = source.slice(0, lastParen.open).match(/([A-Za-z_$][\w$]*)\s*(?:<[^()]*>)?\s*$/);
    return !before || !CONTROL_KEYWORDS.has(before[1]);
  };

  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      comments.push(source.slice(i, end === -1 ? source.length : end));
      i = end === -1 ? source.length : end;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      comments.push(source.slice(i, end === -1 ? source.length : end + 2));
      i = end === -1 ? source.length : end + 2;
    } else if (c === '"' || c === "'") readQuoted(c);
    else if (c === '`') {
      i++;
      readTemplateText();
    } else if (c === '/' && regexAllowed()) {
      let inClass = false;
      i++;
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/.test(source[i] ?? '')) i++;
      lastToken = 'regex';
    } else if (c === '(') {
      parens.push(i++);
      lastToken = '(';
    } else if (c === ')') {
      lastParen = { end: i + 1, open: parens.pop() ?? i };
      i++;
      lastToken = ')';
    } else if (c === '{') {
      braces.push({ open: i, isFunction: startsFunction(i), template: false });
      i++;
      lastToken = '{';
    } else if (c === '}') {
      const block = braces.pop();
      if (!block) balanced = false;
      i++;
      if (block?.template) readTemplateText();
      else {
        if (block) blocks.push({ open: block.open, close: i - 1, isFunction: block.isFunction });
        lastToken = '}';
      }
    } else if (/\s/.test(c)) i++;
    else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 200))![0];
      i += word.length;
      lastToken = word;
    } else {
      lastToken = source.slice(i, i + 2) === '=>' ? '=>' : c;
      i += lastToken.length;
    }
  }
  return { blocks, comments, strings, balanced: balanced && braces.length === 0 };
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** The module specifiers a file imports, re-exports or requires, static and dynamic. */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\brequire\.resolve\s*\(\s*)(['"])([^'"]+)\1/g;
  return [...source.matchAll(pattern)].map((m) => m[2]);
}

/** `react-dom/server` → `react-dom`, `@scope/pkg/x` → `@scope/pkg`; undefined for relative and `node:` specifiers. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const srcFiles = filesUnder('src', /\.tsx?$/);

describe('architecture', () => {
  it('the scanner finds function bodies and skips what only looks like braces', () => {
    const source = [
      'function a(x: number): string {',
      '  const s = `{ ${x} }` + "}" + \'{\';',
      '  const r = /[{}]/g; // }',
      '  if (x) { return s; }',
      '  return [1].map((n) => { return n; }).join() + r.source;',
      '}',
      'const b = async (): Promise<void> => {',
      '  for (const k of []) {}',
      '};',
    ].join('\n');
    const functions = scan(source).blocks.filter((b) => b.isFunction).map((b) => [lineOf(source, b.open), lineOf(source, b.close)]);
    expect(functions).toEqual([[5, 5], [1, 6], [7, 9]]);
  });

  it(`no function in src/ is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const offenders: string[] = [];
    for (const file of srcFiles) {
      const source = read(file);
      const scanned = scan(source);
      if (!scanned.balanced) offenders.push(`${file}: could not be scanned (unbalanced braces)`);
      for (const block of scanned.blocks) {
        if (!block.isFunction) continue;
        const start = lineOf(source, block.open);
        const length = lineOf(source, block.close) - start + 1;
        if (length > MAX_FUNCTION_LINES) offenders.push(`${file}:${start}: ${length} lines`);
      }
    }
    expect(srcFiles.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('no file in src/ imports from site/, templates/ or site.config.ts', () => {
    const offenders: string[] = [];
    for (const file of srcFiles) {
      for (const specifier of importSpecifiers(read(file))) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(root, resolve(root, dirname(file), specifier));
        if (/^(?:site|templates)(?:\/|$)|^site\.config\.[cm]?[jt]s$/.test(target)) offenders.push(`${file} imports ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('comments in src/, templates/, site/ and bin/ cite only documents in the repository (no "SPEC")', () => {
    const offenders: string[] = [];
    for (const dir of ['src', 'templates', 'site', 'bin']) {
      for (const file of filesUnder(dir, /\.(?:tsx?|mts|mjs|js|css)$/)) {
        const source = read(file);
        const comments = CODE.test(file) ? scan(source).comments : source.match(/\/\*[\s\S]*?\*\//g) ?? [];
        for (const comment of comments) if (/\bSPEC\b/.test(comment)) offenders.push(`${file}: ${comment.trim().split('\n')[0]}`);
      }
    }
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

  it('every dependency is used by the generator or the site, every devDependency by bench, tools or scripts, every test package by tests', () => {
    type Manifest = { dependencies?: Record<string, string>; devDependencies: Record<string, string>; scripts?: Record<string, string> };
    const pkg = JSON.parse(read('package.json')) as Manifest;
    // The packages only the tests use live in tests/package.json (installed into tests/node_modules
    // by the test set-up), so that `npm install` for building the site does not download them.
    const testPkg = JSON.parse(read('tests/package.json')) as Manifest;
    const sourcesIn = (dirs: string[]) => dirs.flatMap((d) => (d.includes('.') ? [d] : filesUnder(d, CODE))).filter((f) => existsSync(join(root, f))).map(read);
    const runtime = sourcesIn(['src', 'site', 'templates', 'bin', 'site.config.ts']);
    const devTooling = sourcesIn(['bench', 'tools', 'vitest.config.ts']);
    const testTooling = sourcesIn(['tests', 'bench', 'tools']);
    const imported = (sources: string[]) => new Set(sources.flatMap((s) => [...importSpecifiers(s), ...scan(s).strings].map(packageOf)));
    const usedAtRuntime = imported(runtime);
    const usedAnywhere = new Set([...usedAtRuntime, ...imported(devTooling), ...imported(testTooling)]);
    const usedByDevTooling = new Set([...usedAtRuntime, ...imported(devTooling)]);
    const scripts = Object.values(pkg.scripts ?? {}).join('\n');
    const binsOf = (name: string): string[] => {
      const bin = (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> }).bin;
      return typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin ?? {});
    };
    const devUsed = (name: string) =>
      usedByDevTooling.has(name) ||
      // @types/x serves imports of x (@types/node: node: imports, which every part has).
      (name.startsWith('@types/') && (name === '@types/node' || usedAnywhere.has(name.slice(7)))) ||
      binsOf(name).some((bin) => new RegExp(`(?:^|[\\s&;|])${bin}\\b`, 'm').test(scripts));
    const usedByTests = imported(testTooling);
    const testUsed = (name: string) =>
      usedByTests.has(name) ||
      // A package that brings a per-platform package, named as `@name/${platform}` in a test.
      testTooling.some((s) => s.includes(`@${name}/`));
    const unusedDependencies = Object.keys(pkg.dependencies ?? {}).filter((name) => !usedAtRuntime.has(name));
    // A root devDependency only the tests import belongs in tests/package.json.
    const unusedDevDependencies = Object.keys(pkg.devDependencies).filter((name) => !devUsed(name));
    const unusedTestPackages = Object.keys(testPkg.devDependencies).filter((name) => !testUsed(name));
    const inBoth = Object.keys(testPkg.devDependencies).filter((name) => name in pkg.devDependencies || name in (pkg.dependencies ?? {}));
    expect({ unusedDependencies, unusedDevDependencies, unusedTestPackages, inBoth }).toEqual({ unusedDependencies: [], unusedDevDependencies: [], unusedTestPackages: [], inBoth: [] });
  });
  it("docs/architecture.md tells every dependency's side truly: the generator's (imported from src/ or bin/) or the site's (only from site.config.ts, templates/, site/)", () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const doc = read('docs/architecture.md');
    const table = doc.slice(doc.indexOf('| package | side | what for |')).split('\n\n')[0].split('\n').slice(2);
    const documented = new Map(table.flatMap((row) => {
      const [names, side] = row.split('|').slice(1, 3);
      return [...names.matchAll(/`([^`]+)`/g)].map((m): [string, string] => [m[1], side.trim()]);
    }));
    const sources = (dirs: string[]) => dirs.flatMap((d) => (d.includes('.') ? [d] : filesUnder(d, CODE))).map(read);
    const importedBy = (dirs: string[]) => new Set(sources(dirs).flatMap((s) => [...importSpecifiers(s), ...scan(s).strings].map(packageOf)));
    const generator = importedBy(['src', 'bin']);
    const site = importedBy(['site', 'templates', 'site.config.ts']);
    const actual = Object.keys(pkg.dependencies).map((name) => [name, generator.has(name) ? 'generator' : site.has(name) ? 'site' : 'unused']);
    expect(actual).toEqual(Object.keys(pkg.dependencies).map((name) => [name, documented.get(name) ?? 'not in the table']));
    expect([...documented.keys()].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });
});
