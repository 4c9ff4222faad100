/**
 * The migration report: what `docgen migrate` could not carry over, each with the file and line it comes from
 * and what to do about it, printed after the files are written (and kept as MIGRATION.md in the new site).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isShimmedDocusaurusModule } from '../bundle/docusaurus-shims.js';

/** One thing the migration left out or changed. */
export interface ReportItem {
  /** File relative to the migrated site, '/'-separated. */
  file: string;
  /** 1-based line, when known. */
  line?: number;
  /** What was not carried over, and what to do. */
  message: string;
}

/** Collects report items; files are relative to `root`. */
export class MigrationReport {
  readonly items: ReportItem[] = [];

  constructor(readonly root: string) {}

  /**
   * Adds an item.
   * @param file absolute or root-relative path
   * @param needle text (or a pattern) whose first line in the file is the item's line (e.g. a plugin's name), or the
   *   line itself
   */
  add(file: string, message: string, needle?: string | RegExp | number): void {
    const absolute = path.resolve(this.root, file);
    const line = typeof needle === 'number' ? needle : needle ? lineOf(absolute, needle) : undefined;
    this.items.push({ file: path.relative(this.root, absolute).split(path.sep).join('/'), line, message });
  }

  /** The report as text: one `file:line  message` line per item, sorted by file and line. */
  format(): string {
    const sorted = [...this.items].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
    return sorted.map((item) => `${item.file}${item.line ? `:${item.line}` : ''}  ${item.message}`).join('\n');
  }
}

/** The 1-based line of the first occurrence of `needle` (text or a pattern) in a file, or undefined. */
function lineOf(file: string, needle: string | RegExp): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const at = typeof needle === 'string' ? text.indexOf(needle) : (needle.exec(text)?.index ?? -1);
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

/** The redocusaurus theme modules a page embeds an API document with (migrate/redoc.ts rewrites such pages). */
export const REDOC_MODULE = /^@theme\/(ApiDocMdx|Redoc|ApiSchema)$/;

/** Docusaurus theme components that docgen maps to its own. */
const THEME_COMPONENTS = new Set([
  'Tabs',
  'TabItem',
  'Admonition',
  'CodeBlock',
  'TOCInline',
  'DocCardList',
  'Details',
  'Mermaid',
]);

/**
 * Reports the MDX `import` lines of a page that docgen does not understand: imports other than Docusaurus' theme
 * components, `.md`/`.mdx` partials and raw imports of a file's text (site components, npm packages). Exported code and Docusaurus modules docgen stands in for run (codeLineOf).
 * Lines inside fenced code blocks are not MDX and are skipped.
 * @param file absolute path of the page; `shown` its path as the report should name it
 */
export function reportMdxImports(report: MigrationReport, file: string, shown: string): void {
  forEachMdxLine(readFileSync(file, 'utf8'), (line, index) => {
    const imported = importedBy(line);
    if (imported) {
      const theme = /^@theme\/(\w+)$/.exec(imported)?.[1];
      if (theme && THEME_COMPONENTS.has(theme)) return;
      // A partial: relative, through `@site/`, or from the site root (`/docs/_x.mdx`, webpack's resolve.roots).
      if (/^(?:\.{1,2}\/|@site\/|\/(?!\/)).*\.mdx?$/.test(imported)) return;
      if (/^!!?raw-loader!|\?raw$/.test(imported)) return; // a file's text, which docgen reads (snippet-imports.ts)
      if (isShimmedDocusaurusModule(imported)) return; // the page runs as code (docusaurus.ts firstCodePage)
      if (REDOC_MODULE.test(imported)) return; // an embedded API document: migrate/redoc.ts links to its reference
      if (/\.(svg|png|jpe?g|gif|webp|avif|mp4|webm|pdf)$/i.test(imported)) {
        // A file of the site gives its URL (`<img src={shot}>`), an SVG used as `<Logo />` its image
        // (markdown/remark-mdx-content.ts); one from a package is not published.
        if (/^(\.{1,2}\/|@site\/)/.test(imported)) return;
        report.add(
          shown,
          `file '${imported}' imported from a package: docgen publishes only the site's own files; copy it into the site and import it by a relative path`,
          index + 1,
        );
        return;
      }
      report.add(
        shown,
        `MDX import of '${imported}': a component docgen does not have; map it with theme.mdxComponents in site.config.ts or remove it`,
        index + 1,
      );
    }
  });
}

/** The module an MDX `import … from '…'` line names, or undefined for any other line. */
function importedBy(line: string): string | undefined {
  return /^import\s.*?from\s+['"]([^'"]+)['"]/.exec(line)?.[1];
}

/** An MDX line that exports code (`export const Highlight = …`, `export function …`, `export default …`). */
const EXPORT_LINE = /^export\s+(const|function|default|let|class)\b/;

/** An import of a JSON file of the site (relative, `@site/` or from the site root): data for the page's expressions. */
const DATA_IMPORT = /^(?:\.{1,2}\/|@site\/|\/(?!\/))[^?!]*\.json$/;

/**
 * The first line of a page that makes it code Docusaurus runs as a module, as `file:line` (`shown` is the page's
 * name for the report), or undefined: an `export` of code, an `import` of a Docusaurus module docgen stands in for
 * (`@docusaurus/Link`, `useBaseUrl`: bundle/docusaurus-shims.ts), or an `import` of a JSON file of the site, whose
 * values only the page's `{expressions}` show (webpack loads JSON as a module). docgen runs such pages with
 * `markdown.pageCode`.
 */
export function codeLineOf(
  text: string,
  shown: string,
): { at: string; kind: 'export' | 'import' | 'data' } | undefined {
  let found: { at: string; kind: 'export' | 'import' | 'data' } | undefined;
  forEachMdxLine(text, (line, index) => {
    if (found !== undefined) return;
    const imported = importedBy(line) ?? '';
    if (EXPORT_LINE.test(line)) found = { at: `${shown}:${index + 1}`, kind: 'export' };
    else if (isShimmedDocusaurusModule(imported)) found = { at: `${shown}:${index + 1}`, kind: 'import' };
    else if (DATA_IMPORT.test(imported)) found = { at: `${shown}:${index + 1}`, kind: 'data' };
  });
  return found;
}

/** Calls `each` with the lines of a page outside its fenced code blocks (0-based index). */
export function forEachMdxLine(text: string, each: (line: string, index: number) => void): void {
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (!fence) each(line, index);
  });
}
