/**
 * Creating the folders of many files (issue #8: 10,000 pages, each written by a worker thread): each folder is
 * created once per writer instead of once per file.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * @returns `ensureFolderOf(file)`: creates the folder holding `file` (recursively) unless this writer already did
 */
export function createFolderMaker(): (file: string) => Promise<void> {
  const made = new Set<string>();
  return async (file) => {
    const folder = path.dirname(file);
    if (made.has(folder)) return;
    await mkdir(folder, { recursive: true });
    made.add(folder);
  };
}
