import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { firstForbidden, forbiddenEscapeAt } from '../load/control-characters.ts';
import type { ContentRecord } from '../load/load.ts';
import { fieldName, locateField } from './locate.ts';

/**
 * Every key and text value of a record's data (front matter or a JSON data file) that holds a
 * control character once decoded, each at the escape that wrote it. The file's own text was
 * checked as it was read (load.ts); this finds what YAML and JSON escapes (`"\u0000"`, `"\e"`)
 * put into values, which would otherwise reach the page and the feed.
 */
export function controlCharactersInData(record: ContentRecord): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (path: PropertyKey[], code: number, want: 'key' | 'value') =>
    found.push({ ...messages.controlEscape(fieldName(path), code), ...locateField(record, path, want, (at) => forbiddenEscapeAt(record.dataSource, at) ?? at) });
  const walk = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string') {
      const bad = firstForbidden(value);
      if (bad) report(path, bad.code, 'value');
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const bad = firstForbidden(k);
        if (bad) report([...path, k], bad.code, 'key');
        else walk(v, [...path, k]);
      }
    }
  };
  walk(record.data, []);
  return found;
}
