import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    env: { NODE_ENV: 'production' },
    projects: [
      { extends: true, test: { name: 'browser', include: ['tests/e2e/**/*.test.ts'] } },
      // The other files run one after another in the same worker process, without a fresh module
      // registry each: none mocks a module or keeps state in one, and starting each file in a new
      // process with its own imports cost about 15 of their 200 CPU-s (measured).
      { extends: true, test: { name: 'node', include: ['tests/**/*.test.ts'], exclude: [...configDefaults.exclude, 'tests/e2e/**'], isolate: false } },
    ],
  },
});
