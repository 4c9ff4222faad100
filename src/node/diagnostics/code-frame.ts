/**
 * Code frames: a few lines of source around a position, with a caret under the column.
 */

/**
 * Renders a code frame.
 * @param source the whole file text
 * @param line 1-based line
 * @param column 1-based column (clamped to the line)
 * @param context lines shown before and after (default 2)
 * @returns text like ` 4 | title: [\n   |        ^`; empty when the line is out of range
 */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = (lines[n - 1] ?? '').replace(/\t/g, '  ');
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${text.length > 160 ? text.slice(0, 160) + '…' : text}`);
    if (n === line) {
      const caretAt = Math.max(1, Math.min(column, text.length + 1));
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(caretAt - 1)}^`);
    }
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
