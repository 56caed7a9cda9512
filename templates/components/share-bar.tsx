import { Island } from '../../src/index.ts';
import CopyLink from '../islands/copy-link.tsx';

const UTM = 'utm_source=social&utm_medium=share&utm_campaign=emotional_connection';

/** Share links for the current page; plain links, no third-party script. */
export function shareLinks(url: string, title: string) {
  const shared = encodeURIComponent(`${url}${url.includes('?') ? '&' : '?'}${UTM}`);
  const text = encodeURIComponent(title);
  return [
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${shared}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${shared}` },
    { name: 'Pinterest', href: `https://pinterest.com/pin/create/button/?url=${shared}&description=${text}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${shared}&text=${text}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${shared}&title=${text}` },
  ];
}

/**
 * The share links, plus a "Copy link" button on pages that hydrate islands anyway (`copyLink`):
 * article and advice pages stay free of JavaScript.
 */
export function ShareBar({ url, title, copyLink = false }: { url: string; title: string; copyLink?: boolean }) {
  return (
    <nav className="share-bar" aria-label="Share this page" data-pagefind-ignore="">
      <p className="share-label">Share:</p>
      <ul>
        {shareLinks(url, title).map((l) => (
          <li key={l.name}>
            <a href={l.href} target="_blank" rel="noopener noreferrer">
              {l.name}<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      {copyLink ? <Island name="copy-link" component={CopyLink} props={{ url }} load="idle" /> : null}
    </nav>
  );
}
