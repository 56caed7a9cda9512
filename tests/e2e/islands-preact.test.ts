// The opt-in preact/compat islands runtime (`islands.runtime: 'preact'`, or
// HEARTNOTES_CLIENT_RUNTIME=preact; docs/commands.md): the basic fixture plus a page with a counter
// island, built by the real CLI with that runtime and used in Chromium. The island is written for
// React (useState, an onClick handler); the browser gets preact instead, and it must still work.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedChromium, freshContext, type LaunchedBrowser } from '../e2e-helpers/browser.ts';
import { watchPage } from '../e2e-helpers/console.ts';
import { buildAndPreview, type PreviewedSite } from '../e2e-helpers/site.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';

let fx: FixtureCopy | undefined;
let site: PreviewedSite | undefined;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  fx = copyFixture('basic', 'heartnotes-preact-');
  fx.write('templates/islands/counter.tsx', [
    "import { useState } from 'react';",
    '',
    'export default function Counter({ start }: { start: number }) {',
    '  const [count, setCount] = useState(start);',
    '  return <button type="button" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;',
    '}',
    '',
  ].join('\n'));
  fx.write('templates/counter-page.tsx', [
    "import { Island, IslandScripts, type PageProps } from '../../../../src/index.ts';",
    "import Counter from './islands/counter.tsx';",
    '',
    'export function CounterPage({ site }: PageProps) {',
    '  return (',
    '    <html lang="en">',
    '      <head><meta charSet="utf-8" /><title>Counter</title></head>',
    '      <body>',
    '        <main><h1>Counter</h1><Island name="counter" component={Counter} props={{ start: 2 }} load="load" /></main>',
    '        <IslandScripts loader={site.assets.loader} />',
    '      </body>',
    '    </html>',
    '  );',
    '}',
    '',
  ].join('\n'));
  fx.write('site.config.ts', [
    "import site from '../_shared/site.ts';",
    "import { CounterPage } from './templates/counter-page.tsx';",
    '',
    'export default {',
    '  ...site,',
    '  templates: { ...site.templates, counter: CounterPage },',
    "  routes: [...site.routes, { pattern: '/counter', pages: () => [{ path: '/counter', template: 'counter', props: {}, sources: ['site.config.ts'] }] }],",
    "  islands: { runtime: 'preact' as const },",
    '};',
    '',
  ].join('\n'));
  const [built, launched] = await Promise.allSettled([buildAndPreview({ root: fx.root }), freshContext()]);
  if (built.status === 'fulfilled') site = built.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  for (const outcome of [built, launched]) if (outcome.status === 'rejected') throw outcome.reason;
});

afterAll(async () => {
  await Promise.allSettled([closeSharedChromium(), site?.stop()]);
  fx?.cleanup();
});

describe('islands with the preact runtime', () => {
  it('bundles preact/compat for the browser, and no React', () => {
    const dir = join(site!.outDir, 'assets', 'islands');
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, f), 'utf8'));
    const all = chunks.join('\n');
    expect(chunks.length).toBeGreaterThan(0);
    // React's production build points its errors at react.dev (the real site's React runtime chunk
    // does, and weighs some 220 KB); preact has no such text and is a fraction of the size.
    expect(all).not.toContain('react.dev/errors');
    expect(all.length).toBeLessThan(40_000);
  });

  it('hydrates a React island with preact: a click counts, without console errors', async () => {
    const page = await browser!.context.newPage();
    const problems = watchPage(page, { origin: new URL(site!.url).origin });
    try {
      await page.goto(`${site!.url}/counter`, { waitUntil: 'load' });
      const button = page.getByRole('button');
      // Rendered on the server with React: the count is there before any script runs.
      expect(await button.innerText()).toBe('Clicked 2 times');
      // Only a hydrated island counts; clicks before hydration do nothing, so click until one does.
      await expect.poll(async () => {
        await button.click();
        return button.innerText();
      }, { timeout: 10_000 }).toMatch(/^Clicked [3-9] times$/);
      const now = Number((await button.innerText()).split(' ')[1]);
      await button.click();
      await expect.poll(() => button.innerText()).toBe(`Clicked ${now + 1} times`);
      expect(problems.all()).toEqual([]);
    } finally {
      problems.stop();
      await page.close();
    }
  });
});
