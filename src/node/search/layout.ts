/**
 * How the built index is cut into files (format: src/shared/search-format.ts): term partitions of
 * about `partitionBytes` each, never splitting a term; field-length blocks of LENGTHS_BLOCK documents; document
 * chunks of about `chunkTextBytes` of text each, cut between pages (and inside a page of many times that size).
 * Pure functions: the stage writes what they return.
 */
import { encodeLengths } from '../../shared/search-codec.js';
import {
  documentRoute,
  LENGTHS_BLOCK,
  RELATIVE_LENGTHS,
  type ChunkRow,
  type PartitionRow,
  type SearchDocument,
} from '../../shared/search-format.js';
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
  const rows = index.terms.map(({ term, fields }): PartitionItem => {
    const row: PartitionRow = [term, ...fields.map((f) => (f ? f.toString() : ''))];
    return { term, json: JSON.stringify(row) };
  });
  return cutAll(rows, partitionCutter(budget)).map((group, n) => ({
    start: n === 0 ? '' : group[0]!.term,
    json: partitionItemsJson(group),
  }));
}

/** A term's row of a partition file, with its JSON (whose length the cut is measured in). */
export interface PartitionItem {
  term: string;
  json: string;
}

/** The JSON of a partition file from its rows. */
export function partitionItemsJson(items: PartitionItem[]): string {
  return `[${items.map((item) => item.json).join(',')}]`;
}

/**
 * A greedy cut of a sequence into files: told each item in order, it says whether a new file starts before it.
 * The full build and the incremental patch (patch-index.ts, through recut) cut with the same cutter, so both
 * write the same files.
 */
export interface Cutter<T> {
  /** Whether a new file starts before `item` (then the cutter starts counting that file). */
  cutBefore(item: T): boolean;
  /** Counts `item` into the current file. */
  add(item: T): void;
}

/** Term partitions of about `budget` raw bytes, never splitting a term (a row alone may exceed it). */
export function partitionCutter(budget = DEFAULT_PARTITION_BYTES): Cutter<PartitionItem> {
  let rows = 0;
  let size = 0;
  return {
    cutBefore: (item) => {
      if (rows === 0 || size + item.json.length <= budget) return false;
      rows = 0;
      size = 0;
      return true;
    },
    add: (item) => {
      rows++;
      size += item.json.length + 1;
    },
  };
}

/**
 * Document chunks of about `budget` bytes of text, cut between pages once the budget is reached, and inside a page
 * only at twice the budget (an API reference of a thousand operations is one page, and a result should not
 * download all of it).
 */
export function chunkCutter<T extends Pick<SearchDocument, 'url' | 'heading' | 'body'>>(
  budget = DEFAULT_CHUNK_TEXT_BYTES,
): Cutter<T> {
  let docs = 0;
  let bytes = 0;
  let route = '';
  return {
    cutBefore: (doc) => {
      if (docs === 0) return false;
      const newPage = documentRoute(doc.url) !== route;
      if (!((newPage && bytes >= budget) || bytes >= 2 * budget)) return false;
      docs = 0;
      bytes = 0;
      return true;
    },
    add: (doc) => {
      docs++;
      bytes += Buffer.byteLength(doc.body) + Buffer.byteLength(doc.heading) + 64;
      route = documentRoute(doc.url);
    },
  };
}

/** Cuts a whole sequence with a cutter. @returns consecutive non-empty slices */
export function cutAll<T>(items: readonly T[], cutter: Cutter<T>): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    if (cutter.cutBefore(item)) {
      groups.push(current);
      current = [];
    }
    cutter.add(item);
    current.push(item);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Cuts the files of a sequence again after some of them changed, as cutAll would cut the whole new sequence, reading
 * the old files lazily: from file `from` (whose start the change cannot move) until a cut falls exactly where an
 * unchanged old file starts under the same number; from there on the old files stand as they are.
 * @param options.count how many files there were
 * @param options.through the last file whose items changed
 * @param options.itemsOf the items of old file `n` now (changed, or as they were)
 * @param options.startsFile whether `item` is the first item of old file `n`
 * @returns the new files numbered from `from` on, replacing old files `from`..`end - 1` (their number may differ
 *   only when `end` is `count`)
 */
export function recut<T>(options: {
  count: number;
  from: number;
  through: number;
  itemsOf: (n: number) => T[];
  startsFile: (item: T, n: number) => boolean;
  cutter: Cutter<T>;
}): { files: T[][]; from: number; end: number } {
  const { count, from, through, cutter } = options;
  const files: T[][] = [];
  let current: T[] = [];
  for (let n = from; n < count; n++) {
    for (const item of options.itemsOf(n)) {
      if (cutter.cutBefore(item)) {
        files.push(current);
        current = [];
        const index = from + files.length;
        if (index > through && index === n && options.startsFile(item, n)) return { files, from, end: n };
      }
      cutter.add(item);
      current.push(item);
    }
  }
  if (current.length > 0) files.push(current);
  return { files, from, end: count };
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
  return JSON.stringify(
    fieldLengths.map((_, f) =>
      encodeLengths(block(f), RELATIVE_LENGTHS[f] === undefined ? undefined : block(RELATIVE_LENGTHS[f]!)),
    ),
  );
}

/**
 * Groups documents into chunks of about `budget` bytes of text (chunkCutter).
 * @returns consecutive slices of `docs`
 */
export function chunkDocuments(docs: SearchDocument[], budget = DEFAULT_CHUNK_TEXT_BYTES): SearchDocument[][] {
  return cutAll(docs, chunkCutter<SearchDocument>(budget));
}

/** The JSON of each chunk file, made one at a time (a large site's chunks hold all its text). */
export function* chunkFiles(chunks: SearchDocument[][]): Generator<string> {
  for (const chunk of chunks) yield JSON.stringify(chunk.map(chunkRow));
}

/** A document as a row of a chunk file. */
export function chunkRow(d: SearchDocument): ChunkRow {
  return d.target
    ? [d.title, d.heading, d.url, d.kind, d.method ?? '', d.body, d.target]
    : [d.title, d.heading, d.url, d.kind, d.method ?? '', d.body];
}

/** A term partition's row with its JSON (as cutPartitions measures and writes it). */
export function partitionItem(row: PartitionRow): PartitionItem {
  return { term: row[0], json: JSON.stringify(row) };
}
