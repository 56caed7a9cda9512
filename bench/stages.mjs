// `npm run bench -- --stages [--pages 4000] [--runs 3] [--cpu-prof]`: where a cold build spends
// its time. Cold builds of the bench corpus with `--verbose`; prints, as medians over the runs,
// the wall and CPU time of each stage (CPU of the whole process, every thread, and of the main
// thread; Pagefind's own process is not in it), where each render thread spent the render stage (Markdown →
// HTML, templates, links and ids, writing pages), and the process's CPU (user and system, all
// threads) and peak RSS. With `--cpu-prof`, one more cold build runs under V8's CPU profiler and
// the self time of each thread is summed by package (profiles kept in bench/.profiles/).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultCorpusDir, generateCorpus, repoRoot } from './corpus.mjs';
import { measureBuild } from './measure-build.mjs';
import { projectCacheDir } from './deploy.mjs';
import { fmt, median, printTable } from './report.mjs';

/** Stage lines (`  render   6.82 s`) and render-thread lines of `build --verbose`. */
function parseVerbose(stdout) {
  const ms = (text) => (text.endsWith(' s') ? parseFloat(text) * 1000 : parseFloat(text));
  const stages = {};
  const stageCpu = {};
  const threads = {};
  for (const line of stdout.split('\n')) {
    const thread = /^ {2}(main \(writes\)|main|worker \d+)\s+(\d+)\s+([\d.]+ m?s)\s+([\d.]+ m?s)\s+([\d.]+ m?s)\s+([\d.]+ m?s)\s+([\d.]+ m?s|—)$/.exec(line);
    if (thread) {
      // Worker thread ids differ between runs; number them in order instead.
      const name = thread[1].startsWith('worker') ? `worker ${Object.keys(threads).filter((k) => k.startsWith('worker')).length + 1}` : thread[1];
      threads[name] = { pages: +thread[2], markdown: ms(thread[3]), templates: ms(thread[4]), links: ms(thread[5]), write: ms(thread[6]), cpu: thread[7] === '—' ? undefined : ms(thread[7]) };
      continue;
    }
    const stage = /^ {2}(\S.*?)\s{2,}([\d.]+ m?s)(?:\s+CPU\s+([\d.]+ m?s), this thread ([\d.]+ m?s|—))?$/.exec(line);
    if (stage && stage[1] !== 'render thread') {
      stages[stage[1]] = ms(stage[2]);
      if (stage[3]) stageCpu[stage[1]] = { process: ms(stage[3]), thread: stage[4] === '—' ? undefined : ms(stage[4]) };
    }
  }
  return { stages, stageCpu, threads };
}

/** Self time per package (or file) in one `.cpuprofile`, largest first. */
export function profileByPackage(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPackage = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { url, functionName } = nodes.get(id).callFrame;
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1]
      ?? (/\/(\.cache|heartnotes)\/site\//.test(url) ? 'compiled site (templates, generator)' : url ? url.replace(/^.*\//, '') : functionName || '(native)');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
    total += dt;
  });
  return { totalMs: total / 1000, rows: [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, us / 1000]) };
}

export async function benchStages(argv) {
  const { values } = parseArgs({ args: argv, options: { pages: { type: 'string', default: '4000' }, runs: { type: 'string', default: '3' }, 'cpu-prof': { type: 'boolean', default: false } } });
  const pages = Number(values.pages);
  const runs = Number(values.runs);
  const { dir } = generateCorpus(defaultCorpusDir(pages), pages);
  const cold = async (extra) => {
    rmSync(projectCacheDir(dir), { recursive: true, force: true });
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const r = await measureBuild(dir, extra);
    if (!r.ok) throw new Error(`the build failed (exit ${r.code}):\n${r.stderr}`);
    return r;
  };
  console.log(`Cold builds of ${pages} articles (${dir}), ${runs} runs, medians`);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await cold({ nodeArgs: [], cliArgs: ['--verbose'] }));
  const parsed = results.map((r) => parseVerbose(r.stdout));
  const med = (pick) => median(parsed.map(pick).filter((v) => v !== undefined));

  printTable(Object.keys(parsed[0].stages).map((stage) => ({
    stage,
    'wall ms': fmt(med((p) => p.stages[stage]), 0),
    'CPU ms (process)': fmt(med((p) => p.stageCpu[stage]?.process), 0),
    'CPU ms (main thread)': fmt(med((p) => p.stageCpu[stage]?.thread), 0),
  })), 1);
  console.log();
  printTable(Object.keys(parsed[0].threads).map((thread) => ({
    'render thread': thread,
    pages: fmt(med((p) => p.threads[thread]?.pages), 0),
    'markdown ms': fmt(med((p) => p.threads[thread]?.markdown), 0),
    'templates ms': fmt(med((p) => p.threads[thread]?.templates), 0),
    'links ms': fmt(med((p) => p.threads[thread]?.links), 0),
    'write ms': fmt(med((p) => p.threads[thread]?.write), 0),
    'CPU ms': fmt(med((p) => p.threads[thread]?.cpu), 0),
  })), 1);
  console.log();
  printTable([{
    'wall s': fmt(median(results.map((r) => r.ms)) / 1000, 2),
    'CPU user s': fmt(median(results.map((r) => r.cpu.user)), 2),
    'CPU system s': fmt(median(results.map((r) => r.cpu.system)), 2),
    'peak RSS MB': fmt(Math.max(...results.map((r) => r.rssKiB)) / 1024, 0),
  }], 0);
  console.log('(thread times are wall time on that thread: with more busy threads than cores they include waiting for a core;');
  console.log(' CPU is the thread\'s own: a worker\'s whole life, the main thread\'s during the render stage)');

  if (values['cpu-prof']) {
    const profiles = join(repoRoot, 'bench', '.profiles');
    rmSync(profiles, { recursive: true, force: true });
    mkdirSync(profiles, { recursive: true });
    await cold({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profiles}`], cliArgs: [] });
    // One profile per thread: the main thread first, then the render workers.
    for (const name of readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile')).sort()) {
      const { totalMs, rows } = profileByPackage(join(profiles, name));
      console.log(`\n${name}: ${fmt(totalMs / 1000, 2)} s sampled`);
      printTable(rows.slice(0, 12).map(([what, ms]) => ({ 'self time in': what, ms: fmt(ms, 0), share: `${fmt((100 * ms) / totalMs, 0)} %` })), 1);
    }
  }
}
