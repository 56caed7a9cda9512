// The mechanics every landing page shares (docs/product.md, "Landing pages"): one browser-safe module for pages and tests.

export { readParams } from './params.ts';
export { buildTrackerUrl } from './tracker.ts';
export { checkAllowedUrl, chooseDestination, isAllowedPath, normalizeAllowList, validateCu } from './destination.ts';
export { chooseLocale, type Locale } from './locale.ts';
