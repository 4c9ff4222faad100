/**
 * Line annotations written inside code blocks, as Docusaurus and VitePress read them, so their content renders
 * unchanged instead of showing the comments:
 * - Docusaurus magic comments (Docusaurus "Code blocks", `magicComments` default): a comment line
 *   `// highlight-next-line` highlights the next line, `// highlight-start` ... `// highlight-end` the lines
 *   between. The comment lines are removed. The comment syntax follows the block's language (`#` in Python and
 *   shell, `<!-- -->` in HTML, `{/* *\/}` in JSX...; every syntax for another language); a block without a
 *   language, or with line ranges in its meta (`{1,3}`), keeps its comments, as in Docusaurus.
 * - VitePress notations (VitePress "Markdown Extensions", Shiki's notation transformers): a comment ending a line
 *   with `[!code ++]` (added), `[!code --]` (removed), `[!code highlight]` / `[!code hl]`, `[!code focus]`,
 *   `[!code warning]` or `[!code error]`, optionally `:N` for N lines from this one. The notation is removed
 *   (with its comment when nothing else is in it); a line left empty is removed and the notation applies to the
 *   next line.
 * Runs before syntax highlighting (the code's text changes); rehype-code-blocks.ts gives each line its classes.
 */
import { classList } from './class-list.js';
import type { Element, ElementData, Root } from 'hast';
import { walk } from './walk.js';

/** What a line is marked as; rehype-code-blocks.ts renders each as `dg-line--<mark>`. */
export type LineMark = 'highlighted' | 'added' | 'removed' | 'focused' | 'warning' | 'error';

/** Marks by 1-based line number of the code as rendered (after annotations are removed). */
export type LineMarks = Map<number, Set<LineMark>>;

declare module 'hast' {
  interface ElementData {
    /** A code element's line marks (rehypeCodeAnnotations), read by rehypeCodeBlocks. */
    lineMarks?: LineMarks;
  }
}

/** Docusaurus' comment syntaxes (theme-common codeBlockUtils `commentPatterns`): an opening and closing pattern. */
const COMMENTS = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: ['\\;\\;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;
type CommentKind = keyof typeof COMMENTS;

/** The comment syntaxes magic comments may use in a language (Docusaurus getAllMagicCommentDirectiveStyles). */
function commentKinds(language: string): CommentKind[] {
  switch (language) {
    case 'js':
    case 'javascript':
    case 'ts':
    case 'typescript':
    case 'mjs':
    case 'cjs':
    case 'mts':
    case 'cts':
      return ['js', 'jsBlock'];
    case 'jsx':
    case 'tsx':
      return ['js', 'jsBlock', 'jsx'];
    case 'html':
      return ['js', 'jsBlock', 'html'];
    case 'python':
    case 'py':
    case 'bash':
    case 'sh':
    case 'shell':
    case 'zsh':
    case 'yaml':
    case 'yml':
    case 'toml':
      return ['bash'];
    case 'markdown':
    case 'md':
    case 'mdx':
      return ['html', 'jsx', 'bash'];
    case 'tex':
    case 'latex':
    case 'matlab':
      return ['tex'];
    case 'lua':
    case 'haskell':
      return ['lua'];
    case 'sql':
      return ['lua', 'jsBlock'];
    case 'wasm':
      return ['wasm'];
    case 'vb':
    case 'vba':
    case 'visual-basic':
    case 'vbnet':
      return ['vb', 'rem'];
    case 'batch':
      return ['rem'];
    case 'fsharp':
      return ['js', 'ml'];
    case 'ocaml':
    case 'sml':
      return ['ml'];
    case 'fortran':
      return ['f90'];
    case 'cobol':
      return ['cobol'];
    default:
      return Object.keys(COMMENTS) as CommentKind[];
  }
}

const DIRECTIVES = ['highlight-next-line', 'highlight-start', 'highlight-end'] as const;
type Directive = (typeof DIRECTIVES)[number];

const magicPatterns = new Map<string, RegExp>();

/** A line that is only a magic comment, in the comment syntaxes of `language`; group 1..n is the directive. */
function magicPattern(language: string): RegExp {
  let pattern = magicPatterns.get(language);
  if (!pattern) {
    const names = DIRECTIVES.join('|');
    const alternatives = commentKinds(language).map(
      (kind) => `(?:${COMMENTS[kind][0]}\\s*(${names})\\s*${COMMENTS[kind][1]})`,
    );
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    magicPatterns.set(language, pattern);
  }
  return pattern;
}

const NOTATION_MARKS: Record<string, LineMark> = {
  '++': 'added',
  '--': 'removed',
  highlight: 'highlighted',
  hl: 'highlighted',
  focus: 'focused',
  warning: 'warning',
  error: 'error',
};

/** A VitePress notation; group 1 is its kind, group 2 the line count. `[!!code ...]` is one written out (kept, as `[!code ...]`). */
const NOTATION = /\s*\[!code (\+\+|--|highlight|hl|focus|warning|error)(?::(\d+))?\]/g;
/** A comment left empty at the end of a line once its notation is removed: `//`, `#`, `--`, `<!-- -->`, `/* *\/`, `{/* *\/}`. */
const EMPTY_COMMENT = /\s*(?:\/\/|#|--|<!--\s*-->|\{?\s*\/\*\s*\*\/\s*\}?)\s*$/;

/**
 * Applies the annotations of one code block.
 * @param code the block's text (a final newline is kept as it is)
 * @param options.language the fence's language, lower case ('' when none)
 * @param options.metaRanges whether the fence's meta gives line ranges (`{1,3}`): Docusaurus then ignores magic comments
 * @returns the text without annotations and the marks of its lines; the same text and no marks when it has none
 */
export function applyCodeAnnotations(
  code: string,
  options: { language: string; metaRanges: boolean },
): { code: string; marks: LineMarks } {
  const marks: LineMarks = new Map();
  const magic = options.language !== '' && !options.metaRanges && code.includes('highlight-');
  if (!magic && !code.includes('[!code ') && !code.includes('[!!code ')) return { code, marks };
  const trailing = code.endsWith('\n') ? '\n' : '';
  const input = (trailing ? code.slice(0, -1) : code).split('\n');
  const output: string[] = [];
  const mark = (line: number, what: LineMark) => {
    const set = marks.get(line) ?? new Set<LineMark>();
    set.add(what);
    marks.set(line, set);
  };
  /** Marks waiting for the next line that stays: highlight-next-line, a notation alone on its line. */
  let pending: { mark: LineMark; lines: number }[] = [];
  let blockStart: number | null = null;
  const pattern = magic ? magicPattern(options.language) : null;
  for (const line of input) {
    const directive = pattern
      ? (pattern
          .exec(line)
          ?.slice(1)
          .find((group) => group !== undefined) as Directive | undefined)
      : undefined;
    if (directive === 'highlight-next-line') {
      pending.push({ mark: 'highlighted', lines: 1 });
      continue;
    }
    if (directive === 'highlight-start') {
      blockStart = output.length + 1;
      continue;
    }
    if (directive === 'highlight-end') {
      for (let n = blockStart ?? output.length + 1; n <= output.length; n++) mark(n, 'highlighted');
      blockStart = null;
      continue;
    }
    const own = [...line.matchAll(NOTATION)].map((found) => ({
      mark: NOTATION_MARKS[found[1]!]!,
      lines: Math.max(1, Number(found[2] ?? 1)),
    }));
    const text = own.length > 0 ? line.replace(NOTATION, '').replace(EMPTY_COMMENT, '') : line;
    if (own.length > 0 && text.trim() === '') {
      pending.push(...own); // a notation alone on its line marks the next one
      continue;
    }
    output.push(text.replaceAll('[!!code ', '[!code '));
    const number = output.length;
    for (const item of [...pending, ...own]) for (let n = 0; n < item.lines; n++) mark(number + n, item.mark);
    pending = [];
  }
  // Marks past the last line (a count too large) mean nothing.
  for (const line of [...marks.keys()]) if (line > output.length) marks.delete(line);
  return { code: output.join('\n') + trailing, marks };
}

/**
 * rehype plugin; no options. For each `pre > code` holding plain text (before highlighting), removes its
 * annotations and keeps the line marks in the code element's `data.lineMarks`. Diagram sources (inside
 * `details`) are left alone.
 */
export function rehypeCodeAnnotations() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'pre' || (parent as Element | undefined)?.tagName === 'details') return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code' || code.children.length !== 1) return;
      const text = code.children[0];
      if (text?.type !== 'text') return;
      const language =
        classList(code.properties.className)
          .find((c) => c.startsWith('language-'))
          ?.slice(9)
          .toLowerCase() ?? '';
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
      const { code: value, marks } = applyCodeAnnotations(text.value, {
        language,
        metaRanges: /\{[\d,\s-]+\}/.test(meta),
      });
      if (marks.size === 0 && value === text.value) return;
      text.value = value;
      code.data = { ...code.data, lineMarks: marks } as ElementData; // ElementData's `position` is hast-util-from-parse5's
    });
  };
}
