/**
 * Writing a huge page's route data file without its JSON text in memory (issue 21, item 12). A 20 MB page's data is
 * hundreds of MB of JSON, and V8 keeps a string with any Japanese in it at two bytes a character: the text alone
 * cost more than the tree it was made from. The content's top-level children are stringified one at a time and
 * written as they come, hashed as the bytes go (output/json-chunks.ts); the file is the same, byte for byte, as
 * `JSON.stringify(data)`, and so is its name. Where the content's children lie in the file is noted as it is
 * written (ContentPieces), so that the page renders a piece at a time (render-pages.ts) without parsing it whole.
 */
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, openSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '../../shared/types.js';
import { assetPath, dataName } from '../output/hashed.js';
import { jsonChunks, objectChunks, writeChunksSync } from '../output/json-chunks.js';

/** Levels of the route data walked before values are stringified whole: the page, its content, the content's children. */
const DATA_DEPTH = 3;

/** Bytes of content JSON from which a piece ends before its next element: about 17 MB of hast once parsed. */
const PIECE_BYTES = 4 * 1024 * 1024;

/**
 * Where a route data file holds its content's top-level children, in bytes from the file's start: `start` is just
 * after the children array's '[', `end` at its ']', and each cut at a ',' before an element child. The text between
 * two bounds (start, the cuts, end; the commas left out) is a run of whole children, each piece starting with an
 * element (or being the first), so that its HTML is the same rendered alone (no text node meets another).
 */
export interface ContentPieces {
  start: number;
  end: number;
  cuts: number[];
}

/**
 * Writes `data` as its route data file into the staging folder.
 * @param staging absolute staging folder; @param ensureFolderOf makes a file's folder (output/folders.ts);
 * @param pieceBytes content JSON bytes from which a piece ends (PIECE_BYTES; smaller in tests)
 * @returns the output-relative data file, as hashedPath('data/', dataName(path), JSON.stringify(data)) names it,
 *   and where the content's children are in it (null without content children)
 */
export function writeDataStreamed(options: { staging: string; data: PageData; ensureFolderOf: (file: string) => void; pieceBytes?: number }): { file: string; pieces: ContentPieces | null } {
  const { staging, data } = options;
  const temp = path.join(staging, assetPath('data/', `.docgen-data-${randomUUID()}`, 'tmp'));
  options.ensureFolderOf(temp);
  const hash = createHash('sha256');
  const fd = openSync(temp, 'w');
  let pieces: ContentPieces | null = null;
  try {
    let offset = 0;
    const at = () => offset;
    const chunks = dataChunks(data, options.pieceBytes ?? PIECE_BYTES, at, (found) => (pieces = found));
    writeChunksSync(fd, counted(chunks, (bytes) => (offset += bytes)), hash);
  } finally {
    closeSync(fd);
  }
  const file = assetPath('data/', dataName(data.path), hash.digest('hex').slice(0, 10));
  renameSync(temp, path.join(staging, file));
  return { file, pieces };
}

/** Passes chunks on, reporting each one's UTF-8 length before the next is asked for. */
function* counted(chunks: Iterable<string>, add: (bytes: number) => void): Generator<string> {
  for (const chunk of chunks) {
    add(Buffer.byteLength(chunk));
    yield chunk;
  }
}

/**
 * jsonChunks(data, DATA_DEPTH), noting where the content's children lie.
 * @param at the bytes written before the chunk about to be yielded
 */
function* dataChunks(data: PageData, pieceBytes: number, at: () => number, found: (pieces: ContentPieces) => void): Generator<string> {
  const children = data.content?.children;
  if (!children || children.length === 0) {
    yield* jsonChunks(data, DATA_DEPTH);
    return;
  }
  const childrenChunks = function* (): Generator<string> {
    yield '[';
    const start = at();
    const cuts: number[] = [];
    let last = start;
    for (let i = 0; i < children.length; i++) {
      if (i > 0) {
        if (children[i]!.type === 'element' && at() - last >= pieceBytes) {
          cuts.push(at());
          last = at() + 1;
        }
        yield ',';
      }
      yield* jsonChunks(children[i], 0);
    }
    found({ start, end: at(), cuts });
    yield ']';
  };
  yield* objectChunks(data, (key, value) =>
    key === 'content' ? objectChunks(value as object, (rootKey, item) => (rootKey === 'children' ? childrenChunks() : jsonChunks(item, DATA_DEPTH - 2))) : jsonChunks(value, DATA_DEPTH - 1),
  );
}
