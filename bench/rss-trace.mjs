// Preloaded with `node --import` into one build to see WHEN its peak RSS happens and which thread
// holds it: every thread (workers inherit --import) appends a line every RSS_TRACE_MS (default 100)
// to the file named by RSS_TRACE_FILE: ms since the process started, thread, process RSS, the
// thread's heap used and total and its external/array-buffer memory (MB). The main thread also
// records each line the build prints (its stages), so the samples can be read against them.
// `node bench/rss-trace.mjs FILE` summarises a trace: the peak, and each thread's heap at that moment.
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const file = process.env.RSS_TRACE_FILE;
const mb = (bytes) => (bytes / 1048576).toFixed(1);
const now = () => (performance.timeOrigin + performance.now() - startedAt).toFixed(0);
const startedAt = isMainThread ? performance.timeOrigin : Number(process.env.RSS_TRACE_START ?? performance.timeOrigin);

if (file && process.argv[1] !== new URL(import.meta.url).pathname) {
  if (isMainThread) process.env.RSS_TRACE_START = String(performance.timeOrigin);
  const who = isMainThread ? 'main' : `worker${threadId}`;
  const sample = () => {
    const heap = getHeapStatistics();
    const memory = process.memoryUsage();
    appendFileSync(file, `${now()}\t${who}\t${mb(memory.rss)}\t${mb(heap.used_heap_size)}\t${mb(heap.total_heap_size)}\t${mb(heap.external_memory)}\t${mb(memory.arrayBuffers)}\n`);
  };
  setInterval(sample, Number(process.env.RSS_TRACE_MS ?? 100)).unref();
  sample();
  // RSS_TRACE_SNAP=ms,ms…: heap snapshots of this thread at those times (main thread only, or
  // RSS_TRACE_SNAP_WORKERS=1 for workers too), written to the current folder.
  if (isMainThread || process.env.RSS_TRACE_SNAP_WORKERS) {
    for (const at of (process.env.RSS_TRACE_SNAP ?? '').split(',').filter(Boolean)) {
      setTimeout(
        () => {
          void import('node:v8').then((v8) => v8.writeHeapSnapshot(`rss-${who}-${at}.heapsnapshot`));
        },
        Math.max(0, Number(at) - Number(now())),
      ).unref();
    }
  }
  if (isMainThread) {
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = (chunk, ...rest) => {
        appendFileSync(file, `${now()}\tlog\t${String(chunk).trim().replaceAll('\n', ' | ')}\n`);
        return write(chunk, ...rest);
      };
    }
    process.on('exit', () => appendFileSync(file, `${now()}\tlog\texit maxRSS ${mb(process.resourceUsage().maxRSS * 1024)} MB\n`));
  }
} else if (process.argv[2]) {
  summarise(process.argv[2]);
}

/** Peak RSS, the stage it fell in, and the last sample of each thread before it. */
function summarise(path) {
  const lines = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  const samples = lines.filter((l) => l[1] !== 'log').map(([t, who, rss, used, total, ext, buf]) => ({ t: +t, who, rss: +rss, used: +used, total: +total, ext: +ext, buf: +buf }));
  const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
  const stage = lines.filter((l) => l[1] === 'log' && +l[0] <= peak.t).at(-1);
  console.log(`peak sampled RSS ${peak.rss} MB at ${peak.t} ms (after: ${stage?.[2] ?? '-'})`);
  const latest = new Map();
  for (const s of samples) if (s.t <= peak.t && s.t >= peak.t - 500) latest.set(s.who, s);
  for (const [who, s] of latest) console.log(`  ${who}: heap used ${s.used} total ${s.total} external ${s.ext} (at ${s.t} ms)`);
  // A timeline: every second, RSS and each thread's heap total.
  const bySecond = new Map();
  for (const s of samples) {
    const second = Math.floor(s.t / 1000);
    const row = bySecond.get(second) ?? { rss: 0, heaps: new Map() };
    row.rss = Math.max(row.rss, s.rss);
    row.heaps.set(s.who, Math.max(row.heaps.get(s.who) ?? 0, s.total));
    bySecond.set(second, row);
  }
  const logs = lines.filter((l) => l[1] === 'log');
  for (const [second, row] of bySecond) {
    const said = logs.filter((l) => Math.floor(+l[0] / 1000) === second).map((l) => l[2].slice(0, 60));
    console.log(`${String(second).padStart(3)}s rss ${String(row.rss).padStart(6)}  ${[...row.heaps].map(([w, h]) => `${w}:${h}`).join(' ')}  ${said.join(' / ')}`);
  }
}
