/**
 * What the output folder holds, file by file: the warm-build check compares it with the last
 * build's record (build-fingerprint.ts), and an incremental build checks it before keeping the files it does not
 * rebuild (incremental/output-check.ts runs the walk in a worker thread). Only node:fs and node:path, so that
 * worker loads nothing else. Synchronous: tens of thousands of stat calls are several times faster without a
 * promise each.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * One entry per file of the output folder: output-relative path -> `size\0mtimeMs` (an incremental build updates
 * the entries of the files it wrote instead of walking 20,000 files again).
 * @throws Error (ENOENT) when the folder does not exist
 */
export function outputEntries(outPath: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of readdirSync(outPath, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    entries.set(path.relative(outPath, file), statEntry(file));
  }
  return entries;
}

/** The entry of one output file (outputEntries). */
export function statEntry(file: string): string {
  const info = statSync(file);
  return `${info.size}\0${info.mtimeMs}`;
}

/** SHA-256 (hex) over the entries, in path order: the output signature a build record keeps. */
export function signatureOf(entries: Map<string, string>): string {
  const lines = [...entries].map(([file, entry]) => `${file}\0${entry}\0`);
  return createHash('sha256').update(lines.sort().join('')).digest('hex');
}
