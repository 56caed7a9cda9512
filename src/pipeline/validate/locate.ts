import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import type { ContentRecord } from '../load/load.ts';
import { yamlFieldOffset } from '../load/yaml.ts';

/** `faq[2].a`: a field's path as an editor reads it. */
export function fieldName(path: PropertyKey[]): string {
  if (path.length === 0) return '(the whole file)';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/**
 * Finds where a field sits in the file. Front matter and JSON are both read with the YAML reader,
 * which reports node positions; it only runs for files that have a problem, so the fast path pays
 * nothing. `refine` moves the place within the field (default: its start).
 */
export function locateField(
  record: ContentRecord,
  path: PropertyKey[],
  want: 'key' | 'value',
  refine: (offset: number) => number = (offset) => offset,
): Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'> {
  let offset: number | undefined;
  try {
    offset = yamlFieldOffset(record.dataSource, path, want);
  } catch {
    offset = undefined;
  }
  if (offset === undefined) return { file: record.file, line: record.dataLine, column: 1 };
  offset = refine(offset);
  const before = record.dataSource.slice(0, offset).split('\n');
  const line = record.dataLine + before.length - 1;
  const column = before[before.length - 1].length + 1;
  return { file: record.file, line, column, frame: codeFrame(record.source, line, column) };
}
