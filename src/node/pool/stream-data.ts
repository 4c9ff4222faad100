/**
 * Writing a huge page's route data file without its JSON text in memory (issue 21, item 12). A 20 MB page's data is
 * hundreds of MB of JSON, and V8 keeps a string with any Japanese in it at two bytes a character: the text alone
 * cost more than the tree it was made from. The content's top-level children are stringified one at a time and
 * written as they come, hashed as the bytes go (output/json-chunks.ts); the file is the same, byte for byte, as
 * `JSON.stringify(data)`, and so is its name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, openSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../shared/types.js';
import { assetPath, dataName } from '../output/hashed.js';
import { jsonChunks, writeChunksSync } from '../output/json-chunks.js';

/** Levels of the route data walked before values are stringified whole: the page, its content, the content's children. */
const DATA_DEPTH = 3;

/**
 * Writes `data` as its route data file into the staging folder.
 * @param staging absolute staging folder; @param ensureFolderOf makes a file's folder (output/folders.ts)
 * @returns the output-relative data file, as hashedPath('data/', dataName(path), JSON.stringify(data)) names it
 */
export function writeDataStreamed(options: { staging: string; data: PageData; ensureFolderOf: (file: string) => void }): string {
  const { staging, data } = options;
  const temp = path.join(staging, assetPath('data/', `.docgen-data-${randomUUID()}`, 'tmp'));
  options.ensureFolderOf(temp);
  const hash = createHash('sha256');
  const fd = openSync(temp, 'w');
  try {
    writeChunksSync(fd, jsonChunks(data, DATA_DEPTH), hash);
  } finally {
    closeSync(fd);
  }
  const file = assetPath('data/', dataName(data.path), hash.digest('hex').slice(0, 10));
  renameSync(temp, path.join(staging, file));
  return file;
}
