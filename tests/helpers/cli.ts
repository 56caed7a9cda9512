import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { repoRoot } from './fixtures.ts';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', NODE_ENV: 'production' };

/** Runs `node bin/heartnotes.mjs …args` from the repository root and waits for it to exit. */
export function runCli(args: string[], timeout = 60_000): CliResult {
  const result = spawnSync(process.execPath, ['bin/heartnotes.mjs', ...args], { cwd: repoRoot, env, encoding: 'utf8', timeout });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface RunningCli {
  child: ChildProcess;
  /** The first `http://host:port` the command printed. */
  url: string;
  /** Everything printed so far. */
  output(): string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a long-running command (preview, dev) and resolves once it prints the address it serves,
 * e.g. `Previewing dist/ at http://127.0.0.1:40123/`. Rejects with its output if it exits first.
 */
export function startCli(args: string[], timeout = 30_000): Promise<RunningCli> {
  const child = spawn(process.execPath, ['bin/heartnotes.mjs', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no address printed within ${timeout} ms:\n${out}`));
    }, timeout);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /(http:\/\/[\w.[\]:-]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before serving:\n${out}`));
    });
  });
}

/** What the forms stored about one address, as `subscribers export` prints it. */
export interface StoredRows {
  subscribers: { email: string; source: string | null }[];
  contacts: { email: string; name: string; message: string; source: string | null }[];
}

/**
 * Reads back what the forms stored about `email` through the CLI's GDPR export, with `extraEnv`
 * naming the store (`HEARTNOTES_DATA_DIR` or `DATABASE_URL`). PGlite lets one process use a data
 * folder at a time, so stop the server that wrote it first.
 */
export function exportStored(email: string, extraEnv: Record<string, string> = {}): StoredRows {
  const run = spawnSync(process.execPath, ['bin/heartnotes.mjs', 'subscribers', 'export', '--email', email], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...env, ...extraEnv },
    timeout: 60_000,
  });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`subscribers export exited with ${run.status}:\n${run.stderr}`);
  return JSON.parse(run.stdout) as StoredRows;
}
