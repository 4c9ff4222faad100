/**
 * Cache files: written whole or not at all, sealed with the hash of their content, and never
 * able to fail a build. The content goes to `<file>.<pid>.tmp`, which is then renamed over the file, so a concurrent
 * reader sees the old file or the new one, never half of one (a process killed in between leaves only its temp file,
 * which render/ssr.ts removeStaleServerModules removes later). A sealed file starts with a line
 * `//docgen-sha256:<hex>` (a comment, so a sealed ES module still imports); a file whose content does not match its
 * seal (a damaged disk, a hand edit) is discarded on read and rebuilt. A cache folder that cannot be written (read
 * only, full disk) gives one warning, and the build goes on without the cache.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { writeChunksSync } from '../output/json-chunks.js';

const SEAL = '//docgen-sha256:';
/** Length of the seal line: the prefix, 64 hex digits and a newline. */
const SEAL_LENGTH = SEAL.length + 64 + 1;

/** Writes `file` atomically (synchronous). @throws the file system's error */
export function writeFileAtomicSync(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

/** Writes `file` atomically. @throws (rejects with) the file system's error */
async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** The content with its seal line in front. */
export function seal(data: string | Uint8Array): Buffer {
  const body =
    typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.concat([Buffer.from(`${SEAL}${createHash('sha256').update(body).digest('hex')}\n`), body]);
}

/** The content of a sealed file, or null when it has no seal or its content does not match it. */
export function unseal(file: Buffer): Buffer | null {
  if (file.length < SEAL_LENGTH || file.toString('latin1', 0, SEAL.length) !== SEAL) return null;
  const body = file.subarray(SEAL_LENGTH);
  return createHash('sha256').update(body).digest('hex') === file.toString('latin1', SEAL.length, SEAL_LENGTH - 1)
    ? body
    : null;
}

/**
 * Writes a sealed cache file atomically (synchronous).
 * @returns false when it could not be written (warned once per process): the build goes on without it
 */
export function writeCacheFileSync(file: string, data: string | Uint8Array): boolean {
  try {
    writeFileAtomicSync(file, seal(data));
    return true;
  } catch (error) {
    return cacheWriteFailed(file, error);
  }
}

/**
 * writeCacheFileSync for content given as UTF-8 text in pieces: written and hashed piece by piece,
 * so that a large entry (a 50,000-operation document's model is 250 MB of JSON) is never one string or buffer.
 * The seal line has a fixed length: it is written last, over the placeholder at the file's start.
 * @param chunks the content's pieces, in order; pieces are gathered into writes of about a megabyte
 * @returns false when it could not be written (warned once per process): the build goes on without it
 */
export function writeCacheChunksSync(file: string, chunks: Iterable<string>): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const fd = openSync(temp, 'w');
    try {
      const hash = createHash('sha256');
      writeSync(fd, ' '.repeat(SEAL_LENGTH));
      writeChunksSync(fd, chunks, hash);
      writeSync(fd, `${SEAL}${hash.digest('hex')}\n`, 0);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    return true;
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // the folder itself is what failed (ENOTDIR, EACCES): there is no temp file to remove
    }
    return cacheWriteFailed(file, error);
  }
}

/** writeCacheFileSync, asynchronously. @returns false when it could not be written (warned once per process) */
export async function writeCacheFile(file: string, data: string | Uint8Array): Promise<boolean> {
  try {
    await writeFileAtomic(file, seal(data));
    return true;
  } catch (error) {
    return cacheWriteFailed(file, error);
  }
}

/**
 * Reads a sealed cache file (synchronous).
 * @returns its content, or null when it is missing, unreadable or damaged (a damaged file is removed)
 */
export function readCacheFileSync(file: string): Buffer | null {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch {
    return null;
  }
  return checked(file, raw, () => rmSync(file, { force: true }));
}

/** readCacheFileSync, asynchronously. */
export async function readCacheFile(file: string): Promise<Buffer | null> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch {
    return null;
  }
  return checked(file, raw, () => void rm(file, { force: true }).catch(() => {}));
}

function checked(file: string, raw: Buffer, remove: () => void): Buffer | null {
  const body = unseal(raw);
  if (body === null) {
    try {
      remove(); // damaged or from an older docgen: rebuilt by this build
    } catch {
      // not removable: it is ignored all the same
    }
  }
  return body;
}

let warned = false;

/**
 * Warns once per process that the cache cannot be written, naming the folder and the system's reason. Worker
 * threads stay silent: the main thread writes the build record and state to the same folder, and warns.
 */
function cacheWriteFailed(file: string, error: unknown): false {
  if (!warned && isMainThread) {
    warned = true;
    const code = (error as NodeJS.ErrnoException)?.code ?? String(error);
    process.stderr.write(
      `docgen: warning: the cache folder cannot be written (${code}: ${path.dirname(file)}); building without the cache, which makes builds slower, not wrong.\n`,
    );
  }
  return false;
}
