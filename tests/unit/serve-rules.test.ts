import { describe, expect, it } from 'vitest';
import { headersFor, parseHeaders } from '../../src/serve/header-rules.ts';
import { matchRedirect, parseRedirects } from '../../src/serve/redirect-rules.ts';

describe('parseRedirects', () => {
  it('reads from, to, status and the force flag, skipping comments and blank lines', () => {
    expect(
      parseRedirects(
        [
          '# old addresses',
          '/about-us   /about',
          '/promo/hso https://partner.example/x?tid=1 302',
          '',
          '/app/*  /app/index.html  200!   # single-page app',
          '/post/*\t/404-post.html\t404',
          'lonely',
        ].join('\n'),
      ),
    ).toEqual([
      { from: '/about-us', to: '/about', status: 301, force: false },
      { from: '/promo/hso', to: 'https://partner.example/x?tid=1', status: 302, force: false },
      { from: '/app/*', to: '/app/index.html', status: 200, force: true },
      { from: '/post/*', to: '/404-post.html', status: 404, force: false },
    ]);
  });
});

describe('matchRedirect', () => {
  const rules = parseRedirects(
    [
      '/about-us /about 301',
      '/news/:year/:month/:slug /post/:slug?from=:year-:month 301',
      '/blog/* /post/:splat 302',
      '/shop/* https://partner.example/:splat 302!',
      '/post/* /404.html 404',
    ].join('\n'),
  );
  const to = (path: string) => {
    const m = matchRedirect(rules, path);
    return m && `${m.rule.status}${m.rule.force ? '!' : ''} ${m.to}`;
  };

  it('matches exact paths, with or without a trailing slash', () => {
    expect(to('/about-us')).toBe('301 /about');
    expect(to('/about-us/')).toBe('301 /about');
    expect(to('/about-use')).toBeUndefined();
  });

  it('fills :placeholders', () => {
    expect(to('/news/2025/05/first-date')).toBe('301 /post/first-date?from=2025-05');
    expect(to('/news/2025/first-date')).toBeUndefined();
  });

  it('fills the * splat, which also matches the folder itself', () => {
    expect(to('/blog/2025/first-date')).toBe('302 /post/2025/first-date');
    expect(to('/blog')).toBe('302 /post/');
    expect(to('/shop/gifts/mom')).toBe('302! https://partner.example/gifts/mom');
  });

  it('uses the first matching rule', () => {
    expect(to('/post/anything')).toBe('404 /404.html');
  });

  it('escapes the dots of a literal rule', () => {
    const literal = parseRedirects('/old.html /new 301');
    expect(matchRedirect(literal, '/old.html')?.to).toBe('/new');
    expect(matchRedirect(literal, '/oldxhtml')).toBeUndefined();
  });
});

describe('parseHeaders and headersFor', () => {
  const rules = parseHeaders(
    [
      '# security',
      '/*',
      '  X-Content-Type-Options: nosniff',
      '  Content-Security-Policy: default-src \'self\'; img-src https:',
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/feed.xml',
      '  Content-Type: application/atom+xml',
    ].join('\n'),
  );

  it('collects indented Name: value lines under their path pattern', () => {
    expect(rules.map((r) => r.headers)).toEqual([
      [
        ['X-Content-Type-Options', 'nosniff'],
        ['Content-Security-Policy', "default-src 'self'; img-src https:"],
      ],
      [['Cache-Control', 'public, max-age=31536000, immutable']],
      [['Content-Type', 'application/atom+xml']],
    ]);
  });

  it('applies every block whose pattern matches the path', () => {
    expect(headersFor(rules, '/assets/site-ABC.css').map(([k]) => k)).toEqual([
      'X-Content-Type-Options',
      'Content-Security-Policy',
      'Cache-Control',
    ]);
    expect(headersFor(rules, '/about').map(([k]) => k)).toEqual(['X-Content-Type-Options', 'Content-Security-Policy']);
    expect(headersFor(rules, '/feed.xml')).toContainEqual(['Content-Type', 'application/atom+xml']);
    expect(headersFor(rules, '/feedxxml')).not.toContainEqual(['Content-Type', 'application/atom+xml']);
  });
});
