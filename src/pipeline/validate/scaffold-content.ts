import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { controlCharacterProblem } from '../load/load.ts';
import { loadFile, readContent } from '../site-state.ts';
import type { CollectionSpec, ContentOf, ScaffoldInput, SiteConfig } from '../types.ts';
import { validateContent, validateRecord } from './validate.ts';
import { buildRouteTable, inputFile } from '../routes/routes.ts';

/**
 * What a scaffold (`heartnotes new`) is given besides the title: every file that validates,
 * drafts and future-dated entries included, since a new entry must not take what an unpublished
 * one holds (its id, say); and the files that do not, with their text, for the same reason (a
 * broken entry still holds its id). Broken files do not stop `new`: `check` reports them.
 */
export function scaffoldContent(root: string, config: SiteConfig, today: string): Pick<ScaffoldInput<ContentOf<Record<string, CollectionSpec>>>, 'content' | 'broken'> {
  const files = readContent(root, config);
  const records = [...files.values()].flatMap((f) => (f.record ? [f.record] : []));
  const validated = validateContent(records, config.collections, { drafts: true, today });
  const failed = new Set(validated.failed.map((f) => f.file));
  const broken = [...files].filter(([file, f]) => !f.record || failed.has(file)).map(([file, f]) => ({ file, text: f.text }));
  return { content: validated.content as ContentOf<Record<string, CollectionSpec>>, broken };
}

/**
 * The first problem a build would find in the file a scaffold made from the editor's title (the
 * same checks: control characters, front matter, the collection's schema) and not in the file it
 * makes from a plain title (`baseline`), so `new` never writes what the build then refuses because
 * of the title; undefined when there is none. What the scaffold itself leaves to fill in is not
 * the title's fault, and a draft may keep it.
 */
export function scaffoldProblem(made: ScaffoldFile, baseline: ScaffoldFile, config: SiteConfig, today: string): Diagnostic | undefined {
  const expected = new Set(fileProblems(baseline, config, today).map((d) => d.message));
  return fileProblems(made, config, today).find((d) => !expected.has(d.message));
}

/** A file a scaffold makes: its path relative to the project root, and its text. */
interface ScaffoldFile {
  file: string;
  text: string;
}

function fileProblems({ file, text }: ScaffoldFile, config: SiteConfig, today: string): Diagnostic[] {
  const control = controlCharacterProblem(text, file);
  if (control) return [control];
  const loaded = loadFile(file, text, config);
  if (!loaded.record) return loaded.diagnostics;
  const spec = config.collections[loaded.record.collection];
  return validateRecord(loaded.record, spec, { drafts: true, today }).diagnostics;
}

/**
 * What the file a scaffold made would clash with once it is among the others: another page at its
 * address (in any collection: `new page "Breakup recovery guide"` beside the guide of that
 * address), or an entry of its collection with its slug, id or title. One sentence naming the
 * other file, or undefined. Drafts and scheduled entries count, as they do in the build.
 */
export function scaffoldClash(root: string, config: SiteConfig, made: ScaffoldFile, today: string): string | undefined {
  const files = readContent(root, config);
  files.set(made.file, loadFile(made.file, made.text, config));
  const records = [...files.values()].flatMap((f) => (f.record ? [f.record] : []));
  const validated = validateContent(records, config.collections, { drafts: true, today });
  const duplicate = validated.diagnostics.find((d) => d.code.startsWith('content/duplicate') && d.message.includes(made.file));
  if (duplicate) {
    const [, field, value] = /^(\w+) (.+?) is used by /.exec(duplicate.message) ?? ['', 'slug', ''];
    return `its ${field} ${value} is already that of ${otherFiles(duplicate.message, made.file)}`;
  }
  let clash: string | undefined;
  const content = validated.content as ContentOf<Record<string, CollectionSpec>>;
  buildRouteTable(config.routes, config.prepare ? config.prepare(content) : content, validated.failed, (inputs, path) => {
    const others = inputs.filter((i) => inputFile(i) !== made.file);
    if (others.length < inputs.length) clash ??= `its address ${path} is already that of ${others.join(', ')}`;
    return { inputs, at: { file: inputFile(inputs[0]) } };
  });
  return clash;
}

/** The files a duplicate's message lists, less `file`: "a.md:2:5, b.md:2:5" → "b.md (line 2)". */
function otherFiles(message: string, file: string): string {
  const list = message.replace(/^.* entries: /, '').split(', ');
  return list.filter((f) => !f.startsWith(`${file}:`) && f !== file).map((f) => f.replace(/:(\d+):\d+$/, ' (line $1)')).join(', ');
}
