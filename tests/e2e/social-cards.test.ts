// Link previews of the real site, read from its build (tests/global-setup.ts): every page that
// can be shared points og:image and twitter:image at a 1200×630 PNG that the build wrote, with
// its size, type and alt text declared; articles, guides, reviews and gift guides point at their
// own card, drawn from their title.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { decodeHtml } from '../../src/index.ts';

const SITE_URL = 'https://heartnotes.example';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? htmlFiles(join(dir, d.name)) : d.name.endsWith('.html') ? [join(dir, d.name)] : []));
}

const meta = (html: string, key: string) => {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? decodeHtml(match[1]!) : undefined;
};

describe('social cards on the real site', () => {
  const outDir = inject('builtSite');
  // Pages that only send a visitor on (a refresh to a partner) and not-found pages are never shared.
  const pages = htmlFiles(outDir)
    .map((file) => ({ file: relative(outDir, file), html: readFileSync(file, 'utf8') }))
    .filter((p) => !p.html.includes('http-equiv="refresh"') && !/(^|\/)404\.html$/.test(p.file));

  it('every page points og:image and twitter:image at a 1200×630 PNG in the output, with its size, type and alt', async () => {
    expect(pages.length).toBeGreaterThan(60);
    const checked = new Map<string, string>();
    for (const { file, html } of pages) {
      const image = meta(html, 'og:image');
      expect(image, file).toMatch(new RegExp(`^${SITE_URL}/.+\\.png$`));
      expect(meta(html, 'twitter:image'), file).toBe(image);
      expect(meta(html, 'twitter:card'), file).toBe('summary_large_image');
      expect([meta(html, 'og:image:type'), meta(html, 'og:image:width'), meta(html, 'og:image:height')], file).toEqual(['image/png', '1200', '630']);
      expect(meta(html, 'og:image:alt'), file).toBeTruthy();
      const path = image!.slice(SITE_URL.length + 1);
      if (!checked.has(path)) {
        expect(existsSync(join(outDir, path)), `${file}: ${path}`).toBe(true);
        const { format, width, height } = await sharp(join(outDir, path)).metadata();
        checked.set(path, `${format} ${width}×${height}`);
      }
      expect(checked.get(path), `${file}: ${path}`).toBe('png 1200×630');
    }
  });

  it("articles, guides, reviews and gift guides show their own card, whose alt is the page's title", () => {
    const own = [
      'post/a-dating-story-about-second-chances.html',
      'breakup-recovery-guide.html',
      'affiliate/affiliate-his-secret-obsession-review.html',
      'love-necklace-gift-page.html',
    ];
    for (const file of own) {
      const html = readFileSync(join(outDir, file), 'utf8');
      const path = file.replace(/\.html$/, '');
      expect(meta(html, 'og:image'), file).toBe(`${SITE_URL}/cards/${path}.png`);
      expect(meta(html, 'og:image:alt'), file).toBe(meta(html, 'og:title'));
    }
    const cards = pages.filter((p) => meta(p.html, 'og:image')!.includes('/cards/'));
    expect(cards.length).toBeGreaterThan(50);
    // Every card is a page's own: no two pages share one.
    expect(new Set(cards.map((p) => meta(p.html, 'og:image'))).size).toBe(cards.length);
  });
});

describe('alt text and addresses in the link previews of the real site', () => {
  const outDir = inject('builtSite');
  const all = htmlFiles(outDir).map((file) => ({ file: relative(outDir, file), html: readFileSync(file, 'utf8') }));
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

  it('every page with og:image:alt has the same twitter:image:alt', () => {
    const withAlt = all.filter((p) => meta(p.html, 'og:image:alt') !== undefined);
    expect(withAlt.length).toBeGreaterThan(100);
    for (const { file, html } of withAlt) expect(meta(html, 'twitter:image:alt'), file).toBe(meta(html, 'og:image:alt'));
  });

  it('not-found pages name no canonical address or og:url; every other one names a page the build wrote', () => {
    const notFound = all.filter((p) => /(^|\/)404\.html$/.test(p.file));
    expect(notFound.map((p) => p.file).sort()).toEqual(['404.html', 'affiliate/404.html', 'category/404.html', 'post/404.html', 'promo/404.html']);
    for (const { file, html } of notFound) {
      expect(canonical(html), file).toBeUndefined();
      expect(meta(html, 'og:url'), file).toBeUndefined();
    }
    const named = all.flatMap((p) => [canonical(p.html), meta(p.html, 'og:url')].filter((u): u is string => !!u).map((url) => ({ file: p.file, url })));
    expect(named.length).toBeGreaterThan(200);
    for (const { file, url } of named) {
      expect(url.startsWith(`${SITE_URL}/`), `${file}: ${url}`).toBe(true);
      const path = url.slice(SITE_URL.length + 1).replace(/\/$/, '');
      const target = path === '' ? 'index.html' : existsSync(join(outDir, `${path}.html`)) ? `${path}.html` : `${path}/index.html`;
      expect(existsSync(join(outDir, target)) && !/(^|\/)404\.html$/.test(target), `${file} names ${url}`).toBe(true);
    }
  });
});
