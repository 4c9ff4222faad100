/**
 * Large JSON written without its whole text in memory: a 20 MB page's route data or a 50,000-
 * operation document's model is hundreds of MB of JSON, and V8 keeps a string with any Japanese in it at two bytes a
 * character. The value is stringified in pieces (jsonChunks), gathered into writes of about a megabyte, and hashed
 * as the bytes go (writeChunksSync). The route data of huge pages (pool/stream-data.ts) and the cache entries
 * (cache/json-store.ts) are written this way.
 */
import type { Hash } from 'node:crypto';
import { writeSync } from 'node:fs';

/**
 * JSON.stringify(value) in pieces, the same text once joined: the first `depth` levels of objects and arrays are
 * walked, each deeper value is stringified on its own.
 * @param depth levels walked before whole values are stringified
 */
export function* jsonChunks(value: unknown, depth = 4): Generator<string> {
  if (
    depth === 0 ||
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      // As JSON.stringify: an element that has no JSON form is null.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonChunks(item, depth - 1);
    }
    yield ']';
    return;
  }
  yield* objectChunks(value, (_key, item) => jsonChunks(item, depth - 1));
}

/**
 * An object's JSON.stringify text in pieces, each member's value given by `member` (which must give that value's
 * JSON text); members without a JSON form are left out, as JSON.stringify leaves them out.
 */
export function* objectChunks(
  value: object,
  member: (key: string, item: unknown) => Iterable<string>,
): Generator<string> {
  yield '{';
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* member(key, item);
  }
  yield '}';
}

/** UTF-16 code units gathered before each write. */
const WRITE_CHUNK = 1 << 20;

/**
 * Writes text pieces to an open file from its current position, in writes of about a megabyte, each written byte
 * also fed to `hash`.
 * @throws the file system's error
 */
export function writeChunksSync(fd: number, chunks: Iterable<string>, hash: Hash): void {
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    const bytes = Buffer.from(pending.join(''));
    hash.update(bytes);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    pending = [];
    size = 0;
  };
  for (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= WRITE_CHUNK) flush();
  }
  flush();
}
