// The catalogue of diagnostic codes (src/diagnostics/codes.ts): every code the generator can
// report is in it with a one-line doc, every entry is reported somewhere, and the docs name only
// codes that exist. The compiler checks each code written in src/ against the catalogue's type.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODE_FAMILIES, DIAGNOSTIC_CODES, isDiagnosticCode } from '../../src/diagnostics/codes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const filesUnder = (dir: string, pattern: RegExp): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name), pattern) : pattern.test(d.name) ? [join(dir, d.name)] : [],
  );
const sources = filesUnder('src', /\.tsx?$/).filter((f) => !f.endsWith('codes.ts')).map((f) => readFileSync(join(root, f), 'utf8'));
const AREA = /^(content|markdown|routes|public|links|images|cards|config|styles|islands|deploy|render|output|dev)\//;

describe('diagnostic codes', () => {
  it('gives every code a one-line doc, a sentence', () => {
    const docs = { ...DIAGNOSTIC_CODES, ...DIAGNOSTIC_CODE_FAMILIES };
    const bad = Object.entries(docs).filter(([, doc]) => !/^[A-Z].*\.$/.test(doc) || doc.includes('\n') || doc.length > 160);
    expect(bad).toEqual([]);
    expect(Object.keys(DIAGNOSTIC_CODES).filter((code) => !AREA.test(code))).toEqual([]);
  });

  it('lists only codes src/ reports: each appears in src/ as a string', () => {
    const unused = Object.keys(DIAGNOSTIC_CODES).filter((code) => !sources.some((s) => s.includes(`'${code}'`)));
    const unusedFamilies = Object.keys(DIAGNOSTIC_CODE_FAMILIES).filter((prefix) => !sources.some((s) => s.includes(`\`${prefix}\${`)));
    expect({ unused, unusedFamilies }).toEqual({ unused: [], unusedFamilies: [] });
  });

  it('holds every code written in src/', () => {
    const written = sources.flatMap((s) => [...s.matchAll(/\bcode: '([^']+)'/g)].map((m) => m[1])).filter((c) => c !== 'custom'); // zod's issue code
    expect(written.length).toBeGreaterThan(40);
    expect([...new Set(written)].filter((c) => !isDiagnosticCode(c))).toEqual([]);
  });

  it('tells a family member from a bare prefix or an unknown code', () => {
    expect(isDiagnosticCode('content/duplicate-id')).toBe(true);
    expect(isDiagnosticCode('content/duplicate-slug')).toBe(true);
    expect(isDiagnosticCode('content/duplicate-')).toBe(false);
    expect(isDiagnosticCode('content/yaml')).toBe(false);
    expect(isDiagnosticCode('toString')).toBe(false);
  });

  it('the docs name only codes in the catalogue (a `area/name` that is no path in the repository)', () => {
    const docs = ['README.md', ...filesUnder('docs', /\.md$/)];
    const named = docs.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/`([a-z]+\/[a-z0-9-]+)`/g)].map((m) => m[1]));
    const codes = named.filter((n) => AREA.test(n) && !existsSync(join(root, n)));
    expect(codes.length).toBeGreaterThan(5);
    expect([...new Set(codes)].filter((c) => !isDiagnosticCode(c))).toEqual([]);
  });
});
