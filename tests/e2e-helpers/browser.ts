import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/**
 * Debian's Chromium headless shell (tests/setup.mjs installs it when missing), or CHROMIUM_PATH.
 * Playwright's own browser downloads are never used.
 *
 * The headless shell is the same Chromium (Blink and V8 of the same version) built without the
 * browser's windowing and UI, and it is what Playwright itself runs for headless tests. The full
 * browser's new headless mode keeps those parts running: the browser tests took 407 CPU-s and
 * 207 s with it, and 266 CPU-s and 138 s with the shell (one run each, the same 193 tests).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // An unreachable proxy stops Chromium calling home; loopback (the preview server) bypasses it.
  '--proxy-server=http://127.0.0.1:9',
  // Every page under test is the preview server's or a stub, so a renderer process per site buys
  // nothing here, and each new tab would start two of them. Without site isolation and with at
  // most two renderers, a new tab reuses one: 0.23 instead of 0.32 CPU-s a tab (measured).
  '--disable-site-isolation-trials',
  '--renderer-process-limit=2',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes the context. Safe to call twice. */
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/**
 * A fresh, isolated context (its own storage, permissions, page clock and options, e.g.
 * `{ javaScriptEnabled: false }`) in the one headless Chromium the test file shares: a new visitor
 * costs a context (about 0.5 CPU-s less than a browser launch of its own, and no profile folder).
 * Files that use it close that Chromium with `closeSharedChromium()` in `afterAll`.
 *
 * The context keeps a blank tab open for as long as it lives, as a browser launched with a
 * profile does: while one tab is open Chromium keeps the context's renderer ready, so each tab a
 * test opens and closes costs about half the CPU time (0.29 s instead of 0.52 s a page, measured).
 */
export async function freshContext(options: BrowserContextOptions = {}): Promise<LaunchedBrowser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await (await shared).newContext(options);
  try {
    await context.newPage();
  } catch (error) {
    await context.close();
    throw error;
  }
  let closed = false;
  return {
    context,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
    },
  };
}

/** Closes the test file's Chromium, and with it every context still open. Safe to call twice. */
export async function closeSharedChromium(): Promise<void> {
  const browser = shared;
  shared = undefined;
  await (await browser)?.close();
}
