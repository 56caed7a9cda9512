// Building outgoing tracker URLs (docs/product.md, "Query parameters"). Browser-safe.

import { checkAllowedUrl } from './destination.ts';

/** Never forwarded as-is: the destination, the locale choice, the forward switch, the country. */
export const NEVER_FORWARDED = ['cu', 'lang', 'direct', 'cc'] as const;

export interface TrackerOptions {
  /** Tracker hosts the page may link to; `base` must be one of them. */
  allowList: readonly string[];
  /** The page parameter holding the click id; when it is empty, `warn` is called (optional). */
  clickIdParam?: string;
  /** Where the missing-click-id warning goes; pages pass `console.warn` (optional; default: none). */
  warn?: (message: string) => void;
}

function isNeverForwarded(name: string): boolean {
  return (NEVER_FORWARDED as readonly string[]).includes(name.toLowerCase());
}

/**
 * Builds the outgoing tracker URL: `base` plus the mapped parameters (page name → tracker name,
 * in mapping order), then every other non-empty parameter under its own name, except `cu`,
 * `lang`, `direct`, `cc` (any case). Values are encoded by `URLSearchParams`.
 *
 * An explicit mapping of `lang` is honoured (the wid trackers take `lang`); mapping `cu`,
 * `direct` or `cc` throws. Parameters already in `base` are content and are not overridden by
 * forwarded ones; mapped ones are set. Throws when `base` is not an allowed tracker link.
 */
export function buildTrackerUrl(
  base: string,
  mapping: Readonly<Record<string, string>>,
  params: Readonly<Record<string, string>>,
  { allowList, clickIdParam, warn }: TrackerOptions,
): string {
  const checked = checkAllowedUrl(base.trim(), allowList);
  if (!checked.ok) {
    throw new Error(
      `The tracker link ${JSON.stringify(base)} is refused (${checked.reason}); use an https link on the page's tracker allow-list with a /click or /go/ path.`,
    );
  }
  const url = new URL(checked.url);
  for (const [pageName, trackerName] of Object.entries(mapping)) {
    if (isNeverForwarded(pageName) && pageName.toLowerCase() !== 'lang') {
      throw new Error(`The parameter "${pageName}" is never forwarded to a tracker; remove it from the mapping.`);
    }
    const value = params[pageName];
    if (value) url.searchParams.set(trackerName, value);
  }
  for (const [name, value] of Object.entries(params)) {
    if (!value || name === '' || Object.hasOwn(mapping, name) || isNeverForwarded(name)) continue;
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  if (clickIdParam !== undefined && !params[clickIdParam]) {
    warn?.(`Missing click id: ?${clickIdParam}= is empty, so the tracker cannot attribute this visit.`);
  }
  return url.href;
}
