import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptEsbuild } from '../../src/pipeline/compile/compile-cache.ts';

// A kept compile answers for esbuild only while every file it read, every name in the folders it
// read from and every settings file above them is as it was. Each test compiles a small project,
// changes one thing, and compiles again: the output must be what esbuild makes of the project now.

let root: string;
let kept: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'heartnotes-compile-cache-'));
  kept = join(root, '.cache', 'compiled', 'probe.json');
  mkdirSync(join(root, 'lib'));
  write('entry.tsx', "import { word } from './lib/word';\nexport const shown = <b>{word}</b>;\n");
  write('lib/word.ts', "export const word = 'first';\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  writeFileSync(join(root, file), text);
}

async function compile(): Promise<string> {
  const result = await keptEsbuild(kept, {
    absWorkingDir: root,
    entryPoints: [join(root, 'entry.tsx')],
    bundle: true,
    format: 'esm',
    jsx: 'transform',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: join(root, 'out'),
  });
  return result.outputFiles[0]!.text;
}

describe('keptEsbuild: a compile kept in the cache', () => {
  it('answers for esbuild when nothing changed: the same output, the kept file not written again', async () => {
    const first = await compile();
    expect(first).toContain('"first"');
    const written = statSync(kept).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await compile()).toBe(first);
    expect(statSync(kept).mtimeMs).toBe(written);
  });

  it("is still used once a build's output folder (one with the output marker) appears beside the sources", async () => {
    await compile();
    const written = statSync(kept).mtimeMs;
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', '.heartnotes-output'), '');
    await new Promise((r) => setTimeout(r, 20));
    await compile();
    expect(statSync(kept).mtimeMs).toBe(written);
    // Any other new folder there may be what an import resolves to: compiled again.
    mkdirSync(join(root, 'word'));
    await compile();
    expect(statSync(kept).mtimeMs).not.toBe(written);
  });

  it('compiles again when a file it read changed', async () => {
    await compile();
    write('lib/word.ts', "export const word = 'second';\n");
    expect(await compile()).toContain('"second"');
  });

  it('compiles again when a new file is what an import now resolves to (lib/word.tsx before lib/word.ts)', async () => {
    await compile();
    write('lib/word.tsx', "export const word = 'from tsx';\n");
    expect(await compile()).toContain('"from tsx"');
  });

  it('compiles again when a file it read is gone', async () => {
    await compile();
    rmSync(join(root, 'lib/word.ts'));
    write('lib/word.js', "export const word = 'from js';\n");
    expect(await compile()).toContain('"from js"');
  });

  it('compiles again when a tsconfig.json it would read changed (the JSX factory)', async () => {
    expect(await compile()).toContain('React.createElement');
    write('tsconfig.json', JSON.stringify({ compilerOptions: { jsxFactory: 'h' } }));
    const now = await compile();
    expect(now).toContain('h("b"');
    expect(now).not.toContain('React.createElement');
  });

  it('compiles again when the kept entry was changed after it was written (its checksum line no longer matches)', async () => {
    expect(await compile()).toContain('"first"');
    const text = readFileSync(kept, 'utf8');
    const newline = text.indexOf('\n');
    const entry = JSON.parse(text.slice(newline + 1));
    entry.result.outputFiles[0].contents = Buffer.from('export const shown = "tampered";').toString('base64');
    writeFileSync(kept, `${text.slice(0, newline)}\n${JSON.stringify(entry)}`);
    expect(await compile()).toContain('"first"');
  });

  it('is not read or written without a file to keep it in', async () => {
    const result = await keptEsbuild(undefined, {
      absWorkingDir: root,
      entryPoints: [join(root, 'entry.tsx')],
      bundle: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: join(root, 'out'),
    });
    expect(result.outputFiles[0]!.text).toContain('"first"');
    expect(() => statSync(kept)).toThrow();
  });
});
