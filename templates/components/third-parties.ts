import type { ConsentCategory } from '../lib/consent.ts';
import type { ThirdParties } from '../schemas.ts';
import type { ConsentScriptText } from './chrome-text.ts';

/** Each configured service of content/data/third-parties.json and the consent category that gates it. */
const SERVICE_CATEGORY = {
  adScript: 'advertising',
  adManager: 'advertising',
  conversion: 'advertising',
  pixel: 'measurement',
  geolocation: 'location',
} as const satisfies Record<keyof ThirdParties, ConsentCategory>;

/**
 * Whether an ad service is configured (the ad script or the ad manager). Without one, pages keep
 * no ad slots: an empty box labelled "Advertisement" that nothing will ever fill is only noise.
 */
export const adsConfigured = (thirdParties: ThirdParties | undefined): boolean => Boolean(thirdParties?.adScript || thirdParties?.adManager);

/** In the order the banner lists them. */
const CATEGORY_ORDER: ConsentCategory[] = ['advertising', 'measurement', 'location'];

/** The categories that have at least one service configured (or in `extra`, a page's own), in the banner's order. */
export function configuredCategories(thirdParties: ThirdParties | undefined, extra: ConsentCategory[] = []): ConsentCategory[] {
  const used = new Set<ConsentCategory>(extra);
  for (const [service, category] of Object.entries(SERVICE_CATEGORY)) {
    if (thirdParties?.[service as keyof ThirdParties]) used.add(category);
  }
  return CATEGORY_ORDER.filter((c) => used.has(c));
}

/**
 * What the consent script (templates/scripts/consent.ts) may load on one page: the configured
 * services of the categories that page uses. Geolocation is left out: the landing script calls it
 * itself, after consent.
 */
export type ConsentScriptConfig = Omit<ThirdParties, 'geolocation'>;

/** The consent script's config: the page's services and its own words, in the page's language. */
export type ConsentScriptData = ConsentScriptConfig & { text: ConsentScriptText };

/** The services of `thirdParties` in `categories`, for the page's consent script. */
export function consentScriptConfig(thirdParties: ThirdParties | undefined, categories: ConsentCategory[]): ConsentScriptConfig {
  const config: Record<string, unknown> = {};
  for (const [service, category] of Object.entries(SERVICE_CATEGORY)) {
    const value = thirdParties?.[service as keyof ThirdParties];
    if (value && service !== 'geolocation' && categories.includes(category)) config[service] = value;
  }
  return config as ConsentScriptConfig;
}

/** The conversion target the review call to action sends to (`tagId/label`), when one is configured. */
export function conversionSendTo(thirdParties: ThirdParties | undefined): string | undefined {
  const c = thirdParties?.conversion;
  return c ? `${c.tagId}/${c.label}` : undefined;
}
