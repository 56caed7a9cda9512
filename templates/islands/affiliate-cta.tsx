import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { siteAddress } from '../lib/site-address.ts';

/** docs/product.md ("Constants"): the conversion value, and the pause before leaving so the event can be sent. */
const CONVERSION = { value: 49, currency: 'USD' } as const;
const DELAY_MS = 300;

export interface AffiliateCtaProps {
  href: string;
  text: string;
  /** The ad tag's conversion target (`AW-…/label`), when there is one (optional). */
  sendTo?: string;
}

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

/**
 * The affiliate call-to-action (docs/product.md, "Reviews"). Server-rendered as an ordinary sponsored link that opens
 * the partner's site in a new tab, so it works without JavaScript.
 *
 * With JavaScript a click sends the conversion event to the ad tag, if the page has one (this
 * island never loads it: the tag arrives only with consent, docs/product.md ("Consent")), then after 300 ms goes to the
 * affiliate link. That navigation happens in the SAME tab: a `window.open` 300 ms after the click
 * is no longer tied to the user's gesture, so browsers block it as a popup. So that the link never
 * promises what it will not do, hydration drops `target="_blank"` and the "new tab" note; a
 * modifier or middle click keeps the browser's own behaviour (new tab or window), with no delay.
 * One destination per click: repeated clicks while waiting do nothing more.
 */
export default function AffiliateCta({ href, text, sendTo }: AffiliateCtaProps) {
  // false on the server and in the first client render, so hydration matches the HTML.
  const [hydrated, setHydrated] = useState(false);
  const pending = useRef(false);
  useEffect(() => setHydrated(true), []);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (pending.current) return;
    pending.current = true;
    const gtag = (window as unknown as { gtag?: Gtag }).gtag;
    if (typeof gtag === 'function') {
      try {
        gtag('event', 'conversion', { ...(sendTo ? { send_to: sendTo } : {}), ...CONVERSION, transport_type: 'beacon' });
      } catch {
        // A broken ad tag must not keep the visitor from the partner's site.
      }
    }
    window.setTimeout(() => window.location.assign(siteAddress(href)), DELAY_MS);
  };

  return (
    <a
      className="button cta"
      href={siteAddress(href)}
      // `_self` rather than no attribute: preact/compat (the site's island runtime) would leave an
      // emptied `target=""` behind where React removes it; `_self` says "this tab" under both.
      target={hydrated ? '_self' : '_blank'}
      rel="sponsored nofollow noopener"
      data-affiliate-cta=""
      onClick={onClick}
    >
      {text}
      {hydrated ? null : <span className="visually-hidden"> (opens the seller's site in a new tab)</span>}
    </a>
  );
}
