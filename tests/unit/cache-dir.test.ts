import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDir, cacheIsCurrent, openCache } from '../../src/pipeline/cache/cache-dir.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'heartnotes-cachedir-'));
  delete process.env.HEARTNOTES_CACHE_DIR;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  delete process.env.HEARTNOTES_CACHE_DIR;
});

describe('cacheDir: where a project keeps its cache', () => {
  it('is node_modules/.cache/heartnotes when the project has a node_modules folder of its own', () => {
    mkdirSync(join(root, 'node_modules'));
    expect(cacheDir(root)).toBe(join(root, 'node_modules', '.cache', 'heartnotes'));
  });
  it('is .cache without node_modules', () => {
    expect(cacheDir(root)).toBe(join(root, '.cache'));
  });
  it('is .cache when node_modules is a link (another project\'s folder would share the cache)', () => {
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'node_modules'), 'dir');
    expect(cacheDir(root)).toBe(join(root, '.cache'));
  });
  it('is HEARTNOTES_CACHE_DIR, relative to the project, when set', () => {
    mkdirSync(join(root, 'node_modules'));
    process.env.HEARTNOTES_CACHE_DIR = 'build-cache';
    expect(cacheDir(root)).toBe(join(root, 'build-cache'));
  });
});

describe('openCache: a cache another version wrote is emptied, never read', () => {
  it('stamps a new cache and keeps a current one as it is', () => {
    const dir = openCache(root);
    expect(cacheIsCurrent(root)).toBe(true);
    writeFileSync(join(dir, 'build-manifest.json'), '{}');
    openCache(root);
    expect(existsSync(join(dir, 'build-manifest.json'))).toBe(true);
  });
  it('empties a cache stamped by another version, lock files and the compiled CLI excepted', () => {
    const dir = join(root, '.cache');
    mkdirSync(join(dir, 'markdown', 'k'), { recursive: true });
    writeFileSync(join(dir, 'markdown', 'k', 'a.idx'), 'x');
    writeFileSync(join(dir, 'build.lock'), '123');
    // The compiled CLI shares .cache/ when the project is the generator's own folder.
    mkdirSync(join(dir, 'generator'));
    writeFileSync(join(dir, 'cache-version.json'), JSON.stringify({ version: 'another' }));
    expect(cacheIsCurrent(root)).toBe(false);
    openCache(root);
    expect(existsSync(join(dir, 'markdown'))).toBe(false);
    expect(readFileSync(join(dir, 'build.lock'), 'utf8')).toBe('123');
    expect(existsSync(join(dir, 'generator'))).toBe(true);
    expect(cacheIsCurrent(root)).toBe(true);
  });
  it('a changed lockfile makes the cache another version\'s', () => {
    openCache(root);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(cacheIsCurrent(root)).toBe(false);
  });
});
