import type { ConsentCategory } from '../lib/consent.ts';
import { PageScript } from '../../src/index.ts';
import type { ThirdParties } from '../schemas.ts';
import { JsonData } from './json-ld.tsx';
import { consentScriptConfig, type ConsentScriptConfig } from './third-parties.ts';

/** What each category is for, in a few words (after "we use services … for"). */
const SHORT: Record<ConsentCategory, string> = {
  advertising: 'advertising',
  measurement: 'measurement',
  location: 'showing offers for your region',
};

/** What each configured service of a category does, for the per-category choice. */
function details(tp: ThirdParties): Record<ConsentCategory, string[]> {
  return {
    advertising: [
      ...(tp.adScript || tp.adManager ? ['ads in the spaces marked “Advertisement”'] : []),
      ...(tp.conversion ? ['telling an advertiser when you go to a seller from one of our reviews'] : []),
    ],
    measurement: tp.pixel ? ['a tiny image requested once per article read, with its number and address'] : [],
    location: tp.geolocation ? ['on some offer pages, your approximate city and country, looked up from your IP address'] : [],
  };
}

const CATEGORY_NAMES: Record<ConsentCategory, string> = { advertising: 'Advertising', measurement: 'Measurement', location: 'Location' };

/** "a", "a and b", "a, b and c". */
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

const NOTHING_LOADS = 'Nothing from them loads until you choose, and the site works the same if you reject.';
const CHANGE_IT = 'Change it any time with “Privacy choices” at the foot of each page; a withdrawal applies once you reload.';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The consent banner (docs/product.md, "Consent"): hidden in the HTML, shown by templates/scripts/consent.ts while the
 * visitor has not chosen, and again from the footer's "Privacy choices" link. Accept all and
 * Reject all look and weigh the same; "Choose by category" offers one box per configured category
 * (none ticked in advance). A region at the bottom of the screen, not a modal: the page stays
 * usable behind it. It also carries the page's third-party config for the script.
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
export function ConsentBanner({ thirdParties, offered, pageCategories, ownServices = {} }: {
  thirdParties: ThirdParties;
  /** The categories with a configured service, site-wide: the choice holds for every page. */
  offered: ConsentCategory[];
  /** The categories this page may use; only their services go into the script's config. */
  pageCategories: ConsentCategory[];
  /** Services the page itself uses, e.g. a landing page's tracker beacon (optional). */
  ownServices?: Partial<Record<ConsentCategory, string>>;
}) {
  const why = details(thirdParties);
  for (const [category, service] of Object.entries(ownServices) as [ConsentCategory, string][]) why[category].push(service);
  const config: ConsentScriptConfig = consentScriptConfig(thirdParties, pageCategories);
  return (
    <section id="consent-banner" className="consent-banner" aria-labelledby="consent-title" tabIndex={-1} hidden data-consent-banner="">
      <div className="consent-inner">
        <h2 id="consent-title" className="consent-title">Your privacy choices</h2>
        <p className="consent-text">
          With your permission, we use services from other companies for {list(offered.map((c) => SHORT[c]))}.
          <span className="consent-wide"> {NOTHING_LOADS}</span>
        </p>
        <div className="consent-actions">
          <button type="button" className="button consent-button" data-consent-action="reject">Reject all</button>
          <button type="button" className="button consent-button" data-consent-action="accept">Accept all</button>
        </div>
        <details className="consent-details">
          <summary>Choose by category</summary>
          {/* Phones: what the wide banner says in its text and note, here to keep the band low. */}
          <p className="consent-narrow consent-more">{NOTHING_LOADS} {CHANGE_IT}</p>
          <fieldset className="consent-categories">
            <legend className="visually-hidden">Allow these services</legend>
            {offered.map((c) => (
              <div className="consent-category" key={c}>
                <input type="checkbox" id={`consent-${c}`} name={c} data-consent-category={c} aria-describedby={`consent-${c}-why`} />
                <label htmlFor={`consent-${c}`}>{CATEGORY_NAMES[c]}</label>
                <p id={`consent-${c}-why`} className="consent-why">{capitalise(list(why[c]))}.</p>
              </div>
            ))}
          </fieldset>
          <button type="button" className="button consent-button" data-consent-action="save">Save my choices</button>
        </details>
        <p className="consent-note">
          <span className="consent-wide">{CHANGE_IT}{' '}</span>
          <a href="/privacy-policy#privacy-choices">Privacy policy</a>
        </p>
        <JsonData id="consent-config" data={config} />
      </div>
      <PageScript name="consent" />
    </section>
  );
}
