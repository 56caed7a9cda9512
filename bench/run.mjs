// `npm run bench [-- --pages 4000] [--runs 3] [--scaling] [--dev]`: builds a synthetic corpus with the
// real CLI and prints wall time, CPU time, pages per second and peak RSS for cold, warm and one-edit builds,
// and a deploy: a fresh clone with only the cache folder restored and one article edited (deploy.mjs).
// `--dev` also measures `heartnotes dev`: save → reload event per kind of edit (see bench/dev.mjs).
// A benchmark, not a test: it exits 0 when targets are missed, non-zero only when a build fails.
// `npm run bench -- --stages [--pages N] [--runs N] [--cpu-prof]`: where a cold build spends its time (stages.mjs).
// `npm run bench -- --dev-memory [--edits 50]`: dev's RSS and heap used over template edits (dev-memory.mjs).
// `npm run bench -- --floor [--root DIR] [--pages N]`: the CPU floor alone: the Markdown parse on one thread, the search index
// of DIR/dist's pages, and for comparison Pagefind over the same pages (floor.mjs).
// `npm run bench -- --lighthouse [...]` runs only the page weight and Lighthouse report (pages.mjs).
// `npm run bench -- --forms [--connections 20] [--requests 5000] [--seconds 20]` runs only the forms function's throughput (forms.mjs).
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultCorpusDir, generateCorpus } from './corpus.mjs';
import { measureBuild } from './measure-build.mjs';
import { benchDev } from './dev.mjs';
import { freshClone, projectCacheDir, removeClones } from './deploy.mjs';
import { fmt, median, printTable } from './report.mjs';

const USAGE = `usage: npm run bench -- [mode] [options]

  (no mode)      cold, warm, one-file-edited and deploy builds of a synthetic corpus
                 --pages N (4000)  --runs N (3)  --scaling  --dev
  --stages       where a cold build spends its time:  --pages N  --runs N  --cpu-prof
  --floor        the CPU floor, the Markdown parse and the search index alone:  --root DIR  --pages N
  --lighthouse   page weight and Lighthouse per page type:  --runs N  --runtime both|react|preact  --pages LIST  --js-only
  --forms        the forms function's throughput:  --connections N  --requests N  --seconds N
  --dev-memory   dev's RSS and heap over template edits (at 0, 10, 25, 50):  --edits N
  -h, --help     this text

A benchmark, not a test: it exits 0 when targets are missed, 1 when a build fails, 2 on wrong usage.`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}

// A mistyped option is one sentence, not node:util's stack trace; the modes parse their own options.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    if (typeof error?.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message.split('\n')[0].replace(/\.$/, '')}; "npm run bench -- --help" lists the options`);
      process.exit(2);
    }
    console.error(error?.stack ?? String(error));
    process.exit(1);
  });
}

if (process.argv.includes('--forms')) {
  const { benchForms } = await import('./forms.mjs');
  await benchForms(process.argv.slice(2).filter((a) => a !== '--forms'));
  process.exit(0);
}

if (process.argv.includes('--dev-memory')) {
  const { benchDevMemory } = await import('./dev-memory.mjs');
  await benchDevMemory(process.argv.slice(2).filter((a) => a !== '--dev-memory'));
  process.exit(0);
}

if (process.argv.includes('--stages')) {
  const { benchStages } = await import('./stages.mjs');
  await benchStages(process.argv.slice(2).filter((a) => a !== '--stages'));
  process.exit(0);
}

if (process.argv.includes('--floor')) {
  const { benchFloor } = await import('./floor.mjs');
  await benchFloor(process.argv.slice(2).filter((a) => a !== '--floor'));
  process.exit(0);
}

if (process.argv.includes('--lighthouse')) {
  const { pageReport } = await import('./pages.mjs');
  await pageReport(process.argv.slice(2).filter((a) => a !== '--lighthouse'));
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '4000' },
    runs: { type: 'string', default: '3' },
    scaling: { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
  },
});
const pages = Number(values.pages);
const runs = Number(values.runs);
if (!Number.isInteger(pages) || pages < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error(`--pages and --runs must be whole numbers from 1; "npm run bench -- --help" lists the options`);
  process.exit(2);
}

/** The targets, stated for 4,000 pages. */
const TARGET = { coldS: 7.5, warmS: 0.5, deployS: 1.0, rssMB: 400 };

const mb = (kib) => kib / 1024;

async function build(dir, label) {
  const r = await measureBuild(dir);
  if (!r.ok) {
    console.error(`\n${label}: the build failed (exit code ${r.code}) in ${dir}`);
    if (r.stdout.trim()) console.error(r.stdout.trimEnd());
    console.error(r.stderr.trimEnd());
    process.exit(1);
  }
  process.stdout.write('.');
  return r;
}

/** Cold = nothing to reuse: no cache (compiled templates, rendered-page manifest) and no output. */
async function coldBuilds(dir, n) {
  const results = [];
  for (let i = 0; i < n; i++) {
    rmSync(projectCacheDir(dir), { recursive: true, force: true });
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    results.push(await build(dir, 'cold build'));
  }
  return results;
}

async function repeatBuilds(dir, n, label) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await build(dir, label));
  return results;
}

function summarize(name, results, targetS) {
  const ms = results.map((r) => r.ms);
  const rssMB = Math.max(...results.map((r) => mb(r.rssKiB)));
  const last = results.at(-1);
  const builtPages = last.pages ?? pages;
  const wallS = median(ms) / 1000;
  const met = targetS === undefined ? '' : wallS <= targetS && rssMB <= TARGET.rssMB ? 'met' : 'MISSED';
  return {
    scenario: name,
    pages: String(builtPages),
    rendered: last.rendered === undefined ? '?' : String(last.rendered),
    'wall s (median)': fmt(wallS, 2),
    'wall s (min)': fmt(Math.min(...ms) / 1000, 2),
    'in-build s': fmt(median(results.map((r) => r.buildMs)) / 1000, 2),
    // Every thread of the build process.
    'CPU s (median)': fmt(median(results.map((r) => r.cpu.user + r.cpu.system)), 2),
    'pages/s': fmt(builtPages / wallS, 0),
    'peak RSS MB': fmt(rssMB, 0),
    target: targetS === undefined ? '—' : `≤ ${targetS} s, ≤ ${TARGET.rssMB} MB`,
    status: met,
  };
}


function prepare(n) {
  const started = performance.now();
  const corpus = generateCorpus(defaultCorpusDir(n), n);
  console.log(`Corpus: ${n} articles in ${corpus.dir} (ready in ${fmt((performance.now() - started) / 1000, 2)} s)`);
  for (const note of corpus.notes) console.log(`  note: ${note}`);
  return corpus.dir;
}

// ---------------------------------------------------------------------------------------------
console.log('heartnotes benchmark');
console.log(`Machine: ${availableParallelism()} CPUs available (${cpus()[0]?.model ?? 'unknown'}), ${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}`);
console.log(`Runs per scenario: ${runs}. Wall time is the whole CLI process (start-up included); in-build is the time the build itself reports;\npeak RSS is the build process with its render threads (max over runs).`);
// Other processes skew wall times; the load average lets a reader judge how much.
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
console.log(`Load average (1 / 5 / 15 min) before: ${load()}`);
const dir = prepare(pages);
// Deploy clones a run left behind go now, minutes before the deploys make new ones (deploy.mjs).
removeClones(dir);

process.stdout.write('Building ');
const cold = await coldBuilds(dir, runs);
const warm = await repeatBuilds(dir, runs, 'warm build');

// One edited article: append a sentence to a body, rebuild, and always put the file back.
const edited = join(dir, 'content', 'articles', `bench-${String(Math.ceil(pages / 2)).padStart(4, '0')}.md`);
const original = readFileSync(edited);
let edit;
const deploy = [];
try {
  appendFileSync(edited, '\nOne more sentence, added by the benchmark to change this page.\n');
  edit = await repeatBuilds(dir, 1, 'one-file-edited build');
  // Deploys: each from a fresh clone of this state with only the cache restored, and another
  // article edited. The copying is not timed; the build is.
  const other = join('content', 'articles', `bench-${String(Math.ceil(pages / 4)).padStart(4, '0')}.md`);
  const clones = Array.from({ length: runs }, (_, i) => freshClone(dir, other, i));
  for (const clone of clones) deploy.push(await build(clone, 'deploy build'));
} finally {
  writeFileSync(edited, original);
  removeClones(dir);
}
console.log('\n');

const rows = [
  summarize('cold (no cache)', cold, TARGET.coldS),
  summarize('warm (no change)', warm, TARGET.warmS),
  summarize('one file edited', edit, undefined),
  summarize('deploy (fresh clone + cache, 1 edit)', deploy, TARGET.deployS),
];
printTable(rows, 2);
if (pages !== 4000) console.log(`(targets are stated for 4,000 pages; this run used ${pages})`);
console.log(`Load average after: ${load()}${loadavg()[0] > availableParallelism() ? ' — the machine was busy; wall times are inflated' : ''}`);

if (values.scaling) {
  console.log('\nScaling: cold builds at 1,000 / 2,000 / 4,000 / 8,000 pages');
  const sizes = [1000, 2000, 4000, 8000];
  const points = [];
  for (const n of sizes) {
    const results = n === pages ? cold : await (async () => {
      const d = prepare(n);
      process.stdout.write('Building ');
      const r = await coldBuilds(d, runs);
      console.log();
      return r;
    })();
    points.push({ n, rssMB: Math.max(...results.map((r) => mb(r.rssKiB))), s: median(results.map((r) => r.ms)) / 1000 });
  }
  const base = points[0];
  printTable(points.map((p) => ({
    articles: String(p.n),
    'x pages': `${fmt(p.n / base.n, 1)}x`,
    'peak RSS MB': fmt(p.rssMB, 0),
    'x RSS': `${fmt(p.rssMB / base.rssMB, 2)}x`,
    'cold wall s': fmt(p.s, 2),
    'x time': `${fmt(p.s / base.s, 2)}x`,
  })), 2);
  const last = points.at(-1);
  const perK = (last.rssMB - base.rssMB) / ((last.n - base.n) / 1000);
  console.log(`RSS grows ${fmt(last.rssMB / base.rssMB, 2)}x for ${fmt(last.n / base.n, 0)}x the pages (${fmt(perK, 1)} MB per extra 1,000 pages): ` +
    (last.rssMB / base.rssMB < last.n / base.n ? 'less than linear.' : 'NOT less than linear.'));
}

// Not by default: it needs its own corpus copy (a cold build) and re-renders every page per shared-template edit.
if (values.dev) {
  console.log('\nDev server: save → reload event (10 runs per Markdown edit, fewer per template edit)');
  await benchDev({ pages });
}
