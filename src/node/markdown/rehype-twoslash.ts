/**
 * Twoslash code blocks (```` ```ts twoslash ````), as VitePress (`@shikijs/vitepress-twoslash`) and Docusaurus
 * (`docusaurus-preset-shiki-twoslash`) show them: the code the reader sees, with twoslash's markup removed. The
 * rules are twoslash's own (twoslashes/twoslash `packages/twoslash/src/regexp.ts`, `utils.ts` findFlagNotations,
 * findCutNotations, findQueryMarkers; `docs/refs/notations.md`). docgen does not run TypeScript, so what only the
 * compiler knows is left out: the type popups of `// ^?`, the completions of `// ^|`, the boxes of `// ^^^`, the
 * error messages `// @errors` expects, and the emitted JavaScript of `// @showEmit`.
 */
import type { Element, Root } from 'hast';
import { walk } from './walk.js';

/** A `// @flag` or `// @flag: value` line (twoslash reConfigBoolean, reConfigValue): compiler and handbook options. */
const FLAG = /^\/\/\s?@(\w+)(?::\s?.+)?$/;
/** A query line under the code it points at: `// ^?`, `// ^|`, `// ^^^ note` (twoslash reAnnonateMarkers). */
const QUERY = /^\s*\/\/\s*\^(?:\?|\||\^+)(?: .*)?$/;
/**
 * The inline cache `@shikijs/vitepress-twoslash` writes into a block as its first line (`// @twoslash-cache: {...}`,
 * its `createTwoslashWithInlineCache`, shiki `packages/vitepress-twoslash/src/cache-inline/cache-inline.ts`), which it
 * removes from the code it shows.
 */
const INLINE_CACHE = /^\/\/ @twoslash-cache: /;
const CUT_BEFORE = /^\/\/\s?---cut(?:-before)?---$/;
const CUT_AFTER = /^\/\/\s?---cut-after---$/;
const CUT_START = /^\/\/\s?---cut-start---$/;
const CUT_END = /^\/\/\s?---cut-end---$/;

/**
 * Removes twoslash's markup from a block's code, line by line:
 * - `// ---cut---` (or `// ---cut-before---`): that line and every line above it; the last such line counts;
 * - `// ---cut-after---`: that line and every line below it;
 * - `// ---cut-start---` ... `// ---cut-end---`: both lines and the lines between (pairs may nest);
 * - `// @name` and `// @name: value` flag lines (`// @errors: 2322`, `// @noErrors`, `// @strict: false`, custom
 *   tags like `// @log: …`), except `// @filename: a.ts`, which twoslash keeps (it separates the virtual files);
 * - query lines `// ^?`, `// ^|`, `// ^^^` (their popups need the compiler: left out);
 * - `@shikijs/vitepress-twoslash`'s inline cache line `// @twoslash-cache: {...}`.
 * Twoslash rejects a block whose cut markers do not pair up; here an unpaired `---cut-start---` or `---cut-end---`
 * line is removed and hides nothing else, so the page still shows its code.
 * @param code the block's text (a final newline is kept as it is)
 * @returns the code as twoslash's output shows it
 */
export function applyTwoslash(code: string): string {
  const trailing = code.endsWith('\n') ? '\n' : '';
  const lines = (trailing ? code.slice(0, -1) : code).split('\n');
  const removed = new Set<number>();
  let from = 0; // first line after the last cut-before
  let to = lines.length; // first line of the cut-after
  const starts: number[] = [];
  const ranges: [number, number][] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.replace(/\r$/, '');
    const trimmed = line.trim();
    if (CUT_BEFORE.test(trimmed)) from = n + 1;
    else if (CUT_AFTER.test(trimmed)) {
      to = n;
      break;
    } else if (CUT_START.test(trimmed)) starts.push(n);
    else if (CUT_END.test(trimmed)) {
      const start = starts.pop();
      if (start === undefined) removed.add(n);
      else ranges.push([start, n]);
    } else if (QUERY.test(line) || INLINE_CACHE.test(line) || (FLAG.test(line) && !/^\/\/\s?@filename:/.test(line)))
      removed.add(n);
  }
  for (const [start, end] of ranges) for (let n = start; n <= end; n++) removed.add(n);
  for (const start of starts) removed.add(start);
  const kept = lines.filter((_, n) => n >= from && n < to && !removed.has(n));
  return kept.join('\n') + (kept.length > 0 ? trailing : '');
}

/** Whether a fence's meta asks for twoslash (the word `twoslash`, as `@shikijs/vitepress-twoslash`'s explicit trigger). */
export function isTwoslashMeta(meta: string): boolean {
  return /(?:^|\s)twoslash(?:\s|$)/.test(meta);
}

/**
 * rehype plugin; no options. For each `pre > code` holding plain text (before highlighting and line annotations)
 * whose fence meta has the word `twoslash`, removes twoslash's markup (applyTwoslash), whatever tool the site
 * comes from.
 */
export function rehypeTwoslash() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element) => {
      if (node.tagName !== 'pre') return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code' || code.children.length !== 1) return;
      const text = code.children[0];
      if (text?.type !== 'text') return;
      if (!isTwoslashMeta(String((code.data as { meta?: string } | undefined)?.meta ?? ''))) return;
      text.value = applyTwoslash(text.value);
    });
  };
}
