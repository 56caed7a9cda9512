// The landing pages' page script (docs/product.md, "Landing pages"): reads the query, validates `cu`, builds the outgoing
// tracker links, picks the locale pack and country texts, and runs each kind's timings. No
// framework: the HTML is already complete, this only enhances it. Every text it writes goes in
// with `textContent` and every link through the allow-list, so no query value can add markup or
// send the visitor to an unlisted host.

import { buildTrackerUrl, chooseDestination, chooseLocale, readParams, type Locale } from '../../site/landing/index.ts';
import { siteAddress } from '../lib/site-address.ts';
import { allowed, whenAllowed } from '../lib/consent.ts';
import { toast } from '../lib/toast.ts';
import { EMAIL_PATTERN, LIMITS } from '../../site/forms/validate.ts';
import { acceptedBirthYear, birthYears, formatLandingDate, type LandingConfig } from '../lib/landing-config.ts';

const config = JSON.parse(document.getElementById('landing-config')!.textContent!) as LandingConfig;
const query = new URLSearchParams(location.search);
const params = readParams(query, config.params);
const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => Array.from(document.querySelectorAll<E>(selector));

/** A two-letter country code from `cc` or the lookup, upper-cased; anything else is ignored. */
const countryCode = (value: unknown) => (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined);

const geo = {
  /** Known from `?cc=` or the lookup; the default is used for wording only, never to block. */
  country: countryCode(query.get('cc')),
  city: undefined as string | undefined,
  countryName: undefined as string | undefined,
};
const country = () => geo.country ?? config.defaultCountry;

let locale: Locale = config.frenchPage ? 'fr' : config.lang;
const packs = Object.keys(config.packs) as Locale[];
const text = (key: string): string => config.packs[locale]?.[key] ?? config.packs.en?.[key] ?? '';

const chromeJson = document.getElementById('landing-chrome')?.textContent;
const chromePacks = chromeJson ? (JSON.parse(chromeJson) as Record<string, Record<string, string>>) : undefined;

/** Puts the chosen locale pack's and country set's texts into the page. */
function applyTexts(): void {
  locale = chooseLocale({ lang: query.get('lang'), countryCode: country(), packs, frenchPage: config.frenchPage });
  document.documentElement.lang = locale;
  for (const el of $$('[data-text]')) {
    const value = config.packs[locale]?.[el.dataset.text!];
    if (value) el.textContent = value;
  }
  // The page chrome (skip link, notice, footer, consent banner) follows the page's language.
  const chrome = chromePacks?.[locale] ?? chromePacks?.en;
  if (chrome) for (const el of $$('[data-chrome]')) {
    const value = chrome[el.dataset.chrome!];
    if (value) el.textContent = value;
  }
  const date = $('time[data-date]');
  if (date) date.textContent = formatLandingDate(date.getAttribute('datetime')!, locale);
  const set = config.countryText?.[country()] ?? config.countryText?.[config.defaultCountry];
  if (set) for (const el of $$('[data-country-text]')) el.textContent = set[el.dataset.countryText as 'cta' | 'thanks' | 'sub'];
  if (geo.city && geo.countryName) {
    const line = $('[data-location]');
    if (line) {
      line.textContent = `${text('locationPrefix')} ${geo.city}, ${geo.countryName}`;
      line.hidden = false;
    }
  }
}

/** Geo-targeting: a visitor known to be outside the offer's regions is told so, with a link home. */
function applyRegion(): boolean {
  const outside = !!config.regions && !!geo.country && !config.regions.includes(geo.country);
  $('[data-region-block]')!.hidden = !outside;
  if (outside) {
    $('[data-landing-body]')!.hidden = true;
    $('[data-invalid-access]')!.hidden = true;
    clearTimers();
  }
  return outside;
}

const timers: number[] = [];
const later = (ms: number, run: () => void) => timers.push(window.setTimeout(run, ms));
function clearTimers(): void {
  for (const t of timers.splice(0)) clearTimeout(t);
}

const warn = (message: string) => console.warn(message);
const tracked = (base: string, values: Record<string, string> = params) =>
  buildTrackerUrl(base, config.mapping, values, { allowList: config.trackers, clickIdParam: config.clickId, warn });

/** Where the call-to-action goes, or undefined when the page shows *Invalid access*. */
function destination(): { url: string; immediate: boolean } | undefined {
  if (config.kind === 'smart-redirect') {
    const offers = config.offers as Record<string, string>;
    const v = params.v ?? '';
    const base = Object.hasOwn(offers, v) ? offers[v] : offers.default;
    return { url: tracked(base), immediate: true };
  }
  if (config.kind === 'survey') {
    const offers = config.offers as string[];
    return { url: tracked(offers[Math.floor(Math.random() * offers.length)]), immediate: false };
  }
  if (config.kind === 'age-gate') return undefined;
  const chosen = chooseDestination({ cu: query.get('cu'), direct: query.get('direct'), defaultUrl: config.defaultUrl, allowList: config.trackers, locale });
  if (chosen.kind === 'invalid-access') return undefined;
  if (chosen.toast) toast({ title: chosen.toast.title, dismissLabel: (chromePacks?.[locale] ?? chromePacks?.en)?.dismiss });
  let values: Record<string, string> = params;
  if (config.kind === 'split-redirect') {
    // The A/B split: one of the two widget ids, at random, for this visit.
    const variants = config.variants!;
    values = { ...params, [config.splitParam!]: variants[Math.floor(Math.random() * variants.length)] };
  }
  return { url: tracked(chosen.url, values), immediate: chosen.immediate };
}

/** Beacon and prefetch hint (measurement): only with the visitor's consent. */
function measure(url: string): void {
  whenAllowed('measurement', () => {
    const origin = new URL(url).origin;
    for (const rel of ['dns-prefetch', 'preconnect']) {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = origin;
      document.head.append(link);
    }
  });
  for (const link of $$<HTMLAnchorElement>('[data-cta]')) {
    link.addEventListener('click', () => {
      if (!config.beacon || !allowed('measurement')) return;
      const payload = JSON.stringify({ e: 'cta_click', ts: Date.now(), geo: country(), src: location.pathname });
      navigator.sendBeacon(config.beacon, new Blob([payload], { type: 'text/plain' }));
    });
  }
}

function go(url: string): void {
  location.assign(url);
}

// ——— Kinds ———

function offer(): void {
  const countdown = $('[data-countdown]');
  if (countdown) {
    const end = Date.parse(countdown.dataset.countdown!);
    const pad = (n: number) => String(n).padStart(2, '0');
    const tick = () => {
      const left = Math.max(0, Math.floor((end - Date.now()) / 1000));
      countdown.hidden = false;
      if (left === 0) {
        countdown.textContent = ` ${text('deadlineEnded')}`;
        return;
      }
      const days = Math.floor(left / 86400);
      countdown.textContent = ` (${days}${text('daysShort')} ${pad(Math.floor((left % 86400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)} ${text('countdownLeft')})`;
      later(1000 - (Date.now() % 1000), tick);
    };
    tick();
  }
  const popup = $<HTMLDialogElement>('[data-popup]');
  if (popup) later(Number(popup.dataset.popup) * 1000, () => popup.showModal());
}

function splitRedirect(url: string): void {
  later(config.delay! * 1000, () => go(url));
}

function loading(url: string): void {
  const pick = <T,>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  const message = $('[data-loading-message]');
  if (message) message.textContent = pick(config.messages!);
  const background = $<HTMLImageElement>('[data-loading-bg]');
  if (background) {
    const chosen = pick(config.backgrounds!);
    background.src = siteAddress(chosen.image);
    background.alt = chosen.alt;
  }
  const wait = config.delay! * 1000;
  if (config.mode === 'button') {
    const cont = $('[data-loading-continue]')!;
    cont.hidden = true;
    later(wait, () => (cont.hidden = false));
  } else {
    later(wait, () => go(url));
  }
}

function survey(url: string): void {
  const root = $('[data-survey]')!;
  root.hidden = false;
  const show = (step: string) => {
    for (const el of $$('[data-step]')) el.hidden = el.dataset.step !== step;
    const target = root.querySelector<HTMLElement>(`[data-step="${step}"] [tabindex="-1"]`);
    target?.focus();
  };
  for (const button of $$<HTMLButtonElement>('[data-answer]')) {
    button.addEventListener('click', () => {
      const step = button.closest<HTMLElement>('[data-step]')!.dataset.step;
      if (step === '1') show('2');
      else if (step === '2') show('3');
      else if (button.dataset.answer === 'No') show('no');
      else {
        show('partner');
        let left = config.countdown!;
        const status = $('[data-survey-countdown]')!;
        const tick = () => {
          status.textContent = (status.dataset.template ?? '').replace('{n}', String(left));
          if (left === 0) return go(url);
          left -= 1;
          later(1000, tick);
        };
        tick();
      }
    });
  }
}

function ageGate(): void {
  const form = $<HTMLFormElement>('[data-age-gate]')!;
  form.hidden = false;
  const email = form.querySelector<HTMLInputElement>('input[name=email]')!;
  const year = form.querySelector<HTMLSelectElement>('select[name=birthYear]')!;
  const message = form.querySelector<HTMLElement>('[data-gate-message]')!;
  const submit = form.querySelector<HTMLButtonElement>('[data-gate-submit]')!;
  // The options follow the visitor's clock, not the build's: this year back 80 years, never before 1950.
  const now = new Date().getFullYear();
  const placeholder = year.options[0];
  year.replaceChildren(placeholder);
  for (const y of birthYears(now)) year.add(new Option(String(y), String(y)));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const address = email.value.trim();
    const born = Number(year.value);
    const validEmail = address.length <= LIMITS.email && EMAIL_PATTERN.test(address);
    const validYear = acceptedBirthYear(born, now);
    if (!validEmail || !validYear) {
      message.textContent = text('gateInvalid');
      (validEmail ? year : email).focus();
      return;
    }
    message.textContent = '';
    const label = submit.textContent;
    submit.textContent = text('gateValidating');
    submit.disabled = email.disabled = year.disabled = true;
    try {
      const response = await fetch(siteAddress('/api/subscribe'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: address, source: location.pathname }),
      });
      if (!response.ok) throw new Error(String(response.status));
      await response.text(); // finish the request before leaving the page
      const next = new URL(form.dataset.ageGate!, location.origin);
      for (const name of [config.clickId ?? 'clickid', 'cu']) {
        const value = query.get(name)?.trim();
        if (value) next.searchParams.set(name, value);
      }
      go(next.pathname + next.search);
    } catch {
      message.textContent = text('gateFailed');
      submit.textContent = label;
      submit.disabled = email.disabled = year.disabled = false;
    }
  });
}

// ——— Start ———

applyTexts();
const target = destination();
if (config.kind === 'age-gate') {
  if (!applyRegion()) ageGate();
} else if (!target) {
  $('[data-invalid-access]')!.hidden = false;
  $('[data-landing-body]')!.hidden = true;
} else {
  for (const link of $$<HTMLAnchorElement>('[data-cta]')) {
    link.href = target.url;
    link.rel = 'sponsored nofollow';
  }
  // A page without a default link starts as *Invalid access*; a valid `cu` opens it.
  $('[data-invalid-access]')!.hidden = true;
  $('[data-landing-body]')!.hidden = false;
  if (!applyRegion()) {
    if (target.immediate) {
      location.replace(target.url);
    } else {
      measure(target.url);
      if (config.kind === 'offer') offer();
      else if (config.kind === 'split-redirect') splitRedirect(target.url);
      else if (config.kind === 'loading') loading(target.url);
      else if (config.kind === 'survey') survey(target.url);
    }
  }
}

// Geolocation (docs/product.md, "Geolocation"): only with consent, only when the page has no `cc`; silent on failure.
if (config.geolocation && !geo.country) {
  whenAllowed('location', () => {
    const url = new URL(config.geolocation!);
    url.searchParams.set('t', String(Date.now()));
    fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((answer: { city?: unknown; country_name?: unknown; country_code?: unknown }) => {
        const code = countryCode(answer.country_code);
        if (!code) return;
        geo.country = code;
        if (typeof answer.city === 'string' && typeof answer.country_name === 'string') {
          geo.city = answer.city.slice(0, 80);
          geo.countryName = answer.country_name.slice(0, 80);
        }
        applyTexts();
        if (target || config.kind === 'age-gate') applyRegion();
      })
      .catch(() => {
        // Silent defaults: the page keeps its default country's wording.
      });
  });
}

