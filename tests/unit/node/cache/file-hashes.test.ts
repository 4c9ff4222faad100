/**
 * Remembered file hashes: an unchanged file is not read again, and an edit is never missed, even one
 * that keeps the size and lands in the same clock tick as the previous hashing.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFileHashes } from '../../../../src/node/cache/file-hashes.js';
import { repoRoot } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-hashes-'));
const set = `test-${process.pid}-${Date.now()}`;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(repoRoot, 'node_modules/.cache/docgen', `hashes-${set}.json`), { force: true });
});

describe('file hashes', () => {
  it('hashes content and reports missing files', () => {
    const file = path.join(dir, 'a.md');
    writeFileSync(file, 'あいう');
    const hashes = loadFileHashes(set);
    expect(hashes.hashOf(file)).toBe(sha('あいう'));
    expect(hashes.hashOf(path.join(dir, 'none.md'))).toBe('missing');
  });

  it('re-reads a same-size edit made right after hashing, even with the old mtime restored', () => {
    const file = path.join(dir, 'b.md');
    writeFileSync(file, 'version 1');
    const first = loadFileHashes(set);
    expect(first.hashOf(file)).toBe(sha('version 1'));
    first.save();
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'version 2');
    utimesSync(file, atime, mtime); // same size, same mtime: only the racy rule catches it
    expect(loadFileHashes(set).hashOf(file)).toBe(sha('version 2'));
  });

  it('trusts size and mtime of a file last modified well before it was hashed', () => {
    const file = path.join(dir, 'c.md');
    writeFileSync(file, 'old text');
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    const first = loadFileHashes(set);
    expect(first.hashOf(file)).toBe(sha('old text'));
    first.save();
    writeFileSync(file, 'new text');
    utimesSync(file, past, past);
    expect(loadFileHashes(set).hashOf(file), 'not read again').toBe(sha('old text'));
    utimesSync(file, new Date(), new Date());
    expect(loadFileHashes(set).hashOf(file), 'a new mtime is read').toBe(sha('new text'));
  });
});
