import type { MouseEvent } from 'react';

/**
 * The review page's Back button: one step back in history. Without JavaScript (or when there is
 * no page to go back to on this site) it is a plain link to `fallback`.
 */
export default function BackButton({ fallback, label = '← Back' }: { fallback: string; label?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const cameFromHere = document.referrer && new URL(document.referrer).origin === location.origin;
    if (!cameFromHere || history.length < 2) return;
    event.preventDefault();
    history.back();
  };
  return (
    <a className="back-link" href={fallback} onClick={onClick}>
      {label}
    </a>
  );
}
