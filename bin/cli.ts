import { Command, CommanderError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { formatMs } from '../src/pipeline/format.ts';
import { isAfterSwapError } from '../src/pipeline/write/after-swap.ts';
import { isDiskFullError } from '../src/pipeline/write/disk-full.ts';
import { isFunctionOpenError } from '../src/serve/functions.ts';
import { isListenError } from '../src/serve/port.ts';
import type { CommandSpec } from '../src/pipeline/types.ts';
import { isHostName } from '../src/pipeline/hosts/host.ts';
import * as api from '../src/node.ts';
import { DEV_OUT, DiagnosticError, formatDiagnostic, HOST_LABELS, type BuildSummary, type HostName } from '../src/node.ts';
import pkg from '../package.json' with { type: 'json' };
import { UsageError } from './usage-error.ts';

// The commands' flags, help, printing and exit codes over the Node API (src/node.ts), which does
// the work. Each command imports what it needs when it runs, so `--help` or a build with nothing
// to do never loads React or the Markdown parser.

/** What the commands share: the project folder (`--root`) and the exit code an action sets. */
interface Cli {
  program: Command;
  root(): string;
  exitCode: number;
}

type Options = Record<string, unknown>;

/** Exit codes: 0 ok, 1 the site has problems, 2 wrong usage. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('heartnotes')
    .description('Builds the site in content/ and templates/ into plain files for any static host.')
    .version(pkg.version, '-v, --version')
    .option('--root <dir>', 'project folder', '.')
    .option('--verbose', 'more detail, and the stack of an unexpected error')
    .addHelpText('after', '\nCommands the site adds in site.config.ts ("commands") are not listed here;\n"heartnotes <command> --help" shows the help of one.')
    .showHelpAfterError()
    .exitOverride();
  const cli: Cli = { program, root: () => resolve(String(program.opts().root)), exitCode: 0 };
  // What fails later, outside any command's own handling (a server's or watcher's callback), is
  // said the same way as what a command throws: one sentence, the stack only with --verbose.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      console.error(unexpected(error, argv.includes('--verbose')));
      process.exit(1);
    });
  }
  // `heartnotes --help | head`: a reader that stops reading is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
  addBuildCommands(cli);
  addPreviewCommand(cli);
  addDevCommand(cli);
  await addNewCommand(cli, argv);
  const siteCommandsProblem = await addSiteCommands(cli, argv);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError && error.code === 'commander.unknownCommand' && siteCommandsProblem) {
      console.error(`The commands of the site could not be loaded: ${siteCommandsProblem}`);
    }
    return exitCodeFor(error, program, argv);
  }
  return cli.exitCode;
}

/**
 * `--verbose`, given before or after the command: the program declares it too (so every command,
 * `preview` and the site's own among them, takes it for an unexpected error's stack), and
 * commander then gives it to the program wherever it is written.
 */
function verbose(cli: Cli, opts: Options): boolean {
  return Boolean(opts.verbose || cli.program.opts().verbose);
}

/**
 * Where a long build says each stage as it starts and ends: standard error, on a terminal only
 * (a log file or CI gets the summary alone, as before), and not with `--quiet`.
 */
function progressLine(quiet: boolean): ((line: string) => void) | undefined {
  return !quiet && process.stderr.isTTY ? (line) => console.error(line) : undefined;
}

/** Runs an action, keeping the exit code it returns (none: 0). */
function act<A extends unknown[]>(cli: Cli, action: (...args: A) => Promise<number | void>) {
  return async (...args: A) => {
    cli.exitCode = (await action(...args)) ?? 0;
  };
}

/** The exit code for what a command threw, after printing it the way its kind asks. */
function exitCodeFor(error: unknown, program: Command, argv: string[]): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    // `heartnotes help` exits 0; `heartnotes` with no command shows the help on stderr as a usage error.
    if (error.code === 'commander.help') return error.exitCode === 0 ? 0 : 2;
    if (error.code === 'commander.executeSubCommandAsync') return 0;
    if (argv.length <= 2) program.outputHelp({ error: true });
    return 2;
  }
  if (error instanceof UsageError) {
    console.error(error.message);
    return 2;
  }
  if (error instanceof DiagnosticError) {
    const list = error.diagnostics;
    console.error(list.map(formatDiagnostic).join('\n\n'));
    // `check` never writes, so there is nothing to reassure about.
    const written = commandNamed(argv.slice(2)) === 'check' ? '' : '; nothing was written';
    console.error(`\n${list.length} problem${list.length === 1 ? '' : 's'} found${written}.`);
    return 1;
  }
  // A server function that cannot open (e.g. an unusable DATABASE_URL) says why in its message,
  // and so do a full disk, a failure after the output was swapped in and a port that is taken.
  if (isFunctionOpenError(error) || isDiskFullError(error) || isAfterSwapError(error) || isListenError(error)) {
    console.error(error.message);
    return 1;
  }
  console.error(unexpected(error, argv.includes('--verbose')));
  return 1;
}

/**
 * An error no command expected, as one sentence with a pointer to `--verbose` (or, with it, the
 * whole stack): a stack trace tells an editor nothing they can act on.
 */
export function unexpected(error: unknown, verbose: boolean): string {
  if (verbose) return (error as Error)?.stack ?? String(error);
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].trim() || 'an unexpected error';
  const code = (error as NodeJS.ErrnoException)?.code;
  return `${message}${code && !message.includes(code) ? ` (${code})` : ''}; run with --verbose for the stack`;
}


/** The flags `build` and `check` share. */
function withBuildFlags(cmd: Command): Command {
  return withSiteFlags(cmd.option('--out <dir>', 'output folder', 'dist'))
    .option('--drafts', 'include drafts and future-dated entries, marked as such (build: not into dist/)', false);
}

/** The flags `build`, `check` and `dev` share. */
function withSiteFlags(cmd: Command): Command {
  return cmd
    .option('--base-url <url>', 'absolute site URL for canonical links, the sitemap and the feed; a path in it (https://x.example/blog/) puts the whole site under /blog/')
    .option('-q, --quiet', 'print only errors', false)
    .option('--verbose', 'print more detail', false);
}

/** `--host <name>`: which static host `build` writes for and `preview` serves like. */
function hostOption(cmd: Command, what: string, byDefault = "the config's deploy.host, else static"): Command {
  return cmd.option('--host <name>', `${what}: netlify, cloudflare or static (default: ${byDefault})`, (value: string) => {
    if (!isHostName(value)) {
      throw new UsageError(`--host must be netlify, cloudflare or static, not "${value}" (the address to listen on is --listen)`);
    }
    return value;
  });
}

/** `build` and `check`: one run of the pipeline, writing the output or only checking it. */
function addBuildCommands(cli: Cli): void {
  const run = async (opts: Options, checkOnly: boolean) => {
    const summary = await (checkOnly ? api.check : api.build)({
      root: cli.root(),
      out: String(opts.out),
      baseUrl: opts.baseUrl as string | undefined,
      host: opts.host as HostName | undefined,
      drafts: Boolean(opts.drafts),
      cache: opts.cache !== false,
      log: opts.quiet ? undefined : (line: string) => console.log(line),
      warn: (line: string) => console.error(line),
      timeParse: verbose(cli, opts),
      progress: progressLine(Boolean(opts.quiet)),
    });
    if (verbose(cli, opts)) printTimings(summary);
  };
  hostOption(withBuildFlags(cli.program.command('build').description('clean, full build into the output folder')), 'the host to write for')
    .option('--no-cache', 'ignore and do not write the .cache folder')
    .action(act(cli, (opts: Options) => run(opts, false)));
  hostOption(withBuildFlags(cli.program.command('check').description('validate content and links without writing output')), 'the host to check for')
    .action(act(cli, (opts: Options) => run(opts, true)));
}

/** `preview`: the built output served the way a CDN would, with the site's server functions. */
function addPreviewCommand(cli: Cli): void {
  hostOption(cli.program.command('preview'), 'serve as this host would', 'the one the build wrote for')
    .description('serve the built output the way its host would')
    .option('--out <dir>', 'folder to serve', 'dist')
    .option('--port <number>', 'port', parsePort, 4173)
    .option('--listen <address>', 'address to listen on', '127.0.0.1')
    .option('-q, --quiet', 'do not print a line per request', false)
    .action(act(cli, async (opts: Options, command: Command) => {
      // The address comes first; what the functions log while opening follows it.
      const held: string[] = [];
      let log = (line: string) => {
        held.push(line);
      };
      const server = await api.preview({
        root: cli.root(),
        out: String(opts.out),
        host: opts.host as HostName | undefined,
        port: Number(opts.port),
        explicitPort: command.getOptionValueSource('port') !== 'default',
        listen: String(opts.listen),
        onResponse: opts.quiet ? undefined : (e) => console.log(requestLogLine(e)),
        log: (line) => log(line),
      });
      if (server.moved) console.log(server.moved);
      // One write: a reader that waits for the address gets the mismatch line with it.
      const serving = `Previewing ${server.shown}/ as ${HOST_LABELS[server.host]} would serve it, at ${server.url} (Ctrl+C to stop)`;
      console.log(server.host === server.built ? serving : `${serving}\n${hostMismatch(server.shown, server.built, server.host)}`);
      log = (line) => console.log(line);
      held.forEach(log);
      // Ctrl+C or a supervisor's SIGTERM: close the functions (a database may write its files) first.
      closeOnSignal(server.close);
      await new Promise(() => {});
    }));
}

/** Ctrl+C or a supervisor's SIGTERM: `close` (a database may write its files, dev its manifest), then exit. */
function closeOnSignal(close: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().finally(() => process.exit(0)));
  }
}

/**
 * `preview --host cloudflare` of a folder built for Netlify: its rules files were written for the
 * other host, so what is served is not what either host would serve from it.
 */
function hostMismatch(dir: string, built: HostName, host: HostName): string {
  return `${dir}/ was built for ${HOST_LABELS[built]}, so its redirect and header rules are that host's, not ${HOST_LABELS[host]}'s; build with --host ${host} to see what ${HOST_LABELS[host]} would serve.`;
}

/** `dev`: build, serve and rebuild on every change (src/dev/dev-server.ts). */
function addDevCommand(cli: Cli): void {
  withSiteFlags(cli.program.command('dev').description(`build into ${DEV_OUT}/, serve, and rebuild on every change (drafts and scheduled entries included)`))
    .option('--no-drafts', 'leave out drafts and future-dated entries, as build does')
    .addOption(new Option('--out <dir>').hideHelp())
    .option('--port <number>', 'port', parsePort, 4321)
    .option('--listen <address>', 'address to listen on', '127.0.0.1')
    .action(act(cli, async (opts: Options, command: Command) => {
      if (opts.out !== undefined) {
        throw new UsageError(`dev writes to ${DEV_OUT}/ only, never to a folder you deploy (it shows drafts); --out is for "heartnotes build"`);
      }
      const server = await api.dev({
        root: cli.root(),
        listen: String(opts.listen),
        port: Number(opts.port),
        explicitPort: command.getOptionValueSource('port') !== 'default',
        baseUrl: opts.baseUrl as string | undefined,
        drafts: opts.drafts !== false,
        verbose: verbose(cli, opts),
        progress: progressLine(Boolean(opts.quiet)),
        log: (line) => console.log(line),
      });
      // Ctrl+C or a supervisor's SIGTERM: record what dev wrote in the build manifest before exiting.
      closeOnSignal(server.close);
      await new Promise(() => {});
    }));
}

/**
 * `new <kind> <title>`: a content file from one of the site's scaffolds (src/scaffold.ts, the API's `scaffold`). The
 * values the scaffolds ask for (`--category`, say) are flags; only `new` and its help compile the
 * site to learn them, so `heartnotes --help` and the other commands stay instant.
 */
async function addNewCommand(cli: Cli, argv: string[]): Promise<void> {
  const args = argv.slice(2);
  const command = cli.program
    .command('new')
    .description('scaffold a content file with valid front matter, e.g. new post "First date ideas"')
    .argument('<kind>', 'what to create: one of the kinds listed below (the scaffolds in site.config.ts)')
    .argument('<title>', 'its title')
    .option('--slug <slug>', 'the file name and address to use instead of one made from the title');
  if (commandNamed(args) !== 'new') return;
  const { scaffoldFlags, scaffoldKindsHelp } = await import('../src/scaffold.ts');
  const root = resolve(rootOption(args));
  const flags = await scaffoldFlags(root);
  for (const [name, describe] of flags) if (/^[a-z][a-z0-9-]*$/.test(name) && name !== 'slug') command.option(`--${name} <value>`, describe);
  command.action(act(cli, (kind: string, title: string, opts: Record<string, string | undefined>) => {
    const given = Object.fromEntries([...flags.keys()].map((name) => [name, opts[name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())]]));
    return newFile(cli.root(), { kind, title, slug: opts.slug, given });
  }));
  if (asksHelpFor('new', args)) command.addHelpText('after', await scaffoldKindsHelp(root));
}

/** Runs `new`: 0 with the file written, 1 with why none was. A value left out is asked for on a terminal. */
async function newFile(root: string, request: api.ScaffoldRequest): Promise<number> {
  const result = await api.scaffold({ ...request, root, ...(process.stdin.isTTY ? { ask: askOnTerminal } : {}) });
  if ('problem' in result) {
    console.error(result.problem);
    return 1;
  }
  console.log(`Created ${result.file}`);
  return 0;
}

/** Asks for one value on the terminal, listing the choices by number; three tries. */
async function askOnTerminal(name: string, describe: string, choices: string[]): Promise<string | undefined> {
  const { pickChoice } = await import('../src/scaffold.ts');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    console.error(`${describe.charAt(0).toUpperCase()}${describe.slice(1)} (--${name}):`);
    choices.forEach((c, i) => console.error(`  ${String(i + 1).padStart(String(choices.length).length)}. ${c}`));
    for (let tries = 0; tries < 3; tries++) {
      const answer = await rl.question(`${name} (a number or a name): `);
      const picked = pickChoice(answer, choices);
      if (picked) return picked;
      console.error(`"${answer.trim()}" is none of them.`);
    }
    return undefined;
  } finally {
    rl.close();
  }
}

/**
 * Adds the commands the site declares (`commands` in site.config.ts) when the arguments name a
 * command that is not built in; returns why they could not be loaded, if so.
 *
 * # Design decision
 * Listing them means compiling the site (~150 ms), so only such a command, or its `--help`,
 * compiles it: `heartnotes --help` and the built-in commands stay as fast as before. Options
 * considered: compiling for every command (slower `--help` and `preview`), or a command list
 * written next to the build output (stale whenever the config changes).
 */
async function addSiteCommands(cli: Cli, argv: string[]): Promise<string | undefined> {
  const args = argv.slice(2);
  const name = commandNamed(args);
  if (!name || name === 'help' || cli.program.commands.some((c) => c.name() === name)) return undefined;
  const root = resolve(rootOption(args));
  if (!existsSync(join(root, 'site.config.ts'))) return undefined;
  try {
    const { compileSite } = await import('../src/pipeline/compile/compile-site.ts');
    const { config } = await compileSite(root);
    for (const [command, spec] of Object.entries(config.commands ?? {})) addSiteCommand(cli, cli.program, command, spec);
    return undefined;
  } catch (error) {
    return error instanceof DiagnosticError ? error.diagnostics[0]?.message : (error as Error).message;
  }
}

/** Registers one command the site declares, with its flags and subcommands, under `parent`. */
function addSiteCommand(cli: Cli, parent: Command, name: string, spec: CommandSpec): void {
  const command = parent.command(name).description(spec.description);
  for (const option of spec.options ?? []) {
    if (option.required) command.requiredOption(option.flags, option.description);
    else command.option(option.flags, option.description);
  }
  for (const [sub, subSpec] of Object.entries(spec.subcommands ?? {})) addSiteCommand(cli, command, sub, subSpec);
  const action = spec.action;
  if (action) command.action(act(cli, (opts: Record<string, string | boolean | undefined>) => action(opts, { root: cli.root() })));
}

/**
 * `GET /blog/hello-world 200 3 ms`: one line per request. The target is printed as sent when it
 * is plain printable ASCII, otherwise quoted with escapes, so no request can forge or split a line.
 */
function requestLogLine(e: { method: string; target: string; status: number; ms: number }): string {
  const show = (text: string) => (/^[\x21-\x7e]{1,200}$/.test(text) ? text : JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text));
  return `${show(e.method)} ${show(e.target)} ${e.status} ${Math.round(e.ms)} ms`;
}

/** The value of `--root` among the arguments before the command (default: `.`). */
function rootOption(args: string[]): string {
  const i = args.findIndex((a) => a === '--root' || a.startsWith('--root='));
  if (i < 0) return '.';
  return args[i].startsWith('--root=') ? args[i].slice('--root='.length) : (args[i + 1] ?? '.');
}

/** The words of the arguments: what is neither a flag nor the value of `--root`. */
function wordsOf(args: string[]): string[] {
  return args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--root');
}

/** The command the arguments run or ask the help of (`help <command>` names `command`), if any. */
function commandNamed(args: string[]): string | undefined {
  const words = wordsOf(args);
  return words[0] === 'help' ? words[1] : words[0];
}

/** Whether the arguments ask for the help of `command`: `<command> --help` or `help <command>`. */
function asksHelpFor(command: string, args: string[]): boolean {
  const words = wordsOf(args);
  if (words[0] === 'help') return words[1] === command;
  return words[0] === command && args.some((a) => a === '--help' || a === '-h');
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${value}"`);
  return port;
}

/**
 * `--verbose`: the wall time of each stage and its CPU time (the process's, every thread, and this
 * thread's), then where each render thread spent the render stage.
 */
function printTimings(summary: BuildSummary): void {
  for (const [stage, ms] of Object.entries(summary.stages)) {
    const cpu = summary.stageCpu?.[stage];
    const thread = cpu?.threadMs === undefined ? '—' : formatMs(cpu.threadMs);
    console.log(`  ${stage.padEnd(24)} ${formatMs(ms).padStart(9)}${cpu ? `   CPU ${formatMs(cpu.processMs).padStart(9)}, this thread ${thread}` : ''}`);
  }
  const state = summary.siteState;
  if (state?.kept) console.log(`  site state: the last build's, with ${state.edited} ${state.edited === 1 ? 'body' : 'bodies'} edited (only Markdown bodies changed)`);
  else if (state) console.log(`  site state: computed (the last build's does not hold: ${state.reason})`);
  const { cards } = summary;
  if (cards) console.log(`  social cards: ${cards.drawn} drawn, ${cards.cached} from the cache, ${formatMs(cards.ms)} (after render)`);
  if (!summary.threads.length) return;
  // Wall time per part of the render stage, and the thread's CPU time (a worker's whole life; the
  // main thread's during the render stage).
  console.log(`  ${'render thread'.padEnd(16)} ${'pages'.padStart(6)} ${'markdown'.padStart(9)} ${'templates'.padStart(9)} ${'links'.padStart(9)} ${'write'.padStart(9)} ${'CPU'.padStart(9)}`);
  for (const t of summary.threads) {
    const cells = [t.markdownMs, t.templatesMs, t.linksMs, t.writeMs].map((ms) => formatMs(ms).padStart(9));
    const cpu = t.cpuMs === undefined ? '—' : formatMs(t.cpuMs);
    console.log(`  ${t.thread.padEnd(16)} ${String(t.pages).padStart(6)} ${cells.join(' ')} ${cpu.padStart(9)}`);
  }
  printFloor(summary);
}

/**
 * The CPU floor of the build beside what it spends on everything else: the Markdown parse (summed
 * over the render threads) and making the search index's parts (the main thread) are work the
 * design cannot avoid; the rest is this process's CPU since it started (every thread) less those.
 * "—" where the system does not say. Last, how much of the whole the kernel spent for the process.
 */
function printFloor(summary: BuildSummary): void {
  const { user, system } = process.cpuUsage();
  const processMs = (user + system) / 1000;
  const parses = summary.threads.map((t) => t.parseCpuMs).filter((ms) => ms !== undefined);
  const parseMs = parses.length ? parses.reduce((a, b) => a + b, 0) : undefined;
  const searchMs = summary.searchCpuMs;
  const cell = (ms: number | undefined) => (ms === undefined ? '—' : formatMs(ms)).padStart(9);
  console.log('  CPU floor and overhead');
  console.log(`  ${'Markdown parse'.padEnd(24)} ${cell(parseMs)}   markdown-it to hast, every render thread`);
  console.log(`  ${'search index'.padEnd(24)} ${cell(searchMs)}   the parts' words and pages, main thread`);
  console.log(`  ${'everything else'.padEnd(24)} ${cell(processMs - (parseMs ?? 0) - (searchMs ?? 0))}   of ${formatMs(processMs)} in all`);
  // The kernel's part of those (creating files, mapping memory) depends on the disk as much as on
  // the build: on a file system that skips recently deleted inodes, a build run just after
  // `rm -rf dist` spends several times more here (docs/architecture.md, "The kernel's share of a cold build").
  console.log(`  ${'in the kernel'.padEnd(24)} ${cell(system / 1000)}   of the ${formatMs(processMs)}: making files, mapping memory`);
}
