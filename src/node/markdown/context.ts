/**
 * What the Markdown plugins know about the file being compiled and the site around it (passed in vfile.data,
 * so the processor itself is created once and frozen: STYLE.md Pipeline).
 */
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';

/** A link found in a page, checked once every page is compiled. */
export interface LinkRef {
  /** Target route path (without base), or null for a same-page `#anchor`. */
  route: string | null;
  /** Decoded fragment without '#', or '' for none. */
  hash: string;
  /** The href as the author wrote it (for messages). */
  raw: string;
  file: string;
  line?: number;
  column?: number;
}

export interface MarkdownContext {
  /** Absolute path of the file, relative POSIX path inside content/, and its route. */
  file: string;
  relPath: string;
  route: string;
  /** Content-relative POSIX path of every Markdown file -> its route. */
  routeByRelPath: Map<string, string>;
  /** Content-relative POSIX paths of static files. */
  staticFiles: Set<string>;
  /** Adds the base URL to a site-absolute path. */
  href: (path: string) => string;
  /** Diagram service base URL (spec §7), when configured. */
  diagramServiceUrl?: string;
  /** Filled by the plugins. */
  links: LinkRef[];
  ids: string[];
  errors: DocgenError[];
}

declare module 'vfile' {
  interface DataMap {
    docgen: MarkdownContext;
  }
}

/**
 * Records a diagnostic at a node's position, with a code frame from the file's source (every plugin reports
 * this way: remark-validate-links' `file.message(reason, {place})`).
 * @param node any unist node; a node without position yields an error with the file only
 */
export function reportAt(
  ctx: MarkdownContext,
  source: string,
  node: { position?: { start: { line: number; column: number } } },
  code: 'DeadLink' | 'MarkdownSyntax' | 'DroppedHtml',
  message: string,
): void {
  const line = node.position?.start.line;
  const column = node.position?.start.column;
  ctx.errors.push(new DocgenError({ code, message, file: ctx.file, line, column, frame: line ? codeFrame(source, line, column) : undefined }));
}
