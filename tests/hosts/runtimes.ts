// The hosts' own local runtimes, started over a built site: `netlify dev --offline` (netlify-cli
// 26.2) and `wrangler pages dev` (4.86), the newest that run on Node 20. tests/setup.mjs installs
// them in the background (tests/hosts/install.mjs); `runtimesReady` waits for that.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../helpers/free-port.ts';

const here = dirname(fileURLToPath(import.meta.url));
const statusFile = join(here, '.install-status.json');

/** Waits for the background install (or installs now, when the set-up did not start one). */
export async function runtimesReady(timeoutMs = 240_000): Promise<void> {
  const started = Date.now();
  if (!existsSync(statusFile) && !isInstalling()) spawnSync(process.execPath, [join(here, 'install.mjs')], { stdio: 'inherit' });
  while (!existsSync(statusFile)) {
    if (Date.now() - started > timeoutMs) throw new Error(`the hosts' runtimes were not installed within ${timeoutMs / 1000} s (tests/hosts/install.mjs)`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as { ok: boolean; message: string };
  if (!status.ok) throw new Error(status.message);
}

/** Whether tests/hosts/install.mjs is running (started by the set-up). */
function isInstalling(): boolean {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return ps.stdout?.includes(join(here, 'install.mjs')) ?? false;
}

export interface Runtime {
  url: string;
  /** Everything it printed, both streams. */
  output(): string;
  /** What it printed on standard error alone. */
  errors(): string;
  stop(): Promise<void>;
}

/** Starts `command` and resolves once `url` answers, or rejects with its output. */
async function startServer(name: string, args: string[], cwd: string, url: string, env: Record<string, string>, timeoutMs = 90_000): Promise<Runtime> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, NODE_ENV: '', BROWSER: 'none', CI: '1', NETLIFY_TELEMETRY_DISABLED: '1', WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    err += c.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Both spawn helpers (workerd, the functions server): end the whole process group.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch { /* gone */ }
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch { /* gone */ }
      }, 5_000);
      await exited;
      clearTimeout(killed);
    }
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before serving:\n${out}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return { url, output: () => out, errors: () => err, stop };
    } catch { /* not yet */ }
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`${name} did not answer within ${timeoutMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `netlify dev --offline` over `dir`, in the project `root` (where `.netlify/v1/functions` is). */
export async function startNetlify(root: string, dir: string, env: Record<string, string>): Promise<Runtime> {
  const port = await freePort();
  const bin = join(here, 'node_modules', 'netlify-cli', 'bin', 'run.js');
  // Every port it opens is given: left to itself, its static server takes 3999 when that looks
  // free, so two files starting netlify dev at once raced for it (EADDRINUSE on CI).
  const args = [bin, 'dev', '--offline', '--internal-disable-edge-functions', '--no-open', '--skip-gitignore', '--dir', dir, '--port', String(port), '--functions-port', String(await freePort()), '--staticServerPort', String(await freePort())];
  return startServer('netlify dev', args, root, `http://127.0.0.1:${port}/`, env);
}

/**
 * `wrangler pages dev` started in the project folder `root` with no folder, compatibility date or
 * flags on the command line: it reads them from the `wrangler.toml` that `build --host
 * cloudflare` wrote there, as a deploy does. `bindings` stand for the dashboard's variables.
 */
export async function startWrangler(root: string, bindings: Record<string, string>): Promise<Runtime> {
  const port = await freePort();
  const bin = join(here, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [bin, 'pages', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(await freePort())];
  for (const [k, v] of Object.entries(bindings)) args.push('--binding', `${k}=${v}`);
  return startServer('wrangler pages dev', args, root, `http://127.0.0.1:${port}/`, { XDG_CONFIG_HOME: join(root, '.config') });
}
