/**
 * Cache files carry the hash of their content, checked on read (a damaged entry is discarded, never
 * served), and a cache folder that cannot be written is one warning, never a failed build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  readCacheFile,
  readCacheFileSync,
  seal,
  unseal,
  writeCacheFile,
  writeCacheFileSync,
} from '../../../../src/node/cache/atomic-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealed cache files', () => {
  it('round-trips content and rejects a file whose content changed', () => {
    const sealed = seal('{"a":1}');
    expect(unseal(sealed)!.toString()).toBe('{"a":1}');
    const damaged = Buffer.from(sealed);
    damaged[damaged.length - 2] = 'b'.charCodeAt(0);
    expect(unseal(damaged)).toBeNull();
    expect(unseal(Buffer.from('{"a":1}'))).toBeNull(); // no seal (an older docgen's entry)
  });

  it('discards and removes a damaged entry on read', async () => {
    const file = path.join(dir, 'entry.json');
    expect(writeCacheFileSync(file, JSON.stringify({ html: '<p>ok</p>' }))).toBe(true);
    expect(JSON.parse(readCacheFileSync(file)!.toString())).toEqual({ html: '<p>ok</p>' });
    writeFileSync(file, readFileSync(file, 'utf8').replace('ok', 'XSS'));
    expect(readCacheFileSync(file)).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect(await writeCacheFile(file, 'x')).toBe(true);
    expect((await readCacheFile(file))!.toString()).toBe('x');
  });

  it('warns once and goes on when the cache folder cannot be written', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, ''); // a file where the cache folder should be: ENOTDIR, as on a read-only or full disk
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(writeCacheFileSync(path.join(blocker, 'a.json'), '{}')).toBe(false);
      expect(await writeCacheFile(path.join(blocker, 'b.json'), '{}')).toBe(false);
      const warnings = write.mock.calls
        .map(([text]) => String(text))
        .filter((text) => text.includes('cache folder cannot be written'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^docgen: warning: .*(ENOTDIR|EEXIST)/);
    } finally {
      write.mockRestore();
    }
  });
});
