import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, listFiles, readTree, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

let site: FixtureCopy;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
const dist = () => join(site.root, 'dist');
/** `dist.tmp-…` and `dist.old-…` folders beside the output. */
const siblings = () => readdirSync(site.root).filter((n) => /^dist\.(tmp|old|bak|done)-/.test(n));

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-out-');
});
afterEach(() => site.cleanup());

describe('--out refuses folders a build must not replace', () => {
  it('refuses the project, folders above it, its source folders and the generator, with exit 2 and one sentence, touching nothing', () => {
    site.write('notes/keep.txt', 'precious');
    const before = readTree(site.root);
    const cases: [string, RegExp][] = [
      ['.', /^--out \. is the project folder, and a build replaces its output folder entirely; use a folder of its own such as --out dist\n$/],
      ['..', /^--out \.\. is a folder above the project/],
      [site.temp, /is a folder above the project/],
      ['/', /is a folder above the project/],
      ['content', /^--out content is the project's content\/ folder, which a build must never replace/],
      ['content/posts', /^--out content\/posts is inside the project's content\/ folder/],
      ['public', /the project's public\/ folder/],
      ['templates', /the project's templates\/ folder/],
      ['src', /the project's src\/ folder/],
      ['.cache', /the project's \.cache\/ folder/],
      [join(repoRoot, 'src', 'pipeline'), /inside the generator's own src\/ folder/],
      [repoRoot, /the generator's folder/],
      ['notes', /^--out notes: .*notes\/ already holds files that heartnotes did not write \(it has no \.heartnotes-output file\).*delete it once/],
      ['site.config.ts', /^--out site\.config\.ts is a file, not a folder/],
    ];
    for (const command of ['build', 'check']) {
      for (const [out, says] of cases) {
        const r = runCli([command, '--root', site.root, '--out', out]);
        expect(r.status, `${command} --out ${out}: ${r.stderr}`).toBe(2);
        expect(r.stderr, `${command} --out ${out}`).toMatch(says);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    }
    expect(diffTrees(before, readTree(site.root))).toEqual([]);
  });

  it('refuses a link that leads into content/', () => {
    symlinkSync(join(site.root, 'content'), join(site.root, 'shortcut'), 'dir');
    const r = build('--out', 'shortcut');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^--out shortcut is the project's content\/ folder/);
  });

  it('dev takes no --out: it writes only .cache/dev/, before serving', () => {
    const r = runCli(['dev', '--root', site.root, '--out', 'content', '--port', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^dev writes to \.cache\/dev\/ only, never to a folder you deploy/);
  });

  it('accepts a new or empty folder, marks its output, and builds into it again; preview does not serve the marker', async () => {
    mkdirSync(join(site.root, 'empty'));
    for (const out of ['empty', 'fresh/site']) {
      expect(build('--out', out).status).toBe(0);
      expect(readFileSync(join(site.root, out, '.heartnotes-output'), 'utf8')).toMatch(/heartnotes build/);
      const again = build('--out', out, '--no-cache');
      expect(again.status, again.stderr).toBe(0);
    }
    const preview = await startCli(['preview', '--root', site.root, '--out', 'empty', '--port', '0']);
    try {
      expect((await fetch(`${preview.url}/.heartnotes-output`)).status).toBe(404);
      expect((await fetch(`${preview.url}/`)).status).toBe(200);
    } finally {
      await preview.stop();
    }
  });

  it('adopts a dist/ from before the marker when the build manifest names it; refuses one it does not', () => {
    expect(build().status).toBe(0);
    rmSync(join(dist(), '.heartnotes-output'));
    const r = build('--no-cache');
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(dist(), '.heartnotes-output'))).toBe(true);

    rmSync(join(dist(), '.heartnotes-output'));
    rmSync(join(site.root, '.cache'), { recursive: true });
    const refused = build();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/dist\/ already holds files that heartnotes did not write/);
    expect(existsSync(join(dist(), 'index.html'))).toBe(true);
  });
});

describe('a symbolic link as --out: the build writes into the folder it points to, never through the link', () => {
  const www = () => join(site.root, '..', 'www');
  const isLink = (path: string) => lstatSync(path).isSymbolicLink();

  it('ln -s ../www www; build --out www fills ../www and keeps the link; a second build too', () => {
    mkdirSync(www());
    expect(build('--out', '../www').status).toBe(0);
    const first = listFiles(www());
    expect(first).toContain('index.html');
    symlinkSync('../www', join(site.root, 'www'), 'dir');
    for (const round of [1, 2]) {
      const r = build('--out', 'www', '--no-cache');
      expect(r.status, `round ${round}: ${r.stderr}`).toBe(0);
      expect(isLink(join(site.root, 'www')), `round ${round}`).toBe(true);
      expect(listFiles(www()), `round ${round}`).toEqual(first);
    }
    // No staging or old folder left beside either name.
    expect(readdirSync(join(site.root, '..')).filter((n) => /^www\./.test(n))).toEqual([]);
    expect(readdirSync(site.root).filter((n) => /^www\./.test(n))).toEqual([]);
  });

  it('ln -s dist pub; build --drafts --out pub is refused as drafts into dist/, and dist/ keeps every file', () => {
    expect(build().status).toBe(0);
    const before = readTree(dist());
    symlinkSync('dist', join(site.root, 'pub'), 'dir');
    const r = build('--drafts', '--out', 'pub');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^build --drafts writes drafts and scheduled entries, which must never be uploaded, so not into dist\/ \(--out pub leads to it\)/);
    expect(diffTrees(before, readTree(dist()))).toEqual([]);
    // Without --drafts, the link leads to dist/, which is rebuilt in place; the link stays.
    const plain = build('--out', 'pub', '--no-cache');
    expect(plain.status, plain.stderr).toBe(0);
    expect(isLink(join(site.root, 'pub'))).toBe(true);
    expect(listFiles(dist())).toEqual([...before.keys()]);
  });

  it('a cache folder that is a link (.cache/markdown) is used, but nothing in what it points to is pruned', () => {
    expect(build('--quiet').status).toBe(0);
    const markdown = join(site.root, '.cache', 'markdown');
    const elsewhere = join(site.temp, 'markdown-elsewhere');
    // The cache moved elsewhere and linked back, beside a folder that is not the cache's.
    renameSync(markdown, elsewhere);
    symlinkSync(elsewhere, markdown, 'dir');
    mkdirSync(join(elsewhere, 'precious'));
    writeFileSync(join(elsewhere, 'precious', 'keep.txt'), 'precious');
    site.write('content/pages/about.md', site.read('content/pages/about.md').replace(/^title: .*$/m, 'title: Changed'));
    const r = build('--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(elsewhere, 'precious', 'keep.txt'), 'utf8')).toBe('precious');
    expect(lstatSync(markdown).isSymbolicLink()).toBe(true);
  });

  it('a link to nothing is refused with one sentence; a leftover staging name that is a link is never emptied', () => {
    symlinkSync('gone', join(site.root, 'nowhere'), 'dir');
    const r = build('--out', 'nowhere');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('--out nowhere is a symbolic link to gone, which does not exist (or is a loop of links); create that folder or give --out a real folder\n');

    // A folder that looks like a dead build's staging folder, reached through a link named like one.
    site.write('elsewhere/.heartnotes-output', 'marker\n');
    site.write('elsewhere/keep.txt', 'precious');
    symlinkSync('elsewhere', join(site.root, 'dist.tmp-999999-abc'), 'dir');
    expect(build().status).toBe(0);
    expect(site.read('elsewhere/keep.txt')).toBe('precious');
  });
});

describe('a build killed at any moment leaves the previous output complete', () => {
  /** Enough pages that rendering takes a while (and uses the worker threads). */
  const addPosts = (n: number) => {
    for (let i = 0; i < n; i++) {
      site.write(`content/posts/bulk-${i}.md`, `---\ntitle: Bulk post ${i}\ndescription: One of many.\ndate: 2025-01-05\nauthor: The editors\n---\n\n${'Some words about dates. '.repeat(40)}\n`);
    }
  };

  /** Starts `build`, waits until `ready()` holds, then kills it with SIGKILL and waits for it to die. */
  const killWhen = async (ready: () => boolean, args: string[] = ['--no-cache'], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['bin/heartnotes.mjs', 'build', '--root', site.root, ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', ...env },
      stdio: 'ignore',
    });
    const exited = new Promise<string | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    let done = false;
    void exited.then(() => (done = true));
    while (!ready()) {
      if (done) throw new Error('the build finished before the moment to kill it');
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  };

  it('killed while rendering, between the two renames of the swap, or right at the start: the previous output is whole; the next build succeeds', { timeout: 120_000 }, async () => {
    addPosts(400);
    expect(build().status).toBe(0);
    const previous = readTree(dist());
    expect(previous.has('post/bulk-399.html')).toBe(true);
    site.write('content/posts/bulk-0.md', site.read('content/posts/bulk-0.md').replace('Bulk post 0', 'Changed post 0'));

    // 1. While pages are being written to the staging folder.
    await killWhen(() => siblings().some((n) => n.startsWith('dist.tmp-') && existsSync(join(site.root, n, 'post'))));
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);

    // 2. Between renaming dist/ away and renaming the new output in: no dist/ at all.
    await killWhen(() => siblings().some((n) => n.startsWith('dist.old-')), ['--no-cache'], { HEARTNOTES_TEST_HALT: 'swap' });
    expect(existsSync(dist())).toBe(false);
    // The next build puts the previous output back first, even one that then fails.
    const good = site.read('content/posts/bulk-1.md');
    site.write('content/posts/bulk-1.md', good.replace('date: 2025-01-05', 'date: soon'));
    const failed = build();
    expect(failed.status).toBe(1);
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
    site.write('content/posts/bulk-1.md', good);

    // 3. As soon as it starts.
    await killWhen(() => true);
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);

    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(siblings()).toEqual([]);
    expect(readFileSync(join(dist(), 'post/bulk-0.html'), 'utf8')).toContain('Changed post 0');
    expect(listFiles(dist())).toEqual([...previous.keys()]);
  });

  it('the next build removes the staging folders of killed builds, even one whose pid is now in use, and leaves those of a running build alone', { timeout: 60_000 }, async () => {
    addPosts(200);
    expect(build().status).toBe(0);
    const previous = readTree(dist());
    site.write('content/posts/bulk-0.md', site.read('content/posts/bulk-0.md').replace('Bulk post 0', 'Changed post 0'));
    await killWhen(() => siblings().some((n) => n.startsWith('dist.tmp-') && existsSync(join(site.root, n, 'post'))));
    expect(siblings()).toEqual([expect.stringMatching(/^dist\.tmp-/)]);

    // A process that is running: a staging folder under its pid made after it started is its own
    // (a build still at work); one made an hour before it started is a killed build's, its pid reused.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
    const staging = (madeAt: number) => {
      const name = `dist.tmp-${other.pid}-${madeAt.toString(36)}`;
      mkdirSync(join(site.root, name, 'post'), { recursive: true });
      writeFileSync(join(site.root, name, '.heartnotes-output'), 'marker\n');
      writeFileSync(join(site.root, name, 'post', 'half.html'), '<p>half');
      return name;
    };
    staging(Date.now() - 3_600_000);
    const running = staging(Date.now());
    try {
      const r = build();
      expect(r.status, r.stderr).toBe(0);
      expect(siblings()).toEqual([running]);
      expect(listFiles(dist())).toEqual([...previous.keys()]);
      expect(readFileSync(join(dist(), 'post/bulk-0.html'), 'utf8')).toContain('Changed post 0');
    } finally {
      other.kill();
    }
  });

  it('killed while an incremental build moves its changed files in: the next build rolls the output back first', { timeout: 120_000 }, async () => {
    addPosts(100);
    expect(build().status).toBe(0);
    const previous = readTree(dist());
    const post = site.read('content/posts/bulk-5.md');
    site.write('content/posts/bulk-5.md', post.replace('Some words', 'Other words'));

    // Held after the first file moved in (HEARTNOTES_TEST_HALT=changes), then killed. The backup
    // copy is made just before that move, so the moved file itself says the halt is reached.
    const backup = () => siblings().find((n) => n.startsWith('dist.bak-'));
    await killWhen(() => {
      const b = backup();
      return !!b && readdirSync(join(site.root, b)).length > 1 && readFileSync(join(dist(), 'post/bulk-5.html'), 'utf8').includes('Other words');
    }, [], { HEARTNOTES_TEST_HALT: 'changes' });
    expect(readFileSync(join(dist(), 'post/bulk-5.html'), 'utf8')).toContain('Other words');

    // The next build puts the previous output back before anything else, even one that then fails.
    site.write('content/posts/bulk-6.md', site.read('content/posts/bulk-6.md').replace('date: 2025-01-05', 'date: soon'));
    expect(build().status).toBe(1);
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
    expect(siblings()).toEqual([]);

    site.write('content/posts/bulk-6.md', site.read('content/posts/bulk-6.md').replace('date: soon', 'date: 2025-01-05'));
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dist(), 'post/bulk-5.html'), 'utf8')).toContain('Other words');
    expect(siblings()).toEqual([]);
  });
});
