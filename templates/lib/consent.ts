// The visitor's consent choice, shared by the consent banner and every script that may contact a
// third party (docs/product.md, "Consent"). Browser-safe and framework-free; the choice lives in localStorage, so no
// cookie is ever sent to any server because of it.

/** What a visitor can allow, one switch each. */
export const CONSENT_CATEGORIES = ['advertising', 'measurement', 'location'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface ConsentChoice {
  advertising: boolean;
  measurement: boolean;
  location: boolean;
  /** When the choice was made, ISO 8601. */
  date: string;
}

/** The localStorage key; bump the suffix when the categories change, so everyone is asked again. */
export const CONSENT_KEY = 'heartnotes-consent-v1';
/** Fired on `window` whenever the visitor saves a choice; `detail` is the ConsentChoice. */
export const CONSENT_EVENT = 'heartnotes:consent';

/** The saved choice, or null when the visitor has not chosen yet (or storage is unavailable). */
export function readConsent(): ConsentChoice | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ConsentChoice>;
    if (CONSENT_CATEGORIES.some((c) => typeof parsed[c] !== 'boolean')) return null;
    return parsed as ConsentChoice;
  } catch {
    return null;
  }
}

/** Saves the choice and tells every listener on the page. */
export function saveConsent(choice: Omit<ConsentChoice, 'date'>): ConsentChoice {
  const saved: ConsentChoice = { ...choice, date: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
  } catch {
    // Private modes may refuse storage: the choice still holds for this page.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: saved }));
  return saved;
}

/** True when the visitor has allowed `category`. */
export function allowed(category: ConsentCategory): boolean {
  return readConsent()?.[category] === true;
}

/**
 * Runs `run` once `category` is allowed: now if it already is, otherwise when the visitor allows
 * it later on this page. Never runs it without consent.
 */
export function whenAllowed(category: ConsentCategory, run: () => void): void {
  if (allowed(category)) {
    run();
    return;
  }
  const listener = (event: Event) => {
    if ((event as CustomEvent<ConsentChoice>).detail?.[category] !== true) return;
    window.removeEventListener(CONSENT_EVENT, listener);
    run();
  };
  window.addEventListener(CONSENT_EVENT, listener);
}
