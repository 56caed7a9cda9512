import { CHROME, type ChromeText } from './chrome-text.ts';

/** The short line shown near the top of every page that carries affiliate links (in the page's language on landing pages). */
export function AffiliateNotice({ t = CHROME.en, keys = false }: { t?: ChromeText; keys?: boolean }) {
  const k = (key: string) => (keys ? { 'data-chrome': key } : {});
  return (
    <p className="affiliate-notice">
      <span {...k('affiliate')}>{t.affiliate}</span> <a href="/affiliate-disclosure" {...k('affiliateLink')}>{t.affiliateLink}</a>.
    </p>
  );
}
