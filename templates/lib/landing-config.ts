// What a landing page's HTML and its page script share: the default texts and the JSON config.
// Browser-safe (the page script imports the types and texts).

import type { LandingData, ThirdParties } from '../schemas.ts';

/**
 * The English texts every kind may show; a locale pack overrides any of them by key. Texts quoted by
 * docs/product.md ("Landing pages") are exact: *This offer isn't available in your region*, *I am 18 or older — continue*,
 * *Please enter a valid email and birth year.*, *Validating...* and the survey's questions.
 */
export const LANDING_TEXT = {
  headline: 'A partner offer we link to',
  intro: 'This page links to a partner offer. We may earn a commission if you buy, at no extra cost to you.',
  cta: 'See the offer',
  close: 'Close',
  continue: 'Continue',
  deadlineLabel: 'The offer ends on',
  deadlineEnded: 'This offer has ended.',
  countdownLeft: 'left',
  daysShort: 'd',
  popupTitle: 'Still thinking it over?',
  popupText: 'The offer is one click away, on the partner’s own site.',
  locationPrefix: 'in',
  regionTitle: "This offer isn't available in your region",
  regionLink: 'Go to the Heart Notes home page',
  adultTitle: 'This page leads to adult content',
  adultIntro: 'The partner site is for adults only. Continue only if you are 18 or older and want to see it.',
  adultConfirm: 'I am 18 or older — continue',
  leave: 'Leave',
  gateTitle: 'Before you continue',
  gateIntro: 'The partner site is for adults only. Tell us your email and year of birth to go on.',
  emailLabel: 'Email address',
  yearLabel: 'Year of birth',
  yearPlaceholder: 'Choose a year',
  gateConsent: "We'll use your address only to send you the free guide and occasional advice. Every email has a one-click unsubscribe link.",
  privacyLink: 'Privacy policy',
  gateSubmit: 'Continue',
  gateValidating: 'Validating...',
  gateInvalid: 'Please enter a valid email and birth year.',
  gateFailed: 'Submission failed. Please try again.',
  gateNoScript: 'Checking your age needs JavaScript. You can go on to the 18+ notice instead.',
  gateNoScriptLink: 'Go to the 18+ notice',
  splitIntro: 'We are taking you to our partner’s page in a moment.',
  smartIntro: 'We are taking you to the offer.',
  surveyTitle: 'Three quick questions',
  surveyIntro: 'Answer three questions and we’ll show you a partner offer that fits. Your answers stay in your browser.',
  q1: 'How often do you shop online?',
  q2: 'Which kind of reward do you prefer?',
  q3: 'Are you 18 years or older?',
  surveyNo: 'Thank you for your time. This offer is for adults only, so we’ll stop here.',
  surveyThanks: 'Thanks — here is our partner’s offer',
  surveyCountdown: 'Taking you there in {n} seconds.',
  goNow: 'Go now',
  surveyNoScript: 'The survey needs JavaScript. You can see the partner’s offer directly.',
  invalidCu: 'Invalid ?cu=, using safe BeMob click.',
} as const;
export type LandingText = { [K in keyof typeof LANDING_TEXT]: string };

/** The birth years the age gate offers: this year back 80 years, but never before 1950 (docs/product.md, "Landing pages", "Constants"). */
export function birthYears(currentYear: number): number[] {
  const oldest = Math.max(1950, currentYear - 79);
  return Array.from({ length: Math.max(0, currentYear - oldest + 1) }, (_, i) => currentYear - i);
}

/** True when `year` is a birth year the gate accepts in `currentYear`: 1950 or later and at least 18 years ago. */
export function acceptedBirthYear(year: number, currentYear: number): boolean {
  return Number.isInteger(year) && year >= 1950 && year <= currentYear && currentYear - year >= 18;
}

/** A `YYYY-MM-DD` date in the page's language, e.g. "31 de enero de 2027" (UTC, so it never shifts a day). */
export function formatLandingDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The locale pack rendered into the HTML: French pages start in French, others in their `lang`. */
export function renderedLocale(data: LandingData): 'en' | 'es' | 'fr' {
  return data.frenchPage ? 'fr' : data.lang;
}

/** Everything the page script needs, embedded as JSON in the page. */
export interface LandingConfig {
  kind: LandingData['kind'];
  lang: 'en' | 'es' | 'fr';
  frenchPage: boolean;
  /** Locale packs, with the English defaults filled in under `en`'s missing keys. */
  packs: Partial<Record<'en' | 'es' | 'fr', Record<string, string>>>;
  trackers: string[];
  defaultUrl?: string;
  params: Record<string, { default?: string }>;
  mapping: Record<string, string>;
  clickId?: string;
  regions?: string[];
  defaultCountry: string;
  countryText?: Record<string, { cta: string; thanks: string; sub: string }>;
  beacon?: string;
  /** The IP geolocation service, when configured (only called after consent). */
  geolocation?: string;
  // Kind-specific settings.
  deadline?: string;
  popupAfter?: number;
  next?: string;
  splitParam?: string;
  variants?: [string, string];
  delay?: number;
  mode?: 'button' | 'forward';
  messages?: string[];
  backgrounds?: { image: string; alt: string }[];
  offers?: string[] | Record<string, string>;
  countdown?: number;
}

export function landingConfig(data: LandingData, thirdParties: ThirdParties): LandingConfig {
  const { title: _t, description: _d, path: _p, hero: _h, noindex: _n, draft: _dr, slug: _s, ...rest } = data;
  const packs: LandingConfig['packs'] = {};
  for (const [locale, texts] of Object.entries(data.packs) as ['en' | 'es' | 'fr', Record<string, string>][]) {
    packs[locale] = locale === 'en' ? { ...LANDING_TEXT, ...texts } : texts;
  }
  if (!packs.en) packs.en = { ...LANDING_TEXT };
  return { ...rest, packs, geolocation: thirdParties.geolocation?.url } as LandingConfig;
}
