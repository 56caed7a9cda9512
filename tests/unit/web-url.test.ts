import { describe, expect, it } from 'vitest';
import { webUrl } from '../../src/pipeline/validate/fields.ts';
import { unsafeLinksIn } from '../../src/pipeline/markdown/safe-urls.ts';

const problem = (value: string) => {
  const result = webUrl().safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('webUrl', () => {
  it('accepts http(s) addresses with escaped spaces, queries and fragments', () => {
    for (const ok of ['https://example.com', 'http://example.com/a%20b?q=1&r=two#x', 'https://hop.clickbank.net/?affiliate=a&vendor=b']) {
      expect(problem(ok), ok).toBeUndefined();
    }
  });

  it('refuses what breaks a _redirects line or a link: spaces, tabs, quotes, angle brackets', () => {
    expect(problem('https://example.com/a b')).toMatch(/holds a space at character 22/);
    expect(problem('https://example.com/a\tb')).toMatch(/holds a space at character 22/);
    expect(problem('https://example.com/"x"')).toMatch(/holds the character "\\"" at character 21/);
    expect(problem('https://example.com/<x>')).toMatch(/holds the character "<"/);
  });

  it('refuses other schemes, javascript: among them, and addresses that are not full URLs', () => {
    expect(problem('javascript:alert(1)')).toMatch(/it is a "javascript:" address/);
    expect(problem('ftp://example.com/file')).toMatch(/it is a "ftp:" address/);
    expect(problem('/about')).toMatch(/expected a full address/);
    expect(problem('example.com/page')).toMatch(/expected a full address/);
  });
});

describe('unsafeLinksIn', () => {
  it('finds inline links, images, reference definitions and autolinks with a dropped scheme, at line and column', () => {
    const body = ['Fine [a](https://x.org) and [b](/about).', 'Bad [c](javascript:go(1)) and ![d](data:x).', '[ref]: vbscript:run', '<javascript:x>'].join('\n');
    expect(unsafeLinksIn(body)).toEqual([
      { href: 'javascript:go(1)', line: 2, column: 9 },
      { href: 'data:x', line: 2, column: 36 },
      { href: 'vbscript:run', line: 3, column: 8 },
      { href: 'javascript:x', line: 4, column: 2 },
    ]);
  });

  it('skips fenced code', () => {
    expect(unsafeLinksIn('```md\n[x](javascript:y)\n```\n~~~\n[x](javascript:y)\n~~~\n')).toEqual([]);
  });
});
