import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Builds the real site once for the browser tests (see the file).
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers are heavy; two files at a time matches the two cores CI has.
    maxWorkers: 2,
    env: { NODE_ENV: 'production' },
  },
});
