import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PROJECT_ROOT } from './site.ts';

/** True when the run asks for screenshots: `HEARTNOTES_SCREENSHOTS=1 npm test`. */
export const SCREENSHOTS_WANTED = process.env.HEARTNOTES_SCREENSHOTS === '1';

export interface ScreenshotOptions {
  /** The whole page rather than the screen (pages only; default: false). */
  fullPage?: boolean;
  /** 'disabled' finishes animations first (default: 'allow'). */
  animations?: 'disabled' | 'allow';
}

/**
 * Screenshots are for a person to look at; no test reads them. They are taken only when the run
 * asks for them (HEARTNOTES_SCREENSHOTS=1), into tests/.tmp/screenshots/{folder}/: a full-page
 * capture costs 0.15 to 0.3 s of CPU time, and a run would take about 110 of them.
 */
export function screenshotsIn(folder: string) {
  const dir = join(PROJECT_ROOT, 'tests', '.tmp', 'screenshots', folder);
  return async (target: Page | Locator, file: string, options: ScreenshotOptions = {}): Promise<void> => {
    if (!SCREENSHOTS_WANTED) return;
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ ...options, path: join(dir, file) });
  };
}
