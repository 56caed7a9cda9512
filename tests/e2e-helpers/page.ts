import type { Page } from 'playwright-core';

/**
 * Makes every `loading="lazy"` image load now and waits until each rendered one has loaded or
 * failed. Without this a full-page screenshot shows empty boxes and a broken image below the fold
 * is never requested, so never reported. Scrolling is not enough: Chromium does not run lazy
 * loading in tabs that are not in front, and the sitemap walk uses several. Needs JavaScript.
 */
export async function loadLazyImages(page: Page, timeoutMs = 10_000): Promise<void> {
  // No named helpers inside: tsx's keepNames would wrap them in a `__name` the page lacks.
  // An image switched to eager loading is requested at once, wherever it is on the page.
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
  });
  // Images inside closed <details> (Load More, FAQ answers) are not rendered, so they never load.
  await page.waitForFunction(
    () => Array.from(document.images).filter((img) => img.checkVisibility()).every((img) => img.complete),
    undefined,
    { timeout: timeoutMs },
  );
}

/**
 * Resolves once the page has painted two more frames: work queued by what the test just did
 * (a scroll handler, a scroll-driven animation, a style change, a state update) has run by then.
 * A screenshot makes the browser produce a new frame, and it works with JavaScript off too, where
 * `requestAnimationFrame` callbacks never run.
 */
export async function nextFrames(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) await page.screenshot({ clip: { x: 0, y: 0, width: 1, height: 1 }, animations: 'allow' });
}

/**
 * Resolves once every finite, time-driven CSS transition and animation in the page has finished.
 * Scroll-driven animations (the back-to-top reveal) follow the scroll position, not time, so they
 * are passed over: they finish only when the page is scrolled to the end.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.timeline === document.timeline && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Records every navigation the page starts, at the moment it starts (the Navigation API's
 * `navigate` event fires when a script sets `location`), so a test can tell at once that none
 * has happened instead of waiting to see. Call before the page loads.
 */
export async function recordNavigations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const started: string[] = [];
    (window as unknown as { __navigations: string[] }).__navigations = started;
    (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener('navigate', (event) => {
      started.push((event as unknown as { destination: { url: string } }).destination.url);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __navigations?: string[] }).__navigations ?? []);
}
