import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (wall time on a quiet two-core machine, 2026-11-27).
 * Each worker takes the next file when it is free, so a long file started last keeps one worker
 * busy after the others are done: starting these first lets the many short files fill in around
 * them. hosts.test.ts comes first because it may also wait for the hosts' runtimes to install.
 * A file missing from the list only starts later than it could; a name that no longer exists is
 * ignored.
 */
const SLOWEST_FIRST = [
  'tests/hosts/hosts.test.ts',
  'tests/hosts/base-path.test.ts',
  'tests/e2e/consent.test.ts',
  'tests/e2e/site-behaviour.test.ts',
  'tests/e2e/landing.test.ts',
  'tests/cli/fault-probes.test.ts',
  'tests/cli/out-safety.test.ts',
  'tests/e2e/forms.test.ts',
  'tests/cli/subscribers.test.ts',
  'tests/cli/cards.test.ts',
  'tests/cli/cache-integrity.test.ts',
  'tests/cli/nothing-lost.test.ts',
];

/**
 * Vitest's order (files that failed last time first, then the longest by the durations it keeps in
 * node_modules/.vite, else the largest), except that without a duration for every file, as on a
 * fresh clone, the files of SLOWEST_FIRST start first.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const name = (file: TestSpecification) => relative(file.project.config.root, file.moduleId).split('\\').join('/');
    if (files.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${name(file)}`))) return sorted;
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FIRST.indexOf(name(file));
      return at === -1 ? SLOWEST_FIRST.length : at;
    };
    return sorted.map((file, at) => ({ file, at })).sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at).map(({ file }) => file);
  }
}

/**
 * The tiers (docs/testing.md): `unit` is the inner loop, in memory, with no build, browser,
 * database or child process (the lint holds that: eslint.config.mjs), and no global set-up, so
 * `npm run test:unit` starts at once. The others but `functions` read the real site the global
 * set-up builds once for the run, however many of them run (tests/global-setup.ts shares it).
 */
const TIERS = {
  unit: 'functions of the generator and the site, on literals and small temporary folders',
  build: 'the real site and the fixture sites, built, then read back from their output',
  cli: 'the heartnotes command run as a process',
  e2e: 'pages in Chromium',
  functions: 'the forms function on PGlite and PostgreSQL',
  hosts: "the output under Netlify's and Cloudflare's own local runtimes",
};

const project = (name: keyof typeof TIERS) => ({
  extends: true as const,
  test: {
    name,
    include: [`tests/${name}/**/*.test.ts`],
    // Builds the real site and an empty PGlite database once for the run (see the file); the unit
    // and functions tiers read neither.
    globalSetup: name === 'unit' || name === 'functions' ? [] : ['tests/global-setup.ts'],
  },
});

export default defineConfig({
  // Template components imported by a test render with React's production runtime, as the build
  // does (NODE_ENV=production below has no `jsxDEV`).
  oxc: { jsx: { development: false } },
  test: {
    projects: (Object.keys(TIERS) as (keyof typeof TIERS)[]).map(project),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 1 s by default: a search page (the index's parts, then its results)
    // took longer on CI's two cores with other work running. A poll still ends as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
    sequence: { sequencer: SlowestFirst },
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
