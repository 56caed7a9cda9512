// The browser tests' page watcher (tests/e2e-helpers/console.ts) decides which failed loads are the
// site's fault. These cases pin down that it reports a page's own failures, and lets pass only the
// loads the browser cancelled because the tab left the page, including one the old page started
// while the next page was on its way (a lazy image let in by a late scroll on a slow machine).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { watchPage } from '../e2e-helpers/console.ts';

let server: Server;
let origin: string;
let browser: LaunchedBrowser;
/** Responses to `/hang.png` that are never finished; ended when the file is done. */
const hanging = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/hang.png') {
      hanging.add(res);
      return;
    }
    if (path === '/missing.png') {
      res.writeHead(404).end();
      return;
    }
    const page = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>t</title>${body}`);
    if (path === '/slow-next') {
      setTimeout(() => page('<p>next</p>'), 600);
      return;
    }
    page('<p>start</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await freshContext();
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await browser?.close();
  await closeSharedChromium();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the page watcher', () => {
  it('lets pass a load the old page starts while the next page is on its way, cancelled when it arrives', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/start`);
    const problems = watchPage(page, { origin });
    const started = page.waitForRequest(`${origin}/hang.png?late`);
    const failed = page.waitForEvent('requestfailed');
    await page.evaluate(() => {
      location.href = '/slow-next';
      setTimeout(() => {
        const img = new Image();
        img.src = '/hang.png?late';
        document.body.append(img);
      }, 100);
    });
    await started;
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
    await page.waitForURL(`${origin}/slow-next`);
    expect(problems.all()).toEqual([]);
    problems.stop();
    await page.close();
  });

  it("reports the page's own failures: a 404 image, and a load the page itself cut off while it stayed", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/start`);
    const problems = watchPage(page, { origin });
    await page.goto(`${origin}/own`);
    const failed = page.waitForEvent('requestfailed');
    await page.evaluate(() => {
      const img = new Image();
      img.src = '/missing.png';
      document.body.append(img);
      const cut = new AbortController();
      fetch('/hang.png?own', { signal: cut.signal }).catch(() => {});
      setTimeout(() => cut.abort(), 100);
    });
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
    // In whatever order they come: on a loaded machine the 404's answer can come after the abort.
    await expect.poll(() => [...problems.all()].sort()).toEqual(
      [
        `console error: Failed to load resource: the server responded with a status of 404 (Not Found) (${origin}/missing.png:1)`,
        `request GET ${origin}/missing.png: HTTP 404`,
        `request GET ${origin}/hang.png?own: net::ERR_ABORTED`,
      ].sort(),
    );
    problems.stop();
    await page.close();
  });
});
