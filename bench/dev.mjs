// `npm run bench -- --dev` or `node bench/dev.mjs [--pages 4000] [--runs 10]`: starts `heartnotes dev`
// on the synthetic corpus and measures, from outside, the time from saving a file to the reload
// event an SSE client receives (what a browser waits for), for four kinds of edit. A benchmark,
// not a test: it exits 0 when the target is missed.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus, repoRoot } from './corpus.mjs';
import { median, printTable, quantile } from './report.mjs';

/** The target for one page's edit, save → reload event. */
const TARGET_MS = 50;

const WARM_UP_EDITS = 3;
const FORMS_SETTLE_MS = 12_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A corpus the benchmark may edit: like bench/corpus.mjs's, but with its own copy of the site
 * config and templates (the shared corpus links the repository's, which must not be touched).
 */
function prepareDevCorpus(pages) {
  const dir = join(repoRoot, 'bench', '.corpus', `dev-${pages}`);
  const { notes } = generateCorpus(dir, pages);
  rmSync(join(dir, 'templates'), { recursive: true, force: true });
  cpSync(join(repoRoot, 'templates'), join(dir, 'templates'), { recursive: true });
  writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(repoRoot, 'site.config.ts')));
  for (const name of ['src', 'site', 'node_modules']) {
    const link = join(dir, name);
    if (!isLink(link)) {
      rmSync(link, { recursive: true, force: true });
      symlinkSync(join(repoRoot, name), link);
    }
  }
  return { dir, notes };
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Starts `heartnotes dev`; resolves once it serves, with its URL, its process id and a reader of
 * its log. `nodeArgs` go to Node before the CLI (dev-memory.mjs preloads its heap probe so).
 */
export function startDev(dir, { nodeArgs = [], env = {} } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, 'bin', 'heartnotes.mjs'), 'dev', '--root', dir, '--port', '0'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Dev server at (http:\/\/\S+?)\/ /.exec(log);
      if (m) {
        clearInterval(timer);
        resolve({ url: m[1], pid: child.pid, log: () => log, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) });
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`dev exited with ${code}:\n${log}`));
    });
  });
}

/** An SSE client that notes when each event arrives. */
export async function subscribe(url) {
  const controller = new AbortController();
  const res = await fetch(`${url}/__dev/events`, { signal: controller.signal });
  const events = [];
  let buffer = '';
  const reader = res.body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += Buffer.from(value).toString('utf8');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.startsWith(':')) events.push({ at: performance.now(), frame });
        }
      }
    } catch { /* closed */ }
  })();
  return { events, close: () => controller.abort() };
}

export async function waitFor(check, timeoutMs, what) {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/**
 * Saves `edit(original, i)` into `file`, waits for the reload event, then puts the file back and
 * waits for that rebuild too. Returns save → event milliseconds and the server's own figure.
 */
async function measureEdit(server, sse, file, edit, i) {
  const original = readFileSync(file, 'utf8');
  const seen = sse.events.length;
  const logLength = server.log().length;
  const started = performance.now();
  writeFileSync(file, edit(original, i));
  const event = await waitFor(() => sse.events.slice(seen).find((e) => e.frame.startsWith('data: reload') || e.frame.startsWith('event: problems')), 120_000, 'a reload event');
  if (event.frame.startsWith('event: problems')) throw new Error(`the edit broke the build:\n${server.log().slice(logLength)}`);
  const ms = event.at - started;
  const line = await waitFor(() => server.log().slice(logLength).split('\n').find((l) => / changed → .* in [\d.]+ (ms|s)$/.test(l)), 5_000, 'the log line');
  const t = / in ([\d.]+) (ms|s)$/.exec(line);
  const serverMs = Number(t[1]) * (t[2] === 's' ? 1000 : 1);
  // Put it back and let that rebuild finish before the next run.
  const restoreFrom = sse.events.length;
  writeFileSync(file, original);
  await waitFor(() => sse.events.length > restoreFrom, 120_000, 'the restoring rebuild');
  await sleep(150);
  return { ms, serverMs, line };
}

export async function benchDev({ pages = 4000, runs = 10 } = {}) {
  const prepStarted = performance.now();
  const { dir, notes } = prepareDevCorpus(pages);
  console.log(`Dev corpus: ${pages} articles in ${dir} (ready in ${((performance.now() - prepStarted) / 1000).toFixed(2)} s)`);
  for (const note of notes) console.log(`  note: ${note}`);
  const startStarted = performance.now();
  const server = await startDev(dir);
  console.log(`dev ready in ${((performance.now() - startStarted) / 1000).toFixed(2)} s: ${server.log().split('\n')[0]}`);
  // The forms store (PGlite) opens in the background and takes seconds of CPU the first time.
  await waitFor(() => /store submissions in|answer 503/.test(server.log()), 60_000, 'the forms store');
  await sleep(FORMS_SETTLE_MS);
  const sse = await subscribe(server.url);
  const article = join(dir, 'content', 'articles', `bench-${String(Math.ceil(pages / 2)).padStart(4, '0')}.md`);
  const marker = (text, i) => `${text}\nexport const benchEdit${i} = ${i};\n`;
  const scenarios = [
    { name: 'Markdown body edit', file: article, runs, target: TARGET_MS, edit: (t, i) => `${t}\nOne more sentence (${i}), added by the benchmark.\n` },
    { name: 'Markdown title edit', file: article, runs, edit: (t, i) => t.replace(/^title: "(.*)"$/m, `title: "$1 (edit ${i})"`) },
    { name: 'page template (review.tsx)', file: join(dir, 'templates', 'pages', 'review.tsx'), runs: Math.min(runs, 5), edit: marker },
    { name: 'shared template (header.tsx)', file: join(dir, 'templates', 'components', 'header.tsx'), runs: Math.min(runs, 3), edit: marker },
  ];
  const rows = [];
  try {
    for (const s of scenarios) {
      if (!existsSync(s.file)) {
        console.log(`${s.name}: skipped, ${s.file} does not exist`);
        continue;
      }
      // Unmeasured warm-up edits first: the first edits of a scenario run code the JIT has not
      // compiled yet, which is not what an editor saving their tenth change waits for.
      for (let i = 0; i < WARM_UP_EDITS; i++) await measureEdit(server, sse, s.file, s.edit, 1000 + i);
      const results = [];
      for (let i = 0; i < s.runs; i++) results.push(await measureEdit(server, sse, s.file, s.edit, i));
      console.log(`${s.name}: ${results.at(-1).line}`);
      const ms = results.map((r) => r.ms);
      const serverMs = results.map((r) => r.serverMs);
      rows.push({
        scenario: s.name,
        runs: String(results.length),
        'save→reload median ms': median(ms).toFixed(1),
        'p90 ms': quantile(ms, 0.9).toFixed(1),
        'server median ms': median(serverMs).toFixed(1),
        target: s.target ? `< ${s.target} ms` : '—',
        status: s.target ? (median(ms) < s.target ? 'met' : 'MISSED') : '',
      });
    }
  } finally {
    sse.close();
    await server.stop();
  }
  printTable(rows);
  // Timings on a shared machine mean little without it.
  console.log(`load average (1, 5, 15 min) at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
}


if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '4000' }, runs: { type: 'string', default: '10' } } });
  await benchDev({ pages: Number(values.pages), runs: Number(values.runs) });
}
