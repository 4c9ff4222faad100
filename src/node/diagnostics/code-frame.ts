/**
 * Code frames: a few lines of source around a position, with a caret under the column.
 */
import { readFileSync } from 'node:fs';

/** Characters of a line a frame shows. */
const MAX_WIDTH = 160;

/**
 * Renders a code frame.
 * @param source the whole file text
 * @param line 1-based line
 * @param column 1-based column (clamped to the line)
 * @param context lines shown before and after (default 2)
 * @returns text like ` 4 | title: [\n   |        ^`; empty when the line is out of range. Lines longer than 160
 *   characters are shown as a window around the column.
 */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  // A long line (minified JSON) is shown as a window of at most MAX_WIDTH characters around the column.
  const full = (lines[line - 1] ?? '').replace(/\t/g, '  ');
  const caret = Math.max(1, Math.min(column, full.length + 1));
  const start = caret > MAX_WIDTH - 20 ? caret - (MAX_WIDTH >> 1) : 0;
  const clip = (text: string) =>
    (start > 0 ? '…' : '') +
    (text.length - start > MAX_WIDTH ? text.slice(start, start + MAX_WIDTH) + '…' : text.slice(start));
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${clip((lines[n - 1] ?? '').replace(/\t/g, '  '))}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(caret - 1 - start + (start > 0 ? 1 : 0))}^`);
  }
  return out.join('\n');
}

/**
 * Converts a 0-based character offset into a 1-based line and column.
 */
export function offsetToPosition(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Best-effort place of a string value in a config file (code, not data: a sidebar item's `id`, an `entry`): the
 * first time it is written quoted (`'x'`, `"x"` or `` `x` ``).
 * @returns its line, column (1-based) and code frame, or {} when the file cannot be read or does not quote it
 */
export function locateQuoted(file: string, value: string): { line?: number; column?: number; frame?: string } {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const offsets = ["'", '"', '`'].map((q) => source.indexOf(q + value + q)).filter((i) => i !== -1);
  if (offsets.length === 0) return {};
  const { line, column } = offsetToPosition(source, Math.min(...offsets));
  return { line, column, frame: codeFrame(source, line, column) };
}

/**
 * Where the first byte that is not UTF-8 is (in a file that isUtf8 refused).
 * @returns 1-based line and column
 */
export function firstInvalidUtf8(bytes: Uint8Array): { line: number; column: number } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let low = 0; // the length of the valid prefix: each character checked by its lead byte's length
  while (low < bytes.length) {
    const lead = bytes[low]!;
    const length = lead < 0x80 ? 1 : lead >> 5 === 0b110 ? 2 : lead >> 4 === 0b1110 ? 3 : lead >> 3 === 0b11110 ? 4 : 0;
    if (length === 0 || low + length > bytes.length) break;
    if (length > 1) {
      try {
        decoder.decode(bytes.subarray(low, low + length)); // refuses bad continuations, overlong forms, surrogates
      } catch {
        break;
      }
    }
    low += length;
  }
  const text = Buffer.from(bytes.subarray(0, low)).toString('utf8');
  const lineStart = text.lastIndexOf('\n') + 1;
  return { line: text.split('\n').length, column: text.length - lineStart + 1 };
}
