#!/usr/bin/env node
// Entry point: compiles the TypeScript CLI with esbuild and runs it. The compiled copy is reused
// while none of its source files has changed (their mtimes are recorded beside it) and the
// project has not moved (the compiled code holds its path), so a run costs no compile at all;
// otherwise compiling takes ~50 ms. The stamp also records the size of every compiled file: one
// cut short or emptied (a crash, a full disk) is compiled again, and so is a copy that fails to
// load or lacks its entry point. Code splitting keeps heavy modules (React, the Markdown parser)
// out of commands that do not need them.
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

process.env.NODE_ENV ??= 'production';
// How far a heap grows between full collections is set by the commands that need it (src/pipeline/heap.ts).
// On two cores a build's main thread and its render worker keep both busy, and V8's helper
// threads, woken to share each young-generation collection (frequent and short: the worker's
// young generation is 8 MB), wait for a core and for each other. Collected on the thread itself:
// five cold builds of the 4,000-page bench against five without, interleaved, 19.13 against 19.49
// CPU-s and 14.25 against 14.47 s (medians), the same peak memory. With more cores the helpers
// have cores of their own. See docs/architecture.md, "The kernel's share of a cold build".
if (availableParallelism() <= 2) setFlagsFromString('--no-parallel-scavenge');
const generatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(generatorRoot, '.cache', 'generator');
const stampFile = join(outDir, 'stamp.json');

function upToDate() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.root !== generatorRoot) return undefined;
    for (const [file, mtime] of Object.entries(stamp.inputs)) {
      if (statSync(join(generatorRoot, file)).mtimeMs !== mtime) return undefined;
    }
    // Each compiled file as it was written: a stat each, some 30 of them (a hash would read ~1 MB).
    if (!stamp.files || !(stamp.entry in stamp.files)) return undefined;
    for (const [file, size] of Object.entries(stamp.files)) {
      if (statSync(join(outDir, file)).size !== size) return undefined;
    }
    return stamp.entry;
  } catch {
    return undefined;
  }
}

/** Packages the compiled CLI imports from node_modules at run time rather than bundling. */
const EXTERNAL = new Set([
  // One instance shared with the site's compiled templates and config.
  'react', 'react-dom', 'zod',
  // Native code, WebAssembly or files found beside the code; loaded only by the commands that use them.
  'esbuild', 'sharp', 'chokidar', 'opentype.js',
]);

/** An esbuild plugin: bare imports of `external` packages (and Node's built-ins) stay imports. */
function keepExternal(external) {
  return {
    name: 'keep-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path.startsWith('node:')) return { external: true };
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
        return external.has(name) ? { external: true } : undefined;
      });
    },
  };
}

async function compile() {
  const esbuild = await import('esbuild');
  // A folder per compile: concurrent runs never write into each other's output.
  const build = `b-${Date.now().toString(36)}-${process.pid}`;
  const result = await esbuild.build({
    entryPoints: { cli: join(generatorRoot, 'bin', 'cli.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The Markdown chain (markdown-it, unified and hast utilities), js-yaml and commander are
    // bundled in: they are some 300 small files, and Node resolving and compiling each one was
    // most of a command's start-up. Packages stay external when the site shares them (React,
    // zod), when they are native or load files beside their code, or when they are optional.
    plugins: [keepExternal(EXTERNAL)],
    // Bundled CommonJS (commander) requires Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    jsx: 'automatic',
    outdir: join(outDir, build),
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'error',
    absWorkingDir: generatorRoot,
    define: { __GENERATOR_ROOT__: JSON.stringify(generatorRoot) },
  }).catch(() => process.exit(70));
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = statSync(join(generatorRoot, file)).mtimeMs;
  // This file holds the compile's options: an edit to it compiles again too.
  inputs['bin/heartnotes.mjs'] = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const entry = `${build}/cli.js`;
  const files = {};
  for (const name of readdirSync(join(outDir, build), { recursive: true })) {
    const stat = statSync(join(outDir, build, name));
    if (stat.isFile()) files[`${build}/${name}`] = stat.size;
  }
  const tmp = `${stampFile}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, JSON.stringify({ root: generatorRoot, entry, inputs, files }));
  renameSync(tmp, stampFile);
  // Older compiles go after an hour (a long-running dev server may still be using one); never
  // through a link: a linked folder's entries are not this cache's.
  for (const name of lstatSync(outDir).isSymbolicLink() ? [] : readdirSync(outDir)) {
    const path = join(outDir, name);
    if (name.startsWith('b-') && name !== build && Date.now() - statSync(path).mtimeMs > 3_600_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return entry;
}

async function load(entry) {
  const cli = await import(pathToFileURL(join(outDir, entry)).href);
  if (typeof cli.main !== 'function') throw new Error(`${entry} has no main(): the compiled CLI is damaged`);
  return cli;
}

const cached = upToDate();
let cli;
try {
  cli = await load(cached ?? (await compile()));
} catch (error) {
  // A damaged compiled copy (a file lost or cut in a crash): compile afresh, once.
  if (!cached) throw error;
  cli = await load(await compile());
}
const { main } = cli;
process.exitCode = await main(process.argv);
