/**
 * Source rewrites before parsing, as Docusaurus' mdx-loader preprocessor does them. Only
 * the lines concerned change, never their number, so every position stays right.
 *
 * Admonition lines that remark-directive does not read are rewritten to its syntax (`admonitionTitleToDirectiveLabel`):
 * - Docusaurus' older title form `:::tip Title` becomes `:::tip[Title]`;
 * - VitePress' `::: tip`, `::: warning Title`, `::: details Title` lose the space (and gain a label).
 * Lines inside fenced code blocks are left alone; only the directive line changes, so line numbers stay.
 */
import { CONTAINER_NAMES } from './remark-directives.js';

/** A container opening: colons, an optional space, a name, then a free-text title (not `[label]` or `{attrs}`). */
const OPENING = /^(\s*)(:{3,})[ \t]*([A-Za-z][\w-]*)(?:[ \t]+([^\s[{].*?))?[ \t]*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Rewrites each line outside fenced code blocks with `rewrite` (a line without its `\r`; undefined keeps it).
 * @param options.spanOpen true while `rewrite` is inside a span that continues on the next line
 * @returns the text with the same number of lines; the input itself when nothing changed
 */
export function rewriteOutsideFences(
  source: string,
  rewrite: (line: string) => string | undefined,
  options: { spanOpen?: () => boolean } = {},
): string {
  const lines = source.split('\n');
  let fence: string | null = null;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Inside a span the rewrite carries across lines (an HTML comment), a fence marker is the span's text.
    const fenceMatch = options.spanOpen?.() ? null : FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const cr = line.endsWith('\r') ? '\r' : '';
    const next = rewrite(cr ? line.slice(0, -1) : line);
    if (next === undefined) continue;
    lines[i] = next + cr;
    changed = true;
  }
  return changed ? lines.join('\n') : source;
}

/**
 * Rewrites admonition openings to remark-directive's `:::name[title]` form.
 * @param source the page's Markdown
 * @param names container names to rewrite (admonition types, `details`; others are left for the error they get)
 * @returns the text with the same number of lines; the input itself when nothing changed
 */
export function normalizeAdmonitionTitles(source: string, names: ReadonlySet<string>): string {
  if (!source.includes(':::')) return source;
  return rewriteOutsideFences(source, (line) => {
    const match = line.includes(':::') ? OPENING.exec(line) : null;
    if (!match || !names.has(match[3]!.toLowerCase())) return undefined;
    const [, indent, colons, name, title] = match;
    if (!title && !/^\s*:{3,}[ \t]+/.test(line)) return undefined;
    return `${indent}${colons}${name!.toLowerCase()}${title ? `[${title.replace(/[[\]]/g, '\\$&')}]` : ''}`;
  });
}

/** A heading line ending in an explicit id `{#id}`. */
const HEADING_ID = /^(\s{0,3}#{1,6}[ \t].*?)\{#([^{}\s]+)\}([ \t]*)$/;

/**
 * Escapes explicit heading ids (`## Title {#id}`) in an MDX page, where `{` would start an expression
 * (Docusaurus `escapeMarkdownHeadingIds`); remark-heading-ids.ts reads the escaped form as in CommonMark.
 * @returns the text with the same number of lines
 */
export function escapeHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
  return rewriteOutsideFences(source, (line) => {
    const match = HEADING_ID.exec(line);
    return match ? `${match[1]}\\{#${match[2]}\\}${match[3]}` : undefined;
  });
}

/**
 * Turns HTML comments into MDX comments in an MDX page, outside code fences: `<!-- x -->` becomes `{/* x *\/}`, as
 * Docusaurus 3 does by default (`markdown.mdx1Compat.comments`), so the comments of real Docusaurus content parse.
 * @returns the text with the same number of lines
 */
export function htmlCommentsToMdx(source: string): string {
  if (!source.includes('<!--')) return source;
  let comment = false;
  const rewrite = (text: string): string | undefined => {
    if (!comment && !text.includes('<!--')) return undefined;
    let out = '';
    let rest = text;
    for (;;) {
      const at = rest.indexOf(comment ? '-->' : '<!--');
      if (at < 0) return out + (comment ? rest.replaceAll('*/', '* /') : rest);
      out += comment ? `${rest.slice(0, at).replaceAll('*/', '* /')}*/}` : `${rest.slice(0, at)}{/*`;
      rest = rest.slice(at + (comment ? 3 : 4));
      comment = !comment;
    }
  };
  return rewriteOutsideFences(source, rewrite, { spanOpen: () => comment });
}

/**
 * A page's or a partial's Markdown text as the parser reads it (every rewrite of this module keeps the line count):
 * admonition titles normalised, and in MDX heading ids escaped and HTML comments turned into MDX comments, as
 * Docusaurus 3 compiles pages and the partials they import alike (mdx-loader processor.ts).
 * @param mdx whether the text is read as MDX
 */
export function preparedSource(source: string, mdx: boolean): string {
  const text = normalizeAdmonitionTitles(source, CONTAINER_NAMES);
  return mdx ? asMdxSource(text) : text;
}

/** The MDX-only part of preparedSource, for a text already prepared as CommonMark: heading ids and comments. */
export function asMdxSource(text: string): string {
  return htmlCommentsToMdx(escapeHeadingIds(text));
}
