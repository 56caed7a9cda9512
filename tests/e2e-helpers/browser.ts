import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium (tests/setup.mjs installs it when missing), or CHROMIUM_PATH. Playwright's own browser downloads are never used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes the browser and removes its profile folder. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with a fresh, throw-away profile.
 * `options` are passed to the context, e.g. `{ javaScriptEnabled: false }` (optional).
 */
export async function launchBrowser(options: BrowserContextOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'heartnotes-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      ...options,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  return closeOnce(context, () => rm(userDataDir, { recursive: true, force: true, maxRetries: 3 }));
}

/** The context with a `close()` that is safe to call twice, then runs `after` (even if closing failed). */
function closeOnce(context: BrowserContext, after: () => Promise<void> = async () => {}): LaunchedBrowser {
  let closed = false;
  return {
    context,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await context.close();
      } finally {
        await after();
      }
    },
  };
}

/**
 * Starts headless Chromium without a profile, for tests that need many short-lived, isolated
 * contexts (each with its own clock and storage): `browser.newContext()` costs a few
 * milliseconds where a fresh launch costs most of a second.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | undefined;

/**
 * A fresh, isolated context (its own storage, permissions and page clock) in one Chromium shared
 * by the test file: a new visitor for a few milliseconds instead of a browser launch. Files that
 * use it close that Chromium with `closeSharedChromium()` in `afterAll`.
 */
export async function freshContext(options: BrowserContextOptions = {}): Promise<LaunchedBrowser> {
  shared ??= launchChromium();
  return closeOnce(await (await shared).newContext(options));
}

export async function closeSharedChromium(): Promise<void> {
  const browser = shared;
  shared = undefined;
  await (await browser)?.close();
}
