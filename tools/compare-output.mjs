#!/usr/bin/env node
// Compares two built output folders: `node tools/compare-output.mjs dist-a dist-b`.
// Prints "identical" when every file matches byte for byte. Otherwise it compares again with
// esbuild's content-hash file names (`name-ABCD1234.js`) blanked out in file names and contents,
// which tells a refactor that only moved a browser source file (esbuild's chunk hash covers the
// source paths) from one that changed what a visitor gets. Exit code 0 only when identical.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node tools/compare-output.mjs <dir-a> <dir-b>');
  process.exit(2);
}

function files(dir, rel = '') {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(dir, join(rel, d.name)) : [join(rel, d.name)],
  );
}
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const hashed = /-[A-Z0-9]{8}\.(js|css)\b/g;

function describe(dir, normalise) {
  const out = [];
  for (const file of files(dir)) {
    const bytes = readFileSync(join(dir, file));
    const name = normalise ? file.replace(hashed, '-#.$1') : file;
    const body = normalise ? bytes.toString('latin1').replace(hashed, '-#.$1') : bytes;
    out.push(`${sha(body)}  ${name}`);
  }
  return out.sort();
}

const exact = [describe(a, false), describe(b, false)];
const tree = (list) => sha(list.join('\n'));
console.log(`${a}: ${exact[0].length} files, tree ${tree(exact[0])}`);
console.log(`${b}: ${exact[1].length} files, tree ${tree(exact[1])}`);
if (tree(exact[0]) === tree(exact[1])) {
  console.log('identical: every file matches byte for byte');
  process.exit(0);
}
const loose = [describe(a, true), describe(b, true)];
const only = (x, y) => x.filter((l) => !y.includes(l));
const differing = [...new Set([...only(exact[0], exact[1]), ...only(exact[1], exact[0])].map((l) => l.slice(66)))];
console.log(`${differing.length} files differ byte for byte`);
if (tree(loose[0]) === tree(loose[1])) {
  console.log('same once esbuild content-hash names are blanked out: only chunk file names (and the references to them) changed');
} else {
  console.log('different even with hashed names blanked out:');
  for (const l of only(loose[0], loose[1])) console.log(`  - ${l.slice(66)}`);
  for (const l of only(loose[1], loose[0])) console.log(`  + ${l.slice(66)}`);
}
process.exit(1);
