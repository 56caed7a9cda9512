import type { CollectionSpec, SiteConfig } from './types.ts';

/**
 * Declares a site; only gives the config its types. The content type of `settings`, `shared`,
 * `routes`, `redirects`, `files` and `feed` is read off the zod schemas in `collections`.
 *
 * # Design decision
 * A module of its own, importing nothing at run time, so `site.config.ts` and templates reach it
 * through the browser-safe public entry point (src/index.ts) rather than the config compiler,
 * which imports esbuild and `node:fs`.
 */
export function defineSite<C extends Record<string, CollectionSpec>>(config: SiteConfig<C>): SiteConfig<C> {
  return config;
}
