// The 14 landing routes (docs/product.md, "Landing pages") in Chromium against `heartnotes preview`: parameters in, the
// exact outgoing URL out, timings on the page clock, the `cu` attack table through a real page,
// markup injection through every parameter, geolocation only after consent, the beacon, and axe.
// Every request to a host other than the preview server is answered here (a stub partner page,
// a stub geolocation answer) and recorded, so nothing leaves the machine.
import { axeFor } from '../e2e-helpers/axe.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { watchPage, type PageProblems } from '../e2e-helpers/console.ts';
import { screenshotsIn } from '../e2e-helpers/screenshots.ts';
import { buildAndPreview, type PreviewedSite } from '../e2e-helpers/site.ts';
import { exportStored } from '../helpers/cli.ts';
import { cuAttacks, TRACK } from '../helpers/cu-attacks.ts';
import { seedPglite } from '../helpers/pglite-template.ts';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const screenshot = screenshotsIn('landing');
/** The page clock starts here in timing tests (a Sunday, well before the wheel page's deadline). */
const NOW = new Date('2026-11-22T12:00:00Z');

const dataDir = mkdtempSync(join(tmpdir(), 'heartnotes-landing-data-'));
const env = { HEARTNOTES_FORMS_RATE_LIMIT: '1000', HEARTNOTES_DATA_DIR: dataDir };
let site: PreviewedSite;
let browser: LaunchedBrowser;
let noJs: LaunchedBrowser;

beforeAll(async () => {
  seedPglite(dataDir);
  [site, browser, noJs] = await Promise.all([buildAndPreview({ env }), freshContext(), freshContext({ javaScriptEnabled: false })]);
});
afterAll(async () => {
  await Promise.allSettled([closeSharedChromium(), site?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

interface OpenOptions {
  context?: BrowserContext;
  viewport?: { width: number; height: number };
  /** A consent choice already saved in this browser (default: none). */
  consent?: { advertising?: boolean; measurement?: boolean; location?: boolean };
  /** What the geolocation service answers (default: Manila, PH); 'fail' answers 503. */
  geo?: { city: string; country_name: string; country_code: string } | 'fail';
  /** Replaces Math.random with a constant, to pick a side of a random choice (optional). */
  random?: number;
  /** Blocks the page scripts, leaving the page as served (optional). */
  blockScripts?: boolean;
  /** Cancels every navigation after the first, so the page stays put whatever its script does (optional). */
  stay?: boolean;
}

interface Opened {
  page: Page;
  problems: PageProblems;
  /** Every request the page made to a host other than the preview server, in order. */
  external: Request[];
  close(): Promise<void>;
}

const isSite = (url: string) => url.startsWith(site.url);
/** Claims ruled out by docs/product.md, "Honest versions" (the pages may say, honestly, that the visitor has NOT won anything). */
const WIN_CLAIMS = /congratulations|felicidades|félicitations|you won|you are (a winner|eligible)|you're (a winner|eligible)|you qualify|has ganado|eres elegible|vous avez gagné|vous êtes éligible/;

/** Opens a landing page with every third-party request answered by a stub and recorded. */
async function open(path: string, options: OpenOptions = {}): Promise<Opened> {
  const context = options.context ?? browser.context;
  const page = await context.newPage();
  await page.setViewportSize(options.viewport ?? PHONE);
  const external: Request[] = [];
  await page.route(
    (url) => !isSite(url.href),
    async (route) => {
      const request = route.request();
      external.push(request);
      if (new URL(request.url()).host === 'ipapi.co') {
        const geo = options.geo ?? { city: 'Manila', country_name: 'Philippines', country_code: 'PH' };
        if (geo === 'fail') return route.fulfill({ status: 503, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'unavailable' });
        return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(geo) });
      }
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Partner</title><p>The partner’s page</p>' });
    },
  );
  if (options.consent) {
    const choice = { advertising: false, measurement: false, location: false, ...options.consent, date: NOW.toISOString() };
    await page.addInitScript((saved) => localStorage.setItem('heartnotes-consent-v1', saved), JSON.stringify(choice));
  }
  if (options.blockScripts) await page.route('**/assets/islands/script-*.js', (route) => route.abort());
  if (options.stay) {
    // Registered last, so asked first; an aborted navigation leaves the current document in place.
    await page.route('**/*', (route) => {
      const request = route.request();
      const leaving = request.isNavigationRequest() && request.frame() === page.mainFrame() && page.url() !== 'about:blank';
      return leaving ? route.abort('aborted') : route.fallback();
    });
  }
  if (options.random !== undefined) await page.addInitScript((r) => (Math.random = () => r), options.random);
  const problems = watchPage(page, { origin: new URL(site.url).origin });
  const response = await page.goto(new URL(path, site.url).href, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  return { page, problems, external, close: () => page.close() };
}

/**
 * A fresh browser context (the page clock belongs to the context) whose clock stands still at
 * `time` until the test moves it, so a page's timers fire at exact offsets from its script's start.
 */
async function withClock(run: (context: BrowserContext) => Promise<void>, time = NOW): Promise<void> {
  const { context, close } = await freshContext();
  try {
    await context.clock.install({ time: time.getTime() - 1000 });
    await context.clock.pauseAt(time);
    await run(context);
  } finally {
    await close();
  }
}

const ctaHrefs = (page: Page) => page.locator('a[data-cta]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
const firstCta = (page: Page) => page.locator('main a[data-cta]').first();
/** Third-party requests other than the partner page the visitor went to. */
const calls = (external: Request[]) => external.filter((r) => r.resourceType() !== 'document').map((r) => r.url());

describe('offer pages', () => {
  it('/skro-dating-lp maps tid, source_id, source (default bidvertiser), model, vendor and forwards the rest; a click goes there in the same tab', async () => {
    const { page, problems, external, close } = await open('/skro-dating-lp?tid=T%201&source_id=77&model=m&vendor=v%26w&extra=x&lang=fr&cc=PH&direct=0&empty=');
    try {
      const expected = 'https://skro.heartnotes.example/click/dating-main?click_id=T+1&srcid=77&pi=bidvertiser&sub1=m&sub2=v%26w&extra=x';
      expect(await ctaHrefs(page)).toEqual([expected]);
      expect(calls(external), 'no third party is contacted without consent').toEqual([]);
      await firstCta(page).click();
      await page.waitForURL(expected);
      expect(page.context().pages().filter((p) => p.url().includes('heartnotes.example')).length, 'one destination per click').toBe(1);
      expect(problems.all()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('warns in the console when the click id is missing', async () => {
    const { page, problems, close } = await open('/skro-dating-lp?source_id=77');
    try {
      expect(await ctaHrefs(page)).toEqual(['https://skro.heartnotes.example/click/dating-main?srcid=77&pi=bidvertiser']);
      expect(problems.consoleMessages.join('\n')).toMatch(/Missing click id: \?tid= is empty/);
    } finally {
      await close();
    }
  });

  it('/casual-clicker-lp maps offer_id (default 543), tid, sub_id and BV_CLICKID to offer_id, pub_id, pub_sub_id, pub_click_id', async () => {
    const { page, problems, close } = await open('/casual-clicker-lp?tid=t9&BV_CLICKID=bv1&sub_id=s2');
    try {
      expect(await ctaHrefs(page)).toEqual(['https://offers.heartnotes.example/click?offer_id=543&pub_id=t9&pub_sub_id=s2&pub_click_id=bv1']);
      expect(problems.all()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a valid ?cu= becomes the destination, with the mapped parameters', async () => {
    const cu = encodeURIComponent('https://skro.heartnotes.example/click/spring?camp=1');
    const { page, problems, close } = await open(`/skro-dating-lp?tid=abc&cu=${cu}`);
    try {
      expect(await ctaHrefs(page)).toEqual(['https://skro.heartnotes.example/click/spring?camp=1&click_id=abc&pi=bidvertiser']);
      expect(await page.locator('[data-toast-area] li').count(), 'no toast for a valid cu').toBe(0);
      expect(problems.all()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a refused ?cu= falls back to the default link with the toast; direct=1 with a valid cu forwards at once', async () => {
    const refused = await open('/skro-dating-lp?tid=abc&cu=https://evil.test/click');
    try {
      expect(await ctaHrefs(refused.page)).toEqual(['https://skro.heartnotes.example/click/dating-main?click_id=abc&pi=bidvertiser']);
      await expect.poll(() => refused.page.locator('[data-toast-area] li').innerText()).toContain('Invalid ?cu=, using safe BeMob click.');
    } finally {
      await refused.close();
    }
    const cu = encodeURIComponent('https://skro.heartnotes.example/go/x');
    const page = await browser.context.newPage();
    const partner: string[] = [];
    await page.route((url) => !isSite(url.href), (route) => (partner.push(route.request().url()), route.fulfill({ body: 'partner', contentType: 'text/html' })));
    await page.goto(`${site.url}/skro-dating-lp?tid=abc&direct=1&cu=${cu}`);
    await page.waitForURL('https://skro.heartnotes.example/go/x?click_id=abc&pi=bidvertiser');
    expect(partner).toEqual(['https://skro.heartnotes.example/go/x?click_id=abc&pi=bidvertiser']);
    await page.close();
  });

  it('/flirty-popup-lp opens its popup call-to-action at 12 s, not before, with the same single destination', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/flirty-popup-lp?tid=f1', { context });
      try {
        const popup = page.locator('dialog[data-popup]');
        await page.clock.runFor(11_900);
        expect(await popup.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
        await page.clock.runFor(100);
        await expect.poll(() => popup.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
        const expected = 'https://track.heartnotes.example/click/flirty?click_id=f1';
        expect(await ctaHrefs(page)).toEqual([expected, expected]);
        expect(await popup.locator('a[data-cta]').getAttribute('target')).toBeNull();
        await page.keyboard.press('Escape');
        expect(await popup.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('/sweepstakes-redirect-lp: Invalid access without a valid cu; with one, the offer; outside PH it says the offer is not available', async () => {
    const none = await open('/sweepstakes-redirect-lp?clickid=k');
    try {
      expect(await none.page.locator('[data-invalid-access]').innerText()).toMatch(/^Invalid access\s+This landing page can only be opened from authorized traffic\./);
      expect(await none.page.locator('[data-landing-body]').isVisible()).toBe(false);
    } finally {
      await none.close();
    }
    const cu = encodeURIComponent(`https://${TRACK}/click/sweeps`);
    const ph = await open(`/sweepstakes-redirect-lp?clickid=k&cc=PH&cu=${cu}`);
    try {
      expect(await ph.page.locator('[data-invalid-access]').isVisible()).toBe(false);
      expect(await ctaHrefs(ph.page)).toEqual([`https://${TRACK}/click/sweeps?click_id=k`]);
      expect(await firstCta(ph.page).isVisible()).toBe(true);
    } finally {
      await ph.close();
    }
    const us = await open(`/sweepstakes-redirect-lp?clickid=k&cc=us&cu=${cu}`);
    try {
      const block = us.page.locator('[data-region-block]');
      expect(await block.innerText()).toContain("This offer isn't available in your region");
      expect(await block.getByRole('link').getAttribute('href')).toBe('/');
      expect(await us.page.locator('[data-landing-body]').isVisible()).toBe(false);
    } finally {
      await us.close();
    }
  });

  it('/sweepstakes-wheel-lp is Spanish by default and English with lang=en, has no wheel, and counts down to its real deadline', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/sweepstakes-wheel-lp?clickid=w', { context });
      try {
        expect(await page.locator('html').getAttribute('lang')).toBe('es');
        const countdown = page.locator('[data-countdown]');
        // 2027-01-31 23:59:59 UTC is 70 days, 11:59:59 after NOW.
        await expect.poll(() => countdown.innerText()).toContain('70d 11:59:59');
        await page.clock.runFor(1000);
        await expect.poll(() => countdown.innerText()).toContain('70d 11:59:58');
        expect(await page.locator('canvas, [class*="wheel"], [data-wheel]').count()).toBe(0);
        expect((await page.locator('main').innerText()).toLowerCase()).not.toMatch(WIN_CLAIMS);
        expect(await ctaHrefs(page)).toEqual(['https://track.heartnotes.example/click/sweeps-es?click_id=w']);
        // The chrome is Spanish (issue 19), and so are the consent script's own words: its toast and the toast's close button.
        expect(await page.locator('.skip-link').textContent()).toBe('Ir al contenido');
        expect(await page.locator('.copyright').textContent()).toContain('Escrito con cuidado');
        await page.getByRole('button', { name: 'Rechazar todo' }).click();
        await expect.poll(() => page.locator('.toast-title').textContent()).toBe('Opciones de privacidad guardadas');
        expect(await page.locator('.toast-close').getAttribute('aria-label')).toBe('Cerrar la notificación');
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
      const en = await open('/sweepstakes-wheel-lp?lang=en', { context });
      try {
        expect(await en.page.locator('html').getAttribute('lang')).toBe('en');
      } finally {
        await en.close();
      }
    });
    await withClock(async (context) => {
      const { page, close } = await open('/sweepstakes-wheel-lp', { context });
      try {
        await expect.poll(() => page.locator('[data-countdown]').innerText()).not.toMatch(/\d+d \d\d:/);
        expect(await page.locator('[data-countdown]').isVisible()).toBe(true);
      } finally {
        await close();
      }
    }, new Date('2027-02-01T00:00:05Z'));
  });

  it('/cm-iphone16-lp is French by default, English for lang=en-GB, and French again for lang=es', async () => {
    for (const [query, lang] of [['', 'fr'], ['?lang=en-GB', 'en'], ['?lang=es', 'fr']] as const) {
      const { page, problems, close } = await open(`/cm-iphone16-lp${query}`);
      try {
        expect(await page.locator('html').getAttribute('lang'), query).toBe(lang);
        expect(await ctaHrefs(page)).toEqual(['https://track.heartnotes.example/click/phone-fr']);
        // The chrome follows the page's language (issue 19): skip link, footer, no English menu.
        const chrome = { fr: ['Aller au contenu', 'Écrit avec soin'], en: ['Skip to content', 'Written with care'] }[lang];
        await expect.poll(() => page.locator('.skip-link').textContent(), { message: query }).toBe(chrome[0]);
        expect(await page.locator('.copyright').textContent(), query).toContain(chrome[1]);
        expect(await page.locator('header .site-nav').count(), query).toBe(0);
        expect(problems.pageErrors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('a refused cu on a French page gives the French toast; the consent script speaks French too', async () => {
    const { page, close } = await open('/cm-iphone16-lp?clickid=c&cu=https://evil.test/click');
    try {
      await expect.poll(() => page.locator('[data-toast-area] li').innerText()).toContain('?cu= invalide : utilisation du lien BeMob sûr.');
      expect(await page.locator('.toast-close').getAttribute('aria-label')).toBe('Fermer la notification');
      await page.getByRole('button', { name: 'Tout refuser' }).click();
      await expect.poll(() => page.locator('.toast-title').textContent()).toBe('Choix de confidentialité enregistrés');
      expect(await page.locator('.toast-description').textContent()).toContain('« Choix de confidentialité »');
    } finally {
      // The browser is shared by this file's tests: no choice may outlive this one.
      await page.evaluate(() => localStorage.removeItem('heartnotes-consent-v1')).catch(() => {});
      await close();
    }
  });
});

describe('interstitials', () => {
  it('/sexy-warning-lp never forwards by itself; the explicit confirm passes clickid and wid on; Leave goes home', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/sexy-warning-lp?clickid=c1&wid=w1', { context });
      try {
        await page.clock.runFor(30_000);
        expect(page.url()).toBe(`${site.url}/sexy-warning-lp?clickid=c1&wid=w1`);
        expect(await page.getByRole('link', { name: 'Leave' }).getAttribute('href')).toBe('/');
        const confirm = page.getByRole('link', { name: 'I am 18 or older — continue' });
        const expected = 'https://adult.heartnotes.example/click?clickid=c1&wid=w1';
        expect(await confirm.getAttribute('href')).toBe(expected);
        await confirm.click();
        await page.waitForURL(expected);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('/double-redirect-lp goes on after 2 s (not before) with one of the two widget ids; Continue works at once', async () => {
    for (const [random, wid] of [[0, 'wid-4101'], [0.99, 'wid-4102']] as const) {
      await withClock(async (context) => {
        const { page, problems, close } = await open('/double-redirect-lp?clickid=k&wid=ignored', { context, random });
        try {
          const expected = `https://widgets.heartnotes.example/click/split?wid=${wid}&lang=id&clickid=k`;
          expect(await ctaHrefs(page)).toEqual([expected]);
          await page.clock.runFor(1999);
          expect(page.url()).toContain('/double-redirect-lp');
          await page.clock.runFor(1);
          await page.waitForURL(expected);
          expect(problems.all()).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  });

  it('/geo-redirect-button-lp shows Continue after 2.5 s, with a message and background from its lists', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/geo-redirect-button-lp?wid=w7&wid_hmac=h%2B1&clickid=k', { context });
      try {
        const cont = firstCta(page);
        expect(await cont.isVisible()).toBe(false);
        await page.clock.runFor(2499);
        expect(await cont.isVisible()).toBe(false);
        await page.clock.runFor(1);
        await expect.poll(() => cont.isVisible()).toBe(true);
        const expected = 'https://widgets.heartnotes.example/click/geo?wid=w7&wid_hmac=h%2B1&lang=id&clickid=k';
        expect(await cont.getAttribute('href')).toBe(expected);
        expect((await page.locator('[data-loading-message]').innerText()).length).toBeGreaterThan(5);
        expect(await page.locator('img[data-loading-bg]').getAttribute('src')).toMatch(/^\/images\/landing\//);
        await page.clock.runFor(60_000);
        expect(page.url(), 'the button page never forwards by itself').toContain('/geo-redirect-button-lp');
        await cont.click();
        await page.waitForURL(expected);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('/geo-redirect-auto-jump-lp forwards after 2.5 s and not before', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/geo-redirect-auto-jump-lp?wid=w8&clickid=k&lang=en', { context });
      try {
        const expected = 'https://widgets.heartnotes.example/click/geo-auto?wid=w8&lang=en&clickid=k';
        await page.clock.runFor(2499);
        expect(page.url()).toContain('/geo-redirect-auto-jump-lp');
        await page.clock.runFor(1);
        await page.waitForURL(expected);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('the geo pages tell a visitor outside their regions so, and do not forward', async () => {
    await withClock(async (context) => {
      const { page, close } = await open('/geo-redirect-auto-jump-lp?wid=w8&cc=US', { context });
      try {
        expect(await page.locator('[data-region-block]').innerText()).toContain("This offer isn't available in your region");
        await page.clock.runFor(10_000);
        expect(page.url()).toContain('/geo-redirect-auto-jump-lp');
      } finally {
        await close();
      }
    });
  });

  it('/smart-redirect-lp forwards at once to the offer for v, with tid; an unknown v gets the default offer', async () => {
    for (const [query, expected] of [
      // v chooses the offer; like every other non-empty parameter but cu, lang, direct, cc, it is forwarded.
      ['?tid=t1&v=b', 'https://track.heartnotes.example/go/dating-b?tid=t1&v=b'],
      ['?tid=t2&v=zzz', 'https://track.heartnotes.example/go/dating-default?tid=t2&v=zzz'],
      ['?tid=t3&v=constructor', 'https://track.heartnotes.example/go/dating-default?tid=t3&v=constructor'],
    ]) {
      const page = await browser.context.newPage();
      await page.route((url) => !isSite(url.href), (route) => route.fulfill({ body: 'partner', contentType: 'text/html' }));
      await page.goto(`${site.url}/smart-redirect-lp${query}`);
      await page.waitForURL(expected);
      await page.close();
    }
  });
});

describe('survey and age gate', () => {
  it('/survey-landing-lp: three questions, then the partner step counts down 10 s to one of the two offers', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/survey-landing-lp?clickid=s1&cc=TH', { context, random: 0.99 });
      try {
        await page.getByRole('button', { name: 'Weekly' }).click();
        await page.getByRole('button', { name: 'Gift Card' }).click();
        expect(await page.getByRole('group', { name: /Are you 18 years or older\?/ }).isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Yes' }).click();
        const status = page.locator('[data-survey-countdown]');
        await expect.poll(() => status.innerText()).toContain('10');
        const expected = 'https://track.heartnotes.example/go/survey-b?click_id=s1';
        expect(await page.locator('[data-step="partner"] a[data-cta]').getAttribute('href')).toBe(expected);
        expect((await page.locator('main').innerText()).toLowerCase()).not.toMatch(WIN_CLAIMS);
        await page.clock.runFor(9_000);
        expect(page.url()).toContain('/survey-landing-lp');
        await page.clock.runFor(1_000);
        await page.waitForURL(expected);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('the survey ends politely on No, and its Go now button forwards at once', async () => {
    const no = await open('/survey-landing-lp?clickid=s2');
    try {
      for (const name of ['Daily', 'Cash', 'No']) await no.page.getByRole('button', { name }).click();
      expect(await no.page.locator('[data-step="no"]').innerText()).toMatch(/thank you/i);
      expect(await no.page.locator('[data-step="partner"]').isVisible()).toBe(false);
      expect(calls(no.external)).toEqual([]);
    } finally {
      await no.close();
    }
    const yes = await open('/survey-landing-lp?clickid=s3', { random: 0 });
    try {
      for (const name of ['Rarely', 'Smartphone', 'Yes']) await yes.page.getByRole('button', { name }).click();
      await yes.page.getByRole('link', { name: /go now/i }).click();
      await yes.page.waitForURL('https://track.heartnotes.example/go/survey-a?click_id=s3');
    } finally {
      await yes.close();
    }
  });

  it('/approachx-redirect-lp offers birth years from this year back to 1950 at most 80, and refuses bad input without sending', async () => {
    await withClock(async (context) => {
      const { page, problems, close } = await open('/approachx-redirect-lp?clickid=g1', { context });
      try {
        const years = await page.locator('select[name="birthYear"] option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
        expect(years[0]).toBe('2026');
        expect(years.at(-1)).toBe('1950');
        expect(years.length).toBeLessThanOrEqual(80);
        const posts: string[] = [];
        page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
        const alert = page.getByRole('alert');
        for (const [email, year] of [['not-an-email', '1990'], ['ok@example.com', '2009'], ['ok@example.com', '']]) {
          await page.getByLabel('Email address').fill(email);
          await page.getByLabel('Year of birth').selectOption(year);
          await page.getByRole('button', { name: /continue/i }).click();
          expect(await alert.innerText(), `${email} ${year}`).toBe('Please enter a valid email and birth year.');
        }
        expect(posts).toEqual([]);
        expect(problems.all()).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  it('a valid gate stores the email through the forms function (button reads Validating...) and goes on to the 18+ notice with clickid', async () => {
    const { page, problems, close } = await open('/approachx-redirect-lp?clickid=g2');
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let body = '';
      await page.route('**/api/subscribe', async (route) => {
        body = route.request().postData() ?? '';
        await held;
        await route.continue();
      });
      await page.getByLabel('Email address').fill(GATE_EMAIL);
      await page.getByLabel('Year of birth').selectOption('1990');
      const button = page.locator('[data-gate-submit]');
      await button.click();
      await expect.poll(() => button.innerText()).toBe('Validating...');
      expect(await button.isDisabled()).toBe(true);
      expect(JSON.parse(body)).toEqual({ email: GATE_EMAIL, source: '/approachx-redirect-lp' });
      release();
      await page.waitForURL(`${site.url}/sexy-warning-lp?clickid=g2`);
      expect(problems.all(), 'no console message on either page').toEqual([]);
    } finally {
      await close();
    }
  });
});

const GATE_EMAIL = `gate-${process.pid}@example.com`;

/**
 * Every crafted `cu` is refused by the function the pages run (tests/unit/landing.test.ts checks
 * the whole table as data); here a sample from across the table proves the pages use it.
 */
const sampledAttacks = cuAttacks.filter((_, i) => i % 8 === 0);

describe('attacks', () => {
  it(`refuses ${sampledAttacks.length} of the ${cuAttacks.length} crafted cu values on a real page: default link and toast, never another host`, async () => {
    const page = await browser.context.newPage();
    const external: string[] = [];
    await page.route((url) => !isSite(url.href), (route) => (external.push(route.request().url()), route.abort()));
    const dialogs: string[] = [];
    page.on('dialog', (d) => (dialogs.push(d.message()), void d.dismiss()));
    try {
      for (const [name, cu] of sampledAttacks) {
        await page.goto(`${site.url}/flirty-popup-lp?tid=a&cu=${encodeURIComponent(cu)}`);
        expect(await ctaHrefs(page), name).toEqual(['https://track.heartnotes.example/click/flirty?click_id=a', 'https://track.heartnotes.example/click/flirty?click_id=a']);
        if (cu.trim() !== '') await expect.poll(() => page.locator('[data-toast-area] li').count()).toBe(1);
        expect(page.url(), name).toContain('/flirty-popup-lp');
      }
      for (const [name, cu] of sampledAttacks) {
        await page.goto(`${site.url}/sweepstakes-redirect-lp?direct=1&cu=${encodeURIComponent(cu)}`);
        expect(await page.locator('[data-invalid-access]').isVisible(), name).toBe(true);
      }
      expect(external).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('no query value can add markup, run script or change a link to an unlisted host', async () => {
    const evil = '"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const names = ['tid', 'clickid', 'wid', 'v', 'lang', 'cc', 'source_id', 'model', 'vendor', 'BV_CLICKID', 'offer_id', 'sub_id', 'x"><b>', 'cu'];
    const query = names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(evil)}`).join('&');
    const paths = ['/skro-dating-lp', '/casual-clicker-lp', '/survey-landing-lp', '/geo-redirect-button-lp', '/sexy-warning-lp', '/double-redirect-lp', '/flirty-popup-lp', '/approachx-redirect-lp', '/sweepstakes-redirect-lp', '/sweepstakes-wheel-lp', '/cm-iphone16-lp'];
    // One tab loads each page in turn (a fresh document each time, with its own window).
    const { page, close } = await open(`${paths[0]}?${query}`);
    try {
      for (const path of paths) {
        if (path !== paths[0]) expect((await page.goto(`${site.url}${path}?${query}`))?.status(), path).toBe(200);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), path).toBeUndefined();
        expect(await page.locator('main img[src="x"], main script:not([type="application/json"]), main b').count(), path).toBe(0);
        for (const href of await ctaHrefs(page)) if (href) expect(new URL(href).host, path).toMatch(/\.heartnotes\.example$/);
        expect(await page.locator('html').getAttribute('lang'), path).toMatch(/^(en|es|fr)$/);
      }
    } finally {
      await close();
    }
  });
});

describe('consent, geolocation and the beacon', () => {
  it('without consent no third party is contacted: no geolocation, no beacon, no prefetch', async () => {
    const { page, external, close } = await open('/survey-landing-lp?clickid=n');
    try {
      for (const name of ['Daily', 'Cash', 'Yes']) await page.getByRole('button', { name }).click();
      await page.getByRole('link', { name: /go now/i }).click();
      await page.waitForURL(/survey-[ab]/);
      expect(calls(external)).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll('link[rel="preconnect"]').length)).toBe(0);
    } finally {
      await close();
    }
  });

  it('after consent it looks up the location (cache-busting), shows "in Manila, Philippines" and the PH wording', async () => {
    const { page, external, problems, close } = await open('/sweepstakes-redirect-lp?clickid=g&cu=' + encodeURIComponent(`https://${TRACK}/click/s`), { consent: { location: true } });
    try {
      await expect.poll(() => calls(external).length).toBe(1);
      expect(calls(external)[0]).toMatch(/^https:\/\/ipapi\.co\/json\/\?t=\d+$/);
      expect(external[0].headers()['cookie']).toBeUndefined();
      expect(await page.locator('[data-region-block]').isVisible()).toBe(false);
      expect(problems.all()).toEqual([]);
    } finally {
      await close();
    }
    const offer = await open('/skro-dating-lp?tid=z', { consent: { location: true } });
    try {
      await expect.poll(() => offer.page.locator('[data-location]').innerText()).toBe('in Manila, Philippines');
    } finally {
      await offer.close();
    }
  });

  it('a visitor located outside the regions is told so; a failed lookup is silent', async () => {
    const cu = encodeURIComponent(`https://${TRACK}/click/s`);
    const us = await open(`/sweepstakes-redirect-lp?cu=${cu}`, { consent: { location: true }, geo: { city: 'Austin', country_name: 'United States', country_code: 'US' } });
    try {
      await expect.poll(() => us.page.locator('[data-region-block]').isVisible()).toBe(true);
    } finally {
      await us.close();
    }
    const failed = await open(`/sweepstakes-redirect-lp?cu=${cu}`, { consent: { location: true }, geo: 'fail' });
    try {
      await expect.poll(() => calls(failed.external).length).toBe(1);
      expect(await failed.page.locator('[data-region-block]').isVisible()).toBe(false);
      expect(await failed.page.locator('[data-location]').isVisible()).toBe(false);
      expect(failed.problems.pageErrors).toEqual([]);
    } finally {
      await failed.close();
    }
  });

  it('with measurement consent the call-to-action sends the beacon {e, ts, geo, src} and the destination gets a preconnect hint', async () => {
    const { page, external, close } = await open('/survey-landing-lp?clickid=b&cc=PH', { consent: { measurement: true } });
    try {
      expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="preconnect"]')].map((l) => (l as HTMLLinkElement).href))).toEqual(['https://track.heartnotes.example/']);
      for (const name of ['Weekly', 'Headphones', 'Yes']) await page.getByRole('button', { name }).click();
      await page.getByRole('link', { name: /go now/i }).click();
      await page.waitForURL(/survey-[ab]/);
      const beacon = external.find((r) => r.url() === 'https://track.heartnotes.example/lp-event');
      expect(beacon, 'the beacon was sent').toBeDefined();
      const payload = JSON.parse(beacon!.postData() ?? '{}');
      expect(Object.keys(payload).sort()).toEqual(['e', 'geo', 'src', 'ts']);
      expect(payload).toMatchObject({ e: 'cta_click', geo: 'PH', src: '/survey-landing-lp' });
    } finally {
      await close();
    }
  });
});

describe('every landing route without JavaScript, and its accessibility', { timeout: 120_000 }, () => {
  const routes = [
    '/skro-dating-lp', '/casual-clicker-lp', '/smart-redirect-lp', '/survey-landing-lp', '/geo-redirect-button-lp', '/geo-redirect-auto-jump-lp',
    '/sexy-warning-lp', '/double-redirect-lp', '/flirty-popup-lp', '/approachx-redirect-lp', '/sweepstakes-redirect-lp', '/sweepstakes-wheel-lp',
    '/cm-iphone16-lp', '/mitolyn-review',
  ];

  it('each of the 14 routes has a working link on without JavaScript (or says why it cannot)', async () => {
    // One tab loads each route in turn; without JavaScript nothing on a page outlives it.
    const page = await noJs.context.newPage();
    try {
      for (const path of routes) {
        const response = await page.goto(`${site.url}${path}`);
        expect(response?.status(), path).toBe(200);
        expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toMatch(/noindex/);
        if (path === '/sweepstakes-redirect-lp') {
          expect(await page.locator('[data-invalid-access]').isVisible()).toBe(true);
          continue;
        }
        const links = await page.locator('main a[href^="https://"]:visible, main a[href^="/"]:visible').count();
        expect(links, `${path} has a visible way on`).toBeGreaterThan(0);
      }
    } finally {
      await page.close();
    }
  });

  // Once a second copy of the review; now one address (docs/product.md, "One topic").
  it('/mitolyn-review goes on to the review at /affiliate/, which is unlisted', async () => {
    const { page, problems, close } = await open('/mitolyn-review');
    try {
      expect(new URL(page.url()).pathname).toBe('/affiliate/affiliate-mitolyn-review');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/affiliate\/affiliate-mitolyn-review$/);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
      expect(await page.locator('h1').innerText()).toMatch(/Mitolyn/);
      expect(problems.all()).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each(routes.filter((p) => p !== '/smart-redirect-lp'))('axe-core finds no violations on %s at 375 and 1280 px with JavaScript, and at 375 px without (screenshots on request)', async (path) => {
    const query = path === '/sweepstakes-redirect-lp' ? `?cu=${encodeURIComponent(`https://${TRACK}/click/s`)}` : '?clickid=a&tid=a';
    // axe-core cannot run in a page with JavaScript off, so the page as served is checked with its
    // landing script blocked instead (the same DOM, less the <noscript> fallbacks): on a phone,
    // where most visitors of these pages are; the layout at both widths is checked with JavaScript.
    for (const label of ['as-served', 'js'] as const) {
      const check = async (context?: BrowserContext) => {
        // A page that forwards by itself (after 2 or 2.5 s) stays while axe looks at it.
        const { page, close } = await open(`${path}${query}`, { viewport: PHONE, blockScripts: label === 'as-served', stay: true, context });
        try {
          for (const viewport of label === 'js' ? [PHONE, DESKTOP] : [PHONE]) {
            await page.setViewportSize(viewport);
            const result = await axeFor(page).analyze();
            expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${path} at ${viewport.width} (${label})`).toEqual([]);
            await screenshot(page, `${path.slice(1)}-${label}-${viewport.width}.png`, { fullPage: true });
          }
        } finally {
          await close();
        }
      };
      await check();
    }
  });

  it('the gate stored the email with the page as its source (read back once the preview has stopped)', async () => {
    await site.stop();
    const stored = exportStored(GATE_EMAIL, env);
    expect(stored.subscribers.map((s) => [s.email, s.source])).toEqual([[GATE_EMAIL, '/approachx-redirect-lp']]);
  });
});
