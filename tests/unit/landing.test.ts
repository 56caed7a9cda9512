import { describe, expect, it, vi } from 'vitest';
import { cuAttacks, TRACK as ATTACKED } from '../helpers/cu-attacks.ts';
import {
  buildTrackerUrl,
  chooseDestination,
  chooseLocale,
  isAllowedPath,
  readParams,
  validateCu,
} from '../../site/landing/index.ts';

const TRACK = ATTACKED;
const PARTNER = 'go.partner.example';
const allowList = [TRACK, PARTNER];
const DEFAULT = `https://${TRACK}/click/default-campaign`;

describe('readParams', () => {
  const declared = {
    offer_id: { default: '543' },
    source: { default: 'bidvertiser' },
    lang: { default: 'id' },
    tid: {},
  };

  it('applies defaults when a parameter is missing, empty or blank', () => {
    const values = readParams('?offer_id=&source=%20%20&x=1', declared);
    expect({ ...values }).toEqual({ offer_id: '543', source: 'bidvertiser', lang: 'id', tid: '', x: '1' });
  });

  it('keeps given values (trimmed), the first of a repeated name, and undeclared names', () => {
    const values = readParams(new URLSearchParams('offer_id=+77+&lang=fr&lang=en&tid=a%26b&sub_id=s'), declared);
    expect({ ...values }).toEqual({ offer_id: '77', source: 'bidvertiser', lang: 'fr', tid: 'a&b', sub_id: 's' });
  });

  it('treats __proto__ and constructor as plain names', () => {
    const values = readParams('?__proto__=x&constructor=y', {});
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(values['__proto__']).toBe('x');
    expect(values['constructor']).toBe('y');
  });
});

describe('buildTrackerUrl', () => {
  const base = `https://${TRACK}/click`;
  const opts = { allowList };

  it('maps BV_CLICKID, source, sub ids and campaign to click_id, srcid, pi, sub1, sub2, utm_campaign', () => {
    const params = readParams('?BV_CLICKID=abc123&source_id=77&sub_a=s1&sub_b=s2&campaign=spring', {
      source: { default: 'bidvertiser' },
    });
    const mapping = {
      BV_CLICKID: 'click_id',
      source_id: 'srcid',
      source: 'pi',
      sub_a: 'sub1',
      sub_b: 'sub2',
      campaign: 'utm_campaign',
    };
    expect(buildTrackerUrl(base, mapping, params, opts)).toBe(
      `${base}?click_id=abc123&srcid=77&pi=bidvertiser&sub1=s1&sub2=s2&utm_campaign=spring`,
    );
  });

  it('maps offer_id (default 543), tid, sub_id and the click id to offer_id, pub_id, pub_sub_id, pub_click_id', () => {
    const params = readParams('?tid=t9&BV_CLICKID=c1&sub_id=s', { offer_id: { default: '543' } });
    const mapping = { offer_id: 'offer_id', tid: 'pub_id', sub_id: 'pub_sub_id', BV_CLICKID: 'pub_click_id' };
    expect(buildTrackerUrl(base, mapping, params, opts)).toBe(
      `${base}?offer_id=543&pub_id=t9&pub_sub_id=s&pub_click_id=c1`,
    );
  });

  it('maps wid, its hmac and lang (default id), and forwards clickid under its own name', () => {
    const params = readParams('?wid=w1&sig=h%2Bm&clickid=k', { lang: { default: 'id' } });
    const mapping = { wid: 'wid', sig: 'wid_hmac', lang: 'lang' };
    expect(buildTrackerUrl(`https://${PARTNER}/go/offer`, mapping, params, opts)).toBe(
      `https://${PARTNER}/go/offer?wid=w1&wid_hmac=h%2Bm&lang=id&clickid=k`,
    );
  });

  it('maps tid to tid', () => {
    expect(buildTrackerUrl(base, { tid: 'tid' }, readParams('?tid=42', {}), opts)).toBe(`${base}?tid=42`);
  });

  it('never forwards cu, lang, direct or cc (any case) unless lang is mapped, and skips empty values', () => {
    const params = readParams(
      `?cu=https://${TRACK}/click&lang=fr&direct=1&cc=PH&CU=x&Direct=1&empty=&keep=1&tid=7`,
      {},
    );
    expect(buildTrackerUrl(base, { tid: 'tid' }, params, opts)).toBe(`${base}?tid=7&keep=1`);
  });

  it('refuses to map cu, direct or cc', () => {
    for (const name of ['cu', 'direct', 'cc', 'CU']) {
      expect(() => buildTrackerUrl(base, { [name]: 'x' }, { [name]: 'v' }, opts)).toThrow(/never forwarded/);
    }
  });

  it('encodes &, #, <, spaces and unicode in values and names', () => {
    const params = { tid: 'a&b=c', note: '#frag <b>x</b>', 'we ird<': 'ça va ❤', plus: '1+1' };
    expect(buildTrackerUrl(base, { tid: 'tid' }, params, opts)).toBe(
      `${base}?tid=a%26b%3Dc&note=%23frag+%3Cb%3Ex%3C%2Fb%3E&we+ird%3C=%C3%A7a+va+%E2%9D%A4&plus=1%2B1`,
    );
  });

  it('keeps the base link’s own parameters, sets mapped ones, and does not let forwarded ones override', () => {
    const params = { tid: 't', offer: 'evil', click_id: 'spoof', BV_CLICKID: 'real' };
    expect(buildTrackerUrl(`${base}/camp?offer=1`, { tid: 'tid', BV_CLICKID: 'click_id' }, params, opts)).toBe(
      `${base}/camp?offer=1&tid=t&click_id=real`,
    );
  });

  it('warns when the click id is missing, and only then', () => {
    const warn = vi.fn();
    buildTrackerUrl(base, { clickid: 'click_id' }, { clickid: '' }, { ...opts, clickIdParam: 'clickid', warn });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/Missing click id: \?clickid= is empty/);
    buildTrackerUrl(base, { clickid: 'click_id' }, { clickid: 'k' }, { ...opts, clickIdParam: 'clickid', warn });
    buildTrackerUrl(base, {}, {}, { ...opts, warn });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('throws when the base link is not an allowed tracker link', () => {
    for (const bad of ['https://evil.test/click', `http://${TRACK}/click`, `https://${TRACK}/landing`, `https://${TRACK}:8443/click`]) {
      expect(() => buildTrackerUrl(bad, {}, {}, opts)).toThrow(/is refused/);
    }
  });
});

describe('validateCu accepts the good forms', () => {
  it.each([
    ['full https URL', `https://${TRACK}/click`, `https://${TRACK}/click`],
    ['without https://', `${TRACK}/click/abc`, `https://${TRACK}/click/abc`],
    ['surrounded by whitespace', `  https://${TRACK}/click  `, `https://${TRACK}/click`],
    ['percent-encoded once', encodeURIComponent(`https://${TRACK}/click/abc?x=1`), `https://${TRACK}/click/abc?x=1`],
    ['/go/ with a query', `https://${PARTNER}/go/x?y=1`, `https://${PARTNER}/go/x?y=1`],
    ['upper-case scheme and host', `HTTPS://TRACK.HEARTNOTES.EXAMPLE/click`, `https://${TRACK}/click`],
    ['/click/ with a fragment', `https://${TRACK}/click/a#b`, `https://${TRACK}/click/a#b`],
    ['a lone % that does not decode', `https://${TRACK}/go/100%`, `https://${TRACK}/go/100%`],
  ])('%s', (_name, cu, url) => {
    expect(validateCu(cu, allowList)).toEqual({ ok: true, url });
  });
});

const attacks = cuAttacks;

describe('validateCu refuses attacks', () => {
  it('has a table of at least 45 attacks', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(45);
  });

  it.each(attacks)('%s', (_name, cu) => {
    const result = validateCu(cu, allowList);
    expect(result.ok).toBe(false);
  });

  it('refuses null', () => {
    expect(validateCu(null, allowList)).toEqual({ ok: false, reason: 'missing' });
  });

  it('gives reasons that never echo the input', () => {
    const result = validateCu('https://evil.test/<script>', allowList);
    expect(result).toEqual({ ok: false, reason: 'host-not-allowed' });
  });
});

describe('chooseDestination', () => {
  const good = `https://${TRACK}/click/abc`;

  it('goes to a valid cu, after the page has shown, without direct=1', () => {
    expect(chooseDestination({ cu: good, defaultUrl: DEFAULT, allowList })).toEqual({ kind: 'go', url: good, immediate: false });
  });

  it('forwards at once with direct=1', () => {
    expect(chooseDestination({ cu: good, direct: '1', allowList })).toEqual({ kind: 'go', url: good, immediate: true });
    expect(chooseDestination({ cu: good, direct: '0', allowList })).toMatchObject({ immediate: false });
    expect(chooseDestination({ cu: good, direct: 'true', allowList })).toMatchObject({ immediate: false });
  });

  it('falls back to the default link with the English toast for an invalid cu', () => {
    expect(chooseDestination({ cu: 'https://evil.test/click', defaultUrl: DEFAULT, allowList, locale: 'en' })).toEqual({
      kind: 'go',
      url: DEFAULT,
      immediate: false,
      toast: { title: 'Invalid ?cu=, using safe BeMob click.', variant: 'warning' },
    });
    expect(chooseDestination({ cu: 'javascript:x', defaultUrl: DEFAULT, allowList, locale: 'es' })).toMatchObject({
      toast: { title: 'Invalid ?cu=, using safe BeMob click.' },
    });
  });

  it('uses the French toast on French pages', () => {
    expect(chooseDestination({ cu: 'evil.test/click', defaultUrl: DEFAULT, allowList, locale: 'fr', direct: '1' })).toEqual({
      kind: 'go',
      url: DEFAULT,
      immediate: true,
      toast: { title: '?cu= invalide : utilisation du lien BeMob sûr.', variant: 'warning' },
    });
  });

  it('uses the default link without a toast when no cu was given', () => {
    expect(chooseDestination({ cu: null, defaultUrl: DEFAULT, allowList })).toEqual({ kind: 'go', url: DEFAULT, immediate: false });
    expect(chooseDestination({ cu: '  ', defaultUrl: DEFAULT, allowList })).not.toHaveProperty('toast');
  });

  it('shows Invalid access with neither a valid cu nor a default, even with direct=1', () => {
    const invalid = {
      kind: 'invalid-access',
      title: 'Invalid access',
      message: 'This landing page can only be opened from authorized traffic.',
    };
    expect(chooseDestination({ cu: null, allowList })).toEqual(invalid);
    expect(chooseDestination({ cu: 'https://evil.test/click', allowList })).toEqual(invalid);
    expect(chooseDestination({ cu: 'https://evil.test/click', direct: '1', allowList })).toEqual(invalid);
  });

  it('throws when the default link from content is not allowed', () => {
    expect(() => chooseDestination({ cu: null, defaultUrl: 'https://evil.test/click', allowList })).toThrow(/default campaign link/);
  });
});

/** A small seeded generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('no input yields an unlisted destination or markup (property-style)', () => {
  const pieces = [
    'https://', 'http://', '//', '/', '\\', 'https:', 'javascript:', 'data:', TRACK, PARTNER, 'evil.test',
    '.', '@', ':', ':443', ':8080', '%2f', '%252f', '%5c', '%2e', '%40', '%2540', '%3A%2F%2F', 'click', 'go',
    '/click', '/go/', '..', '?', '#', '&', '=', '<script>', '"', "'", '>', ' ', '\t', '\n', '\u0430', '\u3002',
    '\u212a', '%', '%00', 'xn--', 'a', 'B', '\u200b',
  ];
  const next = random(20250601);
  const inputs: string[] = [];
  for (let i = 0; i < 5000; i += 1) {
    const count = 1 + Math.floor(next() * 8);
    let text = '';
    for (let j = 0; j < count; j += 1) text += pieces[Math.floor(next() * pieces.length)];
    inputs.push(text, `https://${TRACK}${text}`, `https://${TRACK}/click${text}`, encodeURIComponent(text));
  }

  // `'` may stay in a path or fragment (URL does not encode it there); pages escape attributes.
  it('returns only https URLs on an allowed host and path, with no raw markup characters', () => {
    let accepted = 0;
    for (const cu of inputs) {
      const result = validateCu(cu, allowList);
      const destination = chooseDestination({ cu, direct: '1', allowList });
      if (!result.ok) {
        expect(destination.kind, cu).toBe('invalid-access');
        continue;
      }
      accepted += 1;
      expect(destination).toEqual({ kind: 'go', url: result.url, immediate: true });
      const url = new URL(result.url);
      expect(url.protocol, cu).toBe('https:');
      expect(allowList, cu).toContain(url.hostname);
      expect(url.username + url.password + url.port, cu).toBe('');
      expect(isAllowedPath(url.pathname), cu).toBe(true);
      expect(result.url.startsWith(`https://${url.hostname}/`), cu).toBe(true);
      expect(result.url, cu).not.toMatch(/[<>"`\s\\]/);
    }
    // The generator must reach the accepting branch, or the loop proves nothing.
    expect(accepted).toBeGreaterThan(100);
  });

  it('keeps every query value out of the markup and off unlisted hosts when building tracker URLs', () => {
    for (const value of inputs.slice(0, 2000)) {
      const href = buildTrackerUrl(`https://${TRACK}/click`, { tid: 'tid' }, { tid: value, [value]: value, cu: value }, { allowList });
      const url = new URL(href);
      expect(url.hostname).toBe(TRACK);
      expect(url.pathname).toBe('/click');
      expect(url.hash).toBe('');
      expect(href).not.toMatch(/[<>"'\s\\]/);
      expect(url.searchParams.get('cu')).toBeNull();
    }
  });
});

describe('chooseLocale', () => {
  const all = ['es', 'en', 'fr'] as const;

  it.each([
    ['a known lang wins over the country', { lang: 'fr', countryCode: 'MX', packs: all }, 'fr'],
    ['lang by its prefix', { lang: 'es-AR', countryCode: 'US', packs: all }, 'es'],
    ['lang in any case with an underscore', { lang: 'EN_gb', countryCode: 'CO', packs: all }, 'en'],
    ['es for MX', { lang: null, countryCode: 'MX', packs: all }, 'es'],
    ['es for co in lower case', { countryCode: 'co', packs: all }, 'es'],
    ['en elsewhere', { countryCode: 'PH', packs: all }, 'en'],
    ['an unknown lang (the id default) falls to the country', { lang: 'id', countryCode: 'MX', packs: all }, 'es'],
    ['an unknown lang and no country gives en', { lang: 'xx', packs: all }, 'en'],
    ['a lang the page has no pack for is unknown', { lang: 'fr', countryCode: 'MX', packs: ['es', 'en'] as const }, 'es'],
    ['French page: fr by default', { countryCode: 'US', packs: ['fr', 'en'] as const, frenchPage: true }, 'fr'],
    ['French page: en from the lang prefix', { lang: 'en-CA', packs: ['fr', 'en'] as const, frenchPage: true }, 'en'],
    ['French page: fr from the lang prefix', { lang: 'fr-BE', packs: ['fr', 'en'] as const, frenchPage: true }, 'fr'],
    ['French page: es is not one of its choices', { lang: 'es', countryCode: 'MX', packs: ['fr', 'en'] as const, frenchPage: true }, 'fr'],
  ] as const)('%s', (_name, input, expected) => {
    expect(chooseLocale(input)).toBe(expected);
  });
});
