// The forms' database opens while `preview` already serves pages: the real CLI on a copy of the
// example site with this site's forms function, and no PGlite folder yet, so the database is
// created at start (seconds of work). A form sent at once waits for it and is stored; pages asked
// for meanwhile are answered while the form still waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportStored, runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, plugInSiteForms, type FixtureCopy } from '../helpers/fixtures.ts';

describe('preview while the forms database opens', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;

  beforeAll(() => {
    fx = plugInSiteForms(copyFixture('basic', 'heartnotes-forms-start-'));
    const built = runCli(['build', '--root', fx.root, '--quiet']);
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(async () => {
    await server?.stop();
    fx?.cleanup();
  });

  it('answers pages while a form sent at start waits for the database, then stores the form', async () => {
    server = await startCli(['preview', '--root', fx.root, '--port', '0']);
    const started = performance.now();
    let postDone: number | undefined;
    const posted = fetch(`${server.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'early@example.com', source: '/' }),
    }).then(async (res) => {
      postDone = performance.now();
      return { status: res.status, text: await res.text() };
    });
    // Pages one after another until the form is answered: each must come while the form waits.
    const pages: { ms: number; beforePost: boolean }[] = [];
    for (const path of ['/', '/post/first-date', '/about']) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    while (postDone === undefined && performance.now() - started < 170_000) {
      const asked = performance.now();
      const res = await fetch(`${server.url}/post/second-date`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      pages.push({ ms: performance.now() - asked, beforePost: postDone === undefined });
      // A visitor's pace, not a load test: the database's thread needs the machine's other core.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const post = await posted;
    expect(post).toEqual({ status: 200, text: '{"ok":true}' });
    const postMs = postDone! - started;
    const answered = pages.filter((p) => p.beforePost);
    // Pages kept coming while the form waited (with PGlite on the server's own thread, the server
    // answered nothing while it created its folder), and none waited anywhere near as long as it.
    expect(answered.length, `pages answered while the form waited ${Math.round(postMs)} ms`).toBeGreaterThanOrEqual(3);
    const slowest = Math.max(...pages.map((p) => p.ms));
    expect(slowest, `slowest page ${Math.round(slowest)} ms, form ${Math.round(postMs)} ms`).toBeLessThan(postMs / 4);
    await server.stop();
    server = undefined;
    expect(exportStored('early@example.com', { HEARTNOTES_DATA_DIR: `${fx.root}/.data` }).subscribers.map((s) => s.email)).toEqual(['early@example.com']);
    // Creating PGlite's folder took 17–28 s of wall time on a shared two-core machine.
  }, 240_000);
});
