// Runs one real `heartnotes build` of a corpus in a child process and measures it from outside:
// wall time (process start to exit, as a user waits for it) and the child's peak RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './corpus.mjs';

const cli = join(repoRoot, 'bin', 'heartnotes.mjs');
const hook = pathToFileURL(join(repoRoot, 'bench', 'rss-hook.mjs')).href;

/**
 * @returns {Promise<{ ok: boolean, code: number|null, ms: number, buildMs: number, rssKiB: number, cpu: { user: number, system: number }, pages?: number,
 *   rendered?: number, reused?: number, stdout: string, stderr: string }>}
 */
export async function measureBuild(dir, extra = { nodeArgs: [], cliArgs: [] }) {
  const tmp = mkdtempSync(join(tmpdir(), 'heartnotes-bench-'));
  const rssFile = join(tmp, 'rss');
  // Not --quiet: the one summary line tells how many pages were rendered vs reused,
  // which shows whether a warm build really skipped the work.
  const args = [...extra.nodeArgs, '--import', hook, cli, '--root', dir, 'build', '--out', 'dist', ...extra.cliArgs];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const ms = performance.now() - started;
  let rssKiB = NaN;
  let cpu = { user: NaN, system: NaN };
  try {
    const [rss, times = ''] = readFileSync(rssFile, 'utf8').split('\n');
    rssKiB = Number(rss);
    const [user, system] = times.split(' ').map(Number);
    cpu = { user, system };
  } catch { /* the child died before its exit hook ran */ }
  rmSync(tmp, { recursive: true, force: true });

  // "Built 4005 pages (4005 rendered, 0 unchanged), ..." — optional: the format may change.
  const m = /Built (\d+) pages \((\d+) rendered, (\d+) unchanged\)/.exec(stdout);
  // "Nothing changed: dist/ is up to date (4005 pages) in 120 ms"
  const noop = /up to date \((\d+) pages\)/.exec(stdout);
  const counts = m ? { pages: +m[1], rendered: +m[2], reused: +m[3] } : noop ? { pages: +noop[1], rendered: 0, reused: +noop[1] } : {};
  // "... in 4.17 s" / "in 812 ms": the build's own time, without process start-up and CLI compile.
  const t = /in ([\d.]+) (ms|s)\s*$/m.exec(stdout);
  const buildMs = t ? Number(t[1]) * (t[2] === 's' ? 1000 : 1) : NaN;
  return { ok: code === 0, code, ms, buildMs, rssKiB, cpu, ...counts, stdout, stderr };
}
