import { Cached } from '../../src/index.ts';
import { CHROME, type ChromeLocale, type ChromeText } from './chrome-text.ts';

export function Footer({ siteTitle, year, tagline, t = CHROME.en, keys = false }: {
  siteTitle: string; year: number; tagline: string;
  /** The footer's words (the page's language on landing pages; optional, English). */
  t?: ChromeText;
  /** Marks the words with `data-chrome` keys for a page that switches language (optional). */
  keys?: boolean;
}) {
  const k = (key: string) => (keys ? { 'data-chrome': key } : {});
  // The same on every page in one language: rendered once for each (`Cached`).
  const locale = (Object.keys(CHROME) as ChromeLocale[]).find((l) => CHROME[l] === t) ?? JSON.stringify(t);
  return (
    <Cached as="footer" className="site-footer" part={`footer ${locale} ${keys}`}>
      {() => (
      <div className="wrap footer-inner">
        <p className="footer-tagline" {...k('tagline')}>{t.tagline || tagline}</p>
        <nav aria-label={t.legal}>
          <ul className="footer-links">
            <li><a href="/about" {...k('about')}>{t.about}</a></li>
            <li><a href="/contact" {...k('contact')}>{t.contact}</a></li>
            <li><a href="/privacy-policy" {...k('privacy')}>{t.privacy}</a></li>
            <li><a href="/affiliate-disclosure" {...k('disclosure')}>{t.disclosure}</a></li>
            {/* Where the consent script runs, a click reopens the banner in place (templates/scripts/consent.ts). */}
            <li><a href="/privacy-policy#privacy-choices" data-privacy-choices="" {...k('choices')}>{t.choices}</a></li>
          </ul>
        </nav>
        <p className="copyright">
          © {year} {siteTitle}. <span {...k('rights')}>{t.rights}</span>
        </p>
        {/* On screens with a free margin beside the content, it floats there once the page is
            scrolled past 300 px, in CSS alone (site.css); elsewhere it stays here, so it never covers a link. */}
        <p className="back-to-top-line"><a className="back-to-top" href="#top"><span className="back-to-top-text" {...k('backToTop')}>{t.backToTop}</span> <span aria-hidden="true">↑</span></a></p>
      </div>
      )}
    </Cached>
  );
}
