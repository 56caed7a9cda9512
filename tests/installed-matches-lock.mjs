// Whether the packages installed in `dir` are exactly those its package-lock.json names:
// node_modules/.package-lock.json is npm's record of what it installed. Shared by the test set-up
// (tests/setup.mjs) and the hosts' runtimes (tests/hosts/install.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function installedMatchesLock(dir) {
  try {
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages;
    const installed = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')).packages;
    return Object.entries(lock).every(([path, p]) => path === '' || p.optional || installed[path]?.version === p.version);
  } catch {
    return false;
  }
}
