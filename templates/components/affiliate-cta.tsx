import { Island } from '../../src/index.ts';
import AffiliateCtaIsland from '../islands/affiliate-cta.tsx';

/**
 * The affiliate call-to-action button: a sponsored link that works without JavaScript (new tab),
 * placed as the `affiliate-cta` island so a click can report the conversion first (docs/product.md, "Reviews").
 * Renders nothing when there is no affiliate link.
 */
export function AffiliateCta({ href, text, sendTo }: {
  href?: string;
  text: string;
  /** The conversion tag's target (`tagId/label`), when one is configured (optional). */
  sendTo?: string;
}) {
  if (!href) return null;
  return (
    <Island
      name="affiliate-cta"
      component={AffiliateCtaIsland}
      props={{ href, text, ...(sendTo ? { sendTo } : {}) }}
      load="idle"
      className="cta-island"
    />
  );
}
