// Issue 28, "Nothing lost in production": every write that can fail happens before the output is
// swapped in, two builds of one project never trip over each other, and the message after any
// failure says what the output folder really holds, checked here against the files on disk. Run
// through the real CLI, with faults injected by preload modules (tests/helpers/) in a throwaway
// copy of a project.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, listFiles, readTree, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

let site: FixtureCopy;
const dist = () => join(site.root, 'dist');
const functions = () => join(site.root, '.netlify/v1/functions');
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
/** Staging, old and backup folders beside the output. */
const siblings = () => readdirSync(site.root).filter((n) => n.startsWith('dist.'));
const preload = (name: string) => `--import=${pathToFileURL(join(repoRoot, 'tests', 'helpers', name)).href}`;

/** `build` in a process with a preload module and its settings. */
function buildWith(module: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['bin/heartnotes.mjs', 'build', '--root', site.root], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, NO_COLOR: '1', NODE_ENV: 'production', NODE_OPTIONS: preload(module), ...env },
  });
  return { status: r.status, stderr: r.stderr.trim() };
}

/** Changes a page, so the next build has something to write. */
const editAbout = (title: string) => site.write('content/pages/about.md', site.read('content/pages/about.md').replace(/^title: .*$/m, `title: ${title}`));

describe('the files a host reads from the project folder (.netlify/v1/functions) are written before the swap', () => {
  beforeEach(() => {
    site = copyFixture('basic', 'heartnotes-lost-');
    // A function for Netlify: the build bundles it into .netlify/v1/functions/.
    site.write('functions/hello.ts', "export default () => new Response('hello');\n");
    site.write('site.config.ts', "import site from '../_shared/site.ts';\n\nexport default { ...site, deploy: { host: 'netlify', functions: { '/api/': 'functions/hello.ts' } } };\n");
    const first = build('--quiet');
    expect(first.status, first.stderr).toBe(0);
    expect(readdirSync(functions())).toEqual(['api.mjs']);
    editAbout('A changed title');
  });
  afterEach(() => site.cleanup());

  it('a file named .netlify: exit 1, "dist/ still holds the previous build", and it does, byte for byte', () => {
    const previous = readTree(dist());
    rmSync(join(site.root, '.netlify'), { recursive: true });
    writeFileSync(join(site.root, '.netlify'), 'not a folder');
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/could not write \S*\.netlify\S*: E[A-Z]+ .*; \S*dist\/ still holds the previous build/);
    expect(r.stderr).toContain('nothing was written.');
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
    expect(siblings()).toEqual([]);
    expect(readFileSync(join(site.root, '.netlify'), 'utf8')).toBe('not a folder');
  });

  it('a full disk there: the sentence names .netlify/v1/functions and its free space, not .cache; dist/ is as it was', () => {
    const previous = readTree(dist());
    const before = readFileSync(join(functions(), 'api.mjs'));
    const r = buildWith('no-space.mjs', { HEARTNOTES_TEST_NO_SPACE_UNDER: join(site.root, '.netlify'), HEARTNOTES_TEST_NO_SPACE_AFTER: '0' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^The disk holding ${functions()} is full: [\\d.]+ (?:B|KB|MB|GB|TB) is free\\. Nothing was changed: \\S*dist/ is as it was\\. Free some space and build again\\.$`));
    expect(r.stderr).not.toContain('.cache');
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
    // No temporary file left beside the function, and the function is the previous build's.
    expect(readdirSync(functions())).toEqual(['api.mjs']);
    expect(readFileSync(join(functions(), 'api.mjs')).equals(before)).toBe(true);
  });

  it('a folder there that is a symbolic link: refused before the swap, nothing removed through it', () => {
    const previous = readTree(dist());
    const elsewhere = join(site.temp, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'keep.mjs'), 'precious');
    rmSync(functions(), { recursive: true });
    symlinkSync(elsewhere, functions(), 'dir');
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^\.netlify\/v1\/functions: \.netlify\/v1\/functions is a symbolic link \(to \S+elsewhere\); a build replaces the files in it, and never removes files through a link/m);
    expect(r.stderr).toContain('1 problem found; nothing was written.');
    expect(readdirSync(elsewhere)).toEqual(['keep.mjs']);
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
  });

  it('a rename into it that fails after the swap: "dist/ holds the new build, but …", and it does; the next build repairs it', () => {
    const oldFunction = readFileSync(join(functions(), 'api.mjs'));
    const r = buildWith('fail-rename.mjs', { HEARTNOTES_TEST_FAIL_RENAME_INTO: functions() });
    expect(r.status).toBe(1);
    // The swap is done: the message says so, and names the folder that stays stale.
    expect(r.stderr).toBe(`${dist()}/ holds the new build, but ${functions()} could not be written, EACCES (permission denied), so the host's files there are the previous build's. Fix that and build again.`);
    expect(readFileSync(join(dist(), 'about.html'), 'utf8')).toContain('A changed title');
    expect(siblings()).toEqual([]);
    expect(readFileSync(join(functions(), 'api.mjs')).equals(oldFunction)).toBe(true);

    const fixed = build('--no-cache');
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(readdirSync(functions())).toEqual(['api.mjs']);
  });
});

describe('two builds of one project at once', () => {
  beforeEach(() => {
    site = copyFixture('basic', 'heartnotes-pair-');
  });
  afterEach(() => site.cleanup());

  /** Starts `build` and resolves with its pid, exit status and stderr once it exits. */
  const start = (...args: string[]) => {
    const child = spawn(process.execPath, ['bin/heartnotes.mjs', 'build', '--root', site.root, '--quiet', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    return new Promise<{ pid: number; status: number | null; stderr: string }>((resolve) => child.once('exit', (status) => resolve({ pid: child.pid!, status, stderr })));
  };

  it('6 pairs started together, into dist/ and dist2/: every build exits 0, one that overlaps the other waits for it, saying so, and both outputs are complete', { timeout: 240_000 }, async () => {
    // Two outputs of one project share .cache/ (the manifest): each build of a pair does the whole
    // build and writes the manifest, which is how a pair used to fail after one had swapped its output in.
    expect(build('--quiet').status).toBe(0);
    const files = listFiles(dist());
    let waited = 0;
    for (let pair = 0; pair < 6; pair++) {
      editAbout(`Title of pair ${pair}`);
      const [a, b] = await Promise.all([start(), start('--out', 'dist2')]);
      const waiting = [[a, b], [b, a]].filter(([me, other]) => {
        expect(me.status, `pair ${pair}, pid ${me.pid}: ${me.stderr}`).toBe(0);
        if (!me.stderr) return false;
        expect(me.stderr).toBe(`Waiting for another build of this project to finish (pid ${other.pid}, .cache/build.lock)…\n`);
        return true;
      });
      // Two builds started together overlap unless one is done before the other reaches the lock
      // (seen under load): at most one waits, and across the pairs some did.
      expect(waiting.length, `pair ${pair}`).toBeLessThanOrEqual(1);
      waited += waiting.length;
      for (const out of ['dist', 'dist2']) {
        expect(listFiles(join(site.root, out)), `pair ${pair}, ${out}`).toEqual(files);
        expect(readFileSync(join(site.root, out, 'about.html'), 'utf8')).toContain(`Title of pair ${pair}`);
      }
      expect(readdirSync(site.root).filter((n) => /^dist2?\./.test(n))).toEqual([]);
      expect(readdirSync(join(site.root, '.cache')).filter((n) => n.endsWith('.tmp') || n === 'build.lock')).toEqual([]);
    }
    expect(waited, 'pairs in which one build waited for the other').toBeGreaterThan(0);
  });

  it('a lock left by a killed build (its process gone, or its pid now another process) does not block', { timeout: 60_000 }, async () => {
    mkdirSync(join(site.root, '.cache'), { recursive: true });
    const lock = join(site.root, '.cache', 'build.lock');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    writeFileSync(lock, JSON.stringify({ pid: deadPid, at: Date.now() }));
    let r = build('--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(existsSync(lock)).toBe(false);

    // A live pid, but a process started after the lock was taken: a reused pid.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    try {
      writeFileSync(lock, JSON.stringify({ pid: sleeper.pid, at: Date.now() - 3_600_000 }));
      editAbout('After a stale lock');
      r = build('--quiet');
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(readFileSync(join(dist(), 'about.html'), 'utf8')).toContain('After a stale lock');
    } finally {
      sleeper.kill();
    }
  });
});

describe('an incremental build that cannot move a file into dist/', () => {
  beforeEach(() => {
    site = copyFixture('basic', 'heartnotes-moves-');
  });
  afterEach(() => site.cleanup());

  it('puts back what it moved at once: "dist/ still holds the previous build" is true, byte for byte', () => {
    expect(build('--quiet').status).toBe(0);
    const previous = readTree(dist());
    // A new title changes the post's page and the pages listing it: several files move in.
    site.write('content/posts/first-date.md', site.read('content/posts/first-date.md').replace(/^title: .*$/m, 'title: A retitled post'));
    // The first file moves in; the second cannot (a locked file).
    const r = buildWith('fail-rename.mjs', { HEARTNOTES_TEST_FAIL_RENAME_INTO: `${dist()}/`, HEARTNOTES_TEST_FAIL_RENAME_FROM: 'dist.tmp-', HEARTNOTES_TEST_FAIL_RENAME_AFTER: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/could not write \S*dist\/\S+: EACCES \(permission denied\); \S*dist\/ still holds the previous build/);
    expect(diffTrees(previous, readTree(dist()))).toEqual([]);
    expect(siblings()).toEqual([]);

    const again = build('--quiet');
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(join(dist(), 'post/first-date.html'), 'utf8')).toContain('A retitled post');
  });
});
