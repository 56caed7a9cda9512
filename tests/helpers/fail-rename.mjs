// Preload (NODE_OPTIONS=--import=<this file>) that makes every rename into a folder fail, as a
// folder locked by another program (an editor, a sync client, a virus scanner) does: renames
// whose target is under HEARTNOTES_TEST_FAIL_RENAME_INTO throw EACCES. Tests only: root, which
// runs the tests in CI, is not stopped by chmod.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const into = process.env.HEARTNOTES_TEST_FAIL_RENAME_INTO;
if (into) {
  const { renameSync } = fs;
  fs.renameSync = function (from, to) {
    if (resolve(String(to)).startsWith(into)) {
      throw Object.assign(new Error(`EACCES: permission denied, rename '${from}' -> '${to}'`), { code: 'EACCES', errno: -13, syscall: 'rename', path: String(from), dest: String(to) });
    }
    return renameSync.call(this, from, to);
  };
  syncBuiltinESMExports();
}
