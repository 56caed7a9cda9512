// Public files keyed by their bytes (src/pipeline/cache/public-hashes.ts): a fresh clone gives
// every file a new time, and that alone must not change an output's key.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFolder } from '../../src/pipeline/load/list-folder.ts';
import { withPublicHashes } from '../../src/pipeline/cache/public-hashes.ts';

const temp = mkdtempSync(join(tmpdir(), 'heartnotes-public-hashes-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('public files keyed by their bytes', () => {
  it('gives the same hash for the same bytes at another time, and another for other bytes of the same size', () => {
    const dir = mkdtempSync(join(temp, 'public-'));
    const cache = mkdtempSync(join(temp, 'cache-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(join(dir, 'logo.svg'), '<svg/>');
    const hashes = () => Object.fromEntries(withPublicHashes(dir, listFolder(dir).files, cache).map((f) => [f.path, f.hash]));
    const first = hashes();
    expect(first['robots.txt']).toBe(createHash('sha256').update('User-agent: *\n').digest('base64url'));
    // A clone's new times: the same keys.
    utimesSync(join(dir, 'robots.txt'), 1_800_000_000, 1_800_000_000);
    utimesSync(join(dir, 'logo.svg'), 1_800_000_000, 1_800_000_000);
    expect(hashes()).toEqual(first);
    // Other bytes of the same size, written now (so at another time): another key.
    writeFileSync(join(dir, 'logo.svg'), '<svg>');
    expect(hashes()['logo.svg']).not.toBe(first['logo.svg']);
    expect(hashes()['robots.txt']).toBe(first['robots.txt']);
  });
});
