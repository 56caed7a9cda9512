import { Command, CommanderError, Option } from 'commander';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DiagnosticError, formatDiagnostic } from '../src/diagnostics/diagnostic.ts';
import { formatMs } from '../src/pipeline/format.ts';
import { outputFolderProblem, recoverOutput } from '../src/pipeline/write/output-folder.ts';
import { generatorRoot } from '../src/pipeline/paths.ts';
import { upToDateSummary } from '../src/pipeline/plan/up-to-date.ts';
import pkg from '../package.json' with { type: 'json' };

// Each command imports what it needs when it runs, so `--help` or a build with nothing to do
// never loads React or the Markdown parser.

/** Exit codes: 0 ok, 1 the site has problems, 2 wrong usage. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('heartnotes')
    .description('Builds the site in content/ and templates/ into plain files for any static host.')
    .version(pkg.version, '-v, --version')
    .option('--root <dir>', 'project folder', '.')
    .showHelpAfterError()
    .exitOverride();
  let exitCode = 0;

  const common = (cmd: Command) =>
    cmd
      .option('--out <dir>', 'output folder', 'dist')
      .option('--base-url <url>', 'absolute site URL for canonical links, the sitemap and the feed')
      .option('--drafts', 'include drafts and future-dated entries', false)
      .option('-q, --quiet', 'print only errors', false)
      .option('--verbose', 'print more detail', false);

  /**
   * Refuses an `--out` that names a folder a build must not replace, before anything is written
   * or removed; for commands that write, first puts back an output a killed build left renamed away.
   */
  const checkOut = (root: string, out: string, writes: boolean) => {
    const problem = outputFolderProblem(root, out, generatorRoot, out);
    if (problem) throw new UsageError(problem);
    if (writes) recoverOutput(resolve(root, out));
  };

  const runBuild = async (opts: Record<string, unknown>, checkOnly: boolean) => {
    const root = resolve(String(program.opts().root));
    checkOut(root, String(opts.out), !checkOnly);
    const baseUrl = opts.baseUrl as string | undefined;
    if (baseUrl && !/^https?:\/\/[^/]+/.test(baseUrl)) {
      throw new UsageError(`--base-url must be an absolute http(s) URL such as https://example.com, not "${baseUrl}"`);
    }
    const buildOptions = {
      root,
      outDir: String(opts.out),
      baseUrl,
      drafts: Boolean(opts.drafts),
      checkOnly,
      noCache: opts.cache === false,
      log: opts.quiet ? undefined : (line: string) => console.log(line),
    };
    // The up-to-date check needs none of the pipeline's modules; load them only when needed.
    const summary =
      upToDateSummary(buildOptions) ?? (await (await import('../src/build.ts')).build(buildOptions));
    if (opts.verbose) {
      for (const [stage, ms] of Object.entries(summary.stages)) console.log(`  ${stage.padEnd(24)} ${formatMs(ms)}`);
    }
  };

  common(program.command('build').description('clean, full build into the output folder'))
    .option('--no-cache', 'ignore and do not write the .cache folder')
    .action((opts) => runBuild(opts, false));

  common(program.command('check').description('validate content and links without writing output'))
    .action((opts) => runBuild(opts, true));

  program
    .command('preview')
    .description('serve the built output the way a CDN would')
    .option('--out <dir>', 'folder to serve', 'dist')
    .option('--port <number>', 'port', parsePort, 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('-q, --quiet', 'do not print a line per request', false)
    .action(async (opts) => {
      const dir = resolve(String(program.opts().root), opts.out);
      if (!existsSync(join(dir, 'index.html'))) {
        throw new UsageError(`nothing to preview in ${relative(process.cwd(), dir) || dir}/ — run "heartnotes build" first`);
      }
      const { createStaticServer, listen } = await import('../src/serve/static-server.ts');
      const { mountForms, StoreOpenError } = await import('../site/functions/node.ts');
      let forms: Awaited<ReturnType<typeof mountForms>>;
      // The address comes first; what the forms store in follows it.
      const held: string[] = [];
      let log = (line: string) => {
        held.push(line);
      };
      try {
        forms = await mountForms({ root: resolve(String(program.opts().root)), log: (line) => log(line) });
      } catch (error) {
        if (!(error instanceof StoreOpenError)) throw error;
        console.error(error.message);
        exitCode = 1;
        return;
      }
      const server = createStaticServer({
        dir,
        mounts: { '/api/': forms.handler },
        onResponse: opts.quiet ? undefined : (e) => console.log(requestLogLine(e)),
      });
      let url: string;
      try {
        ({ url } = await listen(server, opts.host, opts.port));
      } catch (error) {
        await forms.close();
        throw error;
      }
      console.log(`Previewing ${relative(process.cwd(), dir) || dir}/ at ${url}/ (Ctrl+C to stop)`);
      log = (line) => console.log(line);
      held.forEach(log);
      // Ctrl+C or a supervisor's SIGTERM: close the forms store (PGlite writes its folder) first.
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          server.close();
          void forms.close().finally(() => process.exit(0));
        });
      }
      await new Promise(() => {});
    });

  common(program.command('dev').description('build, serve, and rebuild on every change'))
    .option('--port <number>', 'port', parsePort, 4321)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts) => {
      const root = resolve(String(program.opts().root));
      checkOut(root, String(opts.out), true);
      const { startDevServer } = await import('../src/dev/dev-server.ts');
      await startDevServer({
        root,
        outDir: String(opts.out),
        host: opts.host,
        port: opts.port,
        baseUrl: opts.baseUrl,
        drafts: opts.drafts !== false,
        log: (line) => console.log(line),
      });
      await new Promise(() => {});
    });

  const subscribers = program
    .command('subscribers')
    .description('export or delete what the forms stored about one email address (GDPR access and erasure)');
  const privacyCommands = {
    export: 'print as JSON everything stored about an address: subscriptions and contact messages',
    delete: 'remove everything stored about an address and print what was removed',
  } as const;
  for (const [name, description] of Object.entries(privacyCommands) as [keyof typeof privacyCommands, string][]) {
    subscribers
      .command(name)
      .description(`${description} (PGlite in .data/, or the database at DATABASE_URL)`)
      .requiredOption('--email <address>', 'the email address, in any letter case')
      .action(async (opts: { email: string }) => {
        const email = opts.email.trim();
        if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email must be an email address such as ann@example.com, not "${opts.email}"`);
        const { openStore, StoreOpenError } = await import('../site/functions/node.ts');
        let store: Awaited<ReturnType<typeof openStore>>;
        try {
          store = await openStore({ root: resolve(String(program.opts().root)) });
        } catch (error) {
          if (!(error instanceof StoreOpenError)) throw error;
          console.error(error.message);
          exitCode = 1;
          return;
        }
        try {
          const data = name === 'export' ? await store.exportEmail(email) : await store.deleteEmail(email);
          console.log(JSON.stringify(data, null, 2));
          const what = `${count(data.subscribers.length, 'subscription')} and ${count(data.contacts.length, 'contact message')}`;
          console.error(`${name === 'export' ? 'Found' : 'Removed'} ${what} for ${email} in ${store.description}.`);
        } catch (error) {
          console.error(`Could not ${name} the data of ${email} in ${store.description}: ${(error as Error).message}. Nothing was changed.`);
          exitCode = 1;
        } finally {
          await store.close();
        }
      });
  }

  const newCommand = program
    .command('new')
    .description('scaffold a content file with valid front matter, e.g. new post "First date ideas"')
    .argument('<kind>', 'what to create: one of the kinds listed below (the scaffolds in site.config.ts)')
    .argument('<title>', 'its title')
    .option('--slug <slug>', 'the file name and address to use instead of one made from the title')
    .action(async (kind: string, title: string, opts: { slug?: string }) => {
      const root = resolve(String(program.opts().root));
      const { compileSite } = await import('../src/pipeline/compile/compile-site.ts');
      const { slugify } = await import('../src/pipeline/load/slug.ts');
      const { config } = await compileSite(root);
      const scaffold = config.scaffolds?.[kind];
      if (!scaffold) {
        throw new UsageError(`unknown kind "${kind}"; this site can scaffold: ${Object.keys(config.scaffolds ?? {}).join(', ') || 'nothing'}`);
      }
      const slug = opts.slug ?? slugify(title);
      if (opts.slug !== undefined && (slug === '' || slugify(slug) !== slug)) {
        throw new UsageError(`--slug must be lowercase letters a-z, digits and single dashes, e.g. --slug ${slugify(slug) || 'first-date-ideas'}`);
      }
      if (!slug) {
        throw new UsageError(`"${title}" has no letters a-z or digits to make a file name and address from; give one with --slug, e.g. --slug first-date-ideas`);
      }
      const today = new Date().toISOString().slice(0, 10);
      const { file, text } = scaffold({ title, slug, today });
      const contentDir = config.contentDir ?? 'content';
      const name = file.split('/').pop() ?? '';
      if (!file.startsWith(`${contentDir}/`) || file.split('/').some((s) => s === '..' || s.startsWith('.')) || !/^[a-z0-9][a-z0-9._-]*\.(md|json)$/.test(name)) {
        throw new UsageError(`the "${kind}" scaffold in site.config.ts named the file "${file}", which is not a content file with a safe name; use the slug it is given (${slug})`);
      }
      const path = join(root, file);
      if (existsSync(path)) {
        console.error(`${file} already exists; nothing was written. Choose another title or edit that file.`);
        exitCode = 1;
        return;
      }
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      console.log(`Created ${file}`);
    });

  // Only `new --help` compiles the site to list its kinds; `heartnotes --help` stays instant.
  if (asksHelpFor('new', argv.slice(2))) newCommand.addHelpText('after', await scaffoldKindsHelp(resolve(rootOption(argv.slice(2)))));

  try {
    await program.parseAsync(argv);
  } catch (error) {
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
      console.error(`\n${list.length} problem${list.length === 1 ? '' : 's'} found; nothing was written.`);
      return 1;
    }
    console.error((error as Error).stack ?? String(error));
    return 1;
  }
  return exitCode;
}

class UsageError extends Error {}

/**
 * `GET /post/first-date 200 3 ms`: one line per request. The target is printed as sent when it is
 * plain printable ASCII, otherwise quoted with escapes, so no request can forge or split a line.
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

/** Whether the arguments ask for the help of `command`: `<command> --help` or `help <command>`. */
function asksHelpFor(command: string, args: string[]): boolean {
  const words = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--root');
  if (words[0] === 'help') return words[1] === command;
  return words[0] === command && args.some((a) => a === '--help' || a === '-h');
}

/** The kinds `new` can scaffold in the site at `root`, each with the file it would create. */
async function scaffoldKindsHelp(root: string): Promise<string> {
  try {
    const { compileSite } = await import('../src/pipeline/compile/compile-site.ts');
    const { config } = await compileSite(root);
    const kinds = Object.entries(config.scaffolds ?? {});
    if (!kinds.length) return '\nThis site has no scaffolds: add some under "scaffolds" in site.config.ts.';
    const width = Math.max(...kinds.map(([kind]) => kind.length));
    const example = { title: 'First date ideas', slug: 'first-date-ideas', today: new Date().toISOString().slice(0, 10) };
    const lines = kinds.map(([kind, scaffold]) => {
      let file: string;
      try {
        file = scaffold(example).file;
      } catch {
        file = '(its scaffold failed for this example)';
      }
      return `  ${kind.padEnd(width)}  e.g. ${file}`;
    });
    return `\nKinds this site can scaffold (from site.config.ts):\n${lines.join('\n')}`;
  } catch (error) {
    const reason = error instanceof DiagnosticError ? error.diagnostics[0]?.message : (error as Error).message;
    return `\nThe kinds could not be listed: ${reason}`;
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${value}"`);
  return port;
}

