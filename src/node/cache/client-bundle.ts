/**
 * The client bundle (bundle/client.ts bundleClient), kept across builds: esbuild takes about 1.8 s for it on every
 * full build, and its output changes only with its inputs. Those are docgen's code and dependencies (src/client,
 * templates/, the lockfile: esbuild's version; the engine fingerprint), the site's theme (its config and the hashes
 * of its files, the key of the theme module: incremental/theme-module.ts themeModuleKey) and the base URL the
 * manifest's URLs carry. An entry holds the manifest and every file esbuild wrote, and a hit writes the same bytes.
 * One sealed file per key under `<docgen>/node_modules/.cache/docgen/client/` (a damaged entry is a miss); the
 * entries of other keys but the newest few are removed when one is written.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetsManifest } from '../bundle/client.js';
import { cacheRoot } from '../paths.js';
import { readCacheFileSync, writeCacheFileSync } from './atomic-file.js';

/** Bumped when an entry changes shape, so older entries are never read. */
const FORMAT = 'client-v1';

/** Entries of other keys kept (other sites, other bases and other docgen checkouts share the folder). */
const KEEP_OTHERS = 4;

interface Entry {
  manifest: AssetsManifest;
  /** Output-relative path and base64 bytes of every file of the bundle. */
  files: [string, string][];
}

/**
 * The assets of the client bundle written into `outDir`, from the cache when an entry of this key is intact, else
 * from `bundle()` (then stored).
 * @param options.themeKey the theme module's key (engine fingerprint plus the site's theme)
 * @param options.base the base URL (the manifest's URLs carry it)
 * @param options.enabled false under --force: the cache is not read (the new bundle is stored)
 * @param bundle bundles into `outDir` (bundleClient); its errors are thrown as they are
 */
export async function cachedClientBundle(
  options: { outDir: string; themeKey: string; base: string; enabled: boolean },
  bundle: () => Promise<AssetsManifest>,
): Promise<AssetsManifest> {
  const dir = path.join(cacheRoot(), 'client');
  const key = createHash('sha256')
    .update(JSON.stringify([FORMAT, options.themeKey, options.base]))
    .digest('hex');
  const file = path.join(dir, `${key.slice(0, 32)}.json`);
  const stored = options.enabled ? readCacheFileSync(file) : null;
  if (stored) {
    const entry = JSON.parse(stored.toString('utf8')) as Entry;
    for (const [rel, bytes] of entry.files) {
      const target = path.join(options.outDir, rel);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, Buffer.from(bytes, 'base64'));
    }
    return entry.manifest;
  }
  const manifest = await bundle();
  const entry: Entry = {
    manifest,
    files: manifest.files.map(({ file: rel }) => [
      rel,
      readFileSync(path.join(options.outDir, rel)).toString('base64'),
    ]),
  };
  if (writeCacheFileSync(file, JSON.stringify(entry))) removeOthers(dir, file);
  return manifest;
}

/**
 * Removes the entries of other keys but the newest KEEP_OTHERS. Failures are ignored (the cache is an optimisation,
 * and its folder may vanish or be unwritable while a build runs).
 */
function removeOthers(dir: string, current: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const others = names
    .filter((name) => /^[0-9a-f]{32}\.json$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== current)
    .map((file) => ({ file, mtime: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file } of others.slice(KEEP_OTHERS)) {
    try {
      rmSync(file, { force: true });
    } catch {
      // not removable: left as it is
    }
  }
}
