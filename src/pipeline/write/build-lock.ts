import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { cacheDir } from '../cache/cache-dir.ts';
import { ownerIsGone } from './output-folder.ts';

/**
 * One build at a time per project, and temporary files no two processes share.
 *
 * # Design decision
 * Two builds of one project share `.cache/` (the build manifest, caches) and the project files a
 * host reads (`.netlify/v1/functions/`): run together, one renamed the other's temporary
 * manifest away and failed after its output was already swapped in (12 of 48 pairs). A build
 * takes `.cache/build.lock` first; a second build waits for it, saying so in one line. The lock
 * names its holder's pid and when it was taken: a lock whose process is gone (killed, a power
 * cut) or whose pid now belongs to a process started later is taken over, so it never blocks
 * for good. The lock is made whole (written under a name of its own, then hard-linked into
 * place, which fails if a lock is there), so nobody reads it half-written. Rejected: refusing
 * the second build (a script that runs two builds would fail for no fault of its own) and a
 * lock per output folder (two outputs of one project still share `.cache/`).
 */

/** A name beside `path` that no other process or build uses: `<path>.<pid>-<random>.tmp`. */
export function tempBeside(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

/** Removes the temporary files beside `path` (`tempBeside`) of processes no longer running: a killed build's. */
export function removeDeadTemps(path: string): void {
  const name = basename(path);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const n of names) {
    const m = n.startsWith(`${name}.`) ? /^\.(\d+)-[0-9a-f]+\.tmp$/.exec(n.slice(name.length)) : null;
    if (m && ownerIsGone(Number(m[1]), Date.now())) rmSync(join(dirname(path), n), { force: true });
  }
}

interface Holder {
  pid: number;
  /** When the lock was taken, epoch ms. */
  at: number;
}

/** How often a waiting build looks at the lock again. */
const POLL_MS = 100;

/**
 * Takes the project's build lock (`build.lock` in its cache folder, `cacheDir`), waiting while another live build
 * holds it; `say` gets one line when this build has to wait. Resolves to the function that
 * releases the lock.
 */
export async function lockProject(root: string, say: (line: string) => void): Promise<() => void> {
  const lock = join(cacheDir(root), 'build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  let said = false;
  for (;;) {
    const mine: Holder = { pid: process.pid, at: Date.now() };
    const temp = tempBeside(lock);
    writeFileSync(temp, JSON.stringify(mine));
    try {
      linkSync(temp, lock);
      return () => releaseLock(lock, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
    const holder = readHolder(lock);
    if (!holder || ownerIsGone(holder.pid, holder.at)) {
      takeOverStale(lock, holder);
      continue;
    }
    if (!said) say(`Waiting for another build of this project to finish (pid ${holder.pid}, ${relative(root, lock)})…`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function readHolder(lock: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(lock, 'utf8')) as Holder;
    return Number.isInteger(h.pid) && Number.isFinite(h.at) ? h : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a lock whose holder is gone. It is renamed to a name of this process's first (one
 * process wins the rename), then read again: if a live build took the lock in between, it is put
 * back.
 */
function takeOverStale(lock: string, seen: Holder | undefined): void {
  const aside = tempBeside(`${lock}.stale`);
  try {
    renameSync(lock, aside);
  } catch {
    return; // Gone already: someone else took it over.
  }
  const now = readHolder(aside);
  if (now && (now.pid !== seen?.pid || now.at !== seen.at) && !ownerIsGone(now.pid, now.at)) {
    try {
      linkSync(aside, lock);
    } catch {
      // Yet another build holds it now; the one put aside runs on without its file.
    }
  }
  rmSync(aside, { force: true });
}

/** Removes the lock if it is still this build's. */
function releaseLock(lock: string, mine: Holder): void {
  const holder = readHolder(lock);
  if (holder?.pid === mine.pid && holder.at === mine.at) rmSync(lock, { force: true });
}
