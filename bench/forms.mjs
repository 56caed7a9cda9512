// `npm run bench -- --forms [--connections 20] [--requests 5000] [--seconds 20]`: requests per
// second and latency of POST /api/subscribe through `heartnotes preview`, storing in PGlite and
// in a throw-away local PostgreSQL server. The load comes from a second process on loopback
// (forms-load.mjs), bounded by a count and a time. Every request is a new, valid subscription, so
// each is one committed INSERT. A benchmark, not a test: it reports, it does not judge.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { repoRoot } from './corpus.mjs';

const cli = join(repoRoot, 'bin', 'heartnotes.mjs');

/**
 * The test helper that starts a throw-away PostgreSQL cluster is TypeScript: compile it once. It
 * finds the server binaries from its own place (`import.meta.url`), in tests/node_modules (a test
 * package), so the compiled copy in a temp folder keeps the helper's address.
 */
async function loadPostgresHelper(dir) {
  const esbuild = await import('esbuild');
  const out = join(dir, 'postgres-helper.mjs');
  const helper = join(repoRoot, 'tests', 'helpers', 'postgres.ts');
  await esbuild.build({
    entryPoints: [helper], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(helper).href) },
  });
  return import(pathToFileURL(out).href);
}

function startPreview(root, env) {
  const child = spawn(process.execPath, [cli, '--root', root, 'preview', '--port', '0'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HEARTNOTES_FORMS_RATE_LIMIT: '1000000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`preview did not start:\n${out}`))), 60_000);
    const onData = (chunk) => {
      out += chunk;
      const m = /Previewing .* at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => (child.kill('SIGTERM'), exited) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`preview exited with ${code}:\n${out}`)));
  });
}

function load(url, connections, requests, seconds, tag) {
  const child = spawn(process.execPath, [join(repoRoot, 'bench', 'forms-load.mjs'), url, String(connections), String(requests), String(seconds), tag], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`)))));
}

async function measure(label, root, env, opts) {
  const server = await startPreview(root, env);
  const tag = `${label.replace(/\W+/g, '-').toLowerCase()}${Date.now().toString(36)}`;
  try {
    // Warm-up: opens the store (PGlite creates its folder) and the connections.
    await load(server.url, opts.connections, 200, 60, `${tag}-warm`);
    const r = await load(server.url, opts.connections, opts.requests, opts.seconds, tag);
    const errors = Object.entries(r.statuses).filter(([s]) => s !== '200').map(([s, n]) => `${n}×${s}`).join(', ');
    console.log(
      `${label.padEnd(22)} ${String(r.requests).padStart(6)} req in ${r.seconds.toFixed(1).padStart(5)} s  ` +
        `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms.toFixed(1).padStart(6)} ms  p99 ${r.p99Ms.toFixed(1).padStart(6)} ms` +
        `${errors ? `  non-200: ${errors}` : ''}  (load ${loadavg()[0].toFixed(2)})`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchForms(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { connections: { type: 'string', default: '20' }, requests: { type: 'string', default: '5000' }, seconds: { type: 'string', default: '20' } },
  });
  const opts = { connections: Number(values.connections), requests: Number(values.requests), seconds: Number(values.seconds) };
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-bench-forms-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html lang="en"><title>bench</title></html>');
  console.log(`Forms: POST /api/subscribe via heartnotes preview, ${opts.connections} connections, up to ${opts.requests} requests or ${opts.seconds} s per store`);
  console.log(`Load average before: ${loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${availableParallelism()} cores`);
  let pg;
  try {
    await measure('PGlite (.data/pglite)', dir, { DATABASE_URL: '' }, opts);
    const { startPostgres } = await loadPostgresHelper(dir);
    // fsync on, as a production server runs.
    pg = await startPostgres({ fsync: true });
    await measure('PostgreSQL 15 (local)', dir, { DATABASE_URL: pg.url }, opts);
  } finally {
    await pg?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const after = loadavg();
  console.log(`Load average after: ${after.map((l) => l.toFixed(2)).join(' / ')}${after[0] > availableParallelism() ? ' — the machine was busy; figures are pessimistic' : ''}`);
}
