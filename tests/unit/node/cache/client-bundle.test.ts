/**
 * The client bundle kept across builds: a hit writes the bundle's bytes, and a cache folder that vanishes while a
 * build stores its entry (another process clearing caches, `rm -rf node_modules/.cache`) never fails the build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetsManifest } from '../../../../src/node/bundle/client.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-client-bundle-'));
const cacheDir = path.join(root, 'cache');
process.env.DOCGEN_CACHE_DIR = cacheDir;

/** When set, the cache folder is removed right after an entry is written (the race a concurrent `rm -rf` makes). */
const removeAfterWrite = { on: false };
vi.mock('../../../../src/node/cache/atomic-file.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/node/cache/atomic-file.js')>();
  return {
    ...actual,
    writeCacheFileSync: (file: string, data: string) => {
      const written = actual.writeCacheFileSync(file, data);
      if (removeAfterWrite.on) rmSync(cacheDir, { recursive: true, force: true });
      return written;
    },
  };
});

const { cachedClientBundle } = await import('../../../../src/node/cache/client-bundle.js');

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  delete process.env.DOCGEN_CACHE_DIR;
});

/** A bundler that writes one file into `outDir` and counts its runs. */
function fakeBundler(outDir: string, text: string) {
  const calls = { count: 0 };
  const bundle = async (): Promise<AssetsManifest> => {
    calls.count++;
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    writeFileSync(path.join(outDir, 'assets/entry.js'), text);
    return {
      entry: '/assets/entry.js',
      css: [],
      routeCss: {} as AssetsManifest['routeCss'],
      entryImports: [],
      pages: {} as AssetsManifest['pages'],
      files: [{ file: 'assets/entry.js', bytes: text.length }],
    };
  };
  return { bundle, calls };
}

describe('cachedClientBundle', () => {
  beforeEach(() => {
    removeAfterWrite.on = false;
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('bundles once, then writes the same bytes from the cache', async () => {
    const options = { themeKey: 'theme-a', base: '/', enabled: true };
    const first = path.join(root, 'out-1');
    const cold = fakeBundler(first, 'console.log(1)');
    await cachedClientBundle({ ...options, outDir: first }, cold.bundle);
    const second = path.join(root, 'out-2');
    const warm = fakeBundler(second, 'never written');
    const manifest = await cachedClientBundle({ ...options, outDir: second }, warm.bundle);
    expect([cold.calls.count, warm.calls.count]).toEqual([1, 0]);
    expect(manifest.entry).toBe('/assets/entry.js');
    expect(readFileSync(path.join(second, 'assets/entry.js'), 'utf8')).toBe('console.log(1)');
  });

  it('succeeds when the cache folder is removed right after its entry is written', async () => {
    removeAfterWrite.on = true;
    const outDir = path.join(root, 'out-removed');
    const { bundle } = fakeBundler(outDir, 'console.log(2)');
    const manifest = await cachedClientBundle({ themeKey: 'theme-b', base: '/', enabled: true, outDir }, bundle);
    expect(manifest.files).toEqual([{ file: 'assets/entry.js', bytes: 14 }]);
    expect(readFileSync(path.join(outDir, 'assets/entry.js'), 'utf8')).toBe('console.log(2)');
  });
});
