import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { esbuildApi } from './esbuild.ts';
import { OUTPUT_MARKER } from '../write/output-folder.ts';

/**
 * What a compile read (the site's, the styles', the islands', a host function's), so the next
 * build can tell without esbuild that it would compile the same: every source file esbuild loaded (by its bytes, as esbuild got them), the names in
 * each folder it loaded one from (a new file there may be what an import resolves to), and the
 * `tsconfig.json`, `jsconfig.json` and `package.json` files of those folders and every folder
 * above them (esbuild reads them for JSX and path settings).
 *
 * # Design decision
 * A one-edit deploy compiled the same templates again: about 0.45 s of esbuild's process, every
 * build. Keyed by the sources' contents, not their times: a host's fresh clone gives every file a
 * new time. The sources are recorded as esbuild loads them (an `onLoad` plugin that reads the file
 * and hands esbuild those bytes), so a file saved during the compile cannot pair its new bytes
 * with the old output. A folder is listed when its first file is loaded, before esbuild resolves
 * that file's imports: a file added later makes the next key differ, never the same. Rejected:
 * keying by the metafile after the compile (a file saved meanwhile would be hashed in its new
 * version) and by modification times (a fresh clone misses every time).
 */
export interface CompileRecord {
  /** Source files by path relative to the project root, with the SHA-256 of the bytes compiled. */
  files: Map<string, string>;
  /** Folders (relative to the root) with the names they held when their first file was loaded. */
  folders: Map<string, string[]>;
  /** Set when esbuild loaded something this plugin did not (another loader): such a compile is not kept. */
  incomplete: boolean;
}

/** The loader esbuild uses for a source file's extension; only these are read by the plugin. */
const LOADERS: Record<string, esbuild.Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.json': 'json',
  '.css': 'css',
};

function newCompileRecord(): CompileRecord {
  return { files: new Map(), folders: new Map(), incomplete: false };
}

/** An esbuild plugin that loads every source file itself and notes it in `record`; `loaders` as the build's `loader` option. */
export function recordSources(root: string, record: CompileRecord, loaders: Record<string, esbuild.Loader> = {}): esbuild.Plugin {
  return {
    name: 'heartnotes-record-sources',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, ({ path }) => {
        // A `.module.css` file is esbuild's local CSS, not plain CSS: left to esbuild.
        const loader = path.endsWith('.module.css') ? undefined : (loaders[extname(path)] ?? LOADERS[extname(path)]);
        if (!loader) {
          record.incomplete = true;
          return undefined;
        }
        const folder = relative(root, dirname(path));
        if (!record.folders.has(folder)) record.folders.set(folder, listNames(dirname(path)));
        const contents = readFileSync(path);
        record.files.set(relative(root, path), sha256(contents));
        return { contents, loader };
      });
    },
  };
}

/** The key of a compile: its settings (`salt`) and what it read, as found on disk now for `files` and `folders`. */
function compileKey(root: string, salt: string, record: Pick<CompileRecord, 'files' | 'folders'>): string {
  const hash = createHash('sha256').update(salt).update('\0');
  for (const [file, digest] of [...record.files].sort(byName)) hash.update(`${file}\0${digest}\0`);
  for (const [folder, names] of [...record.folders].sort(byName)) hash.update(`${folder}/\0${names.join('\0')}\0`);
  for (const [file, digest] of settingsFiles(root, record.folders.keys())) hash.update(`${file}\0${digest}\0`);
  return hash.digest('hex');
}

/** The record as the disk is now: each recorded file hashed again, each recorded folder listed again (an absent file hashes as ''). */
function recordNow(root: string, files: Iterable<string>, folders: Iterable<string>): Pick<CompileRecord, 'files' | 'folders'> {
  const now: Pick<CompileRecord, 'files' | 'folders'> = { files: new Map(), folders: new Map() };
  for (const file of files) {
    let digest = '';
    try {
      digest = sha256(readFileSync(resolve(root, file)));
    } catch {
      // Gone since: the key differs.
    }
    now.files.set(file, digest);
  }
  for (const folder of folders) now.folders.set(folder, listNames(resolve(root, folder)));
  return now;
}

/** What the compile cache keeps of one compile: enough to load its output and answer for it without esbuild. */
interface KeptCompile<T> {
  key: string;
  files: string[];
  folders: string[];
  result: T;
}

/**
 * The kept compile in `file`, or `undefined` when there is none, it cannot be read, or its
 * checksum (the first line, of the rest) does not match: a damaged entry is compiled again, never used.
 */
function readKeptCompile<T>(file: string): KeptCompile<T> | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const newline = text.indexOf('\n');
    const body = text.slice(newline + 1);
    if (newline < 0 || text.slice(0, newline) !== sha256(Buffer.from(body))) return undefined;
    const kept = JSON.parse(body) as KeptCompile<T>;
    return typeof kept.key === 'string' && Array.isArray(kept.files) && Array.isArray(kept.folders) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `kept` to `file`, after a checksum line, whole or not at all (a temporary file renamed into place). */
function writeKeptCompile<T>(file: string, kept: KeptCompile<T>): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    const body = JSON.stringify(kept);
    writeFileSync(tmp, `${sha256(Buffer.from(body))}\n${body}`);
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written costs the next build a compile, nothing more.
  }
}

const SETTINGS_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];

/** The settings files esbuild may read for sources in `folders`: in each and every folder above it, by absolute path, hashed. */
function settingsFiles(root: string, folders: Iterable<string>): [string, string][] {
  const seen = new Set<string>();
  for (const folder of folders) {
    for (let dir = resolve(root, folder); !seen.has(dir); dir = dirname(dir)) {
      seen.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  const found: [string, string][] = [];
  for (const dir of [...seen].sort()) {
    for (const name of SETTINGS_FILES) {
      const file = join(dir, name);
      if (existsSync(file)) found.push([relative(root, file), sha256(readFileSync(file))]);
    }
  }
  return found;
}

/**
 * The names in a folder, without the hidden ones and without a build's output folder (one with
 * the output marker): an import resolves to a name it spells out or to one with an extension or
 * `/index` added, and no site imports a hidden file or its own output, while those come and go
 * with every build and host (`.netlify/`, `.cache/`, `dist/` missing before the first build).
 */
function listNames(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && !(entry.isDirectory() && existsSync(join(dir, entry.name, OUTPUT_MARKER))))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** Where a compile named `name` is kept in the cache folder `cache` (none: not kept). */
export const keptFileIn = (cache: string | undefined, name: string): string | undefined => (cache ? join(cache, 'compiled', `${name}.json`) : undefined);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const byName = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** What `keptEsbuild` answers with: esbuild's output files and metafile, as a build with `write: false, metafile: true` gives them. */
interface EsbuildOutput {
  outputFiles: { path: string; contents: Uint8Array; text: string }[];
  metafile: esbuild.Metafile;
}

/** The cache's form of an `EsbuildOutput`: paths relative to the project, contents in base64. */
interface KeptOutput {
  outputFiles: { path: string; contents: string }[];
  metafile: esbuild.Metafile;
}

/**
 * A compile, or what the last compile of the same `file` kept, when nothing it read has changed
 * (`CompileRecord`) and `use` can answer from it (`undefined`: it cannot, compile). `compile` is
 * given the record to fill (through `recordSources`) and returns its answer and what to keep
 * (`keep` left out: nothing is kept). No `file`: always compiled, nothing kept. `salt` is what the
 * compile depends on besides the files it reads.
 */
export async function withKeptCompile<K, R>(
  at: { file: string | undefined; root: string; salt: string },
  use: (kept: K) => R | undefined,
  compile: (record: CompileRecord) => Promise<{ answer: R; keep?: K }>,
): Promise<R> {
  const { file, root, salt } = at;
  const kept = file ? readKeptCompile<K>(file) : undefined;
  if (kept && compileKey(root, salt, recordNow(root, kept.files, kept.folders)) === kept.key) {
    const answer = use(kept.result);
    if (answer !== undefined) return answer;
  }
  const record = newCompileRecord();
  const { answer, keep } = await compile(record);
  if (file && keep !== undefined && !record.incomplete) {
    writeKeptCompile(file, { key: compileKey(root, salt, record), files: [...record.files.keys()], folders: [...record.folders.keys()], result: keep });
  }
  return answer;
}

/**
 * `esbuildApi.build(options)` (with `write: false` and `metafile: true`), or its output from the last
 * build of the same name when nothing it read has changed (`withKeptCompile`); `file` is where that
 * is kept (none: always compiled, nothing kept). `salt` names what the options' plugins depend on
 * beyond the files they read. The options' own values are part of the key, the project's folder
 * written as `<root>`, so a clone elsewhere (a host's build folder) finds what another made.
 */
export function keptEsbuild(file: string | undefined, options: esbuild.BuildOptions & { absWorkingDir: string; write: false; metafile: true }, salt = ''): Promise<EsbuildOutput> {
  const root = options.absWorkingDir;
  const { plugins = [], ...settings } = options;
  const keyed = [esbuildApi.version, JSON.stringify(settings).replaceAll(JSON.stringify(root).slice(1, -1), '<root>'), plugins.map((p) => p.name).join(','), salt];
  return withKeptCompile<KeptOutput, EsbuildOutput>(
    { file, root, salt: keyed.join('\0') },
    (kept) => ({
      metafile: kept.metafile,
      outputFiles: kept.outputFiles.map((f) => {
        const contents = Buffer.from(f.contents, 'base64');
        return { path: resolve(root, f.path), contents, text: contents.toString('utf8') };
      }),
    }),
    async (record) => {
      const result = await esbuildApi.build({ ...options, plugins: [recordSources(root, record, options.loader), ...plugins] });
      const outputFiles = result.outputFiles.map((f) => ({ path: relative(root, f.path), contents: Buffer.from(f.contents).toString('base64') }));
      return { answer: result, keep: { outputFiles, metafile: result.metafile } };
    },
  );
}
