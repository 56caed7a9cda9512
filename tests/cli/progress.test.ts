import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, repoRoot, type FixtureCopy } from '../helpers/fixtures.ts';

/**
 * Runs the CLI on a pseudo-terminal, as a person at a terminal does (util-linux `script`), and
 * returns what the terminal showed: standard output and standard error together, lines ending
 * in "\r\n" as a terminal gets them turned into "\n".
 */
function onTerminal(args: string[]): { status: number | null; shown: string } {
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, 'bin/heartnotes.mjs', ...args].map(quote).join(' ');
  const r = spawnSync('script', ['-qfec', command, '/dev/null'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (r.error) throw r.error;
  return { status: r.status, shown: r.stdout.replace(/\r\n/g, '\n') };
}

/** The first build of a site can take 8-15 s: on a terminal it says each stage as it starts and ends (issue 31). */
describe('progress of a long build', () => {
  let fx: FixtureCopy;
  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-progress-');
  });
  afterAll(() => fx.cleanup());

  it('on a terminal: a line per stage as it ends (with its time) and as a long one starts, then the summary', () => {
    const { status, shown } = onTerminal(['build', '--root', fx.root, '--no-cache']);
    expect(status, shown).toBe(0);
    const lines = shown.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}compile templates: \d+(?: ms|\.\d\d s)$/);
    expect(lines).toContain('  rendering 5 pages…');
    const rendering = lines.indexOf('  rendering 5 pages…');
    expect(lines.findIndex((l) => /^ {2}render: /.test(l))).toBeGreaterThan(rendering);
    for (const stage of ['styles and islands', 'content and routes', 'plan', 'check links', 'write']) {
      expect(lines.some((l) => l.startsWith(`  ${stage}: `)), stage).toBe(true);
    }
    expect(lines.at(-1)).toMatch(/^Built 5 pages \(5 rendered, 0 unchanged\), .* → \S*dist\/ in /);
  });

  it('on a terminal with --quiet: nothing but errors', () => {
    const { status, shown } = onTerminal(['build', '--root', fx.root, '--no-cache', '--quiet']);
    expect(status).toBe(0);
    expect(shown).toBe('');
  });

  it('not on a terminal (a log file, CI): the summary alone, as before', () => {
    const r = runCli(['build', '--root', fx.root, '--no-cache']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Built 5 pages \(5 rendered, 0 unchanged\), .* → \S*dist\/ in \S+ \S+\n$/);
  });
});
