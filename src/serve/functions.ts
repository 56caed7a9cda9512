import type { FunctionContext, SiteConfig } from '../pipeline/types.ts';

/**
 * A web-standard handler, e.g. a site's server function, mounted under a path prefix. Declared
 * here, not beside the static server that mounts it: src/index.ts exports this module's error, and
 * browser and serverless code import src/index.ts, so nothing here may reach a `node:` module.
 */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A site's server function could not be opened, e.g. its database is unreachable; the message
 * says why and what to do. `dev` and `preview` print it and exit 1 instead of starting.
 */
export class FunctionOpenError extends Error {
  override name = 'FunctionOpenError';
}

/**
 * Whether `error` is a FunctionOpenError. The site's functions throw the class they import from
 * src/index.ts, which resolves to this process's own copy of the generator
 * (compile/site-modules.ts), so `instanceof` holds; before, the site's bundle had a copy of its
 * own and this was a test of the name.
 */
export function isFunctionOpenError(error: unknown): error is FunctionOpenError {
  return error instanceof FunctionOpenError;
}

/** The opened functions of a site: handlers by path prefix, and one close for them all. */
export interface OpenedFunctions {
  mounts: Record<string, FetchHandler>;
  /** Closes every function, each once (waiting for one still opening). */
  close(): Promise<void>;
}

/**
 * Opens the functions a site declares (`SiteConfig.functions`, default: none) one after another,
 * in the order declared, so their log lines come in that order too. If one fails to open, those
 * already open are closed before the error is passed on.
 */
export async function openFunctions(
  functions: SiteConfig['functions'],
  context: Omit<FunctionContext, 'path'> & { pathOf?: (prefix: string) => string },
): Promise<OpenedFunctions> {
  const mounts: Record<string, FetchHandler> = {};
  const closers: (() => Promise<void>)[] = [];
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= Promise.allSettled(closers.map((c) => c())).then(() => {}));
  for (const [prefix, open] of Object.entries(functions ?? {})) {
    try {
      const opened = await open({ root: context.root, log: context.log, path: context.pathOf?.(prefix) ?? prefix });
      mounts[prefix] = opened.handler;
      closers.push(() => opened.close());
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { mounts, close };
}
