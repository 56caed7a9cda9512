import { describe, expect, it } from 'vitest';
import { acceptedBirthYear, birthYears, formatLandingDate, landingConfig, LANDING_TEXT } from '../../templates/lib/landing-config.ts';
import { landingSchema } from '../../templates/schemas.ts';

describe('age gate years (docs/product.md, "Landing pages", "Constants")', () => {
  it('offers this year back 80 years, never before 1950', () => {
    expect(birthYears(2026)).toHaveLength(77);
    expect(birthYears(2026)[0]).toBe(2026);
    expect(birthYears(2026).at(-1)).toBe(1950);
    expect(birthYears(2040)).toHaveLength(80);
    expect(birthYears(2040).at(-1)).toBe(1961);
  });

  it('accepts 1950 up to 18 years ago, and nothing else', () => {
    expect(acceptedBirthYear(2008, 2026)).toBe(true);
    expect(acceptedBirthYear(2009, 2026)).toBe(false);
    expect(acceptedBirthYear(1950, 2026)).toBe(true);
    expect(acceptedBirthYear(1949, 2026)).toBe(false);
    expect(acceptedBirthYear(2027, 2026)).toBe(false);
    expect(acceptedBirthYear(Number.NaN, 2026)).toBe(false);
    expect(acceptedBirthYear(1990.5, 2026)).toBe(false);
  });
});

describe('landing dates and config', () => {
  it('writes a date in the page language, on the day given whatever the time zone', () => {
    expect(formatLandingDate('2027-01-31', 'en')).toBe('January 31, 2027');
    expect(formatLandingDate('2027-01-31', 'es')).toBe('31 de enero de 2027');
    expect(formatLandingDate('2027-01-31', 'fr')).toBe('31 janvier 2027');
  });

  it('fills the en pack with the defaults, keeps other packs as written, and leaves out what the script does not need', () => {
    const data = landingSchema.parse({
      kind: 'offer', path: '/x-lp', title: 'X', description: 'Y', trackers: ['t.example'], lang: 'es',
      packs: { es: { headline: 'Hola' }, en: { headline: 'Hello' } },
    });
    const config = landingConfig(data, { geolocation: { url: 'https://geo.example/json/' } });
    expect(config.packs.en).toEqual({ ...LANDING_TEXT, headline: 'Hello' });
    expect(config.packs.es).toEqual({ headline: 'Hola' });
    expect(config.geolocation).toBe('https://geo.example/json/');
    expect(config).not.toHaveProperty('title');
    expect(config).not.toHaveProperty('path');
  });

  it('refuses a kind it does not know, naming the kinds', () => {
    const result = landingSchema.safeParse({ kind: 'prize-wheel', path: '/w', title: 'W', description: 'D', trackers: ['t.example'] });
    expect(result.success).toBe(false);
  });

  it('refuses links and a beacon off the page\'s own allow-list, naming the field', () => {
    const result = landingSchema.safeParse({
      kind: 'survey', path: '/s-lp', title: 'S', description: 'D', trackers: ['t.example'],
      defaultUrl: 'https://evil.example/click', offers: ['https://t.example/go/a', 'https://t.example/landing'], beacon: 'https://x.example/lp-event',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['defaultUrl', 'offers.1', 'beacon']);
  });
});
