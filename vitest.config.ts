import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Template components imported by a test render with React's production runtime, as the build
  // does (NODE_ENV=production below has no `jsxDEV`).
  oxc: { jsx: { development: false } },
  test: {
    include: ['tests/**/*.test.ts'],
    // Builds the real site and an empty PGlite database once for the run (see the file).
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 1 s by default: a search page (Pagefind's WebAssembly and index)
    // took longer on CI's two cores with other work running. A poll still ends as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
    // Three files at a time on CI's two cores: browser tests spend much of their time waiting
    // (network idle, timers), so a third file fills the gaps. Measured on a clean clone: 316 s
    // with two, 299 s with three.
    maxWorkers: 3,
    // A worker runs its files one after another without a fresh module registry for each: no file
    // mocks a module or keeps state in one (static-server's console spy is restored; each browser
    // file closes its Chromium). Measured on a fresh clone, one run each: 611 → 579 CPU-s, 313 →
    // 296 s. Two projects, isolating only the browser files, ran all the browser files first,
    // three at a time, and took longer.
    isolate: false,
    env: { NODE_ENV: 'production' },
  },
});
