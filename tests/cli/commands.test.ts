import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('usage', () => {
  it('--help lists the commands and exits 0', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: heartnotes \[options\] \[command\]/);
    for (const command of ['build [options]', 'check [options]', 'preview [options]', 'dev [options]', 'new [options] <kind> <title>']) {
      expect(r.stdout.split('\n').some((line) => line.startsWith(`  ${command} `)), command).toBe(true);
    }
    expect(r.stderr).toBe('');
  });

  it('--help on a command lists its flags', () => {
    const r = runCli(['build', '--help']);
    expect(r.status).toBe(0);
    for (const flag of ['--out <dir>', '--base-url <url>', '--drafts', '--quiet', '--verbose', '--no-cache']) expect(r.stdout).toContain(flag);
  });

  it('--version prints the version from package.json', () => {
    const r = runCli(['--version']);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${pkg.version}\n`);
  });

  it('an unknown command exits 2, saying so on stderr with a suggestion, then the help', () => {
    const r = runCli(['biuld']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: unknown command 'biuld'\n\(Did you mean build\?\)\n\nUsage: heartnotes \[options\] \[command\]/);
    expect(r.stderr).toContain('  build [options]');
  });

  it('an unknown option exits 2, saying so on stderr', () => {
    const r = runCli(['build', '--fast']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("error: unknown option '--fast'");
    expect(r.stderr).toContain('Usage: heartnotes build [options]');
  });

  it('no command at all exits 2 with the help on stderr', () => {
    const r = runCli([]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Usage: heartnotes \[options\] \[command\]/);
    expect(r.stderr).toContain('  build [options]');
  });

  it('a malformed flag value exits 2 with a message naming the flag', () => {
    const r = runCli(['build', '--root', join(repoRoot, 'tests/fixtures/basic'), '--base-url', 'example.com']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('--base-url must be an absolute http(s) URL such as https://example.com, not "example.com"\n');
  });

  it('a folder without a site exits 1 and says what to do', () => {
    const r = runCli(['build', '--root', join(repoRoot, 'tests', 'cli')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no site configuration at tests/cli/site.config.ts');
    expect(r.stderr).toContain('hint: run the command from the project folder, or pass --root');
    noStackTrace(r.stderr);
  });
});

describe('build and check', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic');
  });
  afterAll(() => fx.cleanup());

  it('check validates good content, prints a summary and writes nothing', () => {
    const r = runCli(['check', '--root', fx.root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Checked 5 pages \(5 rendered, 0 unchanged\), 2 redirects, 3 assets in \d+(?: ms|\.\d\d s)\n$/);
    expect(existsSync(join(fx.root, 'dist'))).toBe(false);
    expect(readdirSync(fx.root).filter((n) => n.startsWith('dist'))).toEqual([]);
  });

  it('build writes dist/ and prints the page count and the time', () => {
    const r = runCli(['build', '--root', fx.root]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Built 5 pages \(5 rendered, 0 unchanged\), 2 redirects, 3 assets → \S+\/dist\/ in \d+(?: ms|\.\d\d s)\n$/);
    expect(readFileSync(join(fx.root, 'dist', 'about.html'), 'utf8')).toContain('<title>About us | Fixture Hearts</title>');
  });

  it('--verbose adds the wall and CPU time of each stage and where the render thread spent it', () => {
    const r = runCli(['build', '--root', fx.root, '--out', 'verbose-site', '--no-cache', '--verbose']);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    // Each stage's wall time, then its CPU time: the process's (every thread) and this thread's.
    const time = '\\d+(?: ms|\\.\\d\\d s)';
    for (const stage of ['compile templates', 'content and routes', 'render', 'check links', 'write']) {
      expect(lines.some((l) => new RegExp(`^  ${stage} +${time} +CPU +${time}, this thread (?:${time}|—)$`).test(l)), stage).toBe(true);
    }
    expect(lines).toContain('  render thread     pages  markdown templates     links     write       CPU');
    // Five pages render on this thread (workers start only from 300 pages); its CPU time is read
    // from Linux's /proc, a dash elsewhere.
    expect(lines.find((l) => l.startsWith('  main '))).toMatch(/^ {2}main +5 +\d+ ms +\d+ ms +\d+ ms +\d+ ms +(\d+ ms|\d+\.\d\d s|—)$/);
    // The floor beside the rest: the Markdown parse's CPU time, the search index's (this site has
    // no search index, so a dash), and everything else, out of the build's CPU time in all, then
    // the kernel's part of the whole.
    const floor = lines.slice(lines.indexOf('  CPU floor and overhead'));
    expect(floor[1]).toMatch(new RegExp(`^  Markdown parse +(?:${time}|—)   markdown-it to hast, every render thread$`));
    expect(floor[2]).toMatch(/^ {2}search index +— {3}the parts' words and pages, main thread$/);
    expect(floor[3]).toMatch(new RegExp(`^  everything else +${time}   of ${time} in all$`));
    // And the kernel's share of the whole (system time), which the disk decides as much as the build.
    expect(floor[4]).toMatch(new RegExp(`^  in the kernel +${time}   of the ${time}: making files, mapping memory$`));
  });

  it('--out, --base-url and --quiet do what they say', () => {
    const r = runCli(['build', '--root', fx.root, '--out', 'public-site', '--base-url', 'https://staging.example/', '--quiet']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const about = readFileSync(join(fx.root, 'public-site', 'about.html'), 'utf8');
    expect(about).toContain('<link rel="canonical" href="https://staging.example/about"/>');
    expect(readFileSync(join(fx.root, 'public-site', 'sitemap.xml'), 'utf8')).toContain('<loc>https://staging.example/about</loc>');
  });

  it('build on broken front matter exits 1, names file:line:column with a frame and a hint, and no stack trace', () => {
    const broken = copyFixture('basic');
    try {
      broken.write(
        'content/pages/broken.md',
        ['---', 'title: A broken page', 'description: Its fourth line is not valid YAML.', 'heading: Love: a guide', '---', '', 'Body.', ''].join('\n'),
      );
      const r = runCli(['build', '--root', broken.root]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        [
          'content/pages/broken.md:4:14: front matter is not valid YAML: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line',
          '    3 | description: Its fourth line is not valid YAML.',
          '  > 4 | heading: Love: a guide',
          '      |              ^',
          '    5 | ---',
          '  hint: check the indentation and quoting on this line; a value that contains ": " or starts with a special character needs quotes',
          '',
          '1 problem found; nothing was written.',
          '',
        ].join('\n'),
      );
      noStackTrace(r.stdout + r.stderr);
      expect(existsSync(join(broken.root, 'dist'))).toBe(false);
    } finally {
      broken.cleanup();
    }
  });

  it('check with a dead link exits 1 naming the file, the page and the link', () => {
    const dead = copyFixture('dead-link');
    try {
      const r = runCli(['check', '--root', dead.root]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('content/posts/first-date.md:10:32: link "/missing" on page /post/first-date points to no page or file of this site');
      expect(r.stderr).toContain('content/posts/first-date.md:10:65: link "/about#nope" on page /post/first-date points to an anchor that does not exist');
      // check never writes, so it does not say that nothing was written.
      expect(r.stderr).toMatch(/\n2 problems found\.\n$/);
      noStackTrace(r.stderr);
      expect(existsSync(join(dead.root, 'dist'))).toBe(false);
    } finally {
      dead.cleanup();
    }
  });
});

describe('a large cold build', () => {
  // From 300 content files, a cold build starts its render workers while it still validates the
  // content; a build that then fails must stop them, or the process would never exit.
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic');
    for (let i = 1; i <= 320; i++) {
      fx.write(`content/posts/many-${i}.md`, `---\ntitle: "Post ${i}"\ndescription: One of many.\ndate: 2025-02-01\nauthor: The editors\n---\n\nText ${i}.\n`);
    }
  });
  afterAll(() => fx.cleanup());

  it('renders on workers, and exits 1 at once when a data file is broken, with nothing written', () => {
    const good = runCli(['build', '--root', fx.root, '--out', 'many', '--no-cache', '--verbose']);
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/^Built 325 pages \(325 rendered, 0 unchanged\)/m);
    expect(good.stdout).toMatch(/^ {2}worker \d+ +\d+ /m);
    fx.write('content/data/nav.json', `${fx.read('content/data/nav.json')}{`);
    const broken = runCli(['build', '--root', fx.root, '--out', 'broken', '--no-cache'], 30_000);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('content/data/nav.json');
    expect(existsSync(join(fx.root, 'broken'))).toBe(false);
  });
});
