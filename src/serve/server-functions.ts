import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileSite } from '../pipeline/compile/compile-site.ts';
import type { SiteConfig } from '../pipeline/types.ts';
import { openFunctions, type OpenedFunctions } from './functions.ts';

export interface ServerFunctionsOptions {
  /** The project folder. */
  root: string;
  /** Where the functions print their lines. */
  log: (line: string) => void;
  /**
   * What a `site.config.ts` that cannot be compiled or imported means: `throw` its diagnostics,
   * or open `none` (the dev server shows the problem in its own way and keeps serving).
   */
  ifBroken: 'throw' | 'none';
  /** Where a function mounted at `prefix` answers, as a browser asks (default: the prefix itself). */
  pathOf?: (prefix: string) => string;
}

/**
 * Compiles the site's config and opens the server functions it declares. A project without
 * `site.config.ts` (a plain built folder to preview) has none.
 */
export async function openServerFunctions(options: ServerFunctionsOptions): Promise<OpenedFunctions> {
  const context = { root: options.root, log: options.log, pathOf: options.pathOf };
  if (!existsSync(join(options.root, 'site.config.ts'))) return openFunctions(undefined, context);
  let functions: SiteConfig['functions'];
  try {
    functions = (await compileSite(options.root)).config.functions;
  } catch (error) {
    if (options.ifBroken === 'throw') throw error;
  }
  return openFunctions(functions, context);
}
