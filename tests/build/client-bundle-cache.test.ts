/**
 * The client bundle cache (cache/client-bundle.ts): a full build whose docgen, site theme and base URL are unchanged
 * writes the client assets from the cache, byte-identical to a --force build's; a new base URL bundles again.
 * Real CLI builds of tests/fixtures/sites/raw-html with a cache folder of their own (DOCGEN_CACHE_DIR).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { fixtureWithOwnCache, removeDir, runDocgen } from '../helpers/site.js';

const site = fixtureWithOwnCache('raw-html');

/** Every file under the output folder's assets/ (data files aside): output-relative path -> bytes. */
function clientAssets(): Map<string, Buffer> {
  const assets = path.join(site.dir(), 'dist/assets');
  return new Map(
    readdirSync(assets, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(assets, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith('data/') && !file.startsWith('search/') && !file.startsWith('navigation.'))
      .sort()
      .map((file) => [file, readFileSync(path.join(assets, file))]),
  );
}

function build(...args: string[]): string {
  const result = runDocgen(['build', ...args], site.dir());
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return result.stdout;
}

const entries = () => readdirSync(path.join(site.cacheDir(), 'client'));

it('writes the client assets from the cache, as a --force build bundles them', () => {
  build('--force');
  const bundled = clientAssets();
  expect([...bundled.keys()].some((file) => file.endsWith('.js'))).toBe(true);
  expect(entries()).toHaveLength(1);
  removeDir(path.join(site.dir(), 'dist'));
  build();
  expect(clientAssets()).toEqual(bundled);
  expect(entries()).toHaveLength(1);
});

it('bundles again for another base URL', () => {
  build('--base-url', '/handbook/');
  expect(entries()).toHaveLength(2);
  expect(readFileSync(path.join(site.dir(), 'dist/index.html'), 'utf8')).toMatch(
    /src="\/handbook\/assets\/main\.[^"]+\.js"/,
  );
});
