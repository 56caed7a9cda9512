import { htmlToText } from './faq.tsx';

/** Reading speed for the "N min read" line: words per minute. */
export const WORDS_PER_MINUTE = 230;

/** A page's h2 headings that carry an id, in order: what a table of contents lists. */
export function headingsOf(html: string): { id: string; text: string }[] {
  return [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map((m) => ({ id: m[1], text: htmlToText(m[2]) }));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whole minutes to read some HTML and plain texts at WORDS_PER_MINUTE, at least 1. */
export function readingMinutes(html: string, ...texts: (string | undefined)[]): number {
  // A word is a run of non-space characters with a letter or digit in it (not a lone dash).
  // Split, then tested: one regular expression that finds such runs backtracks through each one.
  let words = 0;
  for (const run of [htmlToText(html), ...texts.filter(Boolean)].join(' ').split(/\s+/)) if (LETTER_OR_DIGIT.test(run)) words += 1;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** Long pages (three h2s or more) get a table of contents. */
export const TOC_MIN_HEADINGS = 3;

/**
 * The table of contents of a long page: a plain list under the page's header on phones and
 * tablets, a column beside the text that stays in view on wide screens (CSS only: `.has-toc`).
 */
export function Contents({ items }: { items: { id: string; text: string }[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-heading" data-pagefind-ignore="">
      <h2 id="toc-heading">Contents</h2>
      <ol>
        {items.map((h) => (
          <li key={h.id}><a href={`#${h.id}`}>{h.text}</a></li>
        ))}
      </ol>
    </nav>
  );
}
