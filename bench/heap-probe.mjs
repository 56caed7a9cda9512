// Preloaded with `node --expose-gc --import` into `heartnotes dev` by dev-memory.mjs: on SIGUSR2,
// collects garbage (twice: the first pass may only queue finalisers) and writes the main thread's
// RSS, heap used and external memory (Buffers, WebAssembly), in bytes, to BENCH_HEAP_FILE. No inspector: nothing else about the process changes.
import { renameSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.BENCH_HEAP_FILE && typeof globalThis.gc === 'function') {
  const file = process.env.BENCH_HEAP_FILE;
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    writeFileSync(`${file}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal, external }));
    // Whole or absent for the reader.
    renameSync(`${file}.tmp`, file);
  });
}
