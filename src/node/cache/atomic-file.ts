/**
 * Cache files written whole or not at all (issue #8): the content goes to `<file>.<pid>.tmp`, which is then renamed
 * over the file, so a concurrent reader sees the old file or the new one, never half of one. A process killed in
 * between leaves only its temp file, which render/ssr.ts removeStaleServerModules removes later. The folder is
 * created if needed.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `file` atomically (synchronous). @throws the file system's error */
export function writeFileAtomicSync(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

/** Writes `file` atomically. @throws (rejects with) the file system's error */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}
