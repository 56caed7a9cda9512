import type { DiagnosticCode } from './codes.ts';

/** One problem found in the user's input, with where it is and what to do about it. */
export interface Diagnostic {
  /** Stable identifier from the catalogue of codes (codes.ts), e.g. `content/unknown-key`. */
  code: DiagnosticCode;
  /** What happened, in terms of what the user touched. */
  message: string;
  /** What to do about it (optional). */
  hint?: string;
  /** Path relative to the project root (optional). */
  file?: string;
  /** 1-based line (optional). */
  line?: number;
  /** 1-based column (optional). */
  column?: number;
  /** A few lines of source around the problem, already formatted (optional). */
  frame?: string;
}

/** Thrown by a stage that found problems; carries every diagnostic, not just the first. */
export class DiagnosticError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n\n'));
    this.name = 'DiagnosticError';
    this.diagnostics = diagnostics;
  }
}

/** `content/posts/a.md:4:3` or as much of it as is known. */
export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  if (!d.file) return '';
  if (!d.line) return d.file;
  return `${d.file}:${d.line}:${d.column ?? 1}`;
}

/** Renders a diagnostic the way the terminal and the dev overlay show it. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = formatLocation(d);
  const lines = [where ? `${where}: ${d.message}` : d.message];
  if (d.frame) lines.push(d.frame);
  if (d.hint) lines.push(`  hint: ${d.hint}`);
  return lines.join('\n');
}

/** Sorts by file, then line, then column, so output is stable across runs. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}
