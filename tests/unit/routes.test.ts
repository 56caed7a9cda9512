import { describe, expect, it } from 'vitest';
import { buildRouteTable, matchesRoutePattern, normalisePath, outFileFor } from '../../src/pipeline/routes/routes.ts';
import type { PageSpec, RouteDef } from '../../src/pipeline/types.ts';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.ts';

type Content = { pages: { file: string; path: string; aliases?: string[] }[] };

const pagesRoute: RouteDef<Content> = {
  pattern: '/{page}',
  pages: ({ pages }) =>
    pages.map((p): PageSpec => ({ path: p.path, template: 'page', props: {}, sources: [p.file], aliases: p.aliases })),
};

const table = (pages: Content['pages'], extra: RouteDef<Content>[] = []) => buildRouteTable([pagesRoute, ...extra], { pages });

describe('outFileFor and normalisePath', () => {
  it('gives every route a clean URL', () => {
    expect(outFileFor('/')).toBe('index.html');
    expect(outFileFor('/about')).toBe('about.html');
    expect(outFileFor('/post/first-date/')).toBe('post/first-date.html');
    expect(normalisePath('about/')).toBe('/about');
    expect(normalisePath('//post//')).toBe('/post');
    expect(normalisePath('')).toBe('/');
  });
});

describe('buildRouteTable', () => {
  it('expands pages to routes sorted by path, and aliases to 301 redirects', () => {
    const result = table([
      { file: 'content/pages/about.md', path: '/about/', aliases: ['/about-us', '/team/'] },
      { file: 'content/pages/index.md', path: '/' },
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(result.routes.map((r) => [r.path, r.outFile])).toEqual([
      ['/', 'index.html'],
      ['/about', 'about.html'],
    ]);
    expect(result.redirects).toEqual([
      { from: '/about-us', to: '/about', status: 301, source: 'content/pages/about.md' },
      { from: '/team', to: '/about', status: 301, source: 'content/pages/about.md' },
    ]);
  });

  it('keeps an explicit output file such as 404.html', () => {
    const notFound: RouteDef<Content> = {
      pattern: '/404',
      pages: () => [{ path: '/404', template: 'nf', props: {}, sources: [], outFile: '404.html' }],
    };
    expect(table([], [notFound]).routes.map((r) => r.outFile)).toEqual(['404.html']);
  });

  it('rejects two inputs that write the same file, naming every one of them', () => {
    const result = table([
      { file: 'content/pages/about.md', path: '/about' },
      { file: 'content/pages/about-us.md', path: '/about/' },
      { file: 'content/pages/team.md', path: '/about' },
    ]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      [
        'content/pages/about.md: 3 inputs produce the same page /about: content/pages/about.md, content/pages/about-us.md, content/pages/team.md',
        '  hint: rename one of them, or change its slug or aliases',
      ].join('\n'),
    ]);
  });

  it('rejects an alias that collides with a page, naming the page and the alias', () => {
    const result = table([
      { file: 'content/pages/contact.md', path: '/contact' },
      { file: 'content/pages/about.md', path: '/about', aliases: ['/contact'] },
    ]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      [
        'content/pages/contact.md: 2 inputs produce the same page /contact: content/pages/contact.md, content/pages/about.md (alias /contact)',
        '  hint: rename one of them, or change its slug or aliases',
      ].join('\n'),
    ]);
  });

  it.each([
    ['old-about', 'it must start with "/"'],
    ['//evil.example/x', 'it starts with "//", which browsers read as another site'],
    ['/with space', 'it contains a space; use letters a-z, digits and dashes, e.g. /hello-world'],
    ['/a?b=1', 'it contains "?"; use letters a-z, digits and dashes, e.g. /hello-world'],
    ['https://example.com/old', 'it must start with "/"'],
  ])('rejects the alias %j', (alias, reason) => {
    const result = table([{ file: 'content/pages/about.md', path: '/about', aliases: [alias] }]);
    expect(result.redirects).toEqual([]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      `content/pages/about.md: alias "${alias}" is not a site path: ${reason}\n  hint: aliases start with "/" and name an old address on this site, e.g. "/old-name"`,
    ]);
  });

  it('reports a route function that throws, and keeps the other routes', () => {
    const broken: RouteDef<Content> = {
      pattern: '/broken/:slug',
      pages: () => {
        throw new Error('cannot read properties of undefined');
      },
    };
    const result = table([{ file: 'content/pages/about.md', path: '/about' }], [broken]);
    expect(result.routes.map((r) => r.path)).toEqual(['/about']);
    expect(result.diagnostics.map((d) => d.message)).toEqual(['rendering /broken/:slug failed: cannot read properties of undefined']);
  });
});

describe('a route row that throws', () => {
  const listing = (slug: string): RouteDef<Content> => ({
    pattern: '/guides, /guides/page/:n',
    pages: () => {
      throw new Error(`a card points to "${slug}", which is no guide`);
    },
  });

  it('is reported, and its pattern listed as failed', () => {
    const result = buildRouteTable([pagesRoute, listing('gone')], { pages: [] });
    expect(result.diagnostics.map((d) => d.message)).toEqual(['rendering /guides, /guides/page/:n failed: a card points to "gone", which is no guide']);
    expect(result.failed).toEqual(['/guides, /guides/page/:n']);
  });

  it('is not reported again when it names an entry left out for an error already reported (by slug or file)', () => {
    const broken = [{ file: 'content/gifts/gone.md', slug: 'gone' }];
    expect(buildRouteTable([listing('gone')], { pages: [] }, broken)).toMatchObject({ diagnostics: [], failed: ['/guides, /guides/page/:n'] });
    // A slug inside another word is not that entry.
    expect(buildRouteTable([listing('gone-for-good')], { pages: [] }, broken).diagnostics).toHaveLength(1);
  });
});

describe('matchesRoutePattern', () => {
  it('reads :name as one segment and {name} as any address the content chooses', () => {
    expect(matchesRoutePattern('/guides, /guides/page/:n', '/guides')).toBe(true);
    expect(matchesRoutePattern('/guides, /guides/page/:n', '/guides/page/2/')).toBe(true);
    expect(matchesRoutePattern('/guides, /guides/page/:n', '/guides/page/2/extra')).toBe(false);
    expect(matchesRoutePattern('/post/:slug', '/posts')).toBe(false);
    expect(matchesRoutePattern('/{page}', '/')).toBe(true);
    expect(matchesRoutePattern('/{page}', '/a/b')).toBe(true);
  });
});
