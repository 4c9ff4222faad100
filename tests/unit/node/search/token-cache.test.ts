import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheScopeId } from '../../../../src/node/cache/json-store.js';
import { PageTokenizer } from '../../../../src/node/search/index-builder.js';
import { decodePage, encodePage, loadTokenCache, pruneTokenCaches } from '../../../../src/node/search/token-cache.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-token-cache-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const docs = [
  { title: 'ゾーン API', heading: '', body: 'ゾーンを作成します。', keywords: '' },
  {
    title: 'ゾーン API',
    heading: 'RRSet の削除',
    body: 'changetype を DELETE にします。shareCookie',
    keywords: 'rrset-delete',
  },
];

describe('token cache', () => {
  it('round-trips a page tokenization through its varint form, and rejects malformed entries', () => {
    const tokenizer = new PageTokenizer();
    const page = tokenizer.tokenize(docs);
    const text = encodePage(page);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePage(text, tokenizer.terms.length)).toEqual(page);
    expect(() => decodePage(text.slice(0, -2), tokenizer.terms.length)).toThrow();
    expect(() => decodePage(text, 2)).toThrow(/outside the dictionary/);
  });

  it('serves the pages of the last build of the same scope and engine, with their dictionary', async () => {
    const dir = path.join(temp, 'a');
    const first = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    const key = first.key(docs);
    expect(first.get(key)).toBeNull();
    const tokenizer = new PageTokenizer(first.terms);
    const page = tokenizer.tokenize(docs);
    first.set(key, page);
    await first.save(tokenizer.terms, tokenizer.terms.length);

    const second = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    expect(second.terms).toEqual(tokenizer.terms);
    expect(second.get(key)).toEqual(page);
    expect(second.key([{ ...docs[0]!, body: 'ゾーンを削除します。' }, docs[1]!])).not.toBe(key);
    for (const other of [
      { engine: 'e2', scope: '/site', enabled: true },
      { engine: 'e1', scope: '/other', enabled: true },
      { engine: 'e1', scope: '/site', enabled: false },
    ]) {
      const cache = await loadTokenCache({ ...other, dir });
      expect(cache.get(key)).toBeNull();
      expect(cache.terms).toEqual([]);
    }
    // A page not read or set by a build is dropped when that build saves.
    await second.save(second.terms, second.terms.length);
    expect((await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir })).get(key)).toEqual(page);
    const third = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    await third.save(third.terms, 0);
    expect((await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir })).get(key)).toBeNull();
  });

  it('removes the caches of sites whose content folder is gone, and keeps the others', async () => {
    const dir = path.join(temp, 'prune');
    const kept = mkdtempSync(path.join(temp, 'site-'));
    const gone = path.join(temp, 'no-such-site');
    for (const scope of [kept, gone]) {
      const cache = await loadTokenCache({ engine: 'e1', scope, enabled: true, dir });
      await cache.save([], 0);
    }
    writeFileSync(path.join(dir, 'legacy.tokens'), '{"format":1}\n\n'); // an earlier version's: names no site
    expect(readdirSync(dir)).toHaveLength(3);
    pruneTokenCaches(dir);
    expect(readdirSync(dir).sort()).toEqual([`${cacheScopeId(kept)}.tokens`, 'legacy.tokens'].sort());
  });

  it('renumbers a dictionary mostly made of terms no page uses any more', async () => {
    const dir = path.join(temp, 'b');
    const cache = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    const stale = Array.from({ length: 3000 }, (_, i) => `stale${i}`);
    const tokenizer = new PageTokenizer(stale);
    const page = tokenizer.tokenize(docs);
    cache.set(cache.key(docs), page);
    await cache.save(tokenizer.terms, tokenizer.terms.length - stale.length);
    const reloaded = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    expect(reloaded.terms.length).toBe(tokenizer.terms.length - stale.length);
    const again = reloaded.get(reloaded.key(docs))!;
    const words = (p: number[][][], terms: readonly string[]) =>
      p.map((fields) => fields.map((pairs) => pairs.map((v, i) => (i % 2 ? v : terms[v]))));
    expect(words(again, reloaded.terms)).toEqual(words(page, tokenizer.terms));
  });

  it('ignores an unreadable cache file', async () => {
    const dir = path.join(temp, 'c');
    const cache = await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir });
    await cache.save([], 0);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), 'not a cache');
    expect((await loadTokenCache({ engine: 'e1', scope: '/site', enabled: true, dir })).terms).toEqual([]);
  });
});
