import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The generator modules a site may import (through `src/index.ts`, and `src/escape.ts` for its
 * serverless functions), by their path in `src/`. The compiled site asks for them as
 * `heartnotes:generator/<path>`; the process that loads it hands in its own loaded copies.
 */
export type GeneratorModules = Record<string, object>;

/** The prefix of a generator module's specifier in a compiled site (see compile-site.ts). */
export const GENERATOR_PREFIX = 'heartnotes:generator/';

type Namespace = Record<string, unknown>;

/**
 * A tiny module runner for a compiled site: its chunks are CommonJS files (compile-site.ts turns
 * esbuild's ESM chunks into them), evaluated here as modules that belong to one load. `require`
 * of `heartnotes:generator/…` answers with the generator copy already loaded in this process or
 * worker, a package with the instance Node's ESM loader holds, and a chunk with this load's copy.
 *
 * # Design decision
 * See docs/architecture.md, "One copy of the generator per process". Plain `import()` of a
 * compiled ESM bundle (what was done before) keeps every compiled version alive for the life of
 * the process, since Node's ESM loader never frees a module; and a bundle that carries its own
 * generator needs global state for islands and images to cross between the two copies. Here a
 * load is an object graph like any other: once the config is dropped, it can be collected.
 */
class SiteModules {
  private readonly exportsOf = new Map<string, Namespace>();
  private readonly packages = new Map<string, Namespace>();
  private readonly importPackage: (specifier: string) => Promise<Namespace>;
  private readonly nodeRequire: NodeJS.Require;

  constructor(
    private readonly dir: string,
    private readonly generator: GeneratorModules,
    shared: Record<string, object>,
  ) {
    for (const [name, namespace] of Object.entries(shared)) this.packages.set(name, esModuleShape(namespace as Namespace));
    // Packages resolve from the compiled folder, as an ESM import placed there would.
    const importer = compileModule(join(dir, 'import.cjs'), 'module.exports = (specifier) => import(specifier);', {});
    this.importPackage = importer.exports as (specifier: string) => Promise<Namespace>;
    this.nodeRequire = createRequire(join(dir, 'import.cjs'));
  }

  /** Loads a chunk (the entry, or one a dynamic `import()` asks for) with the packages it needs first. */
  async load(name: string): Promise<Namespace> {
    await this.preparePackages(name, new Set());
    return this.evaluate(name);
  }

  /** Imports, through Node's ESM loader, every package the chunk and its static chunk imports require. */
  private async preparePackages(name: string, seen: Set<string>): Promise<void> {
    if (seen.has(name) || this.exportsOf.has(name)) return;
    seen.add(name);
    for (const specifier of requiresOf(this.code(name))) {
      if (specifier.startsWith('./')) await this.preparePackages(specifier.slice(2), seen);
      else if (!specifier.startsWith(GENERATOR_PREFIX) && !specifier.startsWith('node:') && !this.packages.has(specifier)) {
        this.packages.set(specifier, esModuleShape(await this.importPackage(specifier)));
      }
    }
  }

  private readonly codes = new Map<string, string>();
  private code(name: string): string {
    let code = this.codes.get(name);
    if (code === undefined) this.codes.set(name, (code = readFileSync(join(this.dir, name), 'utf8')));
    return code;
  }

  private evaluate(name: string): Namespace {
    const done = this.exportsOf.get(name);
    if (done) return done;
    const module = compileModule(join(this.dir, name), this.code(name), {
      require: (specifier: string) => this.require(specifier),
      // compile-site.ts rewrote the chunk's `import("./chunk-…")` into a call of this.
      siteImport: (specifier: string) => this.load(specifier.slice(2)),
    });
    this.exportsOf.set(name, module.exports as Namespace);
    return module.exports as Namespace;
  }

  private require(specifier: string): unknown {
    if (specifier.startsWith('./')) return this.evaluate(specifier.slice(2));
    if (specifier.startsWith(GENERATOR_PREFIX)) {
      const loaded = this.generator[specifier.slice(GENERATOR_PREFIX.length)];
      if (!loaded) throw new Error(`the site imports ${specifier}, which the generator does not offer`);
      return esModuleShape(loaded as Namespace);
    }
    if (specifier.startsWith('node:')) return this.nodeRequire(specifier);
    const loaded = this.packages.get(specifier);
    if (!loaded) throw new Error(`the compiled site requires "${specifier}" before it was imported`);
    return loaded;
  }
}

/**
 * An ES module namespace as CommonJS code converted by esbuild reads one: `__esModule` set, so a
 * default import is the module's `default` and a named import its export of that name.
 */
function esModuleShape(namespace: Namespace): Namespace {
  return Object.defineProperty({ ...namespace }, '__esModule', { value: true });
}

/** The specifiers of every `require("…")` esbuild wrote into a converted chunk. */
function requiresOf(code: string): string[] {
  return [...code.matchAll(/\brequire\("((?:[^"\\]|\\.)*)"\)/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

/**
 * Compiles CommonJS code as a module that is in no cache (Node's own `_compile`, which also
 * registers the code's inline source map, so a template's error names its .tsx file and line).
 */
function compileModule(filename: string, code: string, hooks: { require?: (specifier: string) => unknown; siteImport?: (specifier: string) => Promise<Namespace> }): Module {
  const module = new Module(filename) as Module & {
    _compile(code: string, filename: string): void;
    siteImport?: (specifier: string) => Promise<Namespace>;
  };
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(filename));
  // The `require` handed to the code calls `module.require`, so this one answers it.
  if (hooks.require) module.require = hooks.require as NodeJS.Require;
  module.siteImport = hooks.siteImport;
  module._compile(code, filename);
  return module;
}

/**
 * Evaluates a compiled site's entry chunk (in `dir`) with the given generator modules, and
 * returns its exports. Each call is a load of its own: nothing of it is kept once it is dropped.
 * `shared` are packages the site gets as the process that loads it already holds them, not
 * imported from `node_modules` (see compile-site.ts, `sharedPackages`).
 */
export function loadCompiledSite(dir: string, entry: string, generator: GeneratorModules, shared: Record<string, object> = {}): Promise<Namespace> {
  return new SiteModules(dir, generator, shared).load(entry);
}
