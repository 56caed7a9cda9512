// Preload (NODE_OPTIONS=--import=<this file>) that fills the disk for one folder: once more than
// HEARTNOTES_TEST_NO_SPACE_AFTER bytes (default 0) were written under HEARTNOTES_TEST_NO_SPACE_UNDER,
// every further write there throws the error a full disk gives (ENOSPC, errno -28, syscall write).
// Tests only: a real small tmpfs needs `mount`, which CI may not allow.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const under = process.env.HEARTNOTES_TEST_NO_SPACE_UNDER;
const allowance = Number(process.env.HEARTNOTES_TEST_NO_SPACE_AFTER ?? 0);
let written = 0;
/** Paths of the file descriptors opened under the folder. */
const fds = new Map();

const inside = (path) => typeof path === 'string' || path instanceof URL ? resolve(String(path instanceof URL ? path.pathname : path)).startsWith(under) : false;
const size = (data) => (typeof data === 'string' ? Buffer.byteLength(data) : data?.byteLength ?? 0);
function spend(bytes) {
  written += bytes;
  if (written > allowance) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}

if (under) {
  const { openSync, closeSync, writeSync, writeFileSync, copyFileSync, appendFileSync } = fs;
  fs.openSync = function (path, ...rest) {
    const fd = openSync.call(this, path, ...rest);
    if (inside(path)) fds.set(fd, path);
    return fd;
  };
  fs.closeSync = function (fd) {
    fds.delete(fd);
    return closeSync.call(this, fd);
  };
  fs.writeSync = function (fd, data, ...rest) {
    if (fds.has(fd)) spend(size(data));
    return writeSync.call(this, fd, data, ...rest);
  };
  fs.writeFileSync = function (file, data, ...rest) {
    if (inside(file) || fds.has(file)) spend(size(data));
    return writeFileSync.call(this, file, data, ...rest);
  };
  fs.appendFileSync = function (file, data, ...rest) {
    if (inside(file) || fds.has(file)) spend(size(data));
    return appendFileSync.call(this, file, data, ...rest);
  };
  fs.copyFileSync = function (from, to, ...rest) {
    if (inside(to)) spend(fs.statSync(from).size);
    return copyFileSync.call(this, from, to, ...rest);
  };
  const { writeFile, copyFile } = fs.promises;
  fs.promises.writeFile = async function (file, data, ...rest) {
    if (inside(file)) spend(size(data));
    return writeFile.call(this, file, data, ...rest);
  };
  fs.promises.copyFile = async function (from, to, ...rest) {
    if (inside(to)) spend((await fs.promises.stat(from)).size);
    return copyFile.call(this, from, to, ...rest);
  };
  syncBuiltinESMExports();
}
