// docs/content-errors.md ends with every diagnostic code, generated from the catalogue
// (src/diagnostics/codes.ts) by tools/content-errors-doc.mjs: the committed doc must be what the
// generator makes now, so a code added to the catalogue without running it fails here (and in
// `npm test`'s check, which names the command).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODE_FAMILIES, DIAGNOSTIC_CODES } from '../../src/diagnostics/codes.ts';
// @ts-expect-error: a plain JavaScript tool without type declarations
import { DOC, MARKER, readCatalogue, renderDoc } from '../../tools/content-errors-doc.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const committed = readFileSync(join(root, DOC), 'utf8');

describe('docs/content-errors.md', () => {
  it('is what tools/content-errors-doc.mjs makes from the catalogue now', async () => {
    expect(committed).toBe(renderDoc(committed, await readCatalogue()));
  });

  it('lists every code and family once, with its one-line doc, below the hand-written part', () => {
    const generated = committed.slice(committed.indexOf(MARKER));
    expect(committed.indexOf(MARKER)).toBeGreaterThan(1000);
    for (const [code, doc] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(generated.split(`| \`${code}\` |`).length - 1, code).toBe(1);
      expect(generated).toContain(`| \`${code}\` | ${doc.replaceAll('|', '\\|')} |`);
    }
    for (const prefix of Object.keys(DIAGNOSTIC_CODE_FAMILIES)) expect(generated).toContain(`| \`${prefix}<field>\` |`);
  });

  it('keeps the hand-written part as it is and puts a new code in its group', async () => {
    const catalogue = await readCatalogue(
      readFileSync(join(root, 'src/diagnostics/codes.ts'), 'utf8').replace("  'markdown/too-deep':", "  'markdown/new-problem': 'A new problem.',\n  'markdown/too-deep':"),
    );
    const doc = renderDoc('# Title\n\nWritten by hand.\n', catalogue);
    expect(doc.startsWith(`# Title\n\nWritten by hand.\n\n${MARKER}\n`)).toBe(true);
    const group = doc.slice(doc.indexOf('### Markdown bodies'), doc.indexOf('### The route table'));
    expect(group).toContain('| `markdown/new-problem` | A new problem. |\n| `markdown/too-deep` |');
    expect(renderDoc(doc, catalogue)).toBe(doc);
  });
});
