import type { Partner } from '../schemas.ts';
import { Picture } from '../../src/index.ts';

/** The banner block: up to three partner ads, labelled as ads, with sponsored links. */
export function PartnerBanners({ partners, adSlot }: { partners: Partner[]; adSlot: boolean }) {
  if (partners.length === 0) return null;
  return (
    <aside className="partners" aria-labelledby="partners-heading">
      <h2 id="partners-heading" className="partners-heading">From our partners <span className="ad-label">Ads</span></h2>
      <ul className="partner-list">
        {partners.map((p) => (
          <li key={p.url} className="partner">
            <Picture src={p.image} alt={p.imageAlt} width={96} height={96} sizes="96px" />
            <div>
              <h3>{p.name}</h3>
              <p>{p.description}</p>
              <a href={p.url} target="_blank" rel="sponsored nofollow noopener noreferrer">
                {p.cta}<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
      {/* Reserved for a third-party ad script, which loads only after the visitor consents; only when one is configured. */}
      {adSlot && (
        <div className="ad-slot" data-ad-slot="partner-block">
          <span className="ad-label">Advertisement</span>
        </div>
      )}
    </aside>
  );
}
