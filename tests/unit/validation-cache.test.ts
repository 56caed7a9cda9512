// The validated-entry cache a build keeps between runs (src/pipeline/validate/validation-cache.ts):
// what it serves, what it never serves, and that a file with a problem reports it every time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadContent } from '../../src/pipeline/load/load.ts';
import type { CollectionSpec } from '../../src/pipeline/types.ts';
import { dateField } from '../../src/pipeline/validate/fields.ts';
import { openValidationCache } from '../../src/pipeline/validate/validation-cache.ts';

let parsed = 0;
const schema = z
  .strictObject({ title: z.string().min(1), date: dateField(), draft: z.boolean().default(false), when: z.string().optional() })
  .transform((data) => {
    parsed += 1;
    // A value JSON would not give back (a Date) is never cached.
    return data.when ? { ...data, when: new Date(data.when) } : data;
  });
const posts: CollectionSpec = { kind: 'markdown', folder: 'posts', schema };

const record = (text: string, file = 'content/posts/a.md') => {
  const loaded = loadContent(new Map([[file, text]]), 'content', { posts });
  expect(loaded.diagnostics).toEqual([]);
  return loaded.records[0];
};
const post = (front: string) => `---\n${front}\n---\nThe body.\n`;

const dirs: string[] = [];
const cacheFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'heartnotes-validated-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Validates `text` with a cache opened afresh in `dir` (as each build opens it), then saves it; returns the result and whether the schema ran. */
function build(dir: string, text: string, options: { today: string; drafts?: boolean; versionKey?: string } = { today: '2026-11-27' }) {
  const cache = openValidationCache(dir, options.versionKey ?? 'v1', Boolean(options.drafts));
  const before = parsed;
  const result = cache.validate(record(text), posts, { today: options.today, drafts: options.drafts });
  cache.save();
  return { result, validated: parsed > before };
}

describe('validated entries kept between builds', () => {
  it('serves an unchanged published entry without validating it again, equal to what validation gave', () => {
    const dir = cacheFolder();
    const text = post('title: First dates\ndate: 2025-01-05');
    const first = build(dir, text);
    expect(first.validated).toBe(true);
    const second = build(dir, text);
    expect(second.validated).toBe(false);
    expect(second.result).toEqual(first.result);
    // In the same key order too: pages' keys hash their props as JSON.
    expect(JSON.stringify(second.result.entry)).toBe(JSON.stringify(first.result.entry));
  });

  it('validates a changed file again, and a file with a problem on every build, reporting it each time', () => {
    const dir = cacheFolder();
    build(dir, post('title: First dates\ndate: 2025-01-05'));
    const broken = post('title: ""\ndate: 2025-01-05');
    for (let i = 0; i < 2; i++) {
      // The schema fails before its transform runs, so the diagnostics are the proof it ran.
      expect(build(dir, broken).result.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/title/)]);
    }
  });

  it('another compiled site (its schemas) or a drafts build does not use the entries', () => {
    const dir = cacheFolder();
    const text = post('title: First dates\ndate: 2025-01-05');
    build(dir, text);
    expect(build(dir, text, { today: '2026-11-27', versionKey: 'v2' }).validated).toBe(true);
    expect(build(dir, text, { today: '2026-11-27', drafts: true }).validated).toBe(true);
  });

  it('keeps no draft, no scheduled entry and no data JSON would change; a clock set back makes a kept entry scheduled again', () => {
    const dir = cacheFolder();
    const draft = post('title: Later\ndate: 2025-01-05\ndraft: true');
    build(dir, draft);
    expect(build(dir, draft).validated).toBe(true);
    const withDate = post('title: Dated\ndate: 2025-01-05\nwhen: 2025-01-05');
    build(dir, withDate);
    expect(build(dir, withDate).validated).toBe(true);

    const text = post('title: First dates\ndate: 2026-06-01');
    build(dir, text, { today: '2026-11-27' });
    const earlier = build(dir, text, { today: '2026-01-01' });
    expect(earlier.validated).toBe(true);
    expect(earlier.result.leftOut).toEqual({ reason: 'scheduled', date: '2026-06-01' });
  });
});
