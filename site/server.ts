// This site's server side as site.config.ts plugs it into the generator: the forms function that
// `dev` and `preview` mount at /api/, and the robots and `_headers` rules of the output.
import { FunctionOpenError, type SiteConfig, type ServerFunction } from '../src/index.ts';

/**
 * The forms function (site/functions/node.ts). Its code, PGlite included, loads only when a
 * server opens it: every build and render worker imports the config.
 */
const forms: ServerFunction = async ({ root, log, path }) => {
  const { mountForms, StoreOpenError } = await import('./functions/node.ts');
  try {
    return await mountForms({ root, log, path });
  } catch (error) {
    throw error instanceof StoreOpenError ? new FunctionOpenError(error.message) : error;
  }
};

export const functions: SiteConfig['functions'] = { '/api/': forms };

/** Crawlers have no business posting forms. */
export const robots: SiteConfig['robots'] = { disallow: ['/api/'] };

/** Security headers on every response; hashed assets get the generator's year of caching. */
export const headers: SiteConfig['headers'] = {
  '/*': {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  },
};
