#!/usr/bin/env node
// Installs the hosts' local runtimes (tests/hosts/package.json) when they are missing or differ
// from the lock, then writes tests/hosts/.install-status.json: { ok, message }. tests/setup.mjs
// starts it in the background, so the install overlaps the other tests; the deploy tests wait for
// the status file (tests/hosts/runtimes.ts).
//
// The runtimes (about 600 MB, 1,200 packages) are installed once per machine and lock, into
// ~/.cache/heartnotes/hosts-runtimes/<hash of package.json and package-lock.json>/ (or
// $HEARTNOTES_HOSTS_CACHE/<hash>), and tests/hosts/node_modules links to them: every clone on the
// machine shares one install, as they share npm's cache. `npm ci` of these packages costs about
// 40 s of CPU time on two cores even with npm's cache full, a third of a test run's spare.
// A node_modules/ already in tests/hosts that matches the lock is used as it is; where the cache
// folder cannot be written, the runtimes are installed into tests/hosts/ as before.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedMatchesLock } from '../installed-matches-lock.mjs';

const dir = dirname(fileURLToPath(import.meta.url));
const statusFile = join(dir, '.install-status.json');
const MANIFESTS = ['package.json', 'package-lock.json'];

/** `npm ci` in `cwd`; undefined when it worked, else the last lines of what it said. */
function npmCi(cwd) {
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
  return r.status === 0 ? undefined : (r.stderr || r.error?.message || '').trim().split('\n').slice(-5).join(' ');
}

/** The machine's install for this lock, made when missing; undefined when the cache folder cannot be used. */
function sharedInstall() {
  const hash = createHash('sha256');
  for (const file of MANIFESTS) hash.update(readText(join(dir, file)));
  const root = process.env.HEARTNOTES_HOSTS_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'heartnotes', 'hosts-runtimes');
  const shared = join(root, hash.digest('hex').slice(0, 16));
  if (installedMatchesLock(shared)) return { shared, message: `already installed in ${shared}` };
  // A folder of its own for this install, renamed into place when complete: another run that
  // installs at the same time never sees half an install, and the first to finish wins.
  const partial = `${shared}.partial-${process.pid}`;
  try {
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    for (const file of MANIFESTS) copyFileSync(join(dir, file), join(partial, file));
  } catch {
    return undefined;
  }
  const started = Date.now();
  const failed = npmCi(partial);
  if (failed) {
    rmSync(partial, { recursive: true, force: true });
    return { failed: `npm ci of the hosts' runtimes in ${partial} failed: ${failed}` };
  }
  if (installedMatchesLock(shared)) {
    // Another run finished the same install first: use that one.
    rmSync(partial, { recursive: true, force: true });
  } else {
    rmSync(shared, { recursive: true, force: true });
    try {
      renameSync(partial, shared);
    } catch {
      rmSync(partial, { recursive: true, force: true });
      if (!installedMatchesLock(shared)) return { failed: `could not move the hosts' runtimes into ${shared}` };
    }
  }
  return { shared, message: `installed in ${((Date.now() - started) / 1000).toFixed(0)} s into ${shared}` };
}

function readText(file) {
  try {
    return readFileSync(file);
  } catch {
    return '';
  }
}

/** Points tests/hosts/node_modules at `target`, replacing whatever is there. */
function linkNodeModules(target) {
  const link = join(dir, 'node_modules');
  if (existsSync(link) || isLink(link)) rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link, 'dir');
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

let status = { ok: true, message: 'already installed' };
if (!installedMatchesLock(dir)) {
  const shared = sharedInstall();
  if (shared?.failed) status = { ok: false, message: shared.failed };
  else if (shared) {
    linkNodeModules(join(shared.shared, 'node_modules'));
    status = installedMatchesLock(dir) ? { ok: true, message: shared.message } : { ok: false, message: `tests/hosts/node_modules does not match the lock after linking it to ${shared.shared}` };
  } else {
    if (isLink(join(dir, 'node_modules'))) rmSync(join(dir, 'node_modules'), { force: true });
    const started = Date.now();
    const failed = npmCi(dir);
    status = failed ? { ok: false, message: `npm ci in tests/hosts failed: ${failed}` } : { ok: true, message: `installed in ${((Date.now() - started) / 1000).toFixed(0)} s` };
  }
}
writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
renameSync(`${statusFile}.tmp`, statusFile);
