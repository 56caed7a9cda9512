import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { HostName } from '../types.ts';
import { tempBeside } from '../write/build-lock.ts';
import { isLink } from '../write/no-links.ts';
import { withPath } from '../write/write.ts';

/**
 * The files a build writes into the project folder for its host, beside the output: Netlify's
 * functions (`.netlify/v1/functions/`) and Cloudflare Pages' `wrangler.toml`. Each starts with
 * `GENERATED_MARK`, which is how a later build knows it may replace or remove it: a build for
 * another host, or without functions, removes them; a file without the mark is the user's and is
 * never touched.
 */
export const GENERATED_MARK = 'Written by heartnotes build';

/** Where Netlify's build and `netlify dev` look for functions a framework wrote (its Frameworks API). */
export const NETLIFY_FUNCTIONS = '.netlify/v1/functions';

/**
 * The compatibility date of the `wrangler.toml` the build writes: a fixed day, so the output does
 * not depend on the clock; the runtime behaviour Cloudflare promises for it is the one tested
 * (`wrangler pages dev` 4.86, whose workerd supports dates up to 2026-05-03).
 */
export const CLOUDFLARE_COMPATIBILITY_DATE = '2026-05-01';

/** The configuration files wrangler reads from the project folder (its JSON forms since wrangler 3.91). */
const WRANGLER_CONFIGS = ['wrangler.json', 'wrangler.jsonc', 'wrangler.toml'];

/** What the host reads from the project folder: the files to write, and what the user must know. */
export interface HostConfig {
  files: Map<string, Uint8Array>;
  /** Sentences for the terminal: a setting the host needs that the build may not write. */
  warnings: string[];
}

/**
 * Cloudflare Pages reads `wrangler.toml` when a deploy or `wrangler pages dev` starts in the
 * project folder: where the output is, and the `nodejs_compat` flag without which a worker that
 * imports `node:` modules (the functions' database client) fails every request with `No such
 * module "node:net"`. The build writes it for `cloudflare`, so no dashboard setting is needed.
 * A configuration file of the user's own is left as it is; when it lacks the flag and the output
 * has functions, a warning names the line to add.
 */
export function hostConfig(root: string, outDir: string, host: HostName, hasFunctions: boolean): HostConfig {
  const config: HostConfig = { files: new Map(), warnings: [] };
  if (host !== 'cloudflare') return config;
  const own = WRANGLER_CONFIGS.find((name) => existsSync(join(root, name)) && !isGenerated(join(root, name)));
  if (own) {
    const text = readFileSync(join(root, own), 'utf8');
    if (hasFunctions && !text.includes('nodejs_compat')) {
      const line = own === 'wrangler.toml' ? 'compatibility_flags = ["nodejs_compat"]' : '"compatibility_flags": ["nodejs_compat"]';
      config.warnings.push(
        `${own} is your own, so the build leaves it as it is, but it does not turn on nodejs_compat, which the functions in _worker.js need (without it Cloudflare answers every request with an error: No such module "node:net"); add the line ${line} to it, or set the flag in the Pages dashboard`,
      );
    }
    return config;
  }
  const output = relative(root, outDir).split(sep).join('/') || '.';
  const text = [
    `# ${GENERATED_MARK} --host cloudflare; the next build replaces or removes it. To keep settings`,
    '# of your own, write this file yourself (without this first line): the build then leaves it alone.',
    `name = ${JSON.stringify(projectName(root))}`,
    `pages_build_output_dir = ${JSON.stringify(output)}`,
    `compatibility_date = "${CLOUDFLARE_COMPATIBILITY_DATE}"`,
    'compatibility_flags = ["nodejs_compat"]',
    '',
  ].join('\n');
  config.files.set('wrangler.toml', new TextEncoder().encode(text));
  return config;
}

/** The Pages project's name: package.json's `name`, else the folder's, as Cloudflare allows (a-z, 0-9, -). */
function projectName(root: string): string {
  let name = '';
  try {
    name = String(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name ?? '');
  } catch { /* no package.json: the folder's name */ }
  const clean = (s: string) => s.replace(/^@[^/]+\//, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 58);
  return clean(name) || clean(basename(root)) || 'site';
}

/** Whether `file` starts with the mark of a file the build wrote. */
function isGenerated(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(200);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8').split('\n', 1)[0].includes(GENERATED_MARK);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The files in the project folder that an earlier build wrote for a host (by their mark). */
function generatedFiles(root: string): string[] {
  let functions: string[] = [];
  try {
    functions = readdirSync(join(root, NETLIFY_FUNCTIONS)).map((name) => `${NETLIFY_FUNCTIONS}/${name}`);
  } catch { /* no such folder */ }
  return ['wrangler.toml', ...functions].filter((file) => isGenerated(join(root, file)));
}

/** Project files written beside their places before the swap; `commit` puts them in place after it. */
export interface StagedProjectFiles {
  /** Renames each file into place and removes the generated files this build does not write (after the swap). */
  commit(): void;
  /** Removes the files written (the build failed before the swap). */
  abort(): void;
}

/**
 * Writes the files a host reads from the project folder under temporary names beside their
 * places (this build's own: pid and random), before the output is swapped in: a folder that
 * cannot be made or written (a file named `.netlify`, a full disk) fails the build while the
 * previous output is still in place. `commit`, after the swap, is only renames and removals:
 * each file is put in place by a rename (never half-written), then the files an earlier build
 * wrote that this one does not are removed (a function whose prefix was renamed or removed, or
 * the files of another host, must not stay deployed; a file without the mark is the user's). A
 * folder on the way that is a symbolic link is refused: its files are not the project's to remove.
 */
export function stageProjectFiles(root: string, files: Map<string, Uint8Array>): StagedProjectFiles {
  const staged: { temp: string; to: string }[] = [];
  const abort = () => {
    for (const { temp } of staged) rmSync(temp, { force: true });
  };
  try {
    for (const folder of new Set([...files.keys()].map((file) => dirname(file)))) {
      refuseLinks(root, folder);
      mkdirSync(join(root, folder), { recursive: true });
    }
    for (const [file, contents] of files) {
      const to = join(root, file);
      const temp = tempBeside(to);
      staged.push({ temp, to });
      withPath(temp, () => writeFileSync(temp, contents));
    }
  } catch (error) {
    abort();
    throw error;
  }
  return {
    commit() {
      for (const { temp, to } of staged) renameSync(temp, to);
      for (const file of generatedFiles(root)) if (!files.has(file)) rmSync(join(root, file), { force: true });
    },
    abort,
  };
}

/** Fails when `folder` (relative to `root`) or a folder above it inside `root` is a symbolic link. */
function refuseLinks(root: string, folder: string): void {
  const parts = folder.split('/').filter((part) => part !== '.');
  for (let i = 1; i <= parts.length; i++) {
    const path = parts.slice(0, i).join('/');
    if (isLink(join(root, path))) throw new DiagnosticError([{ ...messages.projectFolderIsLink(path, readlinkSync(join(root, path))), file: path }]);
  }
}
