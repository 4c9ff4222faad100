/**
 * Late-bound asset hashes (issue #8). Every HTML page names the site data file by its content hash, and the site
 * data holds the search manifest URL, so pages could only be rendered after the search index. Instead pages are
 * rendered while the search index is built, with a placeholder of the same byte length where the hash goes; the
 * renderer notes where each placeholder landed, and once the hash is known it is written over the placeholder in
 * place (a linker's relocation, in small). The result is byte-identical to rendering with the real URL.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Length of the hash part of an asset name (output/hashed.ts hashOf). */
export const HASH_LENGTH = 10;

/**
 * A placeholder for a hash: HASH_LENGTH random letters from G to Z, which no hex hash contains and which HTML
 * and JSON escaping leave as they are, so its bytes can be found in the rendered document.
 */
export function createHashPlaceholder(): string {
  return [...randomBytes(HASH_LENGTH)].map((b) => String.fromCharCode(71 + (b % 20))).join('');
}

/**
 * Byte offsets of every occurrence of `placeholder` in `bytes`.
 * @param bytes a document as written to disk (UTF-8)
 */
export function placeholderOffsets(bytes: Buffer, placeholder: string): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(placeholder); at !== -1; at = bytes.indexOf(placeholder, at + placeholder.length)) offsets.push(at);
  return offsets;
}

/**
 * Writes `hash` over the placeholder at the noted offsets of each file.
 * @param folder the folder the files are relative to
 * @param patches output-relative file and the byte offsets of its placeholders
 * @param hash the real hash, HASH_LENGTH ASCII characters
 */
export function patchPlaceholders(folder: string, patches: [string, number[]][], hash: string): void {
  const bytes = Buffer.from(hash);
  if (bytes.length !== HASH_LENGTH) throw new Error(`Internal error (this is a docgen bug): a hash of ${bytes.length} bytes cannot replace a placeholder`);
  for (const [file, offsets] of patches) {
    if (offsets.length === 0) continue;
    const fd = openSync(path.join(folder, file), 'r+');
    try {
      for (const offset of offsets) writeSync(fd, bytes, 0, bytes.length, offset);
    } finally {
      closeSync(fd);
    }
  }
}
