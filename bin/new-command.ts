import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { DiagnosticError } from '../src/diagnostics/diagnostic.ts';
import type { CompiledSite } from '../src/pipeline/compile/compile-site.ts';
import type { ContentOf, CollectionSpec, Scaffold, ScaffoldMake, ScaffoldQuestion } from '../src/pipeline/types.ts';
import { UsageError } from './usage-error.ts';

// `heartnotes new <kind> <title>`: a content file from one of the site's scaffolds (site.config.ts).

type Content = ContentOf<Record<string, CollectionSpec>>;

const compiled = new Map<string, Promise<CompiledSite>>();

/** The site compiled once per run: `new` reads its scaffolds to declare their flags, then to write. */
async function site(root: string): Promise<CompiledSite> {
  if (!compiled.has(root)) compiled.set(root, import('../src/pipeline/compile/compile-site.ts').then(({ compileSite }) => compileSite(root)));
  return compiled.get(root)!;
}

/** A scaffold as its two parts: what it makes, and what it asks for. */
function parts(scaffold: Scaffold<Content>): { make: ScaffoldMake<Content>; ask: Record<string, ScaffoldQuestion<Content>> } {
  return typeof scaffold === 'function' ? { make: scaffold, ask: {} } : { make: scaffold.make, ask: scaffold.ask ?? {} };
}

/**
 * The values the site's scaffolds ask for, each a flag of `new` (`--category <value>`), with what
 * it is and the kinds that ask for it; none when the site cannot be compiled (`new` then says why).
 */
export async function scaffoldFlags(root: string): Promise<Map<string, string>> {
  const asked = new Map<string, { describe: string; kinds: string[] }>();
  try {
    const { config } = await site(root);
    for (const [kind, scaffold] of Object.entries(config.scaffolds ?? {})) {
      for (const [name, question] of Object.entries(parts(scaffold).ask)) {
        const entry = asked.get(name) ?? { describe: question.describe, kinds: [] };
        asked.set(name, { ...entry, kinds: [...entry.kinds, kind] });
      }
    }
  } catch {
    // Reported by the command itself.
  }
  return new Map([...asked].map(([name, { describe, kinds }]) => [name, `${describe} (new ${kinds.join(', ')})`]));
}

export interface ScaffoldRequest {
  kind: string;
  title: string;
  /** `--slug` (optional). */
  slug?: string;
  /** The flags given for the scaffolds' questions, by name. */
  given: Record<string, string | undefined>;
}

/** Writes the file the `kind` scaffold makes for `title`; 1 when it cannot (it exists, it would clash, a value is missing). */
export async function scaffold(root: string, request: ScaffoldRequest): Promise<number> {
  const { slugify } = await import('../src/pipeline/load/slug.ts');
  const { config } = await site(root);
  const { kind, title } = request;
  const chosen = config.scaffolds?.[kind];
  if (!chosen) {
    throw new UsageError(`unknown kind "${kind}"; this site can scaffold: ${Object.keys(config.scaffolds ?? {}).join(', ') || 'nothing'}`);
  }
  const slug = slugFor(title, request.slug, slugify);
  const { scaffoldClash, scaffoldContent, scaffoldProblem } = await import('../src/pipeline/validate/scaffold-content.ts');
  const today = new Date().toISOString().slice(0, 10);
  const known = scaffoldContent(root, config, today);
  const { make, ask } = parts(chosen);
  const answers = await answersFor(kind, ask, request.given, known.content);
  if (!answers) return 1;
  const input = { slug, today, answers, ...known };
  const { file, text } = make({ title, ...input });
  checkFileName(file, config.contentDir ?? 'content', kind, slug);
  // The build's own checks, so `new` never writes a file the build refuses (a title too long, a control character).
  const problem = scaffoldProblem({ file, text }, make({ title: 'New entry', ...input }), config, today);
  if (problem) {
    const shown = title.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    throw new UsageError(`"${shown}" cannot be used: the build would refuse ${file} because ${problem.message}; nothing was written`);
  }
  const path = join(root, file);
  if (existsSync(path)) {
    console.error(`${file} already exists; nothing was written. Choose another title or edit that file.`);
    return 1;
  }
  // Another page at its address, or an entry with its slug, id or title: the build would refuse both.
  const clash = scaffoldClash(root, config, { file, text }, today);
  if (clash) {
    console.error(`${file} cannot be added: ${clash}; nothing was written. Choose another title, or another address with --slug.`);
    return 1;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`Created ${file}`);
  return 0;
}

/** The slug `--slug` gives, or one made from the title; a usage error when neither will do. */
function slugFor(title: string, option: string | undefined, slugify: (text: string) => string): string {
  const slug = option ?? slugify(title);
  if (option !== undefined && (slug === '' || slugify(slug) !== slug)) {
    throw new UsageError(`--slug must be lowercase letters a-z, digits and single dashes, e.g. --slug ${slugify(slug) || 'first-date-ideas'}`);
  }
  if (!slug) {
    throw new UsageError(`"${title}" has no letters a-z or digits to make a file name and address from; give one with --slug, e.g. --slug first-date-ideas`);
  }
  return slug;
}

/** A scaffold may only name a content file with a safe name. */
function checkFileName(file: string, contentDir: string, kind: string, slug: string): void {
  const name = file.split('/').pop() ?? '';
  if (!file.startsWith(`${contentDir}/`) || file.split('/').some((s) => s === '..' || s.startsWith('.')) || !/^[a-z0-9][a-z0-9._-]*\.(md|json)$/.test(name)) {
    throw new UsageError(`the "${kind}" scaffold in site.config.ts named the file "${file}", which is not a content file with a safe name; use the slug it is given (${slug})`);
  }
}

/**
 * Each value the scaffold asks for: the flag's, as its choice spells it (a value that is none of
 * them is a usage error naming the nearest); left out, asked on a terminal, or else one sentence
 * naming the choices (undefined: nothing is written, exit 1).
 */
async function answersFor(kind: string, ask: Record<string, ScaffoldQuestion<Content>>, given: ScaffoldRequest['given'], content: Content): Promise<Record<string, string> | undefined> {
  const answers: Record<string, string> = {};
  for (const [name, question] of Object.entries(ask)) {
    const choices = question.choices(content);
    const value = given[name];
    if (value !== undefined) {
      const picked = pick(value, choices);
      if (!picked) {
        const { closest } = await import('../src/pipeline/validate/closest.ts');
        const near = closest(value, choices);
        throw new UsageError(`--${name} "${value}" is not one of ${choices.join(', ')}${near ? `; did you mean "${near}"?` : ''}`);
      }
      answers[name] = picked;
    } else if (process.stdin.isTTY) {
      const picked = await askOnTerminal(name, question, choices);
      if (!picked) return undefined;
      answers[name] = picked;
    } else {
      console.error(`new ${kind} needs --${name} (${question.describe}): one of ${choices.map((c) => JSON.stringify(c)).join(', ')}; nothing was written`);
      return undefined;
    }
  }
  return answers;
}

/** The choice a value names: its number in the list (1-based) or its text, in any case. */
function pick(value: string, choices: string[]): string | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return choices[Number(text) - 1];
  return choices.find((c) => c.toLowerCase() === text.toLowerCase());
}

/** Asks for one value on the terminal, listing the choices by number; three tries. */
async function askOnTerminal(name: string, question: ScaffoldQuestion<Content>, choices: string[]): Promise<string | undefined> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    console.error(`${question.describe.charAt(0).toUpperCase()}${question.describe.slice(1)} (--${name}):`);
    choices.forEach((c, i) => console.error(`  ${String(i + 1).padStart(String(choices.length).length)}. ${c}`));
    for (let tries = 0; tries < 3; tries++) {
      const answer = await rl.question(`${name} (a number or a name): `);
      const picked = pick(answer, choices);
      if (picked) return picked;
      console.error(`"${answer.trim()}" is none of them.`);
    }
    console.error(`No ${name} chosen; nothing was written.`);
    return undefined;
  } finally {
    rl.close();
  }
}

/** The kinds `new` can scaffold in the site at `root`, each with the file it would create and what it asks for. */
export async function scaffoldKindsHelp(root: string): Promise<string> {
  try {
    const { config } = await site(root);
    const kinds = Object.entries(config.scaffolds ?? {});
    if (!kinds.length) return '\nThis site has no scaffolds: add some under "scaffolds" in site.config.ts.';
    const width = Math.max(...kinds.map(([kind]) => kind.length));
    const { scaffoldContent } = await import('../src/pipeline/validate/scaffold-content.ts');
    const today = new Date().toISOString().slice(0, 10);
    const known = scaffoldContent(root, config, today);
    const lines = kinds.map(([kind, scaffold]) => {
      const { make, ask } = parts(scaffold);
      const answers = Object.fromEntries(Object.entries(ask).map(([name, q]) => [name, q.choices(known.content)[0] ?? '']));
      let file: string;
      try {
        file = make({ title: 'First date ideas', slug: 'first-date-ideas', today, answers, ...known }).file;
      } catch {
        file = '(its scaffold failed for this example)';
      }
      const flags = Object.keys(ask).map((n) => ` --${n}`).join('');
      return `  ${kind.padEnd(width)}  e.g. ${file}${flags ? ` (asks for${flags})` : ''}`;
    });
    return `\nKinds this site can scaffold (from site.config.ts):\n${lines.join('\n')}`;
  } catch (error) {
    const reason = error instanceof DiagnosticError ? error.diagnostics[0]?.message : (error as Error).message;
    return `\nThe kinds could not be listed: ${reason}`;
  }
}
