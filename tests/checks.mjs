#!/usr/bin/env node
// The checks `npm test` runs before the tests, a few at a time: the type checks (one per runtime),
// the lint, knip, the formatter and the generated doc. Each prints nothing when it passes; a
// failing one prints its output and the command to run it alone, and the run exits 1 after all
// of them have finished, so one `npm test` shows every problem. `node tests/checks.mjs NAME…` runs
// only those (`npm run lint` is `node tests/checks.mjs lint`).
//
// ESLint, knip and Prettier are test packages (tests/package.json, in tests/node_modules);
// TypeScript is the project's own.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (dir, name) => join(root, dir, 'node_modules', '.bin', name);
const tsc = (config) => [bin('.', 'tsc'), ['--noEmit', '-p', config]];

/** Every check: its name, and the command that runs it from the project root. */
export const CHECKS = {
  types: tsc('tsconfig.json'),
  'types:node': tsc('tsconfig.node.json'),
  'types:browser': tsc('tsconfig.browser.json'),
  'types:functions': tsc('tsconfig.functions.json'),
  lint: [bin('tests', 'eslint'), ['--max-warnings', '0', 'src', 'bin', 'templates', 'site', 'site.config.ts', 'tests']],
  knip: [bin('tests', 'knip'), ['--no-progress']],
  format: [bin('tests', 'prettier'), ['--check', '--log-level', 'warn', '**/*.{ts,tsx,mjs}']],
  'content-errors-doc': [process.execPath, ['tools/content-errors-doc.mjs', '--check']],
};

/** Runs one check; resolves with its name, whether it passed, its output and its wall time. */
function run(name) {
  const [command, args] = CHECKS[name];
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ name, ok: false, output: `${command} could not start: ${error.message}`, ms: performance.now() - started }));
    child.on('close', (code) => done({ name, ok: code === 0, output, ms: performance.now() - started }));
  });
}

/** Runs `names`, at most `limit` at once, in order of start. */
async function runAll(names, limit) {
  const results = [];
  const queue = [...names];
  const worker = async () => {
    while (queue.length) results.push(await run(queue.shift()));
  };
  await Promise.all(Array.from({ length: Math.min(limit, names.length) }, worker));
  return results;
}

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in CHECKS));
if (unknown.length) {
  console.error(`checks: no check named ${unknown.join(', ')}; the checks are ${Object.keys(CHECKS).join(', ')}`);
  process.exit(2);
}
const started = performance.now();
// The type checks and the lint are CPU-bound: one more than the cores keeps both cores busy
// while a check waits on its files.
const results = await runAll(asked.length ? asked : Object.keys(CHECKS), availableParallelism() + 1);
const failed = results.filter((r) => !r.ok);
for (const r of failed) {
  const [command, args] = CHECKS[r.name];
  console.error(
    `\n✗ ${r.name} failed (run it alone: ${[command.replace(`${root}/`, ''), ...args].map((word) => (/[*{ ]/.test(word) ? `'${word}'` : word)).join(' ')})\n${r.output.trim()}`,
  );
}
const timing = results.map((r) => `${r.name} ${(r.ms / 1000).toFixed(1)} s`).join(', ');
console.log(`checks: ${results.length - failed.length} of ${results.length} passed in ${((performance.now() - started) / 1000).toFixed(1)} s (${timing})`);
if (failed.length) process.exit(1);
