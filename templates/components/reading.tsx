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
  // Tags part words; without a character reference the HTML is counted as it is, tags skipped.
  let words = html.includes('&') ? countWords(htmlToText(html)) : countWords(html, true);
  for (const text of texts) if (text) words += countWords(text);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * The words in `text`: runs of non-space characters (as `\s` reads them) with a letter or digit
 * in them, so a lone dash is not one. With `skipTags`, each tag (`<` to `>`) counts as a space.
 *
 * # Design decision
 * One pass over the characters, testing only characters outside ASCII against Unicode's classes.
 * It is called for every article and guide; splitting the text into runs and testing each run
 * (the first version) took about a tenth of a page's render on the 4,000-page bench.
 */
export function countWords(text: string, skipTags = false): number {
  let words = 0;
  let inRun = false;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (skipTags && c === 60 && text.charCodeAt(i + 1) !== 62) {
      // "<" up to the next ">" is a tag, read as a space (a "<" with no ">" after it is text).
      const end = text.indexOf('>', i + 2);
      if (end !== -1) {
        i = end;
        inRun = false;
        continue;
      }
    }
    if (c < 128 ? c === 32 || (c >= 9 && c <= 13) : isWideSpace(c)) {
      inRun = false;
      continue;
    }
    if (!inRun) {
      inRun = true;
      counted = false;
    }
    if (counted) continue;
    const letter =
      c < 128 ? (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!));
    if (letter) {
      counted = true;
      words += 1;
    }
  }
  return words;
}

/** The characters above ASCII that `\s` matches. */
function isWideSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
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
