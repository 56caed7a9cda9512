// Choosing a landing page's locale pack (docs/product.md, "Language"). Browser-safe.

export type Locale = 'es' | 'en' | 'fr';

export interface LocaleInput {
  /** The `lang` query parameter, e.g. `es`, `fr-CA`, `en_US` (optional). */
  lang?: string | null;
  /** ISO country code from the geolocation lookup, any case (optional). */
  countryCode?: string | null;
  /** The locale packs this page has. */
  packs: readonly Locale[];
  /** A French/English page: fr or en from the `lang` prefix, otherwise fr (default: false). */
  frenchPage?: boolean;
}

const SPANISH_COUNTRIES = new Set(['MX', 'CO']);

/** The language part of a `lang` value: `fr-CA` → `fr`, `EN_us` → `en`. */
function langPrefix(lang: string | null | undefined): string {
  return (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * Picks the locale pack: a `lang` naming a known pack wins; otherwise es for MX and CO, else en.
 * French/English pages take fr or en from the `lang` prefix and default to fr.
 * The answer is always one of `packs` (falling back to the first pack if the rule's choice is missing).
 */
export function chooseLocale({ lang, countryCode, packs, frenchPage = false }: LocaleInput): Locale {
  const prefix = langPrefix(lang);
  const has = (locale: Locale) => packs.includes(locale);
  const pick = (locale: Locale): Locale => (has(locale) ? locale : (packs[0] ?? locale));
  if (frenchPage) return pick(prefix === 'en' ? 'en' : 'fr');
  if ((prefix === 'es' || prefix === 'en' || prefix === 'fr') && has(prefix)) return prefix;
  const country = (countryCode ?? '').trim().toUpperCase();
  if (SPANISH_COUNTRIES.has(country) && has('es')) return 'es';
  return pick('en');
}
