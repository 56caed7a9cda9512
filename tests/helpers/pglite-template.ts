import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * Makes an empty PGlite database folder, as PGlite itself makes one on first use, for
 * tests/global-setup.ts to hand to every test file. Creating one costs about 4 s of CPU time;
 * opening a copy, 0.7 s.
 */
export async function makePgliteTemplate(): Promise<{ dir: string; remove(): void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const temp = mkdtempSync(join(tmpdir(), 'heartnotes-pglite-template-'));
  const dir = join(temp, 'pglite');
  const pg = await PGlite.create(dir);
  await pg.close();
  return { dir, remove: () => rmSync(temp, { recursive: true, force: true }) };
}

/**
 * Puts a copy of the run's empty PGlite database where the forms function will look for it,
 * `<dataDir>/pglite` (`<root>/.data` or $HEARTNOTES_DATA_DIR), so a server under test opens it
 * instead of creating one. The first-use path, creating the folder, is what
 * tests/functions/pglite.test.ts and tests/cli/subscribers.test.ts check.
 */
export function seedPglite(dataDir: string, template = inject('pgliteTemplate')): void {
  cpSync(template, join(dataDir, 'pglite'), { recursive: true });
}
