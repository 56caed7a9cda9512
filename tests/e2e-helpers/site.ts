import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { seedPglite } from '../helpers/pglite-template.ts';

/** The project folder: the generator and the real Heart Notes site it builds. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(PROJECT_ROOT, 'bin', 'heartnotes.mjs');

export interface PreviewedSite {
  /** The preview server's origin without a trailing slash, e.g. `http://127.0.0.1:41059`. */
  url: string;
  /** The built site. */
  outDir: string;
  /** Stops the preview server and removes the built site. Safe to call twice. */
  stop(): Promise<void>;
}

export interface BuildAndPreviewOptions {
  /** The site to build (default: the project folder). */
  root?: string;
  /** How long to wait for the build and for the server to start, each (default: 90 s). */
  timeoutMs?: number;
  /** Extra environment for the preview server, e.g. `DATABASE_URL` for the forms (optional). */
  env?: Record<string, string>;
}

/** A site built into a temp folder by the real CLI. */
export interface BuiltSite {
  outDir: string;
  /** Removes the temp folder. */
  remove(): Promise<void>;
}

/**
 * Builds `root` (default: the project folder) with the real CLI into a fresh temp folder. The
 * build stages its output next to --out and swaps it in, so --out is a child of the temp folder.
 * The project folder is built with `cacheDir` as its cache (HEARTNOTES_CACHE_DIR, relative to the
 * project), or with --no-cache, writing nothing to the cache developers share; any other `root`
 * (a copy, a fixture) with its own `.cache/`, as a user's build is.
 */
export async function buildSite(root = PROJECT_ROOT, timeoutMs = 90_000, cacheDir?: string): Promise<BuiltSite> {
  const tempDir = await mkdtemp(join(tmpdir(), 'heartnotes-e2e-'));
  const remove = () => rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
  const outDir = join(tempDir, 'dist');
  const own = resolve(root) === PROJECT_ROOT;
  const args = ['--root', root, 'build', '--out', outDir, '--quiet', ...(own && !cacheDir ? ['--no-cache'] : [])];
  const built = await runToEnd(args, timeoutMs, own && cacheDir ? { HEARTNOTES_CACHE_DIR: cacheDir } : {}).catch(async (error) => {
    await remove();
    throw error;
  });
  if (built.code !== 0) {
    await remove();
    throw new Error(`heartnotes build failed with exit code ${built.code}:\n${built.output}`);
  }
  return { outDir, remove };
}

/**
 * Serves a built site with `heartnotes preview` on a free port, exactly as a user would. The real
 * site is built once for the whole run and served by one preview server that every test file
 * shares (tests/global-setup.ts): with no options this returns that server, and its `stop()` leaves
 * it running for the other files. A test that passes its own `root` or `env` gets a server (and,
 * for a `root`, a build) of its own, removed by `stop()`. Call `stop()` in `afterAll`.
 */
export async function buildAndPreview(options: BuildAndPreviewOptions = {}): Promise<PreviewedSite> {
  if (options.root === undefined && options.env === undefined) {
    return { url: inject('sharedPreview'), outDir: inject('builtSite'), stop: async () => {} };
  }
  const timeoutMs = options.timeoutMs ?? 90_000;
  const shared = options.root === undefined ? inject('builtSite') : undefined;
  const own = shared ? undefined : await buildSite(options.root, timeoutMs);
  const outDir = shared ?? own!.outDir;
  // The forms' database opens when preview starts: a server of its own gets a copy of the run's
  // empty one (0.7 CPU-s to open, not 4 to create), and never the project's folder, which one
  // process at a time may hold.
  const data = options.env?.HEARTNOTES_DATA_DIR || options.env?.DATABASE_URL ? undefined : await mkdtemp(join(tmpdir(), 'heartnotes-e2e-data-'));
  if (data) seedPglite(data);
  const env = { ...options.env, ...(data ? { HEARTNOTES_DATA_DIR: data } : {}) };
  const server = await previewServer(outDir, env, timeoutMs).catch(async (error) => {
    await own?.remove();
    if (data) await rm(data, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  });
  return {
    url: server.url,
    outDir,
    async stop() {
      await server.stop();
      await own?.remove();
      if (data) await rm(data, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * `heartnotes preview --out <outDir>` on a free port with `env` added to the environment; resolves
 * once it prints its address. `stop()` ends it (and is safe to call twice); the server is killed
 * if this process exits first.
 */
export async function previewServer(outDir: string, env: Record<string, string>, timeoutMs = 90_000): Promise<{ url: string; stop(): Promise<void> }> {
  let child: ChildProcess | undefined;
  // If the test process ends without calling stop(), do not leave the server running.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child) await stopChild(child);
    child = undefined;
  };
  try {
    child = spawnCli(['preview', '--out', outDir, '--port', '0'], env);
    const url = await waitForPreviewUrl(child, timeoutMs);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', ...env },
  });
}

/** Runs the CLI to completion and returns its exit code and combined output. */
function runToEnd(args: string[], timeoutMs: number, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawnCli(args, env);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`heartnotes ${args.join(' ')} did not finish within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

/** Resolves with the origin from `Previewing … at http://127.0.0.1:PORT/`. */
function waitForPreviewUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const fail = (why: string) => {
      cleanup();
      reject(new Error(`heartnotes preview ${why}:\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Previewing .* at (http:\/\/\S+?)\/? /.exec(output);
      if (match) {
        cleanup();
        // Keep draining the pipes so a chatty server never blocks on a full buffer.
        child.stdout!.resume();
        child.stderr!.resume();
        resolvePromise(match[1]);
      }
    };
    const onExit = (code: number | null) => fail(`exited with code ${code} before it was ready`);
    const onError = (error: Error) => fail(`could not start: ${error.message}`);
    const timer = setTimeout(() => fail(`printed no address within ${timeoutMs} ms`), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/** SIGTERM, then SIGKILL if the process is still there after 5 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
