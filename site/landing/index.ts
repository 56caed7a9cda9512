// The mechanics every landing page shares (docs/product.md, "Landing pages"): one browser-safe module for pages and tests.

export { readParams, type ParamDeclaration, type ParamValues } from './params.ts';
export { buildTrackerUrl, NEVER_FORWARDED, type TrackerOptions } from './tracker.ts';
export {
  checkAllowedUrl,
  chooseDestination,
  isAllowedPath,
  MAX_CU_LENGTH,
  normalizeAllowList,
  TEXT,
  validateCu,
  type CuRefusal,
  type CuResult,
  type Destination,
  type DestinationInput,
  type Toast,
} from './destination.ts';
export { chooseLocale, type Locale, type LocaleInput } from './locale.ts';
