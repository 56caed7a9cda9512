// Preloaded with `node --import` into a measured build: on exit, writes the process's peak
// resident set size (KiB; render worker threads share the process, so they are included).
// Portable, unlike /usr/bin/time, and it measures the build process itself, not a wrapper.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

// Workers inherit --import too; only the main thread reports, once, at the very end.
if (isMainThread && process.env.BENCH_RSS_FILE) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    // Peak RSS in KiB on the first line; CPU seconds (user, system; every thread) on the second.
    writeFileSync(process.env.BENCH_RSS_FILE, `${usage.maxRSS}\n${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6}`);
  });
}
