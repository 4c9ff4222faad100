/**
 * The JSON entry store under the page and OpenAPI caches (issue #8): entries per site, pruned to a set of keys,
 * and a write never fails a build, even when another build of the same site pruned the entry's folder meanwhile.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheScopeId, createJsonStore, pruneJsonStore } from '../../../../src/node/cache/json-store.js';
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
