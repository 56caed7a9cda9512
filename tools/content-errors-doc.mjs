#!/usr/bin/env node
// Writes the list of every diagnostic code at the end of docs/content-errors.md from the catalogue
// (src/diagnostics/codes.ts), so the doc cannot miss a code or describe one differently from the
// generator. Everything above the marker line is hand-written (the bad inputs tried and the
// message each gets) and is kept as it is.
//
//   node tools/content-errors-doc.mjs           rewrites the generated part
//   node tools/content-errors-doc.mjs --check   exits 1, naming the command above, when it is stale
//
// `npm test` runs the check; tests/unit/content-errors-doc.test.ts runs `renderDoc` too.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = 'docs/content-errors.md';
const CATALOGUE = 'src/diagnostics/codes.ts';
export const MARKER = '<!-- Generated from src/diagnostics/codes.ts by `node tools/content-errors-doc.mjs`: edit the catalogue, not below this line. -->';

/**
 * The catalogue's codes in its order, each with its doc and its group: the `// Reading content
 * files (src/pipeline/load/)` comment above it in codes.ts. The comments are read off the source
 * because they are not values; the codes and docs come from the module itself.
 */
export async function readCatalogue(source = readFileSync(join(root, CATALOGUE), 'utf8')) {
  const { code } = await transform(source, { loader: 'ts', format: 'esm' });
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  const groupOf = new Map();
  let group = 'Other';
  for (const line of source.split('\n')) {
    const comment = /^\s*\/\/\s*(.+)$/.exec(line);
    if (comment) group = comment[1].trim();
    const entry = /^\s*'([^']+)':/.exec(line);
    if (entry) groupOf.set(entry[1], group);
  }
  const codes = Object.entries(module.DIAGNOSTIC_CODES).map(([name, doc]) => ({ name, doc, group: groupOf.get(name) ?? 'Other' }));
  const families = Object.entries(module.DIAGNOSTIC_CODE_FAMILIES).map(([prefix, doc]) => ({ name: `${prefix}<field>`, doc }));
  return { codes, families };
}

const cell = (text) => text.replaceAll('|', '\\|');

/** The generated part: one table per group of the catalogue, then the families. */
export function renderCodes({ codes, families }) {
  const out = [
    '## Every code',
    '',
    'Each problem a build finds carries a code (`Diagnostic.code`, on the `DiagnosticError` that',
    '`build` and `check` end with), which tools and tests match on rather than on the wording. A code',
    'is a stable name, never renamed; a new problem gets a new one. The list below is the catalogue',
    `in \`${CATALOGUE}\`, in its order.`,
  ];
  const groups = [...new Set(codes.map((c) => c.group))];
  for (const group of groups) {
    out.push('', `### ${group}`, '', '| code | what it means |', '|---|---|');
    for (const c of codes.filter((x) => x.group === group)) out.push(`| \`${c.name}\` | ${cell(c.doc)} |`);
  }
  if (families.length) {
    out.push('', '### Codes made from a name', '', '| code | what it means |', '|---|---|');
    for (const f of families) out.push(`| \`${f.name}\` | ${cell(f.doc)} |`);
  }
  return `${out.join('\n')}\n`;
}

/** The whole doc: the hand-written part of `current` (up to the marker), the marker, the codes. */
export function renderDoc(current, catalogue) {
  const at = current.indexOf(MARKER);
  const handWritten = (at === -1 ? current : current.slice(0, at)).trimEnd();
  return `${handWritten}\n\n${MARKER}\n\n${renderCodes(catalogue)}`;
}

async function main() {
  const path = join(root, DOC);
  const current = readFileSync(path, 'utf8');
  const wanted = renderDoc(current, await readCatalogue());
  if (process.argv.includes('--check')) {
    if (current === wanted) return;
    console.error(`${DOC} does not match ${CATALOGUE}; run: node tools/content-errors-doc.mjs`);
    process.exit(1);
  }
  if (current !== wanted) writeFileSync(path, wanted);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
