// The image step in Chromium (docs/images.md): on tests/fixtures/images, built and previewed by
// the real CLI, the browser picks the AVIF source of each <picture>, at a width that fits the
// viewport, every image loads, and no image moves the page when it arrives (width and height).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { loadLazyImages } from '../e2e-helpers/page.ts';
import { openPage } from '../e2e-helpers/session.ts';
import { buildAndPreview, type PreviewedSite } from '../e2e-helpers/site.ts';
import type { FixtureCopy } from '../helpers/fixtures.ts';
import { addCoversBeside, imageSite } from '../helpers/images.ts';
import { pixelAt } from '../e2e-helpers/pixels.ts';

let fx: FixtureCopy;
let site: PreviewedSite;
let browser: LaunchedBrowser;

beforeAll(async () => {
  fx = await imageSite('heartnotes-e2e-images-');
  // A post whose cover is an SVG beside its Markdown file (`cover: ./night-sky.svg`).
  addCoversBeside(fx);
  [site, browser] = await Promise.all([buildAndPreview({ root: fx.root }), freshContext()]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([closeSharedChromium(), site?.stop()]);
  fx?.cleanup();
});

describe('images in Chromium', () => {
  it.each([
    ['phone', { width: 375, height: 812 }],
    ['desktop', { width: 1280, height: 800 }],
  ])('on a %s, /post/evening-walk loads the AVIF of each picture, none broken, with no layout shift', async (_name, viewport) => {
    const { page, problems } = await openPage(site, browser.context, '/post/evening-walk', viewport);
    try {
      // Layout shifts from the start of the page, including those before this script ran.
      await page.evaluate(() => {
        (window as unknown as { shift: number }).shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) (window as unknown as { shift: number }).shift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await loadLazyImages(page);
      const images = await page.$$eval('picture img', (imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          alt: img.alt,
          currentSrc: img.currentSrc,
          naturalWidth: img.naturalWidth,
          complete: img.complete,
          box: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
          ratio: img.width / img.height,
        })),
      );
      expect(images.map((i) => i.alt)).toEqual(['A beach at dusk', 'A path through the park']);
      for (const img of images) {
        expect(img.currentSrc, img.alt).toMatch(/\/assets\/img\/[\w-]+-[0-9a-f]{10}-\d+\.avif$/);
        expect(img.complete && img.naturalWidth > 0, `${img.alt} is not broken`).toBe(true);
        // The box has the file's shape: the page reserved the right space before it loaded.
        expect(Math.abs(img.box - img.ratio), img.alt).toBeLessThan(0.02);
      }
      // The browser picks a file at least as wide as the image is drawn (density 1), not the widest.
      const drawn = await page.$eval('img.cover', (img) => (img as HTMLImageElement).getBoundingClientRect().width);
      const chosen = Number(/-(\d+)\.avif$/.exec(images[0].currentSrc)![1]);
      expect(chosen).toBeGreaterThanOrEqual(Math.min(drawn, 800));
      if (viewport.width < 800) expect(chosen).toBeLessThan(800);
      const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
      expect(shift).toBe(0);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the home page shows the cover through Picture, loaded as AVIF', async () => {
    const { page, problems } = await openPage(site, browser.context, '/', { width: 1280, height: 800 });
    try {
      await loadLazyImages(page);
      const src = await page.$eval('picture img', (img) => (img as HTMLImageElement).currentSrc);
      expect(src).toMatch(/\.avif$/);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a cover beside its Markdown file loads from its published address, and shows its dark variant in dark mode', async () => {
    const { page, problems } = await openPage(site, browser.context, '/post/night-walk', { width: 1280, height: 800 });
    try {
      const cover = page.locator('img.cover');
      const loaded = await cover.evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src'), alt: img.alt, ok: img.complete && img.naturalWidth > 0 }));
      expect(loaded).toEqual({ src: expect.stringMatching(/^\/assets\/img\/night-sky-[0-9a-f]{10}\.svg$/), alt: 'A crescent moon', ok: true });
      // The SVG's own background, away from its moon: light, then dark under prefers-color-scheme.
      const corner = async () => pixelAt(await cover.screenshot(), 0.05, 0.5);
      expect(await corner()).toEqual([0xee, 0xf4, 0xfb]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await corner()).toEqual([0x16, 0x1e, 0x2b]);
      expect(problems.all()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
