import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openPglite } from '../../site/functions/pglite-db.ts';
import { formsSuite } from './forms-suite.ts';

// One PGlite per file: creating its data folder takes seconds.
const dir = mkdtempSync(join(tmpdir(), 'heartnotes-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

formsSuite('forms function on PGlite', { open: () => openPglite(join(dir, 'pglite')) });
