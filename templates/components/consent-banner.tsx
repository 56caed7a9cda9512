import type { ConsentCategory } from '../lib/consent.ts';
import { PageScript } from '../../src/index.ts';
import type { ThirdParties } from '../schemas.ts';
import { JsonData } from './json-ld.tsx';
import { consentScriptConfig, type ConsentScriptData } from './third-parties.ts';
import { CHROME, listOf, type ChromeText } from './chrome-text.ts';

/** What each configured service of a category does, for the per-category choice. */
function details(tp: ThirdParties, t: ChromeText): Record<ConsentCategory, string[]> {
  return {
    advertising: [...(tp.adScript || tp.adManager ? [t.service.ads] : []), ...(tp.conversion ? [t.service.conversion] : [])],
    measurement: tp.pixel ? [t.service.pixel] : [],
    location: tp.geolocation ? [t.service.geolocation] : [],
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The consent banner (docs/product.md, "Consent"): hidden in the HTML, shown by templates/scripts/consent.ts while the
 * visitor has not chosen, and again from the footer's "Privacy choices" link. Accept all and
 * Reject all look and weigh the same; "Choose by category" offers one box per configured category
 * (none ticked in advance). A region at the bottom of the screen, not a modal: the page stays
 * usable behind it. It also carries the page's third-party config for the script, and the words
 * the script shows itself (in the page's language).
 *
 * # Design decision
 * It sits right after the skip link in the source, so the keyboard reaches Reject all and Accept
 * all first (the two choices come before anything else in it),
 * while it shows at the bottom of the screen. At the end of the source it would be behind every
 * link of the page; as a modal dialog it would block reading, which consent must not require.
 *
 * On phones the band stays under a quarter of the screen: the title, what the services are for,
 * the two equal buttons, then "Choose by category" and the privacy policy link on one row; the
 * sentences on what happens before a choice and how to change it move into "Choose by category".
 */
export function ConsentBanner({ thirdParties, offered, pageCategories, ownServices = {}, t = CHROME.en, keys = false }: {
  thirdParties: ThirdParties;
  /** The categories with a configured service, site-wide: the choice holds for every page. */
  offered: ConsentCategory[];
  /** The categories this page may use; only their services go into the script's config. */
  pageCategories: ConsentCategory[];
  /** Services the page itself uses, e.g. a landing page's tracker beacon (optional). */
  ownServices?: Partial<Record<ConsentCategory, string>>;
  /** The banner's words (the page's language on landing pages; optional, English). */
  t?: ChromeText;
  /** Marks the words with `data-chrome` keys for a page that switches language (optional). */
  keys?: boolean;
}) {
  const k = (key: string) => (keys ? { 'data-chrome': key } : {});
  const why = details(thirdParties, t);
  for (const [category, service] of Object.entries(ownServices) as [ConsentCategory, string][]) why[category].push(service);
  const config: ConsentScriptData = {
    ...consentScriptConfig(thirdParties, pageCategories),
    text: { consentSaved: t.consentSaved, consentSavedHint: t.consentSavedHint, consentReload: t.consentReload, dismiss: t.dismiss },
  };
  return (
    <section id="consent-banner" className="consent-banner" aria-labelledby="consent-title" tabIndex={-1} hidden data-consent-banner="">
      <div className="consent-inner">
        <h2 id="consent-title" className="consent-title" {...k('consentTitle')}>{t.consentTitle}</h2>
        <p className="consent-text">
          <span {...k('consentLead')}>{t.consentLead(listOf(offered.map((c) => t.short[c]), t))}</span>
          <span className="consent-wide"> <span {...k('nothingLoads')}>{t.nothingLoads}</span></span>
        </p>
        <div className="consent-actions">
          <button type="button" className="button consent-button" data-consent-action="reject" {...k('reject')}>{t.reject}</button>
          <button type="button" className="button consent-button" data-consent-action="accept" {...k('accept')}>{t.accept}</button>
        </div>
        <details className="consent-details">
          <summary {...k('choose')}>{t.choose}</summary>
          {/* Phones: what the wide banner says in its text and note, here to keep the band low. */}
          <p className="consent-narrow consent-more"><span {...k('nothingLoads')}>{t.nothingLoads}</span> <span {...k('changeIt')}>{t.changeIt}</span></p>
          <fieldset className="consent-categories">
            <legend className="visually-hidden">{t.allow}</legend>
            {offered.map((c) => (
              <div className="consent-category" key={c}>
                <input type="checkbox" id={`consent-${c}`} name={c} data-consent-category={c} aria-describedby={`consent-${c}-why`} />
                <label htmlFor={`consent-${c}`}>{t.category[c]}</label>
                <p id={`consent-${c}-why`} className="consent-why">{capitalise(listOf(why[c], t))}.</p>
              </div>
            ))}
          </fieldset>
          <button type="button" className="button consent-button" data-consent-action="save" {...k('save')}>{t.save}</button>
        </details>
        <p className="consent-note">
          <span className="consent-wide"><span {...k('changeIt')}>{t.changeIt}</span>{' '}</span>
          <a href="/privacy-policy#privacy-choices" {...k('privacyShort')}>{t.privacyShort}</a>
        </p>
        <JsonData id="consent-config" data={config} />
      </div>
      <PageScript name="consent" />
    </section>
  );
}
