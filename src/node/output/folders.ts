/**
 * Creating the folders of many files (10,000 pages, each written by a worker thread): each folder is
 * created once per writer instead of once per file. Synchronous, like the writes of the worker threads
 * (cache/json-store.ts says why).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * @returns `ensureFolderOf(file)`: creates the folder holding `file` (recursively) unless this writer already did
 */
export function createFolderMaker(): (file: string) => void {
  const made = new Set<string>();
  return (file) => {
    const folder = path.dirname(file);
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
}
