/**
 * Writing a huge page's route data file without its JSON text in memory (issue 21, item 12). A 20 MB page's data is
 * hundreds of MB of JSON, and V8 keeps a string with any Japanese in it at two bytes a character: the text alone
 * cost more than the tree it was made from. The content's top-level children are stringified one at a time and
 * appended to the file, the hash computed as the bytes go; the file is the same, byte for byte, as
 * `JSON.stringify(data)` (an array's JSON is its items' JSON joined with commas), and so is its name.
 */
import { randomUUID, createHash } from 'node:crypto';
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../shared/types.js';
import { assetPath, dataName } from '../output/hashed.js';

/** Bytes gathered before each write. */
const WRITE_CHUNK = 1 << 20;

/**
 * Writes `data` as its route data file into the staging folder.
 * @param staging absolute staging folder; @param ensureFolderOf makes a file's folder (output/folders.ts)
 * @returns the output-relative data file, as hashedPath('data/', dataName(path), JSON.stringify(data)) names it
 */
export function writeDataStreamed(options: { staging: string; data: PageData; ensureFolderOf: (file: string) => void }): string {
  const { staging, data } = options;
  const content = data.content as { children: unknown[] } | null;
  const mark = `docgen-children-${randomUUID()}`;
  // Key order is kept: the marker takes `children`'s place in the content and the content's in the page.
  const [before, after, ...more] = JSON.stringify({ ...data, content: content && { ...content, children: mark } }).split(JSON.stringify(mark));
  if (!content || after === undefined || more.length > 0) throw new Error('docgen bug: the route data has no single content children array');
  const temp = path.join(staging, assetPath('data/', `.${mark}`, 'tmp'));
  options.ensureFolderOf(temp);
  const hash = createHash('sha256');
  const fd = openSync(temp, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    const flush = () => {
      const bytes = Buffer.from(pending.join(''));
      hash.update(bytes);
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      pending = [];
      size = 0;
    };
    const add = (text: string) => {
      pending.push(text);
      size += text.length;
      if (size >= WRITE_CHUNK) flush();
    };
    add(before + '[');
    content.children.forEach((child, i) => add((i > 0 ? ',' : '') + (JSON.stringify(child) ?? 'null')));
    add(']' + after);
    flush();
  } finally {
    closeSync(fd);
  }
  const file = assetPath('data/', dataName(data.path), hash.digest('hex').slice(0, 10));
  renameSync(temp, path.join(staging, file));
  return file;
}
