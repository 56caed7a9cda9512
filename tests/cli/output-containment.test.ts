import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, diffTrees, readTree, type FixtureCopy } from '../helpers/fixtures.ts';
import { manifestText, parseManifest } from '../../src/pipeline/plan/manifest.ts';

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

let site: FixtureCopy;
const build = (...args: string[]) => runCli(['build', '--root', site.root, ...args]);
const addToFrontMatter = (file: string, line: string) => site.write(file, site.read(file).replace(/^---\n/, `---\n${line}\n`));

beforeEach(() => {
  site = copyFixture('basic', 'heartnotes-contain-');
});
afterEach(() => site.cleanup());

describe('no output path leaves the output folder', () => {
  it('aliases and paths with "..", encoded dots or hidden slashes fail with file:line, and nothing is written anywhere', () => {
    expect(build().status).toBe(0);
    const before = readTree(join(site.root, 'dist'));
    addToFrontMatter('content/posts/first-date.md', 'aliases: ["/../../escape", "/%2e%2e/%2E%2E/escape2", "/a/..%2f..%2fescape3"]');
    addToFrontMatter('content/pages/about.md', 'path: /../../victim');

    const r = build();
    expect(r.status).toBe(1);
    noStackTrace(r.stderr);
    expect(r.stderr).toMatch(/^content\/pages\/about\.md:2:7: "path" is not valid: expected a site path such as \/about, but it has a "\.\." segment/m);
    expect(r.stderr).toMatch(/^content\/posts\/first-date\.md:2:11: "aliases\[0\]" is not valid/m);
    expect(r.stderr).toMatch(/^content\/posts\/first-date\.md:2:\d+: "aliases\[1\]" is not valid: .*"%2e%2e" segment/m);
    expect(r.stderr).toMatch(/^content\/posts\/first-date\.md:2:\d+: "aliases\[2\]" is not valid: .*hides a "\/"/m);
    expect(r.stderr).toContain('nothing was written');
    for (let dir = join(site.root, 'dist'); dir !== dirname(site.temp); dir = dirname(dir)) {
      for (const name of ['escape.html', 'escape2.html', 'escape3.html', 'victim.html']) expect(existsSync(join(dir, name)), join(dir, name)).toBe(false);
    }
    expect(diffTrees(before, readTree(join(site.root, 'dist')))).toEqual([]);
  });

  it('writes through no link: an output folder replaced by a link to elsewhere is rebuilt in place, the other folder untouched', () => {
    expect(build().status).toBe(0);
    const outside = mkdtempSync(join(tmpdir(), 'heartnotes-victim-'));
    try {
      writeFileSync(join(outside, 'first-date.html'), 'precious');
      rmSync(join(site.root, 'dist/post'), { recursive: true });
      symlinkSync(outside, join(site.root, 'dist/post'), 'dir');
      site.write('content/posts/first-date.md', site.read('content/posts/first-date.md').replace('Ten calm ways', 'Eleven calm ways'));

      const r = build();
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(outside, 'first-date.html'), 'utf8')).toBe('precious');
      expect(lstatSync(join(site.root, 'dist/post')).isSymbolicLink()).toBe(false);
      expect(readFileSync(join(site.root, 'dist/post/first-date.html'), 'utf8')).toContain('Eleven calm ways');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('never removes a file outside the output that a damaged or old manifest lists', () => {
    expect(build().status).toBe(0);
    const victim = join(site.root, 'victim.html');
    writeFileSync(victim, 'precious');
    const manifestFile = join(site.root, '.cache/build-manifest.json');
    const manifest = parseManifest(readFileSync(manifestFile, 'utf8'));
    manifest.files['../victim.html'] = { key: 'x', size: 8, mtimeMs: 0 };
    manifest.files['/etc/hostname'] = { key: 'x', size: 8, mtimeMs: 0 };
    delete manifest.fingerprint;
    writeFileSync(manifestFile, manifestText(manifest));
    site.write('content/posts/second-date.md', `${site.read('content/posts/second-date.md')}\nOne more line.\n`);

    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(existsSync('/etc/hostname')).toBe(true);
  });
});

describe('public/ is published whole, and clashes are errors', () => {
  it('publishes dot files such as .well-known/security.txt and .nojekyll, but not .DS_Store or .git', () => {
    site.write('public/.well-known/security.txt', 'Contact: mailto:security@example.com\n');
    site.write('public/.nojekyll', '');
    site.write('public/.DS_Store', 'junk');
    site.write('public/.git/config', '[core]');
    const r = build();
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(site.root, 'dist/.well-known/security.txt'), 'utf8')).toContain('security@example.com');
    expect(existsSync(join(site.root, 'dist/.nojekyll'))).toBe(true);
    expect(existsSync(join(site.root, 'dist/.DS_Store'))).toBe(false);
    expect(existsSync(join(site.root, 'dist/.git'))).toBe(false);
  });

  it('follows a linked folder in public/, and names a loop and a dangling link instead of crashing', () => {
    const shared = mkdtempSync(join(tmpdir(), 'heartnotes-shared-'));
    try {
      writeFileSync(join(shared, 'logo.txt'), 'logo');
      symlinkSync(shared, join(site.root, 'public/shared'), 'dir');
      let r = build();
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(site.root, 'dist/shared/logo.txt'), 'utf8')).toBe('logo');

      mkdirSync(join(site.root, 'public/deep'));
      symlinkSync(join(site.root, 'public'), join(site.root, 'public/deep/loop'), 'dir');
      symlinkSync(join(site.root, 'public/missing.svg'), join(site.root, 'public/gone.svg'));
      r = build();
      expect(r.status).toBe(1);
      noStackTrace(r.stderr);
      expect(r.stderr).toContain('public/deep/loop: public/deep/loop is a link to a folder it is itself inside (a loop)');
      expect(r.stderr).toContain('public/gone.svg: public/gone.svg is a link whose target does not exist');

      // A link to itself: the system gives up (ELOOP); that is a loop, not a missing target.
      rmSync(join(site.root, 'public/deep/loop'));
      rmSync(join(site.root, 'public/gone.svg'));
      symlinkSync('self.svg', join(site.root, 'public/self.svg'));
      r = build();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('public/self.svg: public/self.svg is a symbolic link loop (self.svg → self.svg), so it leads to no file');
      expect(r.stderr).not.toContain('does not exist');
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it('a public/ file named like a generated one is an error naming both', () => {
    site.write('public/robots.txt', 'User-agent: *\nDisallow: /\n');
    site.write('public/about.html', '<p>old</p>');
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('public/robots.txt: public/robots.txt has the same output path as the generated robots.txt');
    expect(r.stderr).toContain('public/about.html: public/about.html has the same output path as content/pages/about.md');
  });

  it('names that differ only in case or Unicode form are an error, not a silent overwrite on macOS or Windows', () => {
    site.write('public/About.html', '<p>shadow</p>');
    site.write('public/caf\u00e9.txt', 'nfc');
    site.write('public/cafe\u0301.txt', 'nfd');
    const r = build();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/pages/about.md: "about.html" and "About.html" differ only in letter case or Unicode form');
    expect(r.stderr).toContain('"cafe\\u{301}.txt" and "caf\\u{e9}.txt" differ only in letter case or Unicode form');
  });
});
