import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, plugInSiteForms, type FixtureCopy } from '../helpers/fixtures.ts';
import { seedPglite } from '../helpers/pglite-template.ts';

/** `dev` on a copy of the basic fixture, watched in Chromium while the test edits files. */
describe('dev in the browser', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  let browser: LaunchedBrowser | undefined;
  let tab: Page;
  const h1 = () => tab.locator('h1').first().textContent();

  beforeAll(async () => {
    fx = plugInSiteForms(copyFixture('basic', 'heartnotes-dev-e2e-'));
    seedPglite(join(fx.root, '.data'));
    // An island no page uses yet (a test below adds it to a template while dev runs).
    fx.write(
      'templates/islands/greeting.tsx',
      [
        "import { useState } from 'react';",
        'export default function Greeting({ name }: { name: string }) {',
        '  const [said, setSaid] = useState(false);',
        '  return <button type="button" onClick={() => setSaid(true)}>{said ? `Hello, ${name}` : \'Say hello\'}</button>;',
        '}',
        '',
      ].join('\n'),
    );
    const [started, launched] = await Promise.allSettled([startCli(['dev', '--root', fx.root, '--port', '0']), freshContext()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
    tab = await browser!.context.newPage();
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([closeSharedChromium(), server?.stop()]);
    fx?.cleanup();
  });

  it('shows a saved edit without navigating', { timeout: 40_000 }, async () => {
    await tab.goto(`${server!.url}/about`);
    expect(await h1()).toBe('About us');
    fx.write('content/pages/about.md', fx.read('content/pages/about.md').replace('title: About us', 'title: About the team'));
    // Generous: the first rebuild after start-up once took over 10 s in CI, with Chromium tests alongside.
    await tab
      .waitForFunction(() => document.querySelector('h1')?.textContent === 'About the team', undefined, { timeout: 25_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe page shows "${tab.url()}"; the dev server printed:\n${server!.output()}`);
      });
    expect(await tab.title()).toBe('About the team | Fixture Hearts');
  });

  it('shows a body-only edit of an open post, and reloads once for it', async () => {
    await tab.goto(`${server!.url}/post/second-date`);
    const loads: string[] = [];
    tab.on('load', () => loads.push(tab.url()));
    const file = 'content/posts/second-date.md';
    fx.write(file, `${fx.read(file)}\nA sentence added in the browser test.\n`);
    await tab.waitForFunction(() => document.body.textContent?.includes('A sentence added in the browser test.'), undefined, { timeout: 10_000 });
    // Both watchers report the save; the second report must not rebuild or reload again. A later
    // save of another file is handled after both reports, so once it shows, both have been seen.
    // The marker is a file no page uses, so it reloads nothing (a reload in flight would race
    // the navigation below and leave the tab on this page).
    const marker = 'content/README.md';
    fx.write(marker, 'Notes for editors; no page reads this file.\n');
    await expect.poll(() => server!.output().includes(`${marker} changed → nothing to rewrite`), { timeout: 10_000 }).toBe(true);
    expect(loads).toHaveLength(1);
    expect(server!.output().match(/content\/posts\/second-date\.md changed → /g)).toHaveLength(1);
    await tab.goto(`${server!.url}/about`); // where the next test expects the tab
  });

  it('shows a YAML error as an overlay with file:line, and the page again once fixed', async () => {
    const good = fx.read('content/pages/about.md');
    fx.write('content/pages/about.md', good.replace('title: About the team', 'title: About: the team'));
    await tab.waitForFunction(() => document.querySelector('h1')?.textContent === 'The site could not be built', undefined, { timeout: 10_000 });
    expect(await tab.locator('li strong').first().textContent()).toMatch(/^content\/pages\/about\.md:2:\d+$/);
    expect(await tab.locator('li').first().textContent()).toContain('front matter is not valid YAML');
    expect(await tab.locator('li pre').first().textContent()).toContain('title: About: the team');

    fx.write('content/pages/about.md', good);
    // Generous: the first rebuild after start-up once took over 10 s in CI, with Chromium tests alongside.
    await tab
      .waitForFunction(() => document.querySelector('h1')?.textContent === 'About the team', undefined, { timeout: 25_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe page shows "${tab.url()}"; the dev server printed:\n${server!.output()}`);
      });
    expect(await tab.title()).toBe('About the team | Fixture Hearts');
  });

  it('lists an added page and drops a deleted one on the open home page', async () => {
    await tab.goto(`${server!.url}/`);
    fx.write(
      'content/posts/third-date.md',
      ['---', 'title: Third date plans', 'description: Something calm.', 'date: 2025-02-01', 'author: The editors', '---', '', 'Go for a long walk.', ''].join('\n'),
    );
    await tab.waitForFunction(() => document.body.textContent!.includes('Third date plans'), undefined, { timeout: 10_000 });
    const added = await tab.context().request.get(`${server!.url}/post/third-date`);
    expect(added.status()).toBe(200);

    unlinkSync(join(fx.root, 'content/posts/third-date.md'));
    await tab.waitForFunction(() => !document.body.textContent!.includes('Third date plans'), undefined, { timeout: 10_000 });
    const removed = await tab.context().request.get(`${server!.url}/post/third-date`);
    expect(removed.status()).toBe(404);
  });

  it('applies a CSS edit in place, without reloading the page', async () => {
    await tab.goto(`${server!.url}/about`);
    await tab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    fx.write('../_shared/site.css', `${fx.read('../_shared/site.css')}\nh1 { color: rgb(1, 2, 3); }\n`);
    await tab.waitForFunction(() => getComputedStyle(document.querySelector('h1')!).color === 'rgb(1, 2, 3)', undefined, { timeout: 10_000 });
    expect(await tab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  // One copy of the generator per process (docs/architecture.md): each template edit loads a new
  // compiled version on the dev server's own generator, whose islands reach the page through the
  // render's React context; a page so rendered must still carry its island and hydrate it.
  it('shows a template edit, and an island the edit adds hydrates', { timeout: 60_000 }, async () => {
    await tab.goto(`${server!.url}/about`);
    const documentFile = '../_shared/templates/document.tsx';
    fx.write(
      documentFile,
      fx
        .read(documentFile)
        .replace("from '../../../../src/index.ts';", "from '../../../../src/index.ts';\nimport { IslandScripts } from '../../../../src/index.ts';")
        .replace('      </body>', '        <IslandScripts loader={site.assets.loader} />\n      </body>'),
    );
    const pages = '../_shared/templates/pages.tsx';
    fx.write(
      pages,
      fx
        .read(pages)
        .replace(
          "import type { EntryPageProps, PageProps } from '../../../../src/index.ts';",
          "import { Island, type EntryPageProps, type PageProps } from '../../../../src/index.ts';\nimport Greeting from '../../basic/templates/islands/greeting.tsx';",
        )
        .replace(
          '      <h1>{data.title}</h1>\n',
          '      <h1>{data.title}</h1>\n      <p className="edited">Edited in dev</p>\n      <Island name="greeting" component={Greeting} props={{ name: \'team\' }} load="load" />\n',
        ),
    );
    await tab
      .waitForFunction(() => document.querySelector('.edited')?.textContent === 'Edited in dev' && document.querySelector('[data-island="greeting"] button'), undefined, {
        timeout: 30_000,
      })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe dev server printed:\n${server!.output()}`);
      });
    const button = tab.locator('[data-island="greeting"] button');
    expect(await button.textContent()).toBe('Say hello');
    // Hydrated: the click runs the island's own state change in the browser.
    await expect.poll(async () => (await button.click(), await button.textContent()), { timeout: 10_000 }).toBe('Hello, team');
  });

  it('serves the forms function at /api/', async () => {
    const answer = await tab.evaluate(async () => {
      const res = await fetch('/api/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@example.com"}' });
      return { status: res.status, body: await res.json() };
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});
