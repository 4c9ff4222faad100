/**
 * A folder of JSON entries keyed by hex digests, under `<docgen>/node_modules/.cache/docgen/<name>/<site>/`: the
 * storage of the compiled-page and OpenAPI caches. Each site (its content folder) has a folder of its
 * own, which a successful full build prunes to the entries it used (pruneJsonStore), so the cache holds the last
 * build of each existing site rather than every version of every page ever built. A missing, truncated (a killed
 * build), damaged (its seal does not match: atomic-file.ts) or unreadable entry is a miss, never an error. I/O is synchronous: the page cache is used from worker
 * threads, which have nothing else to do meanwhile, and Node's four shared I/O threads would otherwise queue their
 * thousands of requests in front of the main thread's.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFolderMaker } from '../output/folders.js';
import { cacheRoot } from '../paths.js';
import { jsonChunks } from '../output/json-chunks.js';
import { readCacheFileSync, writeCacheChunksSync } from './atomic-file.js';

interface JsonStore<T> {
  /** The entry, or null when there is none (or `enabled` is false). */
  get(key: string): Promise<T | null>;
  set(key: string, value: T): Promise<void>;
  /** Removes an entry; a missing one is not an error. */
  delete(key: string): void;
}

/** The file in a site's folder that names its content folder. */
const SCOPE_FILE = 'scope.txt';

/**
 * A site's name within a cache.
 * @param scope the site's content folder (absolute)
 * @returns 16 hex digits of its SHA-256
 */
export function cacheScopeId(scope: string): string {
  return createHash('sha256').update(scope).digest('hex').slice(0, 16);
}

/**
 * @param name folder name inside docgen's cache folder
 * @param options.enabled false under --force: every get misses (entries are still written for the next build)
 * @param options.scope the site's content folder: its entries are kept apart from other sites'
 */
export function createJsonStore<T>(name: string, options: { enabled: boolean; scope: string }): JsonStore<T> {
  const dir = path.join(cacheRoot(), name, cacheScopeId(options.scope));
  const file = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);
  const ensureFolderOf = createFolderMaker();
  let named = false;
  return {
    async get(key) {
      if (!options.enabled) return null;
      const body = readCacheFileSync(file(key)); // null when missing or damaged (its seal does not match)
      if (body === null) return null;
      try {
        return JSON.parse(body.toString('utf8')) as T;
      } catch {
        return null;
      }
    },
    async set(key, value) {
      const target = file(key);
      try {
        ensureFolderOf(target);
        if (!named) {
          writeFileSync(path.join(dir, SCOPE_FILE), options.scope); // lets pruneJsonStore tell a site that is gone
          named = true;
        }
      } catch {
        // written below, or warned about once (atomic-file.ts)
      }
      // Atomic, and it makes its folder again when another build of the same site pruned it meanwhile.
      writeCacheChunksSync(target, jsonChunks(value));
    },
    delete(key) {
      tryRemove(file(key));
    },
  };
}

/**
 * Removes a site's entries that its last build did not use (pages edited or removed since, entries of another
 * docgen version or of a route map that changed), the folders of sites whose content folder no longer exists
 * (temporary sites of tests and benchmarks, a moved checkout), and entries written before stores had a folder per
 * site. Entries another build of the same site is writing meanwhile may go too: that build then misses, it is
 * never wrong. Failures are ignored (the cache is an optimisation).
 * @param name the store's folder name; @param scope the site's content folder
 * @param keep keys of the entries the build read or wrote
 * @returns how many entries were removed
 */
export function pruneJsonStore(name: string, scope: string, keep: ReadonlySet<string>): number {
  const storeDir = path.join(cacheRoot(), name);
  const siteDir = path.join(storeDir, cacheScopeId(scope));
  let removed = 0;
  for (const other of list(storeDir).filter(
    (entry) => /^[0-9a-f]{16}$/.test(entry) && entry !== path.basename(siteDir),
  )) {
    const owner = readText(path.join(storeDir, other, SCOPE_FILE));
    if (owner !== null && !existsSync(owner)) tryRemove(path.join(storeDir, other));
  }
  for (const shard of list(siteDir).filter((entry) => entry !== SCOPE_FILE)) {
    const shardDir = path.join(siteDir, shard);
    let left = 0;
    for (const entry of list(shardDir)) {
      if (entry.endsWith('.json') && !keep.has(entry.slice(0, -'.json'.length))) {
        try {
          unlinkSync(path.join(shardDir, entry));
          removed++;
          continue;
        } catch {
          // gone already, or not removable: left as it is
        }
      }
      left++;
    }
    if (left === 0) tryRemoveEmptyFolder(shardDir);
  }
  for (const legacy of list(storeDir).filter((entry) => /^[0-9a-f]{2}$/.test(entry))) {
    const count = list(path.join(storeDir, legacy)).length;
    if (tryRemove(path.join(storeDir, legacy))) removed += count;
  }
  return removed;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Removes a file or folder (recursively); a missing one is not an error.
 * @returns false when it could not be (another owner, a read-only cache): left as it is, the cache is an optimisation
 */
function tryRemove(target: string): boolean {
  try {
    rmSync(target, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

function tryRemoveEmptyFolder(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // an entry was written meanwhile
  }
}
