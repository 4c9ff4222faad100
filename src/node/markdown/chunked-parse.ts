/**
 * Parsing a large page in pieces. micromark's cost grows faster than the size of one document
 * (remark-parse alone: 0.8 MB 0.6 s, 1.7 MB 1.3 s, 3.3 MB 4.5 s; a 20 MB page took three minutes), so a page
 * larger than CHUNK_BYTES is cut at ATX headings at column 0 (which always start a new block outside fenced code),
 * each piece is parsed on its own, and the pieces' trees are joined with their positions shifted back to the file's.
 * Link reference and footnote definitions resolve across pieces: every piece is parsed with all of the page's
 * definition lines appended, and the nodes those lines make are dropped again. The joined tree then runs through
 * the processor's plugins as one document, so the page compiles as it would whole; or, when nothing in the page
 * reaches across pieces, each piece runs through them on its own (piecewise.ts).
 */
import type { Root, RootContent } from 'mdast';
import { VFile } from 'vfile';

/** Pages up to this size (UTF-16 code units, about bytes for Latin text) are parsed whole. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Parses a page, in pieces when it is large.
 * @param processor the page's frozen unified processor (processor.ts), whose parser reads each piece
 * @param file the page's VFile (its value is the source)
 * @param chunkBytes the piece size (tests use a small one)
 * @returns the mdast of the whole page, with positions in the file
 */
export function parseChunked(processor: { parse(file: VFile): unknown }, file: VFile, chunkBytes = CHUNK_BYTES): Root {
  const source = String(file.value);
  const cut = cutPage(source, chunkBytes);
  if (!cut) return processor.parse(file) as Root;
  const children: RootContent[] = [];
  for (let i = 0; i < cut.pieces.length; i++) {
    const piece = parsePiece(processor, file, cut, i);
    if (piece.continuesTable) {
      const table = children.at(-1);
      const [first, ...rest] = piece.children;
      if (first?.type !== 'table' || table?.type !== 'table') return processor.parse(file) as Root; // not the table it seemed: parse whole
      table.children.push(...first.children.slice(1));
      table.position!.end = first.position!.end;
      children.push(...rest);
    } else {
      children.push(...piece.children);
    }
  }
  return {
    type: 'root',
    children,
    position: {
      start: { line: 1, column: 1, offset: 0 },
      end: { line: cut.lines.length, column: 1, offset: source.length },
    },
  };
}

/** Where a page is cut: its lines, the pieces as [first line, end line) pairs, and what each piece is parsed with. */
export interface PageCut {
  lines: string[];
  pieces: [number, number][];
  /** A piece's first line -> the header line of the table it continues. */
  tableOf: Map<number, number>;
  /** The page's link reference and footnote definition lines, appended to every piece. */
  definitions: string[];
  /** Whether a line outside fenced code starts with `import` or `export` (MDX ESM, when the page is MDX). */
  esm: boolean;
  /** UTF-16 offset in the file of each piece's first character. */
  offsets: number[];
}

/**
 * Cuts a page into pieces of about `chunkBytes`, at ATX headings and top-level table rows.
 * @returns the cut, or null when the page is small enough to parse whole or cannot be cut
 */
export function cutPage(source: string, chunkBytes = CHUNK_BYTES): PageCut | null {
  if (source.length <= chunkBytes) return null;
  const lines = source.split('\n');
  const { starts, definitions, tableOf, esm } = scanLines(lines);
  const pieces = groupPieces(lines, starts, chunkBytes);
  if (pieces.length === 1) return null;
  const offsets: number[] = [];
  let offset = 0;
  for (const [first, end] of pieces) {
    offsets.push(offset);
    for (let i = first; i < end; i++) offset += lines[i]!.length + 1;
  }
  return { lines, pieces, tableOf, definitions, esm, offsets };
}

/**
 * Parses piece `index` of a cut page with the page's definitions appended, and drops the nodes those make.
 * @returns the piece's top-level nodes with positions in the file; `continuesTable` when its first node is the rest
 *   of the table the previous piece ended with (it then starts with that table's header row, to be dropped)
 */
export function parsePiece(
  processor: { parse(file: VFile): unknown },
  file: VFile,
  cut: PageCut,
  index: number,
): { children: RootContent[]; continuesTable: boolean } {
  const { lines, definitions, tableOf } = cut;
  const [first, end] = cut.pieces[index]!;
  const appendix = definitions.length > 0 ? `\n\n${definitions.join('\n')}\n` : '';
  const own = lines.slice(first, end).join('\n') + (end < lines.length ? '\n' : '');
  // A piece that starts inside a table repeats the table's header and delimiter rows, so that it parses as the
  // rest of that table; the repeated header row is dropped and the rows join the table the last piece ended with.
  const header = tableOf.get(first);
  const prefix = header === undefined ? '' : `${lines[header]}\n${lines[header + 1]}\n`;
  const prefixLines = header === undefined ? 0 : 2;
  const tree = processor.parse(new VFile({ path: file.path, value: prefix + own + appendix, data: file.data })) as Root;
  const children: RootContent[] = [];
  for (const child of tree.children) {
    if ((child.position?.start.line ?? 0) > end - first + prefixLines) continue; // made by the appended definitions
    shiftPositions(child, first - prefixLines, cut.offsets[index]! - prefix.length);
    children.push(child);
  }
  return { children, continuesTable: header !== undefined };
}

/** A GFM table's delimiter row, written with outer pipes (the only tables cut into pieces). */
const DELIMITER_ROW = /^\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$/;

/**
 * One pass over the lines: where a piece may start (an ATX heading at column 0 outside fenced code, not in front
 * matter, or a body row of a top-level table, mapped to the table's header line) and the lines that define link
 * references or footnotes.
 */
function scanLines(lines: string[]): {
  starts: number[];
  definitions: string[];
  tableOf: Map<number, number>;
  esm: boolean;
} {
  const starts: number[] = [];
  let esm = false;
  const definitions: string[] = [];
  const tableOf = new Map<number, number>();
  // Raw HTML or JSX at column 0 may wrap a table (an HTML comment, an MDX element): tables are then never cut.
  const cutTables = !lines.some((line) => line.startsWith('<'));
  let fence: string | null = null;
  let i = 0;
  if (lines[0] === '---') {
    const close = lines.indexOf('---', 1);
    i = close > 0 ? close + 1 : 0;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (
        opening !== undefined &&
        opening[0] === fence[0] &&
        opening.length >= fence.length &&
        !/\S/.test(line.slice(line.indexOf(opening) + opening.length))
      )
        fence = null;
      continue;
    }
    if (opening !== undefined) fence = opening;
    else if (/^#{1,6}(?:[ \t]|$)/.test(line)) starts.push(i);
    else if (
      cutTables &&
      line.startsWith('|') &&
      (i === 0 || !/\S/.test(lines[i - 1]!)) &&
      DELIMITER_ROW.test(lines[i + 1] ?? '')
    ) {
      // A table at the top level (after a blank line, at column 0): it goes on while lines start with a pipe,
      // which starts no other block, so any of its body rows after the first may start a piece.
      let row = i + 2;
      for (; row < lines.length && lines[row]!.startsWith('|'); row++) {
        if (row > i + 2) {
          starts.push(row);
          tableOf.set(row, i);
        }
      }
      i = row - 1;
    } else if (/^ {0,3}\[(?:[^\]\\]|\\.)+\]:/.test(line)) definitions.push(line);
    else if (/^(?:import|export)\b/.test(line)) esm = true;
  }
  return { starts, definitions, tableOf, esm };
}

/**
 * Pieces of about `chunkBytes` each, as [first line, end line) pairs, cut only where a piece may start.
 */
function groupPieces(lines: string[], starts: number[], chunkBytes: number): [number, number][] {
  const pieces: [number, number][] = [];
  let first = 0;
  let size = 0;
  let next = 0;
  for (let i = 0; i < lines.length; i++) {
    while (next < starts.length && starts[next]! < i) next++;
    if (starts[next] === i && size >= chunkBytes && i > first) {
      pieces.push([first, i]);
      first = i;
      size = 0;
    }
    size += lines[i]!.length + 1;
  }
  pieces.push([first, lines.length]);
  return pieces;
}

/** Moves a node's and its descendants' positions from their piece to the file (line and offset). */
function shiftPositions(
  node: { position?: { start: Point; end: Point }; children?: unknown[] },
  lines: number,
  offset: number,
): void {
  if (node.position) {
    for (const point of [node.position.start, node.position.end]) {
      point.line += lines;
      if (point.offset !== undefined) point.offset += offset;
    }
  }
  if (node.children) for (const child of node.children) shiftPositions(child as typeof node, lines, offset);
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}
