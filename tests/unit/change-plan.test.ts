import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../src/pipeline/plan/manifest.ts';
import { planChanges, planOutput } from '../../src/pipeline/plan/change-plan.ts';
import type { Output } from '../../src/pipeline/site-state.ts';

/** Generated files with the given contents, as a site state lists them. */
const files = (contents: Record<string, string>) => new Map<string, Output>(Object.entries(contents).map(([f, c]) => [f, { kind: 'file', contents: c }]));

describe('the change planner', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** An output folder holding `contents`, and the manifest a build that wrote them would leave, keyed by contents. */
  const previousBuild = (contents: Record<string, string>): { outDir: string; manifest: BuildManifest } => {
    dir = mkdtempSync(join(tmpdir(), 'heartnotes-plan-'));
    const manifest: BuildManifest = { layout: 3, outDir: dir, files: {} };
    for (const [file, text] of Object.entries(contents)) {
      writeFileSync(join(dir, file), text);
      const s = statSync(join(dir, file));
      manifest.files[file] = { key: text, size: s.size, mtimeMs: s.mtimeMs };
    }
    return { outDir: dir, manifest };
  };
  const keysOf = (contents: Record<string, string>) => new Map(Object.entries(contents));

  it('writes what changed or is new, keeps the rest and removes what is no longer produced', () => {
    const { outDir, manifest } = previousBuild({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd', 'gone.txt': 'x' });
    const next = { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd2', 'new.txt': 'n' };
    const plan = planOutput(files(next), keysOf(next), manifest, outDir);
    expect(plan.mode).toBe('incremental');
    expect([...plan.write].sort()).toEqual(['d.txt', 'new.txt']);
    expect([...plan.keep].sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(plan.remove).toEqual(['gone.txt']);
  });

  it('writes a file edited or deleted in the output by hand, though its key matches', () => {
    const { outDir, manifest } = previousBuild({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd' });
    writeFileSync(join(outDir, 'a.txt'), 'edited by hand');
    rmSync(join(outDir, 'b.txt'));
    const next = { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd' };
    expect([...planOutput(files(next), keysOf(next), manifest, outDir).write].sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('writes everything afresh without a manifest, or when most files changed', () => {
    const { outDir, manifest } = previousBuild({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const next = { 'a.txt': 'a2', 'b.txt': 'b2', 'c.txt': 'c' };
    expect(planOutput(files(next), keysOf(next), manifest, outDir)).toMatchObject({ mode: 'full', remove: [] });
    expect(planOutput(files(next), keysOf(next), undefined, outDir).write.size).toBe(3);
  });

  it('walks any previous record with the comparison its caller gives', () => {
    const previous = new Map([['kept', 1], ['changed', 1], ['removed', 1]]);
    const next = files({ kept: 'x', changed: 'y', added: 'z' });
    const { planned, keep } = planChanges(previous, next, (before, _after, file) => (before === undefined ? 'new' : file === 'changed' ? 'changed' : undefined), (_b, file) => ({ label: file, kind: 'file' }));
    expect([...keep]).toEqual(['kept']);
    expect(planned.map((p) => `${p.action} ${p.file} (${p.reason})`)).toEqual(['write changed (changed)', 'write added (new)', 'remove removed (removed)']);
  });
});
