#!/usr/bin/env node
// Entry point: compiles the TypeScript CLI with esbuild into one CommonJS file and runs it. The
// compiled copy is reused while none of its source files has changed (their times and hashes are
// recorded beside it: a fresh clone's new times alone compile nothing) and the project has not
// moved (the compiled code holds its path), so a run costs no compile at all; otherwise compiling
// takes ~0.3 s. The stamp also records the compiled file's size: one cut short or emptied (a
// crash, a full disk) is compiled again, and so is a copy that fails to load or lacks its entry
// point.
//
// The compiled file is run through V8's code cache (`vm.Script` with `cachedData`): the bytecode
// of every function an earlier run of the same command compiled, so this run compiles almost
// nothing. See "Design decision" below `load`.
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin, Module } from 'node:module';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { constants as vmConstants, Script } from 'node:vm';
import { crc32 } from 'node:zlib';

// `require` of an ES module (chokidar's, below) and zlib's crc32 came with Node 20.19.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`heartnotes needs Node 20.19 or newer; this is Node ${process.versions.node}.`);
  process.exit(1);
}

process.env.NODE_ENV ??= 'production';
// How far a heap grows between full collections is set by the commands that need it (src/pipeline/heap.ts).
// On two cores a build's main thread and its render worker keep both busy, and V8's helper
// threads, woken to share each young-generation collection (frequent and short: the worker's
// young generation is 16 MB), wait for a core and for each other. Collected on the thread itself:
// five cold builds of the 4,000-page bench against five without, interleaved, 19.13 against 19.49
// CPU-s and 14.25 against 14.47 s (medians), the same peak memory. With more cores the helpers
// have cores of their own. See docs/architecture.md, "The kernel's share of a cold build".
if (availableParallelism() <= 2) setFlagsFromString('--no-parallel-scavenge');
const generatorRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = compiledFolder();
const stampFile = join(outDir, 'stamp.json');

/**
 * Where the compiled CLI and its code caches live: in `node_modules/.cache/heartnotes/generator/`
 * when the generator has a `node_modules` folder of its own (a checkout of it, a site built from
 * it), where hosts keep them between deploys with the build's cache (src/pipeline/cache/cache-dir.ts);
 * else in its own `.cache/generator/` (an installed package, whose folder hosts that keep
 * `node_modules` keep too).
 */
function compiledFolder() {
  try {
    if (lstatSync(join(generatorRoot, 'node_modules')).isDirectory()) return join(generatorRoot, 'node_modules', '.cache', 'heartnotes', 'generator');
  } catch {
    // No node_modules of its own.
  }
  return join(generatorRoot, '.cache', 'generator');
}

const hashOf = (file) => createHash('sha1').update(readFileSync(join(generatorRoot, file))).digest('base64');

function upToDate() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.root !== generatorRoot) return undefined;
    // Each compiled file as it was written: a stat each (a hash would read ~3 MB).
    if (!stamp.files || !(stamp.entry in stamp.files)) return undefined;
    for (const [file, size] of Object.entries(stamp.files)) {
      if (statSync(join(outDir, file)).size !== size) return undefined;
    }
    const touched = Object.entries(stamp.inputs).filter(([file, mtime]) => statSync(join(generatorRoot, file)).mtimeMs !== mtime);
    if (touched.length === 0) return stamp.entry;
    // A fresh clone (a host's deploy with the cache restored) gives every file a new time: their
    // bytes say whether they changed. The same: the new times are stamped for the next run.
    if (!stamp.hashes || touched.some(([file]) => hashOf(file) !== stamp.hashes[file])) return undefined;
    for (const [file] of touched) stamp.inputs[file] = statSync(join(generatorRoot, file)).mtimeMs;
    writeStamp(stamp);
    return stamp.entry;
  } catch {
    return undefined;
  }
}

function writeStamp(stamp) {
  const tmp = `${stampFile}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, JSON.stringify(stamp));
  renameSync(tmp, stampFile);
}

/** Packages the compiled CLI imports from node_modules at run time rather than bundling. */
const EXTERNAL = new Set([
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
    format: 'cjs',
    platform: 'node',
    // Non-ASCII characters of the code escaped (esbuild's default, relied on by `load`).
    charset: 'ascii',
    target: 'node20',
    // The Markdown chain (markdown-it, unified and hast utilities), js-yaml, zod, React and
    // commander are bundled in: they are some 350 small files, and Node resolving and compiling
    // each one was most of a command's start-up. The compiled site is handed this zod and React
    // (src/pipeline/compile/compile-site.ts, `sharedPackages`). Packages stay external when they
    // are native or load files beside their code, or when they are optional.
    plugins: [keepExternal(EXTERNAL)],
    // `import.meta.url` is the compiled file's (kept-state.ts and common-js.ts read it).
    banner: { js: "const __hn_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    jsx: 'automatic',
    outdir: join(outDir, build),
    outExtension: { '.js': '.cjs' },
    metafile: true,
    logLevel: 'error',
    absWorkingDir: generatorRoot,
    define: { __GENERATOR_ROOT__: JSON.stringify(generatorRoot), 'import.meta.url': '__hn_import_meta_url' },
  }).catch(() => process.exit(70));
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = statSync(join(generatorRoot, file)).mtimeMs;
  // This file holds the compile's options: an edit to it compiles again too.
  inputs['bin/heartnotes.mjs'] = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const entry = `${build}/cli.cjs`;
  const files = {};
  for (const name of readdirSync(join(outDir, build), { recursive: true })) {
    const stat = statSync(join(outDir, build, name));
    if (stat.isFile()) files[`${build}/${name}`] = stat.size;
  }
  const hashes = Object.fromEntries(Object.keys(inputs).map((file) => [file, hashOf(file)]));
  writeStamp({ root: generatorRoot, entry, inputs, hashes, files });
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

/**
 * What the compiled CLI's `require` answers: Node's built-ins, and packages resolved as an
 * `import` from here would resolve them. An ES module (chokidar) is loaded as such (`require` of
 * one came with Node 20.19).
 */
const nodeRequire = createRequire(import.meta.url);
const resolved = new Map();
function cliRequire(id) {
  if (isBuiltin(id)) return nodeRequire(id);
  let file = resolved.get(id);
  if (file === undefined) resolved.set(id, (file = fileURLToPath(import.meta.resolve(id))));
  return nodeRequire(file);
}

/**
 * The code cache of a command: `<compile>.<command>.v8cache` beside the compile's folder (not in
 * it: kept-state.ts keys the site state by that folder's files). After a header (`HEADER`), V8's
 * cached data.
 */
const cacheFileOf = (entry) => join(outDir, `${dirname(entry)}.${commandName(process.argv.slice(2))}.v8cache`);

/**
 * The cache file's header: how many runs wrote it (1 byte), then the CRC-32 of the code it was
 * made from and of the cached data that follows (4 bytes each). V8 checks neither in a release
 * build: cached data of other code of the same length is taken as is, and garbled data crashes
 * the process. Either is refused here.
 */
const HEADER = 9;

/** The generator's own commands (bin/cli.ts), each with a code cache of its own. */
const COMMANDS = new Set(['build', 'check', 'dev', 'preview', 'new', 'help']);

/** The command a run is for, as a file name: `build`, `dev`, …; `site` for the site's commands (and typing errors), `-` for none (`--version`). */
function commandName(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--root') i++;
    else if (!args[i].startsWith('-')) return COMMANDS.has(args[i]) ? args[i] : 'site';
  }
  return '-';
}

/** How many runs of a command write its cache: a cold build, a warm one and a deploy each compile functions the others do not. */
const CACHE_RUNS = 3;

/**
 * Runs the compiled CLI's file with its code cache, and writes the cache when the process exits
 * if there was none, V8 rejected it (another Node, other flags), or fewer than `CACHE_RUNS` runs
 * wrote it: V8 adds the bytecode of every function this run compiled.
 *
 * # Design decision
 * Node 20 has no code cache for ES modules (`module.enableCompileCache` is Node 22), and compiling
 * the CLI's modules was about 0.25 s of CPU in a one-edit deploy of the 4,000-page bench: parsing
 * them, and each function again the first time it ran. One CommonJS file run through `vm.Script`
 * takes V8's cache: eight interleaved deploys, 1.55 against 1.72 s for the whole command (2.21
 * against 2.41 CPU-s). Code splitting (which kept React and the Markdown parser out of `--help`)
 * is lost; esbuild still runs each module's top level only when it is first imported.
 */
async function load(entry) {
  const file = join(outDir, entry);
  // Decoded as latin1, about ten times faster than UTF-8 (3.5 MB: 2 against 20 ms on the machine
  // the figures come from): esbuild escapes every non-ASCII character of the code (`charset`),
  // so only comments it keeps hold any, and latin1 changes nothing but how those read.
  const bytes = readFileSync(file);
  const code = bytes.toString('latin1');
  const cacheFile = cacheFileOf(entry);
  const codeCrc = crc32(bytes);
  let runs = 0;
  let cachedData;
  try {
    const cache = readFileSync(cacheFile);
    const data = cache.subarray(HEADER);
    if (cache.length > HEADER && cache.readUInt32LE(1) === codeCrc && cache.readUInt32LE(5) === crc32(data)) [runs, cachedData] = [cache[0], data];
  } catch {
    // None yet.
  }
  const script = new Script(Module.wrap(code), { filename: file, cachedData, importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (!cachedData || script.cachedDataRejected || runs < CACHE_RUNS) {
    process.once('exit', () => {
      // V8 takes cached data only under the flags it was made with: the one a command sets while
      // it runs (src/pipeline/heap.ts) goes back to V8's default first.
      setFlagsFromString('--heap-growing-percent=0');
      const data = script.createCachedData();
      const header = Buffer.alloc(HEADER);
      header[0] = cachedData && !script.cachedDataRejected ? runs + 1 : 1;
      header.writeUInt32LE(codeCrc, 1);
      header.writeUInt32LE(crc32(data), 5);
      const tmp = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(tmp, Buffer.concat([header, data]));
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, { force: true });
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, cliRequire, module, file, dirname(file));
  const cli = module.exports;
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
