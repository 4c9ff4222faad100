/**
 * Pages written for MDX 1 (Docusaurus 2) read by MDX 3 (config `markdown.mdx1`). MDX 1 took a block that opens with
 * an HTML/JSX tag as one JSX block up to the next blank line, and Markdown text literally; MDX 3 reads Markdown and
 * expressions everywhere. Docusaurus' "Upgrading to Docusaurus v3" guide (website/docs/migration/v3.mdx, "MDX v1 to
 * v3 migration") lists what a Docusaurus 2 page must change to compile with MDX 3; repairMdx1 makes those changes on
 * a page that MDX 3 rejects, line by line, so the page reads as it did:
 *
 * - a line starting with `import`/`export` inside a JSX block is text (MDX 3 would take it as ESM);
 * - `<https://…>` autolinks become links;
 * - a `<` that opens no tag (`a < b`, `<=`) and `{`, `}` in Markdown text are escaped (MDX 1 printed them);
 * - void elements left open (`<img …>`, `<br>`) are closed;
 * - a `<pre>` block keeps its lines: MDX 3 would read its text as paragraphs that end at a closing tag's line, so it
 *   is put on its first line with `{"\n"}` between its lines (the lines after it left blank, so line numbers stay).
 *
 * HTML comments are rewritten before any MDX parse (preprocess.ts htmlCommentsToMdx).
 */
import { rewriteOutsideFences } from './preprocess.js';

const VOID_ELEMENTS = 'area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr';
const OPEN_VOID = new RegExp(`<(${VOID_ELEMENTS})\\b((?:[^>"'{]|"[^"]*"|'[^']*'|\\{[^}]*\\})*?)\\s*(?<!/)>`, 'gi');
const ESM_LINE = /^(import|export)\s/;
/**
 * An autolink (`<https://…>`, group 1), a tag (`<a href="x">`, `</a>`, `<br/>`), an MDX comment `{/* … *\/}` or an
 * inline code span: what is not Markdown text.
 */
const KEPT =
  /(<(?:https?|mailto|ftp):[^\s<>]+>)|<\/?[A-Za-z][\w.:-]*(?:[^<>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*\/?>|\{\/\*[\s\S]*?\*\/\}|`+[^`]*`+/g;

/**
 * Rewrites a page's MDX 1 constructs to their MDX 3 forms (see the module comment).
 * @param source the page as MDX 3 was given it (HTML comments and heading ids already rewritten)
 * @returns the text with the same number of lines; the input itself when nothing changed
 */
export function repairMdx1(source: string): string {
  const text = joinPreBlocks(source);
  let blank = true;
  let jsxBlock = false;
  return rewriteOutsideFences(text, (line) => {
    const starts = blank;
    blank = line.trim() === '';
    if (blank) {
      jsxBlock = false;
      return undefined;
    }
    if (starts) jsxBlock = /^\s{0,3}<[A-Za-z]/.test(line);
    if (ESM_LINE.test(line)) return jsxBlock ? `{''}${line}` : undefined;
    const out = repairLine(line, jsxBlock);
    return out === line ? undefined : out;
  });
}

/**
 * Each block (after a blank line, up to the next) that opens with `<pre` and spans lines, put on its first line: its
 * lines joined by `{"\n"}`, Markdown characters of its text escaped (MDX 1 showed a JSX block's text as written).
 */
function joinPreBlocks(source: string): string {
  if (!/^\s{0,3}<pre\b/im.test(source)) return source;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if ((i > 0 && lines[i - 1]!.trim() !== '') || !/^\s{0,3}<pre\b/i.test(lines[i]!)) continue;
    let end = i;
    while (end + 1 < lines.length && lines[end + 1]!.trim() !== '') end++;
    if (end === i) continue;
    const joined = lines
      .slice(i, end + 1)
      .map((line) => line.replace(/\r$/, ''))
      .map((line) =>
        line.replace(PRE_TEXT, (whole: string, keep: string | undefined) =>
          keep ? whole : whole.replace(/[\\`*_[\]#|~]/g, '\\$&'),
        ),
      );
    lines[i] = joined.join('{"\\n"}');
    for (let k = i + 1; k <= end; k++) lines[k] = '';
    i = end;
  }
  return lines.join('\n');
}

/** In a `<pre>` block: tags and `{expressions}` (group 1, kept), or a run of text between them. */
const PRE_TEXT = /(<\/?[A-Za-z][^<>]*>|\{[^{}]*\})|[^<{]+|[<{]/g;

/** One line's text outside tags, comments and code spans repaired; `{…}` kept inside a JSX block (an expression). */
function repairLine(line: string, jsxBlock: boolean): string {
  let out = '';
  let at = 0;
  const text = (part: string) => {
    let fixed = part.replace(/<(?![A-Za-z/!])/g, '\\<');
    if (!jsxBlock) fixed = fixed.replace(/(?<!\\)[{}]/g, '\\$&');
    return fixed;
  };
  for (const match of line.matchAll(KEPT)) {
    out += text(line.slice(at, match.index));
    const link = match[1]?.slice(1, -1);
    out += link ? `[${link}](${link})` : match[0].startsWith('<') ? match[0].replace(OPEN_VOID, '<$1$2 />') : match[0];
    at = match.index + match[0].length;
  }
  return out + text(line.slice(at));
}

/**
 * A page's ESM lines (`import …`/`export …` opening a block) blanked, for a page read as CommonMark after all, where
 * they would print as text.
 * @returns the text with the same number of lines
 */
export function blankEsm(source: string): string {
  let blank = true;
  let esm = false;
  return rewriteOutsideFences(source, (line) => {
    const starts = blank;
    blank = line.trim() === '';
    if (starts) esm = ESM_LINE.test(line);
    return esm && !blank ? '' : undefined;
  });
}
