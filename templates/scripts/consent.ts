// The consent banner's behaviour and the only loader of the advertising and measurement services
// (docs/product.md, "Consent"). It runs on pages that may use a configured third party (see Document's `consent`).
// Nothing here contacts another host until the visitor allows that service's category; each
// service goes through whenAllowed, so a choice made later on the page loads it then. IP
// geolocation is not loaded here: the landing script asks whenAllowed('location') itself.
import { CONSENT_EVENT, readConsent, saveConsent, whenAllowed, type ConsentCategory, type ConsentChoice } from '../lib/consent.ts';
import { toast } from '../lib/toast.ts';
import type { ConsentScriptConfig, ConsentScriptData } from '../components/third-parties.ts';
import type { ConsentScriptText } from '../components/chrome-text.ts';

type Choice = Omit<ConsentChoice, 'date'>;
const NONE: Choice = { advertising: false, measurement: false, location: false };

const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
const configText = document.getElementById('consent-config')?.textContent;
if (banner && configText) start(banner, JSON.parse(configText) as ConsentScriptData);

function start(banner: HTMLElement, config: ConsentScriptData) {
  const boxes = [...banner.querySelectorAll<HTMLInputElement>('input[data-consent-category]')];
  const offered = boxes.map((box) => box.dataset.consentCategory as ConsentCategory);
  /** The element that reopened the banner, to give focus back to. */
  let opener: HTMLElement | null = null;

  const open = (focus: boolean) => {
    const current = readConsent();
    for (const box of boxes) box.checked = current?.[box.dataset.consentCategory as ConsentCategory] === true;
    banner.hidden = false;
    trackHeight(banner);
    if (focus) banner.focus({ preventScroll: true });
  };
  const close = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    trackHeight(banner);
    if (!hadFocus) return;
    // Focus must not fall to the body with the banner gone: back to the link that opened it, or the page.
    (opener ?? document.getElementById('main'))?.focus({ preventScroll: true });
    opener = null;
  };
  const choose = (choice: Choice) => {
    const before = readConsent();
    saveConsent(choice);
    close();
    const withdrawn = !!before && offered.some((c) => before[c] && !choice[c]);
    const say = words(config.text);
    toast({
      title: say('consentSaved'),
      description: withdrawn ? say('consentReload') : say('consentSavedHint'),
      dismissLabel: say('dismiss'),
    });
  };

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent-action]')?.dataset.consentAction;
    if (action === 'accept') choose({ ...NONE, ...Object.fromEntries(offered.map((c) => [c, true])) });
    else if (action === 'reject') choose(NONE);
    else if (action === 'save') choose({ ...NONE, ...Object.fromEntries(boxes.map((b) => [b.dataset.consentCategory, b.checked])) });
  });
  // Escape puts the banner away again when it was reopened; a first visit needs an answer (or the
  // banner simply stays, leaving the page usable).
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && readConsent()) close();
  });
  for (const link of document.querySelectorAll<HTMLElement>('a[data-privacy-choices]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      opener = link;
      open(true);
    });
  }

  // Arriving by the footer link of a page without this script: the choices open, with focus. The
  // browser's scroll to the #privacy-choices heading drops focus, so focus again once it is done.
  const arrivedForChoices = location.hash === '#privacy-choices';
  if (!readConsent() || arrivedForChoices) open(arrivedForChoices);
  if (arrivedForChoices && document.readyState !== 'complete') {
    window.addEventListener('load', () => {
      if (!banner.hidden && document.activeElement === document.body) banner.focus({ preventScroll: true });
    }, { once: true });
  }

  whenAllowed('advertising', () => loadAds(config));
  whenAllowed('advertising', () => loadConversionTag(config));
  whenAllowed('measurement', () => sendArticlePixel(config));
  // A withdrawal stops what this page would still send; the reload the banner asks for does the rest.
  window.addEventListener(CONSENT_EVENT, (event) => {
    if ((event as CustomEvent<ConsentChoice>).detail.advertising) return;
    delete (window as Partial<TagWindow>).gtag;
  });
}

/**
 * The script's own words in the page's current language: the page's (from the config), unless a
 * landing page has switched language (`?lang=`), whose chrome packs (`#landing-chrome`) hold each one.
 */
function words(text: ConsentScriptText): (key: keyof ConsentScriptText) => string {
  const packs = document.getElementById('landing-chrome')?.textContent;
  const pack = packs ? (JSON.parse(packs) as Record<string, Partial<ConsentScriptText>>)[document.documentElement.lang] : undefined;
  return (key) => pack?.[key] ?? text[key];
}

/** Keeps the page's end reachable above the banner: CSS pads the body by this much. */
let observer: ResizeObserver | undefined;
function trackHeight(banner: HTMLElement) {
  const root = document.documentElement;
  if (banner.hidden) {
    observer?.disconnect();
    root.style.removeProperty('--consent-banner-height');
    return;
  }
  observer ??= new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`));
  observer.observe(banner);
}

function addScript(src: string, parent: Element = document.head) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  parent.append(script);
}

// ── Advertising ──────────────────────────────────────────────────────────────────────────────

interface Googletag {
  cmd: { push(run: () => void): void };
  pubads(): unknown;
  defineSlot(path: string, sizes: [number, number][], id: string): { addService(service: unknown): unknown } | null;
  enableServices(): void;
  display(id: string): void;
}

/**
 * The ad script goes into the partner block's slot; the ad manager's slots fill the page's other
 * ad slots (or that one, with no ad script) in order, one each. Slots keep their 250 px min height
 * in CSS, so nothing moves when an ad arrives.
 */
function loadAds({ adScript, adManager }: ConsentScriptConfig) {
  let free = [...document.querySelectorAll<HTMLElement>('.ad-slot[data-ad-slot]')];
  const partnerSlot = free.find((el) => el.dataset.adSlot === 'partner-block');
  if (adScript && partnerSlot) {
    addScript(adScript.src, partnerSlot);
    partnerSlot.dataset.adFilled = 'ad-script';
    free = free.filter((el) => el !== partnerSlot);
  }
  if (!adManager) return;
  const placed = adManager.slots.slice(0, free.length).map((slot, i) => {
    const box = document.createElement('div');
    box.id = slot.id;
    box.className = 'ad-unit';
    free[i].append(box);
    free[i].dataset.adFilled = 'ad-manager';
    return slot;
  });
  if (placed.length === 0) return;
  const w = window as unknown as { googletag?: Googletag };
  const googletag = (w.googletag ??= { cmd: [] } as unknown as Googletag);
  googletag.cmd.push(() => {
    for (const slot of placed) {
      googletag.defineSlot(`/${adManager.publisherId}/${slot.path.replace(/^\/+/, '')}`, slot.sizes, slot.id)?.addService(googletag.pubads());
    }
    googletag.enableServices();
    for (const slot of placed) googletag.display(slot.id);
  });
  addScript(adManager.src);
}

interface TagWindow {
  dataLayer: unknown[];
  gtag: (...args: unknown[]) => void;
}

/**
 * The conversion tag, on pages with a call to action: the review CTA island sends the 49 USD
 * conversion through `window.gtag` when it exists, which is only from here on. A page marked
 * `data-conversion-on-load` (the order thank-you page) sends it as soon as the tag is set up.
 */
function loadConversionTag({ conversion }: ConsentScriptConfig) {
  const onLoad = document.querySelector('[data-conversion-on-load]');
  if (!conversion || !(onLoad || document.querySelector('[data-affiliate-cta]'))) return;
  const w = window as unknown as TagWindow;
  w.dataLayer = w.dataLayer || [];
  // gtag.js reads the `arguments` object itself from the data layer, not an array.
  w.gtag = function gtag() {
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', conversion.tagId);
  // The order thank-you page reports the sale itself, once per view (docs/product.md, "Core pages").
  if (onLoad) w.gtag('event', 'conversion', { send_to: `${conversion.tagId}/${conversion.label}`, value: 49, currency: 'USD' });
  const src = new URL(conversion.src);
  src.searchParams.set('id', conversion.tagId);
  addScript(src.href);
}

// ── Measurement ──────────────────────────────────────────────────────────────────────────────

/** Kept so the request is not dropped with an unreferenced image. */
let pixel: HTMLImageElement | undefined;

/** One 1×1 pixel per article view, with the article's id and address (docs/product.md, "Articles"). */
function sendArticlePixel(config: ConsentScriptConfig) {
  const article = document.querySelector<HTMLElement>('[data-article-id]');
  if (!config.pixel || !article || pixel) return;
  const url = new URL(config.pixel.src);
  url.searchParams.set('article_id', article.dataset.articleId ?? '');
  url.searchParams.set('page', location.pathname);
  pixel = new Image(1, 1);
  pixel.src = url.href;
}
