// `npm run bench -- --dev-memory [--edits 50]`: does `heartnotes dev` hold its memory over many
// template edits? Starts dev on a copy of this site (bench/.corpus/dev-memory: its own templates
// and config, the rest linked), edits one page template `--edits` times, each edit a change that
// reaches the compiled templates, waits for each reload event, and prints the dev process's RSS and
// heap used (and external memory) after a forced garbage collection (bench/heap-probe.mjs, `node --expose-gc`) at edits
// 0, 10, 25 and 50. A benchmark, not a test: it prints figures and judges nothing.
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './corpus.mjs';
import { startDev, subscribe, waitFor } from './dev.mjs';
import { printTable } from './report.mjs';

const TEMPLATE = join('templates', 'pages', 'contact.tsx');

/** A copy of the site that may be edited: config and templates copied, everything else linked. */
function prepareCopy() {
  const dir = join(repoRoot, 'bench', '.corpus', 'dev-memory');
  rmSync(dir, { recursive: true, force: true });
  for (const name of ['templates', 'site.config.ts']) cpSync(join(repoRoot, name), join(dir, name), { recursive: true });
  for (const name of ['src', 'site', 'content', 'public', 'node_modules', 'package.json', 'package-lock.json']) {
    if (existsSync(join(repoRoot, name))) symlinkSync(join(repoRoot, name), join(dir, name));
  }
  return dir;
}

/** Asks the dev process for its memory after a full collection (bench/heap-probe.mjs). */
async function measure(pid, file) {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  await waitFor(() => existsSync(file), 30_000, 'the heap probe');
  // Worker threads share the process's RSS but not the main thread's heap: count them too.
  let threads = NaN;
  try {
    threads = Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    // Not Linux: no thread count.
  }
  return { ...JSON.parse(readFileSync(file, 'utf8')), threads };
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Resolves once the process's RSS moves less than 5 MB over 3 s (at most 90 s; Linux only, else at once). */
async function settled(pid) {
  const rss = () => {
    try {
      return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
    } catch {
      return NaN;
    }
  };
  let last = rss();
  for (const until = Date.now() + 90_000; Number.isFinite(last) && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 3_000));
    const now = rss();
    if (Math.abs(now - last) < 5) return;
    last = now;
  }
}

export async function benchDevMemory(args = []) {
  const { values } = parseArgs({ args, options: { edits: { type: 'string', default: '50' } } });
  const edits = Number(values.edits);
  const marks = new Set([0, 10, 25, edits].filter((n) => n <= edits));
  const dir = prepareCopy();
  const heapFile = join(dir, '.heap.json');
  const template = join(dir, TEMPLATE);
  const original = readFileSync(template, 'utf8');
  const server = await startDev(dir, { nodeArgs: ['--expose-gc', '--import', join(repoRoot, 'bench', 'heap-probe.mjs')], env: { BENCH_HEAP_FILE: heapFile } });
  // The forms store (PGlite, a few hundred MB of WebAssembly memory) opens in the background:
  // edit 0 is measured after it, so the rows differ only by the edits.
  // The log line comes as it starts opening, so wait for the process's RSS to settle too.
  await waitFor(() => /store submissions in|answer 503/.test(server.log()), 60_000, 'the forms store');
  await settled(server.pid);
  const sse = await subscribe(server.url);
  const rows = [];
  try {
    for (let i = 0; i <= edits; i++) {
      if (i > 0) {
        const seen = sse.events.length;
        // A statement with a side effect survives bundling, so every edit is a new compiled version.
        writeFileSync(template, `${original}\n(globalThis as Record<string, unknown>).benchEdit = ${i};\n`);
        const event = await waitFor(() => sse.events.slice(seen).find((e) => /^(data: reload|event: problems)/.test(e.frame)), 120_000, `the reload after edit ${i}`);
        if (event.frame.startsWith('event: problems')) throw new Error(`edit ${i} broke the build:\n${server.log()}`);
      }
      if (marks.has(i)) {
        const m = await measure(server.pid, heapFile);
        rows.push({
          edits: String(i),
          'RSS MB': mb(m.rss),
          'heap used MB': mb(m.heapUsed),
          'external MB': mb(m.external),
          'heap total MB': mb(m.heapTotal),
          threads: String(m.threads),
        });
        console.log(`after ${i} edits: RSS ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} MB, external ${mb(m.external)} MB`);
      }
    }
  } finally {
    sse.close();
    await server.stop();
  }
  printTable(rows);
}
