/**
 * A guard before parsing: Markdown's block containers (list items, block quotes) cost the parser
 * more than linearly with their nesting (micromark: 250 levels 0.4 s, 500 levels 2.4 s, 1,000 levels 18 s and a
 * stack overflow when turned into HTML), so one file could stall CI. Pages nested deeper than any documentation
 * needs are refused before parsing, with the line where the nesting gets too deep.
 */

/** Block containers a page may nest (real documentation nests a handful). */
export const MAX_CONTAINER_NESTING = 100;

/**
 * Where a page nests block containers deeper than `max`, estimated line by line from the container prefix: each list
 * marker (`-`, `*`, `+`, `1.`, `1)`) or `>` on the line, plus one level per two columns of indentation. Lines of
 * fenced code blocks are skipped. The estimate errs on the deep side, never on the shallow one.
 * @returns the 1-based line and the estimated depth there, or null when the page stays within `max`
 */
export function tooDeepNesting(source: string, max = MAX_CONTAINER_NESTING): { line: number; depth: number } | null {
  let fence: string | null = null;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      continue;
    }
    if (opening !== undefined) {
      fence = opening;
      continue;
    }
    const prefix = /^(?:[ \t]|>|[-*+][ \t]|\d{1,9}[.)][ \t])*/.exec(line)![0];
    let depth = 0;
    let columns = 0;
    for (const match of prefix.matchAll(/[ \t]|>|[-*+][ \t]|\d{1,9}[.)][ \t]/g)) {
      if (match[0] === ' ') columns += 1;
      else if (match[0] === '\t') columns += 4;
      else depth += 1;
    }
    depth += Math.floor(columns / 2);
    if (depth > max) return { line: i + 1, depth };
  }
  return null;
}
