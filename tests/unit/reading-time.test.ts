import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, WORDS_PER_MINUTE } from '../../templates/components/reading.tsx';

describe('countWords', () => {
  it('counts runs of non-space characters that hold a letter or digit, in any script', () => {
    expect(countWords('Say it kindly — then listen.')).toBe(5);
    expect(countWords('– — ‒ ... !!')).toBe(0);
    expect(countWords('日本語 テキスト 2024 café')).toBe(4);
    expect(countWords('𝐀 bold-math letters')).toBe(3);
  });

  it('splits on every space JavaScript knows, not only ASCII ones', () => {
    expect(countWords('one\u00a0two\u2028three\u3000four\ufefffive\tsix\nseven')).toBe(7);
  });

  it('reads tags as spaces when asked, but a "<" with no tag after it as text', () => {
    expect(countWords('<p>two<br>words</p>', true)).toBe(2);
    expect(countWords('<a\n  href="/x">link</a>—text', true)).toBe(2);
    expect(countWords('x < y, so 1<2', true)).toBe(4);
    expect(countWords('<>a<b>c</b>', true)).toBe(2);
  });
});

describe('readingMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('rounds to whole minutes at WORDS_PER_MINUTE, and is never under 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 3)}</p>`)).toBe(3);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE * 2)}</p>`, words(WORDS_PER_MINUTE))).toBe(3);
  });

  it('decodes the references rendered HTML holds first: a lone "&amp;" is not a word', () => {
    const ampersands = Array.from({ length: WORDS_PER_MINUTE }, () => '&amp;').join(' ');
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE)} ${ampersands}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE)} don&#39;t &lt;3</p>`)).toBe(1);
  });
});
