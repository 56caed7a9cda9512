import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';

/**
 * esbuild's errors as diagnostics, each at the file, line and column it names, with a code frame
 * of that file (read from `root`, the build's working folder). esbuild finds some mistakes only
 * further on (a tag left open is noticed at the closing tag that does not match it, lines later):
 * its notes, which point back at the cause ("The opening "header" tag is here"), are added to the
 * message with their own line.
 */
export function esbuildDiagnostics(error: unknown, describe: (text: string) => Omit<Diagnostic, 'file' | 'line' | 'column'>, root?: string): Diagnostic[] {
  const errors = (error as esbuild.BuildFailure).errors ?? [{ text: String(error), location: null, notes: [] }];
  return errors.map((e) => {
    const notes = (e.notes ?? []).filter((n) => n.location).map((n) => noteText(n, e.location?.file));
    const location = e.location;
    const diagnostic: Diagnostic = {
      ...describe(notes.length ? `${e.text}; ${notes.join('; ')}` : e.text),
      file: location?.file,
      line: location?.line,
      column: location ? location.column + 1 : undefined,
    };
    const frame = location ? frameOf(location, root) : undefined;
    return frame ? { ...diagnostic, frame } : diagnostic;
  });
}

/** "The opening "header" tag is here:" at line 12 → `the opening "header" tag is at line 12, column 9`. */
function noteText(note: esbuild.Note, file: string | undefined): string {
  const at = note.location!;
  const where = `${at.file === file ? '' : `${at.file}:`}line ${at.line}, column ${at.column + 1}`;
  const text = note.text.replace(/:\s*$/, '');
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  return / is here$/.test(lowered) ? `${lowered.replace(/ is here$/, ' is')} at ${where}` : `${lowered} (${where})`;
}

/** The code frame of an esbuild location, from the file itself (none for a file esbuild made up, or one gone since). */
function frameOf(location: esbuild.Location, root: string | undefined): string | undefined {
  if (!root) return undefined;
  try {
    return codeFrame(readFileSync(resolve(root, location.file), 'utf8'), location.line, location.column + 1) || undefined;
  } catch {
    return undefined;
  }
}
