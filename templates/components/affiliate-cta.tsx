/**
 * The affiliate call-to-action button: an ordinary link (it works without JavaScript), marked as
 * sponsored, opening the partner's site in a new tab.
 */
export function AffiliateCta({ href, text, wide = false }: { href?: string; text: string; wide?: boolean }) {
  if (!href) return null;
  return (
    <a
      className={`button cta${wide ? ' cta-wide' : ''}`}
      href={href}
      target="_blank"
      rel="sponsored nofollow noopener"
      data-affiliate-cta=""
    >
      {text}
      <span className="visually-hidden"> (opens the seller's site in a new tab)</span>
    </a>
  );
}
