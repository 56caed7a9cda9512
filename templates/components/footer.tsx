export function Footer({ siteTitle, year, tagline }: { siteTitle: string; year: number; tagline: string }) {
  return (
    <footer className="site-footer">
      <div className="wrap footer-inner">
        <p className="footer-tagline">{tagline}</p>
        <nav aria-label="Legal">
          <ul className="footer-links">
            <li><a href="/about">About us</a></li>
            <li><a href="/privacy-policy">Privacy policy</a></li>
            <li><a href="/affiliate-disclosure">Affiliate disclosure</a></li>
            {/* Where the consent script runs, a click reopens the banner in place (templates/scripts/consent.ts). */}
            <li><a href="/privacy-policy#privacy-choices" data-privacy-choices="">Privacy choices</a></li>
          </ul>
        </nav>
        <p className="copyright">
          © {year} {siteTitle}. Written with care; not a substitute for professional advice.
        </p>
        {/* Floats at the bottom corner once the page is scrolled past 300 px, in CSS alone (site.css). */}
        <p className="back-to-top-line"><a className="back-to-top" href="#top">Back to top <span aria-hidden="true">↑</span></a></p>
      </div>
    </footer>
  );
}
