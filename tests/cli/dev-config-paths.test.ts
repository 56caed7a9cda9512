import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/eventually.ts';

/**
 * dev watches what the config names, not fixed folder names: the basic fixture with its content
 * in `posts/`, its public files in `static/` and its islands in `widgets/`, and a decoy `content/`
 * folder that nothing reads.
 */
describe('dev watches the paths the config names', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  const page = async (path: string) => {
    const res = await fetch(`${server!.url}${path}`, { headers: { accept: 'text/html' } });
    return { status: res.status, body: await res.text() };
  };
  const logLine = async (pattern: RegExp) => {
    const out = await eventually(() => server!.output(), (o) => pattern.test(o));
    expect(out).toMatch(pattern);
    return out.split('\n').find((l) => pattern.test(l))!;
  };

  beforeAll(async () => {
    fx = copyFixture('basic', 'heartnotes-dev-paths-');
    renameSync(join(fx.root, 'content'), join(fx.root, 'posts'));
    renameSync(join(fx.root, 'public'), join(fx.root, 'static'));
    fx.write('site.config.ts', [
      "import site from '../_shared/site.ts';",
      '',
      "export default { ...site, contentDir: 'posts', publicDir: 'static', islands: { dir: 'widgets' } };",
      '',
    ].join('\n'));
    mkdirSync(join(fx.root, 'widgets'), { recursive: true });
    mkdirSync(join(fx.root, 'content', 'pages'), { recursive: true });
    fx.write('content/pages/about.md', '---\ntitle: Not read\n---\n\nA folder the config does not name.\n');
    // A public file only the test edits, after the decoy, to know that the decoy's turn has passed.
    fx.write('static/files/marker.txt', 'Before.\n');
    server = await startCli(['dev', '--root', fx.root, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    fx?.cleanup();
  });

  it('builds from the configured folders', async () => {
    expect(server!.output()).toMatch(/Initial build: 5 page\(s\) rendered/);
    expect((await page('/about')).body).toContain('<title>About us | Fixture Hearts</title>');
    expect((await fetch(`${server!.url}/files/guide.txt`)).status).toBe(200);
  });

  it('rebuilds on an edit in the configured content folder, and ignores a folder the config does not name', async () => {
    fx.write('content/pages/about.md', '---\ntitle: Still not read\n---\n\nEdited.\n');
    // Then a file of the public folder, which only the general watcher reports (the content folder
    // has a fast watcher of its own too). The watcher takes file events in the order the files
    // changed, and dev rebuilds what it was told in order, so once the marker's line is out, a
    // report of the decoy would have been out before it or in the same line.
    fx.write('static/files/marker.txt', 'After.\n');
    expect(await logLine(/static\/files\/marker\.txt changed → /)).toMatch(/^static\/files\/marker\.txt changed → files\/marker\.txt: 1 file in \d+ ms$/);
    expect(server!.output()).not.toContain('content/pages/about.md');
    fx.write('posts/pages/about.md', fx.read('posts/pages/about.md').replace('title: About us', 'title: About the posts'));
    const about = await eventually(() => page('/about'), (p) => p.body.includes('<title>About the posts | Fixture Hearts</title>'));
    expect(about.body).toContain('<h1>About the posts</h1>');
    expect(await logLine(/posts\/pages\/about\.md changed → /)).toMatch(/^posts\/pages\/about\.md changed → \/about \(its page\): 1 file in \d+ ms$/);
    expect(server!.output()).not.toContain('content/pages/about.md');
  });

  it('copies an edited file of the configured public folder', async () => {
    writeFileSync(join(fx.root, 'static', 'files', 'guide.txt'), 'A new guide.\n');
    const res = await eventually(() => fetch(`${server!.url}/files/guide.txt`).then((r) => r.text()), (t) => t === 'A new guide.\n');
    expect(res).toBe('A new guide.\n');
    expect(await logLine(/static\/files\/guide\.txt changed → /)).toMatch(/→ files\/guide\.txt: 1 file in \d+ ms$/);
  });

  it('bundles a new island in the configured islands folder', async () => {
    fx.write('widgets/greeting.tsx', 'export default function Greeting() {\n  return <p>Hello</p>;\n}\n');
    expect(await logLine(/widgets\/greeting\.tsx changed → /)).toMatch(/assets\/islands\/greeting-[A-Z0-9]{8}\.js/);
  });

  it('re-renders on an edit of a template outside the project folder, found from the compiled inputs', async () => {
    const file = '../_shared/templates/pages.tsx';
    fx.write(file, `${fx.read(file)}\n// edited by the dev-config-paths test\n`);
    expect(await logLine(/_shared\/templates\/pages\.tsx changed → /)).toMatch(/\(template changed\)/);
  });
});
