import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, listFiles, readTree, type FixtureCopy } from '../helpers/fixtures.ts';

// A host's deploy: a fresh clone (every file new, no output folder), `npm ci` (a node_modules/
// folder of the project's own), and only the cache folder the host kept between deploys. The
// project, its first deploy's kept cache and a clean build to compare with are made once for the
// file: every test deploys from a clone of its own and only reads them.

let fx: FixtureCopy;
let saved: string;

function git(args: string[], cwd: string): void {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

/** A fresh clone of the project beside it (the fixture imports ../_shared), with an empty node_modules/. */
function clone(name: string): string {
  const dir = join(fx.root, '..', name);
  git(['clone', '-q', fx.root, dir], fx.temp);
  mkdirSync(join(dir, 'node_modules'));
  return dir;
}
const cacheOf = (project: string) => join(project, 'node_modules', '.cache', 'heartnotes');
const build = (project: string, ...args: string[]) => runCli(['build', '--root', project, ...args]);
const counts = (stdout: string) => /Built (\d+) pages \((\d+) rendered, (\d+) unchanged\)/.exec(stdout)?.slice(1).map(Number);
/** The edit of the deploy: one sentence more in one post. */
const edit = (project: string) => writeFileSync(join(project, 'content/posts/post-07.md'), `${readFileSync(join(project, 'content/posts/post-07.md'), 'utf8')}\nOne sentence more.\n`);

beforeAll(() => {
  fx = copyFixture('basic', 'heartnotes-deploy-');
  // Enough posts that one edit leaves most pages as they were.
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    fx.write(`content/posts/post-${n}.md`, `---\ntitle: Post ${n}\ndescription: Post number ${n}.\ndate: 2025-02-${n}\nauthor: The editors\n---\n\nText of post ${n}, with a [link home](/).\n`);
  }
  git(['init', '-q'], fx.root);
  git(['add', '.'], fx.root);
  git(['commit', '-q', '-m', 'site'], fx.root);
  // Deploy 1: a cold build in a fresh clone; the host keeps its cache folder.
  const first = clone('deploy-1');
  const cold = build(first);
  expect(cold.status, cold.stderr).toBe(0);
  expect(existsSync(join(first, '.cache')), 'the cache lives in node_modules/.cache/heartnotes').toBe(false);
  saved = join(fx.temp, 'kept-cache');
  cpSync(cacheOf(first), saved, { recursive: true });
  rmSync(first, { recursive: true });
});
afterAll(() => fx?.cleanup());

let clean: Map<string, Buffer> | undefined;
/** What a build without a cache writes for the project as committed (built once, on first use). */
function cleanBuild(): Map<string, Buffer> {
  if (!clean) {
    const reference = clone('reference');
    const r = build(reference, '--no-cache');
    expect(r.status, r.stderr).toBe(0);
    clean = readTree(join(reference, 'dist'));
  }
  return clean;
}

describe('a deploy from a fresh clone with the cache folder restored', () => {
  it('renders only the edited page and writes the same bytes as a cold build without a cache', () => {
    const deploy = clone('deploy-2');
    cpSync(saved, cacheOf(deploy), { recursive: true });
    edit(deploy);
    const warm = build(deploy);
    expect(warm.status, warm.stderr).toBe(0);
    const [pages, rendered, unchanged] = counts(warm.stdout) ?? [];
    expect(rendered, warm.stdout).toBeLessThan(pages);
    expect(unchanged).toBeGreaterThan(pages / 2);

    const reference = clone('reference-edited');
    edit(reference);
    const cold = build(reference, '--no-cache');
    expect(cold.status, cold.stderr).toBe(0);
    expect(counts(cold.stdout)?.[1]).toBe(pages);
    expect(listFiles(join(deploy, 'dist')).length).toBeGreaterThan(pages);
    expect(diffTrees(readTree(join(reference, 'dist')), readTree(join(deploy, 'dist')))).toEqual([]);

    // The deploy after it starts from this one's cache, and still matches.
    const next = clone('deploy-3');
    cpSync(cacheOf(deploy), cacheOf(next), { recursive: true });
    edit(next);
    const again = build(next);
    expect(again.status, again.stderr).toBe(0);
    expect(counts(again.stdout)?.[1]).toBe(0);
    expect(diffTrees(readTree(join(reference, 'dist')), readTree(join(next, 'dist')))).toEqual([]);
  });
});

describe("a deploy after the site's code changed", () => {
  it('compiles the code anew: an edited module, then a new module an import now resolves to', () => {
    // The clone's config wraps the shared one and takes the site's title from ./title.
    const withTitle = (project: string, modules: Record<string, string>) => {
      writeFileSync(
        join(project, 'site.config.ts'),
        "import site from '../_shared/site.ts';\nimport { title } from './title';\nexport default { ...site, settings: (c: any) => ({ ...site.settings(c), title }) };\n",
      );
      for (const [file, text] of Object.entries(modules)) writeFileSync(join(project, file), text);
    };
    const titleOf = (project: string) => /<title>([^<]*)<\/title>/.exec(readFileSync(join(project, 'dist', 'about.html'), 'utf8'))?.[1];
    let cache = saved;
    const steps: [string, Record<string, string>, string][] = [
      ['deploy-code-1', { 'title.ts': "export const title = 'First title';\n" }, 'First title'],
      ['deploy-code-2', { 'title.ts': "export const title = 'Second title';\n" }, 'Second title'],
      // `./title` resolves to title.tsx before title.ts (esbuild's order): the new file is the one compiled.
      ['deploy-code-3', { 'title.ts': "export const title = 'Second title';\n", 'title.tsx': "export const title = 'Third title';\n" }, 'Third title'],
      // Nothing changed since: the kept compile is used, and says the same.
      ['deploy-code-4', { 'title.ts': "export const title = 'Second title';\n", 'title.tsx': "export const title = 'Third title';\n" }, 'Third title'],
    ];
    for (const [name, modules, title] of steps) {
      const deploy = clone(name);
      cpSync(cache, cacheOf(deploy), { recursive: true });
      withTitle(deploy, modules);
      const r = build(deploy);
      expect(r.status, r.stderr).toBe(0);
      expect(titleOf(deploy), name).toContain(title);
      expect(existsSync(join(cacheOf(deploy), 'compiled', 'site.json')), 'the compile is kept for the next deploy').toBe(true);
      cache = cacheOf(deploy);
    }
  });
});

describe('a deploy whose build fails', () => {
  it('leaves no output folder behind: the copy the cache put back goes again with the failure', () => {
    const deploy = clone('deploy-broken');
    cpSync(saved, cacheOf(deploy), { recursive: true });
    writeFileSync(join(deploy, 'content/posts/post-07.md'), '---\ntitle: [unclosed\n---\n\nText.\n');
    const failed = build(deploy);
    expect(failed.status, failed.stdout).toBe(1);
    expect(failed.stderr).toContain('post-07.md');
    expect(existsSync(join(deploy, 'dist'))).toBe(false);
  });
});

describe('a cache from another generator version, lockfile or Node is ignored, never trusted', () => {
  /** The kept cache with one cached page's bytes changed (same size): trusting it would publish them. */
  function poisonedDeploy(name: string): string {
    const deploy = clone(name);
    cpSync(saved, cacheOf(deploy), { recursive: true });
    const page = join(cacheOf(deploy), 'output', 'about.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<html', '<HTML'));
    return deploy;
  }

  it('another generator version: the cache is emptied and everything is built again', () => {
    const deploy = poisonedDeploy('deploy-version');
    writeFileSync(join(cacheOf(deploy), 'cache-version.json'), JSON.stringify({ version: 'another-generator' }));
    const r = build(deploy);
    expect(r.status, r.stderr).toBe(0);
    const [pages, rendered] = counts(r.stdout) ?? [];
    expect(rendered).toBe(pages);
    expect(readFileSync(join(cacheOf(deploy), 'cache-version.json'), 'utf8')).not.toContain('another-generator');
    expect(diffTrees(cleanBuild(), readTree(join(deploy, 'dist')))).toEqual([]);
  });

  it('another lockfile: the same', () => {
    const deploy = poisonedDeploy('deploy-lockfile');
    writeFileSync(join(deploy, 'package-lock.json'), JSON.stringify({ name: 'fixture', lockfileVersion: 3, packages: {} }));
    const r = build(deploy);
    expect(r.status, r.stderr).toBe(0);
    const [pages, rendered] = counts(r.stdout) ?? [];
    expect(rendered).toBe(pages);
    rmSync(join(deploy, 'package-lock.json'));
    expect(diffTrees(cleanBuild(), readTree(join(deploy, 'dist')))).toEqual([]);
  });

  it('a cached output file cut short (a crash, a full disk when it was saved): nothing is put back, everything is built', () => {
    const deploy = clone('deploy-cut');
    cpSync(saved, cacheOf(deploy), { recursive: true });
    const page = join(cacheOf(deploy), 'output', 'about.html');
    writeFileSync(page, readFileSync(page).subarray(0, 100));
    const r = build(deploy);
    expect(r.status, r.stderr).toBe(0);
    const [pages, rendered] = counts(r.stdout) ?? [];
    expect(rendered).toBe(pages);
    expect(diffTrees(cleanBuild(), readTree(join(deploy, 'dist')))).toEqual([]);
  });

  it('the up-to-date check does not answer from another version\'s manifest', () => {
    const deploy = clone('deploy-noop');
    cpSync(saved, cacheOf(deploy), { recursive: true });
    expect(build(deploy).status).toBe(0);
    const manifest = readFileSync(join(cacheOf(deploy), 'build-manifest.json'), 'utf8');
    writeFileSync(join(cacheOf(deploy), 'cache-version.json'), JSON.stringify({ version: 'another-generator' }));
    writeFileSync(join(cacheOf(deploy), 'build-manifest.json'), manifest);
    const r = build(deploy);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/Nothing changed/);
  });
});
