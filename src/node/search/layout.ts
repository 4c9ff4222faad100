/**
 * How the built index is cut into files (issue #9; format: src/shared/search-format.ts): term partitions of
 * about `partitionBytes` each, never splitting a term; field-length blocks of LENGTHS_BLOCK documents; document
 * chunks of about `chunkTextBytes` of text each, cut between pages (and inside a page of many times that size).
 * Pure functions: the stage writes what they return.
 */
import { encodeLengths } from '../../shared/search-codec.js';
import { documentRoute, LENGTHS_BLOCK, RELATIVE_LENGTHS, type ChunkRow, type PartitionRow, type SearchDocument } from '../../shared/search-format.js';
import type { BuiltIndex } from './index-builder.js';

/** Default raw size of a term partition (one term with a long posting list may exceed it alone). */
const DEFAULT_PARTITION_BYTES = 16 * 1024;
/** Default text budget of a document chunk (UTF-8 bytes of section text). */
const DEFAULT_CHUNK_TEXT_BYTES = 16 * 1024;

export interface Partition {
  /** The partition's first term ('' for the first partition). */
  start: string;
  /** The JSON of the partition file. */
  json: string;
}

/**
 * Cuts the sorted term dictionary into partitions.
 * @param index the built index (terms sorted by UTF-16 code units)
 * @param budget target raw bytes of one partition file
 * @returns partitions in term order; the first starts at ''
 */
export function cutPartitions(index: BuiltIndex, budget = DEFAULT_PARTITION_BYTES): Partition[] {
  const partitions: Partition[] = [];
  let rows: string[] = [];
  let size = 0;
  let start = '';
  const flush = () => partitions.push({ start, json: `[${rows.join(',')}]` });
  for (const { term, fields } of index.terms) {
    const row: PartitionRow = [term, ...fields.map((f) => (f ? f.toString() : ''))];
    const json = JSON.stringify(row);
    if (rows.length > 0 && size + json.length > budget) {
      flush();
      rows = [];
      size = 0;
      start = term;
    }
    rows.push(json);
    size += json.length + 1;
  }
  flush();
  return partitions;
}

/**
 * The field-length files: block n holds documents n*LENGTHS_BLOCK.., one string per field of one character per
 * document (search-codec.ts encodeLengths; RELATIVE_LENGTHS fields relative to another).
 * @returns the JSON of each block file
 */
export function lengthBlocks(index: BuiltIndex): string[] {
  const blocks: string[] = [];
  for (let n = 0; n * LENGTHS_BLOCK < index.documentCount; n++) blocks.push(lengthBlock(index.fieldLengths, n));
  return blocks;
}

/**
 * The JSON of field-length block `n` (documents n*LENGTHS_BLOCK up to the next block or the last document).
 * @param fieldLengths exact distinct-term counts, `fieldLengths[f][doc]` (BuiltIndex.fieldLengths)
 */
export function lengthBlock(fieldLengths: ArrayLike<number>[], n: number): string {
  const count = fieldLengths[0]!.length;
  const first = n * LENGTHS_BLOCK;
  const last = Math.min(count, first + LENGTHS_BLOCK);
  const block = (f: number) => Array.prototype.slice.call(fieldLengths[f]!, first, last) as number[];
  return JSON.stringify(fieldLengths.map((_, f) => encodeLengths(block(f), RELATIVE_LENGTHS[f] === undefined ? undefined : block(RELATIVE_LENGTHS[f]!))));
}

/**
 * Groups documents into chunks of about `budget` bytes of text, cut between pages, and inside a page only when
 * it reaches twice the budget.
 * @returns consecutive slices of `docs`
 */
export function chunkDocuments(docs: SearchDocument[], budget = DEFAULT_CHUNK_TEXT_BYTES): SearchDocument[][] {
  const chunks: SearchDocument[][] = [];
  let current: SearchDocument[] = [];
  let bytes = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const newPage = i === 0 || documentRoute(docs[i - 1]!.url) !== documentRoute(doc.url);
    // At a page boundary once the budget is reached; inside a page only at twice the budget (an API reference of
    // a thousand operations is one page, and a result should not download all of it).
    if (current.length > 0 && ((newPage && bytes >= budget) || bytes >= 2 * budget)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(doc);
    bytes += Buffer.byteLength(doc.body) + Buffer.byteLength(doc.heading) + 64;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The JSON of each chunk file, made one at a time (a large site's chunks hold all its text). */
export function* chunkFiles(chunks: SearchDocument[][]): Generator<string> {
  for (const chunk of chunks) yield JSON.stringify(chunk.map(chunkRow));
}

/** A document as a row of a chunk file. */
export function chunkRow(d: SearchDocument): ChunkRow {
  return d.target ? [d.title, d.heading, d.url, d.kind, d.method ?? '', d.body, d.target] : [d.title, d.heading, d.url, d.kind, d.method ?? '', d.body];
}

/** The JSON of a term partition from its rows (as cutPartitions writes it). */
export function partitionJson(rows: PartitionRow[]): string {
  return `[${rows.map((row) => JSON.stringify(row)).join(',')}]`;
}
