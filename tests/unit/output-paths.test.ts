import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allStayInside, foldedCollisions, outputFile, outputFileProblem, sitePathProblem } from '../../src/pipeline/write/output-paths.ts';
import { buildRouteTable } from '../../src/pipeline/routes/routes.ts';

describe('sitePathProblem', () => {
  it.each(['/', '/about', '/post/first-date', '/impress-herMom-gift-guide', '/guides/page/2', '/a.b_c~d', '/caf%C3%A9', '/trailing/'])(
    'accepts %s',
    (path) => expect(sitePathProblem(path)).toBeUndefined(),
  );

  it.each([
    ['about', 'must start with "/"'],
    ['//evil.example/x', 'another site'],
    ['/../../escape', '".." segment'],
    ['/a/./b', '"." segment'],
    ['/%2e%2e/x', '"%2e%2e" segment'],
    ['/%2E%2e', '"%2E%2e" segment'],
    ['/.%2e/x', '".%2e" segment'],
    ['/a/..%2fb', 'hides a "/"'],
    ['/a/%5c..', 'hides a "/", "\\"'],
    ['/a/%00', 'NUL'],
    ['/a/%zz', 'broken %-escape'],
    ['/my first post', 'a space'],
    ['/a\\..\\b', '"\\"'],
    ['/a?b=1', '"?"'],
    ['/a#top', '"#"'],
    ['/a//b', 'empty segment'],
    ['/Любовь', 'U+041B'],
    ['/a\u0007', 'U+0007'],
  ])('refuses %s (%s)', (path, reason) => {
    expect(sitePathProblem(path)).toContain(reason);
  });
});

describe('outputFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-out-'));
  const outside = mkdtempSync(join(tmpdir(), 'heartnotes-outside-'));
  mkdirSync(join(dir, 'real'));
  symlinkSync(outside, join(dir, 'linked'), 'dir');
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('resolves plain output paths inside the folder', () => {
    expect(outputFile(dir, 'about.html')).toBe(join(dir, 'about.html'));
    expect(outputFile(dir, 'real/new/page.html', true)).toBe(join(dir, 'real/new/page.html'));
    expect(outputFile(dir, '.well-known/security.txt')).toBe(join(dir, '.well-known/security.txt'));
  });

  it.each(['../escape.html', 'a/../../escape.html', '/etc/passwd', 'C:/x.html', 'a\\..\\b.html', 'a//b.html', './a.html', '', 'a/\0.html'])(
    'refuses %j',
    (file) => {
      expect(outputFileProblem(file)).toBeDefined();
      expect(() => outputFile(dir, file)).toThrow(/refusing to write/);
    },
  );

  it('refuses to write through a folder that is a link to outside, when links are followed', () => {
    expect(() => outputFile(dir, 'linked/page.html', true)).toThrow(/link to somewhere outside/);
    expect(allStayInside(dir, ['linked/page.html'])).toBe(false);
    expect(allStayInside(dir, ['linked/deeper/new/page.html'])).toBe(false);
    expect(allStayInside(dir, ['real/page.html', 'real/new/page.html', 'top.html'])).toBe(true);
    // One file of many through the link, or one name that is no output path, is enough.
    expect(allStayInside(dir, ['real/page.html', 'real/other.html', 'linked/page.html'])).toBe(false);
    expect(allStayInside(dir, ['real/page.html', '../escape.html'])).toBe(false);
  });
});

describe('foldedCollisions', () => {
  it('groups names that differ only in case or Unicode normalisation', () => {
    const nfc = 'caf\u00e9.html';
    const nfd = 'cafe\u0301.html';
    expect(foldedCollisions(['About.html', 'about.html', 'contact.html', nfc, nfd])).toEqual([
      ['About.html', 'about.html'],
      [nfc, nfd],
    ]);
    expect(foldedCollisions(['a.html', 'b.html'])).toEqual([]);
  });
});

describe('buildRouteTable', () => {
  it('refuses page paths and aliases a template computes that would leave the output', () => {
    const table = buildRouteTable(
      [
        {
          pattern: '/:slug',
          pages: () => [
            { path: '/../../victim', template: 'page', props: {}, sources: ['content/pages/victim.md'] },
            { path: '/fine', template: 'page', props: {}, sources: ['content/pages/fine.md'], aliases: ['/%2e%2e/escape', '/old-fine'] },
          ],
        },
      ],
      {},
    );
    expect(table.routes.map((r) => r.path)).toEqual(['/fine']);
    expect(table.redirects.map((r) => r.from)).toEqual(['/old-fine']);
    expect(table.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['routes/unsafe-path', 'content/pages/victim.md'],
      ['routes/invalid-alias', 'content/pages/fine.md'],
    ]);
  });
});

describe('outputFileProblem', () => {
  /** The checks one by one, as they were before the one-test fast path for usual names. */
  const slow = (file: string): boolean => {
    if (file === '' || file.startsWith('/') || /^[A-Za-z]:/.test(file) || file.includes('\\') || /[\0-\x1f\x7f]/.test(file)) return false;
    return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  };

  it('accepts exactly the names every check accepts, over 20,000 names made of the characters that matter', () => {
    const alphabet = ['a', 'B', '.', '..', '/', '\\', ':', 'C:', ' ', '\0', '\x1f', '\x7f', '-', 'é', 'index.html', '~'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const name = Array.from({ length: 1 + (next() % 7) }, () => alphabet[next() % alphabet.length]).join('');
      expect(outputFileProblem(name) === undefined, JSON.stringify(name)).toBe(slow(name));
    }
  });
});
