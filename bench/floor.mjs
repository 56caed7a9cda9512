// `npm run bench -- --floor [--root DIR] [--pages 4000]`: the CPU floor of a cold build, the work
// the design cannot avoid, each measured alone:
//   - the Markdown parse (markdown-it with the GFM subset the build uses, to a hast tree: parse.ts)
//     over every Markdown body of DIR/content,
//     on this one thread: a first pass (cold, as a build meets it: V8 compiles the parser while it
//     runs) and a second (warm);
//   - the search index over DIR/dist (a build's output): the build's own (`openSearchIndex` fed
//     the records `searchRecord` reads, on this thread), whole and one part of 1,000 pages (what a
//     one-edit deploy makes again); for comparison Pagefind, its CLI over the HTML (what Hugo and
//     Eleventy users run) and its Node API fed the same records, the CPU time of its process.
// DIR defaults to the bench corpus of --pages articles; build it first (`npm run bench -- --stages`
// or `node bin/heartnotes.mjs --root DIR build --out dist`). Prints one table; CPU-s, not wall time,
// is the figure to compare on a busy machine.
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { defaultCorpusDir, generateCorpus, repoRoot } from './corpus.mjs';
import { fmt, printTable } from './report.mjs';

/** Files under `dir` whose names end with `ext`, sorted; no symlinked folders followed. */
function filesUnder(dir, ext) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith(ext))
    .map((d) => join(d.parentPath ?? d.path, d.name))
    .sort();
}

/** This thread's CPU time in ms (Linux schedstat, nanoseconds). */
const threadClock = (() => {
  const fd = openSync('/proc/thread-self/schedstat', 'r');
  const buffer = Buffer.alloc(64);
  return () => Number(buffer.toString('latin1', 0, readSync(fd, buffer, 0, 64, 0)).split(' ')[0]) / 1e6;
})();
const processMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** CPU ms of this process's children that have been waited for (Linux /proc/self/stat cutime + cstime). */
const childrenMs = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
};

/** The generator's own modules, bundled once so this plain-JavaScript script can call them. */
async function generatorModules() {
  const dir = join(repoRoot, 'bench', '.floor');
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, [
    `export { parseMarkdown } from '../../src/pipeline/markdown/parse.ts';`,
    `export { searchRecord } from '../../src/pipeline/search/extract.ts';`,
    `export { openSearchIndex } from '../../src/pipeline/search/search-index.ts';`,
  ].join('\n'));
  await build({ entryPoints: [entry], outfile: join(dir, 'entry.mjs'), bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' });
  return import(pathToFileURL(join(dir, 'entry.mjs')).href);
}

/** The Markdown parse over `bodies`, twice; each pass's CPU (this thread, the process) and wall time. */
function timeParse(parseMarkdown, bodies) {
  const passes = [];
  for (const label of ['Markdown parse, first pass', 'Markdown parse, second pass']) {
    const [t0, p0, w0] = [threadClock(), processMs(), performance.now()];
    for (const body of bodies) parseMarkdown(body);
    passes.push({ label, thread: threadClock() - t0, process: processMs() - p0, wall: performance.now() - w0 });
  }
  return passes;
}

/** Pagefind's CLI over the HTML of `site`, into a scratch folder: its process's CPU and wall time. */
function timePagefindCli(site) {
  const bin = join(repoRoot, 'node_modules', '.bin', 'pagefind');
  const out = mkdtempSync(join(tmpdir(), 'heartnotes-floor-'));
  const [c0, w0] = [childrenMs(), performance.now()];
  const r = spawnSync(bin, ['--site', site, '--output-path', out, '--silent'], { stdio: 'inherit' });
  const row = { label: 'Pagefind CLI over the HTML', thread: undefined, process: childrenMs() - c0, wall: performance.now() - w0 };
  rmSync(out, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`pagefind failed (exit ${r.status})`);
  return row;
}

/**
 * The build's records of `site`'s pages: reading and extracting them (this thread); then the same
 * records into Pagefind's Node API (parts of 1,000 pages, as the build used to: Pagefind's
 * process) and into the build's own index (`openSearchIndex`, this thread), whole and for one part
 * of it, which is what a one-edit deploy makes again.
 */
async function timeIndexes(site, { searchRecord, openSearchIndex }) {
  const pages = filesUnder(site, '.html').map((file) => ({ file, path: `/${relative(site, file).replace(/\.html$/, '').replace(/(^|\/)index$/, '')}` }));
  const [t0, w0] = [threadClock(), performance.now()];
  const records = pages.map((p) => searchRecord(readFileSync(p.file, 'utf8'), p.path)).filter(Boolean);
  const extract = { label: `reading and extracting ${records.length} records`, thread: threadClock() - t0, process: undefined, wall: performance.now() - w0 };
  const pagefind = await timePagefindApi(records);
  // The site's settings (site.config.ts: `search: { maxFragmentFiles: 500 }`).
  const own = (label, some) => {
    const [t1, w1] = [threadClock(), performance.now()];
    const index = openSearchIndex({ maxFragmentFiles: 500, expectedPages: records.length });
    for (const record of some) index.add({ hash: '', record });
    return index.files().then(({ files }) => ({ label: `${label} (${files.length} files)`, thread: threadClock() - t1, process: undefined, wall: performance.now() - w1 }));
  };
  return [extract, pagefind, await own(`own index, whole`, records), await own(`own index, one part of ${Math.min(1000, records.length)} pages`, records.slice(0, 1000))];
}

/** Pagefind's Node API fed `records` in parts of 1,000 (its process's CPU), for comparison with the build's own index. */
async function timePagefindApi(records) {
  const pagefind = await import('pagefind');
  const w0 = performance.now();
  let child;
  const listener = (message) => (child ??= message.process);
  subscribe('child_process', listener);
  for (let at = 0; at < records.length; at += 1000) {
    const { index } = await pagefind.createIndex({ maxFragments: Math.ceil(500 / Math.ceil(records.length / 1000)) });
    unsubscribe('child_process', listener);
    await Promise.all(records.slice(at, at + 1000).map((r) => index.addCustomRecord(r)));
    await index.getFiles();
    await index.deleteIndex();
  }
  const cpu = child?.pid === undefined ? undefined : processCpuMsOf(child.pid);
  await pagefind.close();
  return { label: "Pagefind API, the same records", thread: undefined, process: cpu, wall: performance.now() - w0 };
}

/** CPU ms a running process has used (Linux /proc/PID/stat utime + stime). */
function processCpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function benchFloor(argv) {
  const { values } = parseArgs({ args: argv, options: { root: { type: 'string' }, pages: { type: 'string', default: '4000' } } });
  const root = values.root ?? generateCorpus(defaultCorpusDir(Number(values.pages)), Number(values.pages)).dir;
  const modules = await generatorModules();
  const bodies = filesUnder(join(root, 'content'), '.md').map((f) => readFileSync(f, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
  const mb = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0) / 1e6;
  console.log(`The floor of ${root}: ${bodies.length} Markdown files (${fmt(mb, 1)} MB of bodies)`);
  const rows = timeParse(modules.parseMarkdown, bodies);
  const site = join(root, 'dist');
  if (existsSync(site)) rows.push(timePagefindCli(site), ...(await timeIndexes(site, modules)));
  else console.log(`No ${site}: the search index is not measured (build the site into dist first).`);
  printTable(rows.map((r) => ({
    step: r.label,
    'CPU s (thread)': r.thread === undefined ? '—' : fmt(r.thread / 1000, 2),
    'CPU s (process)': r.process === undefined ? '—' : fmt(r.process / 1000, 2),
    'wall s': fmt(r.wall / 1000, 2),
  })), 1);
}
