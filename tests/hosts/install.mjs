#!/usr/bin/env node
// Installs the hosts' local runtimes (tests/hosts/package.json) when they are missing or differ
// from the lock, then writes tests/hosts/.install-status.json: { ok, message }. tests/setup.mjs
// starts it in the background, so the ~45 s download overlaps the other tests; the deploy tests
// wait for the status file (tests/hosts/runtimes.ts).
import { spawnSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedMatchesLock } from '../installed-matches-lock.mjs';

const dir = dirname(fileURLToPath(import.meta.url));
const statusFile = join(dir, '.install-status.json');

let status = { ok: true, message: 'already installed' };
if (!installedMatchesLock(dir)) {
  const started = Date.now();
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8' });
  status = r.status === 0
    ? { ok: true, message: `installed in ${((Date.now() - started) / 1000).toFixed(0)} s` }
    : { ok: false, message: `npm ci in tests/hosts failed: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-5).join(' ')}` };
}
writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
renameSync(`${statusFile}.tmp`, statusFile);
