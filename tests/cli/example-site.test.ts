// A second, tiny site built by the same generator: tests/fixtures/basic (with the shared fixture
// site in tests/fixtures/_shared) declares no server functions, commands or robots rules, so none
// of this site's parts run for it: no forms at /api/, no database, no `Disallow: /api/`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.ts';
import { copyFixture, fixturesDir, listFiles, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

/** Every module the fixture's sources import, resolved against the repository: `[file, target]`. */
function relativeImports(): [string, string][] {
  const found: [string, string][] = [];
  for (const part of ['_shared', 'basic']) {
    const dir = join(fixturesDir, part);
    for (const file of listFiles(dir).filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !f.startsWith('expected/'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
        found.push([`${part}/${file}`, resolve(dirname(join(dir, file)), m[1])]);
      }
    }
  }
  return found;
}

describe('the example site (tests/fixtures/basic)', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-example-');
    const built = runCli(['build', '--root', fx.root, '--quiet']);
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(() => fx?.cleanup());

  it("imports nothing from this site's site/ or templates/, only the generator", () => {
    const imports = relativeImports();
    expect(imports.length).toBeGreaterThan(0);
    for (const [file, target] of imports) {
      const rel = relative(repoRoot, target);
      expect(rel.startsWith('site/') || rel.startsWith('templates/'), `${file} imports ${rel}`).toBe(false);
      expect(rel.startsWith('src/') || rel.startsWith('tests/fixtures/'), `${file} imports ${rel}`).toBe(true);
    }
    // The copy links src/ and node_modules/ only, so such an import could not even compile.
    expect(readdirSync(fx.temp).sort()).toEqual(['node_modules', 'src', 'tests']);
  });

  it('builds with the robots rules it declares, and no /api/ rule', () => {
    const robots = readFileSync(join(fx.root, 'dist', 'robots.txt'), 'utf8');
    expect(robots).toBe('User-agent: *\nAllow: /\n\nSitemap: https://fixture.example/sitemap.xml\n');
    // Built for a plain CDN (no deploy.host), which reads no _headers; dev serves the rules (below).
    expect(existsSync(join(fx.root, 'dist', '_headers'))).toBe(false);
    expect(existsSync(join(fx.root, '.data'))).toBe(false);
  });

  describe.each(['preview', 'dev'] as const)('%s', (command) => {
    let server: RunningCli | undefined;
    beforeAll(async () => {
      server = await startCli([command, '--root', fx.root, '--port', '0']);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('serves its pages', async () => {
      const home = await fetch(`${server!.url}/`);
      expect(home.status).toBe(200);
      // The header rules it declares: dev serves them; a plain CDN's preview has no _headers.
      expect(home.headers.get('x-content-type-options')).toBe(command === 'dev' ? 'nosniff' : null);
      expect(await home.text()).toContain('Fixture Hearts');
      const about = await fetch(`${server!.url}/about`);
      expect(about.status).toBe(200);
      expect(await about.text()).toContain('<title>About us | Fixture Hearts</title>');
    });

    it('mounts nothing at /api/: the 404 page answers there', async () => {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${server!.url}/api/anything`, { method, body: method === 'POST' ? 'email=a%40example.com' : undefined });
        expect(res.status, method).toBe(method === 'GET' ? 404 : 405);
        await res.arrayBuffer();
      }
      const subscribe = await fetch(`${server!.url}/api/subscribe`);
      expect(subscribe.status).toBe(404);
      await subscribe.arrayBuffer();
    });

    it('opens no database: no .data folder, no line about forms or a store', async () => {
      await server!.stop();
      expect(server!.output()).not.toMatch(/PGlite|database|DATABASE_URL|Forms|submissions/i);
      expect(existsSync(join(fx.root, '.data'))).toBe(false);
      expect(existsSync(join(fx.temp, '.data'))).toBe(false);
    });
  });
});

describe('a command the config declares (commands in site.config.ts)', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-command-');
    fx.write(
      'site.config.ts',
      [
        "import site from '../_shared/site.ts';",
        'export default {',
        '  ...site,',
        '  commands: {',
        '    greet: {',
        "      description: 'greets someone',",
        '      subcommands: {',
        '        hello: {',
        "          description: 'says hello',",
        "          options: [{ flags: '--name <name>', description: 'who', required: true }, { flags: '--loud', description: 'shout' }],",
        '          action: async (options, { root }) => {',
        "            console.log(`${options.loud ? 'HELLO' : 'hello'} ${options.name} in ${root.split('/').pop()}`);",
        "            return options.name === 'nobody' ? 1 : 0;",
        '          },',
        '        },',
        '      },',
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => fx?.cleanup());

  // First: the commands after it compile the site.
  it('is not listed by the top-level help, which compiles nothing', () => {
    const r = runCli(['--root', fx.root, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('greet');
    expect(existsSync(join(fx.root, '.cache'))).toBe(false);
  });

  it('runs with its flags, and exits with the code its action returns', () => {
    const r = runCli(['--root', fx.root, 'greet', 'hello', '--name', 'Ann', '--loud']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('HELLO Ann in basic\n');
    expect(r.status).toBe(0);
    expect(runCli(['--root', fx.root, 'greet', 'hello', '--name', 'nobody']).status).toBe(1);
  });

  it('refuses to run without a required flag (exit 2), and has a help of its own', () => {
    const missing = runCli(['--root', fx.root, 'greet', 'hello']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("error: required option '--name <name>' not specified");
    const help = runCli(['--root', fx.root, 'greet', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: heartnotes greet \[options\] \[command\]\n\ngreets someone\n/);
    expect(help.stdout).toMatch(/\n {2}hello \[options\] +says hello\n/);
  });
});
