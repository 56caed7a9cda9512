import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DiagnosticError } from './diagnostics/diagnostic.ts';
import type { CompiledSite } from './pipeline/compile/compile-site.ts';
import type { ContentOf, CollectionSpec, Scaffold, ScaffoldMake, ScaffoldQuestion } from './pipeline/types.ts';
import { OptionsError } from './options-error.ts';

// `heartnotes new <kind> <title>` (src/node.ts `scaffold`): a content file from one of the site's
// scaffolds (site.config.ts). Wrong options throw an `OptionsError`; what stops a file being
// written for this site (it exists, it would clash, a value is missing) is the result's `problem`.

type Content = ContentOf<Record<string, CollectionSpec>>;

const compiled = new Map<string, Promise<CompiledSite>>();

/**
 * The site compiled once per `new`: the CLI reads its scaffolds to declare their flags, then
 * writes; `scaffold` takes it out, so a later call (a script's, a test's) sees an edited config.
 */
async function site(root: string): Promise<CompiledSite> {
  if (!compiled.has(root)) compiled.set(root, import('./pipeline/compile/compile-site.ts').then(({ compileSite }) => compileSite(root)));
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
  /** The values given for the scaffolds' questions, by name (the CLI's flags). */
  given: Record<string, string | undefined>;
  /** Asks for a value not given (the CLI: on a terminal); without it, or when it gives none, nothing is written. */
  ask?: Ask;
}

/** Asks for one value the scaffold needs, from `choices`; undefined: none chosen. */
export type Ask = (name: string, describe: string, choices: string[]) => Promise<string | undefined>;

/** The file written (relative to the project), or why none was. */
export type ScaffoldResult = { file: string } | { problem: string };

/** Writes the file the `kind` scaffold makes for `title`, unless it exists, would clash or lacks a value. */
export async function scaffold(root: string, request: ScaffoldRequest): Promise<ScaffoldResult> {
  const { slugify } = await import('./pipeline/load/slug.ts');
  const { config } = await site(root).finally(() => compiled.delete(root));
  const { kind, title } = request;
  const chosen = config.scaffolds?.[kind];
  if (!chosen) {
    throw new OptionsError(`unknown kind "${kind}"; this site can scaffold: ${Object.keys(config.scaffolds ?? {}).join(', ') || 'nothing'}`);
  }
  const slug = slugFor(title, request.slug, slugify);
  const { scaffoldClash, scaffoldContent, scaffoldProblem } = await import('./pipeline/validate/scaffold-content.ts');
  const today = new Date().toISOString().slice(0, 10);
  const known = scaffoldContent(root, config, today);
  const { make, ask } = parts(chosen);
  const asked = await answersFor(kind, ask, request, known.content);
  if ('problem' in asked) return asked;
  const { answers } = asked;
  const input = { slug, today, answers, ...known };
  const { file, text } = make({ title, ...input });
  checkFileName(file, config.contentDir ?? 'content', kind, slug);
  // The build's own checks, so `new` never writes a file the build refuses (a title too long, a control character).
  const problem = scaffoldProblem({ file, text }, make({ title: 'New entry', ...input }), config, today);
  if (problem) {
    const shown = title.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    throw new OptionsError(`"${shown}" cannot be used: the build would refuse ${file} because ${problem.message}; nothing was written`);
  }
  const path = join(root, file);
  if (existsSync(path)) return { problem: `${file} already exists; nothing was written. Choose another title or edit that file.` };
  // Another page at its address, or an entry with its slug, id or title: the build would refuse both.
  const clash = scaffoldClash(root, config, { file, text }, today);
  if (clash) return { problem: `${file} cannot be added: ${clash}; nothing was written. Choose another title, or another address with --slug.` };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return { file };
}

/** The slug `--slug` gives, or one made from the title; a usage error when neither will do. */
function slugFor(title: string, option: string | undefined, slugify: (text: string) => string): string {
  const slug = option ?? slugify(title);
  if (option !== undefined && (slug === '' || slugify(slug) !== slug)) {
    throw new OptionsError(`--slug must be lowercase letters a-z, digits and single dashes, e.g. --slug ${slugify(slug) || 'first-date-ideas'}`);
  }
  if (!slug) {
    throw new OptionsError(`"${title}" has no letters a-z or digits to make a file name and address from; give one with --slug, e.g. --slug first-date-ideas`);
  }
  return slug;
}

/** A scaffold may only name a content file with a safe name. */
function checkFileName(file: string, contentDir: string, kind: string, slug: string): void {
  const name = file.split('/').pop() ?? '';
  if (!file.startsWith(`${contentDir}/`) || file.split('/').some((s) => s === '..' || s.startsWith('.')) || !/^[a-z0-9][a-z0-9._-]*\.(md|json)$/.test(name)) {
    throw new OptionsError(`the "${kind}" scaffold in site.config.ts named the file "${file}", which is not a content file with a safe name; use the slug it is given (${slug})`);
  }
}

/**
 * Each value the scaffold asks for: the given one, as its choice spells it (a value that is none
 * of them is an `OptionsError` naming the nearest); left out, asked for (`request.ask`), or else
 * a problem naming the choices.
 */
async function answersFor(kind: string, ask: Record<string, ScaffoldQuestion<Content>>, request: ScaffoldRequest, content: Content): Promise<{ answers: Record<string, string> } | { problem: string }> {
  const answers: Record<string, string> = {};
  for (const [name, question] of Object.entries(ask)) {
    const choices = question.choices(content);
    const value = request.given[name];
    if (value !== undefined) {
      const picked = pickChoice(value, choices);
      if (!picked) {
        const { closest } = await import('./pipeline/validate/closest.ts');
        const near = closest(value, choices);
        throw new OptionsError(`--${name} "${value}" is not one of ${choices.join(', ')}${near ? `; did you mean "${near}"?` : ''}`);
      }
      answers[name] = picked;
      continue;
    }
    const asked = await request.ask?.(name, question.describe, choices);
    if (asked === undefined && request.ask) return { problem: `No ${name} chosen; nothing was written.` };
    if (asked === undefined) return { problem: `new ${kind} needs --${name} (${question.describe}): one of ${choices.map((c) => JSON.stringify(c)).join(', ')}; nothing was written` };
    answers[name] = asked;
  }
  return { answers };
}

/** The choice a value names: its number in the list (1-based) or its text, in any case. */
export function pickChoice(value: string, choices: string[]): string | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return choices[Number(text) - 1];
  return choices.find((c) => c.toLowerCase() === text.toLowerCase());
}

/** The kinds `new` can scaffold in the site at `root`, each with the file it would create and what it asks for. */
export async function scaffoldKindsHelp(root: string): Promise<string> {
  try {
    const { config } = await site(root);
    const kinds = Object.entries(config.scaffolds ?? {});
    if (!kinds.length) return '\nThis site has no scaffolds: add some under "scaffolds" in site.config.ts.';
    const width = Math.max(...kinds.map(([kind]) => kind.length));
    const { scaffoldContent } = await import('./pipeline/validate/scaffold-content.ts');
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
