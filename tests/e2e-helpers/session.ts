import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from './browser.ts';
import { watchPage } from './console.ts';
import { buildAndPreview, type PreviewedSite } from './site.ts';

export interface SiteSession {
  site: PreviewedSite;
  /** Chromium with JavaScript. */
  browser: LaunchedBrowser;
  /** Chromium without JavaScript (a context of its own in the same browser). */
  noJs: LaunchedBrowser;
}

/**
 * Previews the real site and opens two browser contexts (with and without JavaScript) in the test
 * file's Chromium, in `beforeAll`; stops them all in `afterAll`, including whatever did start when
 * another part failed. Read the fields in tests.
 */
export function useSiteSession(): SiteSession {
  const session = {} as SiteSession;
  beforeAll(async () => {
    const [built, withJs, withoutJs] = await Promise.allSettled([
      buildAndPreview(),
      freshContext(),
      freshContext({ javaScriptEnabled: false }),
    ]);
    if (built.status === 'fulfilled') session.site = built.value;
    if (withJs.status === 'fulfilled') session.browser = withJs.value;
    if (withoutJs.status === 'fulfilled') session.noJs = withoutJs.value;
    for (const outcome of [built, withJs, withoutJs]) if (outcome.status === 'rejected') throw outcome.reason;
  });
  afterAll(async () => {
    await Promise.allSettled([closeSharedChromium(), session.site?.stop()]);
  });
  return session;
}

/**
 * Opens `path` of the previewed site in a new tab, or in `tab` (a tab that a group of tests loads
 * page after page in: a navigation costs 0.09 CPU-s, a new tab 0.23; stop the watcher of its
 * previous page first), recording console errors and failed same-origin requests from the start.
 */
export async function openPage(
  site: PreviewedSite,
  context: BrowserContext,
  path: string,
  viewport: { width: number; height: number },
  expectedStatus = 200,
  tab?: Page,
) {
  const page = tab ?? (await context.newPage());
  await page.setViewportSize(viewport);
  const target = new URL(path, site.url).href;
  const problems = watchPage(page, {
    origin: new URL(site.url).origin,
    // Chromium logs the 404 document itself as a failed resource; the status is asserted instead.
    ignoreConsole: (m: ConsoleMessage) => expectedStatus === 404 && m.location().url === target && /status of 404/.test(m.text()),
  });
  const response = await page.goto(target, { waitUntil: 'load' });
  return { page, response, problems };
}

/**
 * One tab for the tests of a describe block, opened in `beforeAll` and closed in `afterAll`: each
 * test loads its page in it with `openPage(…, tab())` (a fresh document every time) and stops that
 * page's watcher when it ends. For tests that add nothing to the page itself (listeners, routes,
 * init scripts, emulated media), which would outlive them.
 */
export function useTab(context: () => BrowserContext): () => Page {
  let tab: Page | undefined;
  beforeAll(async () => {
    tab = await context().newPage();
  });
  afterAll(() => tab?.close());
  return () => tab!;
}
