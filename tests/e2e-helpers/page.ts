import type { Page } from 'playwright-core';

/**
 * Makes every `loading="lazy"` image load now and waits until each rendered one has loaded or
 * failed. Without this a full-page screenshot shows empty boxes and a broken image below the fold
 * is never requested, so never reported. Scrolling alone is not enough: Chromium does not run
 * lazy loading in tabs that are not in front, and the sitemap walk uses several. Needs JavaScript.
 */
export async function loadLazyImages(page: Page, timeoutMs = 10_000): Promise<void> {
  // No named helpers inside: tsx's keepNames would wrap them in a `__name` the page lacks.
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      // 'instant': the site's CSS sets scroll-behavior: smooth, which would leave us near the top.
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // Images inside closed <details> (Load More, FAQ answers) are not rendered, so they never load.
  await page.waitForFunction(
    () => Array.from(document.images).filter((img) => img.checkVisibility()).every((img) => img.complete),
    undefined,
    { timeout: timeoutMs },
  );
}
