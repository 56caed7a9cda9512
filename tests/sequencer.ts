import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, by the durations a clean-clone run measured
 * (tests/file-durations.json), so the three workers finish together instead of one running a
 * long browser file alone at the end. Vitest's own order needs its cache, which a fresh clone
 * (CI) does not have: it then starts the largest files by bytes, which are not the slowest.
 * A file missing from the table (a new one) runs first, as vitest does with files it does not know.
 * Refresh the table after a big change: `npx vitest run --reporter=json --outputFile=…` and
 * copy each file's end minus start time.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = JSON.parse(readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8')) as Record<string, number>;
    const seconds = (spec: TestSpecification) => table[relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/')] ?? Number.MAX_SAFE_INTEGER;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
