/**
 * The JSON entry store under the page and OpenAPI caches: entries per site, pruned to a set of keys,
 * and a write never fails a build, even when another build of the same site pruned the entry's folder meanwhile.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { cacheScopeId, createJsonStore, pruneJsonStore } from '../../../../src/node/cache/json-store.js';
import { jsonChunks } from '../../../../src/node/output/json-chunks.js';
import { readCacheFileSync, writeCacheChunksSync } from '../../../../src/node/cache/atomic-file.js';
import { cacheRoot } from '../../../../src/node/paths.js';

const NAME = 'test-json-store';
const scope = mkdtempSync(path.join(tmpdir(), 'docgen-json-store-'));
const siteDir = path.join(cacheRoot(), NAME, cacheScopeId(scope));
afterAll(() => {
  rmSync(path.join(cacheRoot(), NAME), { recursive: true, force: true });
  rmSync(scope, { recursive: true, force: true });
});

describe('json store', () => {
  it('reads what it wrote, misses when disabled, and prunes to the keys kept', async () => {
    const store = createJsonStore<{ n: number }>(NAME, { enabled: true, scope });
    const keys = ['aa01', 'aa02', 'bb01'];
    for (const [n, key] of keys.entries()) await store.set(key, { n });
    expect(await store.get('aa02')).toEqual({ n: 1 });
    expect(await createJsonStore(NAME, { enabled: false, scope }).get('aa02')).toBeNull();
    expect(pruneJsonStore(NAME, scope, new Set(['aa02']))).toBe(2);
    expect(await store.get('aa01')).toBeNull();
    expect(await store.get('aa02')).toEqual({ n: 1 });
    expect(existsSync(path.join(siteDir, 'bb')), 'an emptied shard folder goes').toBe(false);
  });

  it('writes an entry whose folder another build pruned after this store had made it', async () => {
    const store = createJsonStore<{ n: number }>(NAME, { enabled: true, scope });
    await store.set('cc01', { n: 1 });
    rmSync(path.join(siteDir, 'cc'), { recursive: true });
    await expect(store.set('cc02', { n: 2 })).resolves.toBeUndefined();
    expect(await store.get('cc02')).toEqual({ n: 2 });
    expect(readdirSync(siteDir)).toContain('cc');
  });
});

describe('entries written in pieces', () => {
  const values: unknown[] = [
    null,
    'テキスト "quoted" \u0000',
    [1, undefined, () => 1, 'x', [[[[[{ deep: [1, { deeper: true }] }]]]]]],
    { a: undefined, b: () => 1, 'c"d': [], e: {}, f: { g: [{ h: 1.5, i: null, j: new Date(0) }] }, k: Symbol('s') },
    {
      tags: Array.from({ length: 3 }, (_, t) => ({
        name: `t${t}`,
        operations: Array.from({ length: 4 }, (_, o) => ({
          id: `t${t}/${o}`,
          html: '<p>説明</p>',
          schema: { kind: 'object', properties: [{ name: 'a' }] },
        })),
      })),
    },
  ];
  it("joins to exactly JSON.stringify's text, at every depth", () => {
    for (const value of values)
      for (const depth of [0, 1, 2, 4, 8]) expect([...jsonChunks(value, depth)].join('')).toBe(JSON.stringify(value));
  });
  it('writes a sealed file that reads back as the same text, in writes of about a megabyte', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-chunks-'));
    try {
      const big = { items: Array.from({ length: 30_000 }, (_, i) => ({ i, text: `項目 ${i} の説明。`.repeat(4) })) };
      const file = path.join(dir, 'sub', 'entry.json');
      expect(writeCacheChunksSync(file, jsonChunks(big))).toBe(true);
      const text = JSON.stringify(big);
      expect(readCacheFileSync(file)?.toString('utf8')).toBe(text);
      const raw = readFileSync(file);
      expect(raw.subarray(0, 81).toString()).toBe(
        `//docgen-sha256:${createHash('sha256').update(text).digest('hex')}\n`,
      );
      expect(readdirSync(path.dirname(file)), 'no temporary file is left').toEqual(['entry.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
