import type { Entry } from '../types.ts';

/**
 * The entries a listing may show: those not marked `unlisted: true`. An unlisted entry keeps its
 * page, at its address, for the links that lead there; the generator leaves it out of the sitemap,
 * the feed and the search index, and a site's listings (indexes, related reading, a home page)
 * pass their entries through this.
 */
export function listed<T extends Pick<Entry, 'unlisted'>>(entries: readonly T[]): T[] {
  return entries.filter((e) => !e.unlisted);
}
