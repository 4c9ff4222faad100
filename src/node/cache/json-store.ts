/**
 * A folder of JSON entries keyed by hex digests, under `<docgen>/node_modules/.cache/docgen/<name>/`: the storage of
 * the compiled-page and OpenAPI caches (issue #8). A missing, truncated (a killed build) or unreadable entry is a
 * miss, never an error. I/O is synchronous: the page cache is used from worker threads, which have nothing else to
 * do meanwhile, and Node's four shared I/O threads would otherwise queue their thousands of requests in front of
 * the main thread's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFolderMaker } from '../output/folders.js';
import { docgenRoot } from '../paths.js';

export interface JsonStore<T> {
  /** The entry, or null when there is none (or `enabled` is false). */
  get(key: string): Promise<T | null>;
  set(key: string, value: T): Promise<void>;
}

/**
 * @param name folder name inside docgen's cache folder
 * @param enabled false under --force: every get misses (entries are still written for the next build)
 */
export function createJsonStore<T>(name: string, enabled: boolean): JsonStore<T> {
  const dir = path.join(docgenRoot(), 'node_modules', '.cache', 'docgen', name);
  const file = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);
  const ensureFolderOf = createFolderMaker();
  return {
    async get(key) {
      if (!enabled) return null;
      try {
        return JSON.parse(readFileSync(file(key), 'utf8')) as T;
      } catch {
        return null;
      }
    },
    async set(key, value) {
      ensureFolderOf(file(key));
      writeFileSync(file(key), JSON.stringify(value));
    },
  };
}
