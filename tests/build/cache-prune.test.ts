/**
 * docgen's page and OpenAPI caches hold the last build of a site, not every version ever built (the
 * cache folder had grown to gigabytes). A page added changes the keys of the pages whose navigation names it, an
 * edited page or document leaves its old entry behind: a full build prunes the site's entries to the ones it
 * used, an incremental build drops the entries of the pages it replaced; another site's entries and build
 * records stay while its folders exist.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputKey } from '../../src/node/cache/build-fingerprint.js';
import { cacheScopeId } from '../../src/node/cache/json-store.js';
import { copyFixture, removeDir, repoRoot, runDocgen } from '../helpers/site.js';

let site: string;
let other: string;

/** Keys of a site's entries in one cache store. */
function entries(store: 'pages' | 'apis', dir: string): string[] {
  const scope = path.join(repoRoot, 'node_modules/.cache/docgen', store, cacheScopeId(path.join(dir, 'content')));
  if (!existsSync(scope)) return [];
  const shards = readdirSync(scope).filter((name) => /^[0-9a-f]{2}$/.test(name));
  return shards.flatMap((shard) => readdirSync(path.join(scope, shard)).map((name) => name.replace(/\.json$/, '')));
}

function build(dir: string, ...args: string[]): string {
  const result = runDocgen(['build', ...args], dir);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return result.stdout + result.stderr;
}

beforeAll(() => {
  site = copyFixture('api');
  other = copyFixture('api');
  build(site);
  build(other);
});
afterAll(() => {
  removeDir(site);
  removeDir(other);
});

describe('cache pruning', () => {
  it('keeps one entry per page and per OpenAPI document after a full build', () => {
    expect(entries('pages', site)).toHaveLength(2); // index.md and docs/links.md
    expect(entries('apis', site)).toHaveLength(1);
  });

  it('drops the entries a page added replaced, and leaves other sites alone', () => {
    const before = entries('pages', site);
    const otherBefore = entries('pages', other).sort();
    writeFileSync(path.join(site, 'content/docs/added.md'), '---\ntitle: 追加\n---\n\n追加したページ。\n');
    build(site);
    const after = entries('pages', site);
    expect(after).toHaveLength(3); // one per page: the replaced entries are gone
    // The page before it names it in its previous/next links: its key changed and its old entry was dropped.
    expect(before.filter((key) => !after.includes(key)).length).toBeGreaterThanOrEqual(1);
    expect(entries('pages', other).sort()).toEqual(otherBefore);
  });

  it('replaces an edited page’s entry in an incremental build', () => {
    const before = entries('pages', site);
    const page = path.join(site, 'content/docs/added.md');
    appendFileSync(page, '\n本文を書き足した。\n');
    expect(build(site)).toMatch(/changed pages? of \d+ routes/);
    const after = entries('pages', site);
    expect(after).toHaveLength(3);
    expect(after.filter((key) => !before.includes(key))).toHaveLength(1);
  });

  it('removes the entries, build record and state of a site whose folder is gone', () => {
    const gone = copyFixture('api');
    build(gone);
    const cache = path.join(repoRoot, 'node_modules/.cache/docgen');
    const records = (dir: string) => {
      const key = outputKey(path.join(dir, 'dist'));
      return [`build-${key}.json`, `state-${key}.bin`, `hashes-inputs-${key}.json`].filter((name) =>
        existsSync(path.join(cache, name)),
      );
    };
    expect(entries('pages', gone)).toHaveLength(2);
    expect(records(gone)).toHaveLength(3);
    removeDir(gone);
    build(site, '--force');
    expect(entries('pages', gone)).toEqual([]);
    expect(entries('apis', gone)).toEqual([]);
    expect(records(gone)).toEqual([]);
    expect(entries('pages', other)).toHaveLength(2);
    expect(records(other)).toHaveLength(3);
  });

  it('replaces an edited OpenAPI document’s entry', () => {
    const before = entries('apis', site);
    const spec = path.join(site, 'openapi/actions.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace(/^(\s+title:\s*)(.+)$/m, '$1$2 改'));
    build(site);
    const after = entries('apis', site);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });
});
