// Preload (NODE_OPTIONS=--import=<this file>) that makes renames into a folder fail, as a folder
// locked by another program (an editor, a sync client, a virus scanner) does: renames whose
// target is under HEARTNOTES_TEST_FAIL_RENAME_INTO throw EACCES. Optional:
// HEARTNOTES_TEST_FAIL_RENAME_FROM, only renames whose source path contains it;
// HEARTNOTES_TEST_FAIL_RENAME_AFTER, let that many such renames succeed first.
// Tests only: root, which runs the tests in CI, is not stopped by chmod.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const into = process.env.HEARTNOTES_TEST_FAIL_RENAME_INTO;
const from = process.env.HEARTNOTES_TEST_FAIL_RENAME_FROM ?? '';
let allowed = Number(process.env.HEARTNOTES_TEST_FAIL_RENAME_AFTER ?? 0);
if (into) {
  const { renameSync } = fs;
  fs.renameSync = function (source, target) {
    if (resolve(String(target)).startsWith(into) && String(source).includes(from) && allowed-- <= 0) {
      throw Object.assign(new Error(`EACCES: permission denied, rename '${source}' -> '${target}'`), { code: 'EACCES', errno: -13, syscall: 'rename', path: String(source), dest: String(target) });
    }
    return renameSync.call(this, source, target);
  };
  syncBuiltinESMExports();
}
