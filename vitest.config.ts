import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Builds the real site once for the browser tests (see the file).
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at a time on CI's two cores: browser tests spend much of their time waiting
    // (network idle, timers), so a third file fills the gaps. Measured on a clean clone: 316 s
    // with two, 299 s with three.
    maxWorkers: 3,
    env: { NODE_ENV: 'production' },
  },
});
