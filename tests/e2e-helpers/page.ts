import type { Page } from 'playwright-core';

/**
 * Scrolls through the page so `loading="lazy"` images are requested, returns to the top, and waits
 * until every image has loaded or failed. Without this a full-page screenshot shows empty boxes
 * and a broken image below the fold is never requested, so never reported. Needs JavaScript.
 */
export async function loadLazyImages(page: Page, timeoutMs = 10_000): Promise<void> {
  // No named helpers inside: tsx's keepNames would wrap them in a `__name` the page lacks.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      // 'instant': the site's CSS sets scroll-behavior: smooth, which would leave us near the top.
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: timeoutMs });
}
