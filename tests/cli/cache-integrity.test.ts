import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, readTree, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

let site: FixtureCopy;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
const dist = () => join(site.root, 'dist');
const cacheDir = () => join(site.root, '.cache');

/** The one folder of rendered Markdown the current pipeline reads. */
function markdownDir(): string {
  const root = join(cacheDir(), 'markdown');
  const dirs = readdirSync(root);
  expect(dirs).toHaveLength(1);
  return join(root, dirs[0]);
}
const filesEnding = (dir: string, ext: string) => readdirSync(dir).filter((n) => n.endsWith(ext)).map((n) => join(dir, n));

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-cache-');
});
afterEach(() => site.cleanup());

describe('the output is swapped in only after every write succeeded', () => {
  it('a manifest that cannot be written fails the build before the swap: dist/ keeps the previous build', () => {
    expect(build().status).toBe(0);
    const before = readTree(dist());
    site.write('content/posts/first-date.md', site.read('content/posts/first-date.md').replace('Ten calm ways', 'Eleven calm ways'));
    // The disk fills as the manifest is written (its temporary name is the build's own, beside it).
    const failed = spawnSync(process.execPath, ['bin/heartnotes.mjs', 'build', '--root', site.root], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        NO_COLOR: '1',
        NODE_OPTIONS: `--import=${pathToFileURL(join(repoRoot, 'tests/helpers/no-space.mjs')).href}`,
        HEARTNOTES_TEST_NO_SPACE_UNDER: join(cacheDir(), 'build-manifest.json'),
      },
    });
    expect(failed.status).toBe(1);
    noStackTrace(failed.stderr);
    expect(failed.stderr).toMatch(/^The disk holding \S+\.cache is full: .* Nothing was changed: \S*dist\/ is as it was\./);
    expect(diffTrees(before, readTree(dist()))).toEqual([]);
    expect(readdirSync(site.root).filter((n) => n.startsWith('dist.'))).toEqual([]);
    // No temporary manifest left behind; the previous one still describes dist/.
    expect(readdirSync(cacheDir()).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    const fixed = build();
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(readFileSync(join(dist(), 'post/first-date.html'), 'utf8')).toContain('Eleven calm ways');
  });
});

describe('a damaged Markdown cache is rebuilt, never published', () => {
  let clean: Map<string, Buffer>;
  /** Rebuilds everything from the (damaged) cache and returns the new output. */
  const rebuildFromCache = () => {
    rmSync(dist(), { recursive: true });
    // Without the cache's copy of the output too, or the pages would be put back, not rendered.
    rmSync(join(cacheDir(), 'output.json'));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    return readTree(dist());
  };

  beforeEach(() => {
    expect(build().status).toBe(0);
    clean = readTree(dist());
    expect(filesEnding(markdownDir(), '.idx')).toHaveLength(1);
  });

  it('an index cut short (a crash while writing it) is ignored', () => {
    const [idx] = filesEnding(markdownDir(), '.idx');
    const text = readFileSync(idx, 'utf8');
    // Cut inside the second-last line, as a crash or a full disk would.
    truncateSync(idx, text.lastIndexOf('\n') - 3);
    expect(diffTrees(clean, rebuildFromCache())).toEqual([]);
  });

  it('an index whose entries point at the wrong bytes is caught by the entry hash', () => {
    const [idx] = filesEnding(markdownDir(), '.idx');
    // Every entry claims only its first 8 bytes: "<p>The " instead of the whole page body.
    writeFileSync(idx, readFileSync(idx, 'utf8').replace(/^(\w+ \d+) \d+ /gm, '$1 8 '));
    expect(diffTrees(clean, rebuildFromCache())).toEqual([]);
  });

  it('a pack whose bytes changed on disk is caught by the entry hash', () => {
    const [pack] = filesEnding(markdownDir(), '.pack');
    const bytes = readFileSync(pack);
    for (let i = 0; i < bytes.length; i += 7) bytes[i] = 0x58; // 'X'
    writeFileSync(pack, bytes);
    const rebuilt = rebuildFromCache();
    expect(diffTrees(clean, rebuilt)).toEqual([]);
    for (const [, html] of rebuilt) expect(html.includes(Buffer.from('XX'))).toBe(false);
  });
});

describe('a damaged compiled site is compiled again', () => {
  it('a render worker lost from .cache/site (a crash between writes) does not break a 300-page build', () => {
    const post = site.read('content/posts/second-date.md');
    for (let i = 0; i < 300; i++) {
      site.write(`content/posts/bulk-${i}.md`, post.replace(/^id: .*$/m, `id: ${5000 + i}`).replace(/^title: .*$/m, `title: "Bulk note ${i}"`));
    }
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    const clean = readTree(dist());
    const siteDir = join(cacheDir(), 'site');
    const [version] = readdirSync(siteDir);
    rmSync(join(siteDir, version, 'render-worker.js'));
    rmSync(dist(), { recursive: true });
    rmSync(join(cacheDir(), 'output.json')); // so every page renders again, on workers

    const again = build();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('Cannot find module');
    expect(existsSync(join(siteDir, version, 'render-worker.js'))).toBe(true);
    expect(diffTrees(clean, readTree(dist()))).toEqual([]);
  });
});

describe('the compiled CLI follows the project', () => {
  let temp: string;
  beforeEach(() => {
    temp = mkdtempSync(join(tmpdir(), 'heartnotes-moved-'));
  });
  afterEach(() => rmSync(temp, { recursive: true, force: true }));

  /**
   * A copy of the generator itself (bin, src, templates, content) in `dir`, sharing node_modules,
   * with the example site of tests/fixtures/basic, which builds with the copy's src/.
   */
  const copyGenerator = (dir: string) => {
    for (const part of ['bin', 'src', 'site', 'templates', 'content', 'public', 'site.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tests/fixtures/_shared', 'tests/fixtures/basic']) {
      cpSync(join(repoRoot, part), join(dir, part), { recursive: true, preserveTimestamps: true });
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  };
  const cli = (dir: string, ...args: string[]) =>
    spawnSync(process.execPath, [join(dir, 'bin/heartnotes.mjs'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  /**
   * `check` of the example site by the copy's compiled CLI: the command loads every part of the
   * compiled CLI a build does, and the small site keeps it to a second instead of the real
   * site's two and a half.
   */
  const check = (dir: string) => cli(dir, '--root', join(dir, 'tests/fixtures/basic'), 'check');

  it('a renamed project folder runs, and a damaged compiled copy is compiled again', () => {
    const before = join(temp, 'before');
    copyGenerator(before);
    expect(cli(before, '--version').status).toBe(0);
    const after = join(temp, 'after');
    renameSync(before, after);
    // The old folder is gone; the compiled copy must not point into it.
    const moved = check(after);
    expect(moved.stderr).not.toContain(before);
    expect(moved.status, moved.stderr).toBe(0);

    const stamp = JSON.parse(readFileSync(join(after, '.cache/generator/stamp.json'), 'utf8')) as { root: string; entry: string };
    expect(stamp.root).toBe(after);
    // Lose the compiled file, as a crash during an earlier compile could.
    rmSync(join(after, '.cache/generator', stamp.entry));
    const damaged = check(after);
    expect(damaged.status, damaged.stderr).toBe(0);
  });

  it("a fresh clone's new file times compile nothing when the sources' bytes are the same, and a changed source compiles again", () => {
    const dir = join(temp, 'clone');
    copyGenerator(dir);
    expect(cli(dir, '--version').status).toBe(0);
    const entry = () => (JSON.parse(readFileSync(join(dir, '.cache/generator/stamp.json'), 'utf8')) as { entry: string }).entry;
    const first = entry();
    // Every source file with a new time, as a checkout gives them.
    const later = new Date(Date.now() + 60_000);
    for (const part of ['bin', 'src']) {
      for (const name of readdirSync(join(dir, part), { recursive: true }) as string[]) utimesSync(join(dir, part, name), later, later);
    }
    const fresh = check(dir);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(entry()).toBe(first);
    // One source changed: compiled again.
    writeFileSync(join(dir, 'src/escape.ts'), `${readFileSync(join(dir, 'src/escape.ts'), 'utf8')}\n// changed\n`);
    const changed = check(dir);
    expect(changed.status, changed.stderr).toBe(0);
    expect(entry()).not.toBe(first);
  });

  it('a compiled CLI emptied, cut short or garbled (a crash, a full disk) is compiled again: every command keeps working without rm -rf .cache', () => {
    const dir = join(temp, 'project');
    copyGenerator(dir);
    const compiled = () => {
      const stamp = JSON.parse(readFileSync(join(dir, '.cache/generator/stamp.json'), 'utf8')) as { entry: string };
      const entry = join(dir, '.cache/generator', stamp.entry);
      // The code cache of `check` (bin/heartnotes.mjs, `cacheFileOf`).
      return { entry, codeCache: `${dirname(entry)}.check.v8cache` };
    };
    expect(cli(dir, '--version').status).toBe(0);
    const garble = (file: string) => {
      const bytes = readFileSync(file);
      for (let i = 16; i < bytes.length; i += 7) bytes[i]! ^= 0x5a;
      writeFileSync(file, bytes);
    };
    const damages: [string, () => void, 'compiled again' | 'cache refused'][] = [
      ['the compiled file emptied (0 bytes)', () => truncateSync(compiled().entry, 0), 'compiled again'],
      ['the compiled file cut to half its size', () => truncateSync(compiled().entry, Math.floor(readFileSync(compiled().entry).length / 2)), 'compiled again'],
      ['the compiled file garbled, same size', () => writeFileSync(compiled().entry, 'x'.repeat(readFileSync(compiled().entry).length)), 'compiled again'],
      // V8 checks neither: garbled cached data crashed the process, and data of other code was run.
      ['its code cache garbled, same size', () => garble(compiled().codeCache), 'cache refused'],
      ['its code cache cut short', () => truncateSync(compiled().codeCache, 100), 'cache refused'],
    ];
    for (const [what, damage, outcome] of damages) {
      // A run that writes the code cache of `check`, if there is none yet.
      expect(check(dir).status, what).toBe(0);
      const before = compiled().entry;
      damage();
      const r = check(dir);
      expect(r.status, `${what}: ${r.stderr}`).toBe(0);
      expect(r.stdout, what).toMatch(/^Checked \d+ pages/m);
      if (outcome === 'compiled again') expect(compiled().entry, what).not.toBe(before);
      else {
        expect(compiled().entry, what).toBe(before);
        // Written again whole by the run that refused it.
        expect(readFileSync(compiled().codeCache)[0], what).toBe(1);
        expect(check(dir).status, what).toBe(0);
      }
    }
  });
});
