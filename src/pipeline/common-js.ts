import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package, loaded with `require`.
 *
 * # Design decision
 * `import` gives the same module object, but Node's ESM loader first reads the package's source
 * with its CommonJS lexer to list the exports, and on sharp's files the lexer ran long enough for
 * V8 to optimise it, three times: in a fresh process (2026-11-29), sharp cost 300 ms of CPU
 * imported and 100 ms required, esbuild 146 ms and 34 ms. Every build loads esbuild and every
 * cold build sharp.
 */
export function requirePackage<T>(name: string): T {
  return require(name) as T;
}
