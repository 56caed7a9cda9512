/** The short line shown near the top of every page that carries affiliate links. */
export function AffiliateNotice() {
  return (
    <p className="affiliate-notice">
      Some links on this page are affiliate links: if you buy through them we may earn a commission, at no
      extra cost to you. <a href="/affiliate-disclosure">How we handle affiliate links</a>.
    </p>
  );
}
