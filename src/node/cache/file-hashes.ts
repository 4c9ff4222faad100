/**
 * Content hashes of files, remembered with their size and modification time so that an unchanged file is not read
 * again (a warm build of 10,000 pages must not read 10,000 files; git's index does the same).
 * A remembered hash is trusted only when size and mtime are unchanged and the file had not been modified within
 * RACY_MS before it was hashed: a write in the same clock tick as the hashing (or on a file system with coarse
 * timestamps) could otherwise leave the mtime unchanged, so such files are read again ("racily clean" in git).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { cacheRoot } from '../paths.js';
import { readCacheFileSync, writeCacheFileSync } from './atomic-file.js';

/** Two seconds: the coarsest common mtime granularity (FAT) plus margin. */
const RACY_MS = 2000;

/** [size in bytes, mtime in ms, when hashed (ms since epoch), SHA-256 hex] */
type Entry = [number, number, number, string];

interface FileHashes {
  /** SHA-256 (hex) of the file's bytes, or 'missing'. */
  hashOf(file: string): string;
  /** Size in bytes of a file hashOf was asked for (0 when missing or not asked for). */
  sizeOf(file: string): number;
  /** Writes the remembered hashes (only when something changed); files not asked for since loading are dropped. */
  save(): void;
}

/**
 * Loads the remembered hashes of one set of files.
 * @param name names the set (e.g. 'engine', or a key of the output folder); stored in
 *   `<docgen>/node_modules/.cache/docgen/hashes-<name>.json`
 */
export function loadFileHashes(name: string): FileHashes {
  const file = hashesFile(name);
  let known: Record<string, Entry> = {};
  try {
    known = JSON.parse(readCacheFileSync(file)?.toString('utf8') ?? '{}') as Record<string, Entry>;
  } catch {
    // first build, or a damaged file: hash everything
  }
  const used: Record<string, Entry> = {};
  let changed = false;
  return {
    hashOf(target) {
      const info = statSync(target, { throwIfNoEntry: false });
      if (!info) return 'missing';
      const entry = known[target];
      if (entry && entry[0] === info.size && entry[1] === info.mtimeMs && entry[2] - info.mtimeMs > RACY_MS) {
        used[target] = entry;
        return entry[3];
      }
      const hashedAt = Date.now();
      const digest = createHash('sha256').update(readFileSync(target)).digest('hex');
      used[target] = [info.size, info.mtimeMs, hashedAt, digest];
      changed = true;
      return digest;
    },
    sizeOf(target) {
      return used[target]?.[0] ?? 0;
    },
    save() {
      if (!changed && Object.keys(used).length === Object.keys(known).length) return;
      writeCacheFileSync(file, JSON.stringify(used)); // a concurrent build reads the old or the new file
    },
  };
}

/** Removes the remembered hashes of a set of files (its output folder is gone); a missing set is not an error. */
export function forgetFileHashes(name: string): void {
  try {
    rmSync(hashesFile(name), { force: true });
  } catch {
    // an unwritable cache: nothing to forget
  }
}

function hashesFile(name: string): string {
  return path.join(cacheRoot(), `hashes-${name}.json`);
}
