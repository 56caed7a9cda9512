import { useEffect, useState, type FocusEvent } from 'react';

export interface RotatorItem {
  text: string;
  /** With an author the item is a quotation: a blockquote and a "— author, source" line. */
  author?: string;
  source?: string;
}

export interface RotatorProps {
  items: RotatorItem[];
  /** Time each item stays before the next one, in ms. */
  intervalMs: number;
  /** What rotates, e.g. "Card messages"; names the group and its buttons. */
  label: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Shows a list one item at a time, advancing every `intervalMs`. The server render (and the page
 * without JavaScript) is the whole list; the controls and the one-at-a-time view appear after
 * mount. Rotation pauses while the tab is hidden, while the pointer is over it or focus is in it,
 * when the visitor presses Pause, and never runs when reduced motion is preferred. Following the
 * WAI carousel pattern, the list is `aria-live="off"` while rotating and "polite" otherwise, so
 * only changes the visitor makes are announced.
 */
export default function Rotator({ items, intervalMs, label }: RotatorProps) {
  const count = items.length;
  const [mounted, setMounted] = useState(false);
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tabHidden, setTabHidden] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    setMounted(true);
    const media = window.matchMedia(REDUCED_MOTION);
    const onMedia = () => setReducedMotion(media.matches);
    const onVisibility = () => setTabHidden(document.visibilityState === 'hidden');
    onMedia();
    onVisibility();
    media.addEventListener('change', onMedia);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      media.removeEventListener('change', onMedia);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const canRotate = mounted && count > 1 && !reducedMotion;
  const rotating = canRotate && !userPaused && !hovered && !focused && !tabHidden;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, intervalMs, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  // From the label, not useId: each island is its own React root, so useId would repeat per page.
  const listId = `rotator-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  const single = mounted && count > 1;

  return (
    <div
      className={single ? 'rotator is-rotating' : 'rotator'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {single ? (
        <div className="rotator-controls" role="group" aria-label={`${label}: controls`}>
          <button type="button" className="rotator-button" aria-controls={listId} onClick={() => go(-1)}>
            <span aria-hidden="true">‹ </span>Previous
          </button>
          {canRotate ? (
            <button type="button" className="rotator-button" aria-controls={listId} onClick={() => setUserPaused((p) => !p)}>
              {userPaused ? 'Play' : 'Pause'}
            </button>
          ) : null}
          <button type="button" className="rotator-button" aria-controls={listId} onClick={() => go(1)}>
            Next<span aria-hidden="true"> ›</span>
          </button>
          <span className="rotator-position">
            {index + 1} of {count}
          </span>
        </div>
      ) : null}
      <ul id={listId} className="rotator-items" aria-live={single ? (rotating ? 'off' : 'polite') : undefined}>
        {items.map((item, i) => (
          <li key={i} className={single && i !== index ? 'rotator-item is-off' : 'rotator-item'} aria-hidden={single && i !== index ? true : undefined}>
            {item.author ? (
              <>
                <blockquote>
                  <p>{item.text}</p>
                </blockquote>
                <p className="quote-author">
                  — {item.author}
                  {item.source ? (
                    <>
                      , <cite>{item.source}</cite>
                    </>
                  ) : null}
                </p>
              </>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
