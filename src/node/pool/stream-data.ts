/**
 * Writing a huge page's route data file without its JSON text in memory. A 20 MB page's data is
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

/** Children of a table body from which its rows are cut into pieces too (a row and the '\n' after it: 2 each). */
const SPLIT_ROWS = 2000;

/**
 * Where a route data file holds a run of sibling nodes, in bytes from the file's start: `start` is just after their
 * array's '[', `end` at its ']', and each cut at a ',' between two of them. The text between two bounds (start, the
 * cuts, end; the commas left out) is a run of whole nodes, never cut between two text nodes, so that its HTML is the
 * same rendered alone (React puts `<!-- -->` between adjacent text nodes only).
 */
export interface NodeRuns {
  start: number;
  end: number;
  cuts: number[];
}

/**
 * Where a route data file holds its content's top-level children (ContentPieces), and which runs are one child cut
 * further: a big table, its body's rows in runs of their own.
 */
export interface ContentPieces extends NodeRuns {
  nested: {
    /** Index of the run (0 before the first cut) that is this one child. */
    run: number;
    /** Child indices from that child down to the element whose children `rows` are (div.dg-table > table > tbody). */
    path: number[];
    rows: NodeRuns;
  }[];
}

/**
 * Writes `data` as its route data file into the staging folder.
 * @param staging absolute staging folder; @param ensureFolderOf makes a file's folder (output/folders.ts);
 * @param pieceBytes content JSON bytes from which a piece ends (PIECE_BYTES; smaller in tests)
 * @returns the output-relative data file, as hashedPath('data/', dataName(path), JSON.stringify(data)) names it,
 *   and where the content's children are in it (null without content children)
 */
export function writeDataStreamed(options: {
  staging: string;
  data: PageData;
  ensureFolderOf: (file: string) => void;
  pieceBytes?: number;
}): { file: string; pieces: ContentPieces | null } {
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
    writeChunksSync(
      fd,
      counted(chunks, (bytes) => (offset += bytes)),
      hash,
    );
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
function* dataChunks(
  data: PageData,
  pieceBytes: number,
  at: () => number,
  found: (pieces: ContentPieces) => void,
): Generator<string> {
  const children = data.content?.children;
  if (!children || children.length === 0) {
    yield* jsonChunks(data, DATA_DEPTH);
    return;
  }
  const nested: ContentPieces['nested'] = [];
  const top = runChunks({
    nodes: children,
    pieceBytes,
    at,
    nest: (run, path, rows) => nested.push({ run, path, rows }),
    found: (runs) => found({ ...runs, nested }),
  });
  yield* objectChunks(data, (key, value) =>
    key === 'content'
      ? objectChunks(value as object, (rootKey, item) =>
          rootKey === 'children' ? top : jsonChunks(item, DATA_DEPTH - 2),
        )
      : jsonChunks(value, DATA_DEPTH - 1),
  );
}

type Node = { type: string; tagName?: string; children?: Node[] };

/**
 * An array of sibling nodes as JSON, noting its runs (NodeRuns); with `nest`, a big table is a run of its own and
 * its body's rows are noted as runs too.
 */
function* runChunks(options: {
  nodes: Node[];
  pieceBytes: number;
  at: () => number;
  found: (runs: NodeRuns) => void;
  nest?: (run: number, path: number[], rows: NodeRuns) => void;
}): Generator<string> {
  const { nodes, pieceBytes, at, nest } = options;
  yield '[';
  const start = at();
  const cuts: number[] = [];
  let last = start;
  let cutNext = false;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const path = nest ? tableBodyPath(node) : null;
    if (i > 0) {
      if (path || cutNext || (at() - last >= pieceBytes && !(node.type === 'text' && nodes[i - 1]!.type === 'text'))) {
        cuts.push(at());
        last = at() + 1;
      }
      yield ',';
    }
    cutNext = path !== null;
    if (path) {
      const run = cuts.length;
      yield* pathChunks(node, path, (rows) => nest!(run, path, rows), { pieceBytes, at });
    } else {
      yield* jsonChunks(node, 0);
    }
  }
  options.found({ start, end: at(), cuts });
  yield ']';
}

/** A node as JSON, walked down `path` (child indices) to the element whose children are written as runs. */
function* pathChunks(
  node: Node,
  path: number[],
  found: (runs: NodeRuns) => void,
  options: { pieceBytes: number; at: () => number },
): Generator<string> {
  yield* objectChunks(node, (key, item) => {
    if (key !== 'children') return jsonChunks(item, 0);
    const nodes = item as Node[];
    if (path.length === 0) return runChunks({ nodes, ...options, found });
    return (function* () {
      yield '[';
      for (let i = 0; i < nodes.length; i++) {
        if (i > 0) yield ',';
        yield* i === path[0] ? pathChunks(nodes[i]!, path.slice(1), found, options) : jsonChunks(nodes[i], 0);
      }
      yield ']';
    })();
  });
}

/** The child indices down to the body of a big table as rehype-tables wraps it (`div.dg-table > table > tbody`), or null. */
function tableBodyPath(node: Node): number[] | null {
  if (node.type !== 'element' || node.tagName !== 'div' || !node.children) return null;
  const table = node.children.findIndex((child) => child.type === 'element' && child.tagName === 'table');
  const body =
    table === -1
      ? -1
      : node.children[table]!.children!.findIndex((child) => child.type === 'element' && child.tagName === 'tbody');
  if (body === -1 || node.children[table]!.children![body]!.children!.length < SPLIT_ROWS) return null;
  return [table, body];
}
