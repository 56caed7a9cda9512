import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';

/** Polls `check` until it passes or `timeout` ms have gone by. */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  let value = await probe();
  while (!check(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

describe('dev', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  const page = async (path: string) => {
    const res = await fetch(`${server!.url}${path}`, { headers: { accept: 'text/html' } });
    return { status: res.status, body: await res.text() };
  };

  beforeAll(async () => {
    fx = copyFixture('basic');
    server = await startCli(['dev', '--root', fx.root, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    fx.cleanup();
  });

  it('serves the built site with the reload client', async () => {
    const about = await page('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('<title>About us | Fixture Hearts</title>');
    expect(about.body).toContain("new EventSource('/__dev/events')");
    expect(server!.output()).toMatch(/Initial build: 5 page\(s\) rendered, 0 unchanged, in \d+(?: ms|\.\d\d s)/);
  });

  it('rebuilds a saved edit', async () => {
    fx.write('content/pages/about.md', fx.read('content/pages/about.md').replace('title: About us', 'title: About the team'));
    const about = await eventually(() => page('/about'), (p) => p.body.includes('<title>About the team | Fixture Hearts</title>'));
    expect(about.body).toContain('<h1>About the team</h1>');
    // Only the edited page was rendered again. (The log line can follow the new page by a moment.)
    const logged = /Changed content\/pages\/about\.md: 1 page\(s\) rendered, 4 unchanged/;
    expect(await eventually(async () => server!.output(), (out) => logged.test(out))).toMatch(logged);
  });

  it('shows a broken edit in the page and the terminal, and recovers when it is fixed', async () => {
    const good = fx.read('content/pages/about.md');
    fx.write('content/pages/about.md', good.replace('title: About the team', 'title: About: the team'));
    const broken = await eventually(() => page('/about'), (p) => p.status === 500);
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('<h1>The site could not be built</h1>');
    expect(broken.body).toMatch(/<strong>content\/pages\/about\.md:2:\d+<\/strong>/);
    const printed = /content\/pages\/about\.md:2:\d+: front matter is not valid YAML/;
    expect(await eventually(async () => server!.output(), (out) => printed.test(out))).toMatch(printed);

    fx.write('content/pages/about.md', good);
    const fixed = await eventually(() => page('/about'), (p) => p.status === 200);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('<h1>About the team</h1>');
  });
});
