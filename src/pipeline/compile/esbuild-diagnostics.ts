import type * as esbuild from 'esbuild';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';

/** esbuild's errors as diagnostics, each pointing at the file, line and column it names. */
export function esbuildDiagnostics(error: unknown, describe: (text: string) => Omit<Diagnostic, 'file' | 'line' | 'column'>): Diagnostic[] {
  const errors = (error as esbuild.BuildFailure).errors ?? [{ text: String(error), location: null }];
  return errors.map((e) => ({
    ...describe(e.text),
    file: e.location?.file,
    line: e.location?.line,
    column: e.location ? e.location.column + 1 : undefined,
  }));
}
