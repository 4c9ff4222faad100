/**
 * Walks the content folder: Markdown pages, sidebar category files and static files (content/).
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Strictness } from '../config/schema.js';
import { isPartialPath, PAGE_FILE } from './page-files.js';
import { codeFrame, firstInvalidUtf8 } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { diagnosticsOf } from '../diagnostics/settle.js';
import { parseFrontMatter, type FrontMatter } from './front-matter.js';
import { parseYamlCapped } from './yaml.js';

/** A Markdown source file with its front matter. */
export interface SourcePage {
  /** Absolute path. */
  file: string;
  /** Path relative to the content folder, POSIX separators, e.g. 'docs/devDesign/spn.md'. */
  relPath: string;
  source: string;
  frontMatter: FrontMatter;
  /**
   * The site root, set on a page of a docs version (content/versions.ts) whose `file` is not at `relPath` below the
   * content folder (`@site/` imports resolve against it).
   */
  siteRoot?: string;
  /**
   * A page of a docs version: its path as it stands in the docs folder (`docs/<path in the version>`), where a
   * relative link to a file outside the docs folder (`../../img/logo.svg`) was written (remark-links.ts).
   */
  localRelPath?: string;
}

/** `_category_.yml` of a folder: sidebar label, position and collapsed state (Docusaurus). */
export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsed?: boolean;
  /** Docusaurus `_category_` link: a doc id or a generated index page. */
  link?: { type: 'doc'; id: string } | { type: 'generated-index'; title?: string; description?: string; slug?: string };
  /** false: the category is always open and cannot be closed (Docusaurus). */
  collapsible?: boolean;
}

export interface ContentFiles {
  pages: SourcePage[];
  /** Keyed by folder path relative to the content folder ('' for the root), POSIX. */
  categories: Map<string, CategoryMeta>;
  /** Other files, copied to the output as they are (relative POSIX paths). */
  staticFiles: string[];
  /** Failures found while reading (the build reports them all at the end). */
  errors: DocgenError[];
  /**
   * Pages that could not be read (their front matter or encoding failed; the error is in `errors`), as relative
   * POSIX paths: links to them are not also dead links.
   */
  failedPages?: string[];
}

/**
 * Characters a URL path cannot carry as written: `%` starts an escape, `#` a fragment, `?` a query, `\` is read as
 * `/`, and browsers strip control characters.
 */
const URL_HOSTILE = /[%#?\\\u0000-\u001f\u007f]/;

/**
 * A content file's path becomes its URL (a page's route, a static file's address), so it may not hold characters
 * that a URL cannot carry as written: such a page would build but its links would 404.
 * @throws DocgenError InvalidFileName naming the file and the character, asking for a rename
 */
function assertUrlSafeName(relPath: string, file: string): void {
  const bad = URL_HOSTILE.exec(relPath)?.[0];
  if (bad === undefined) return;
  const shown =
    bad < ' ' || bad === '\u007f' ? `U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : `'${bad}'`;
  throw new DocgenError({
    code: 'InvalidFileName',
    message: `The path ${JSON.stringify(relPath)} contains ${shown}, which a URL cannot carry as written (its page or file would be unreachable). Rename it without % # ? \\ or control characters.`,
    file,
  });
}

/**
 * Reads every file under the content folder. Files and folders starting with '.' are skipped; symlinks are not
 * followed (so a symlink loop cannot hang the build).
 * @param contentPath absolute content folder
 * @returns pages sorted by path, category metadata, static files and per-file errors (never throws for a bad file)
 */
export async function collectContent(
  contentPath: string,
  options: { unknownFrontMatter?: Strictness } = {},
): Promise<ContentFiles> {
  const entries = await fg('**/*', { cwd: contentPath, onlyFiles: true, dot: false, followSymbolicLinks: false });
  entries.sort();
  const result: ContentFiles = { pages: [], categories: new Map(), staticFiles: [], errors: [], failedPages: [] };
  await Promise.all(
    entries.map(async (relPath) => {
      const file = path.join(contentPath, relPath);
      const base = path.posix.basename(relPath);
      try {
        assertUrlSafeName(relPath, file);
        if (PAGE_FILE.test(relPath) && !isPartialPath(relPath)) {
          const { page, diagnostics } = await readSourcePage(contentPath, relPath, options);
          result.pages.push(page);
          result.errors.push(...diagnostics);
        } else if (base === '_category_.yml' || base === '_category_.yaml' || base === '_category_.json') {
          const raw = parseYamlCapped(decode(await readFile(file), file), { file, code: 'InvalidFrontMatter' }) ?? {};
          result.categories.set(path.posix.dirname(relPath).replace(/^\.$/, ''), readCategory(raw, file));
        } else if (!base.startsWith('_') && !PAGE_FILE.test(relPath)) {
          result.staticFiles.push(relPath);
        }
      } catch (error) {
        const diagnostics = diagnosticsOf(error);
        if (!diagnostics) throw error;
        result.errors.push(...diagnostics);
        if (PAGE_FILE.test(relPath) && !isPartialPath(relPath)) result.failedPages!.push(relPath);
      }
    }),
  );
  result.pages.sort((a, b) => (a.relPath < b.relPath ? -1 : 1));
  result.staticFiles.sort();
  result.failedPages!.sort();
  return result;
}

/**
 * Reads one Markdown page: UTF-8 text without a BOM, and its front matter.
 * @param relPath content-relative POSIX path
 * @param options.unknownFrontMatter what an unknown front matter key is (config `onUnknownFrontMatter`)
 * @returns the page (with the valid front matter keys) and every front matter problem (errors and warnings)
 * @throws DocgenError ContentUnreadable (not UTF-8) or InvalidFrontMatter when the front matter cannot be read
 */
export async function readSourcePage(
  contentPath: string,
  relPath: string,
  options: { unknownFrontMatter?: Strictness } = {},
): Promise<{ page: SourcePage; diagnostics: DocgenError[] }> {
  const file = path.join(contentPath, relPath);
  // Synchronous: 10,000 concurrent promise reads spent longer queueing for Node's four I/O threads than reading
  // (reading this folder took 1.8 s, now 0.8 s), and nothing else waits on this thread meanwhile.
  const text = decode(readFileSync(file), file);
  const { data, diagnostics, unclosed } = parseFrontMatter(text, file, { unknownKeys: options.unknownFrontMatter });
  // Front matter read to the end of the file is closed here, so the Markdown pipeline (remark-frontmatter, which
  // needs the closing fence) takes it as front matter too and the page's body is empty, not the YAML as text.
  const source = unclosed ? `${text}${text.endsWith('\n') ? '' : '\n'}---\n` : text;
  return { page: { file, relPath, source, frontMatter: data }, diagnostics };
}

function decode(bytes: Buffer, file: string): string {
  // isUtf8 validates with SIMD; a fatal TextDecoder took 40 µs per page, 0.4 s of reading 10,000 pages.
  if (isUtf8(bytes)) return bytes.toString('utf8').replace(/^\uFEFF/, '');
  const { line, column } = firstInvalidUtf8(bytes);
  throw new DocgenError({
    code: 'ContentUnreadable',
    message: 'The file is not valid UTF-8 text (the first bad byte is at this line and column). Save it as UTF-8.',
    file,
    line,
    column,
    frame: codeFrame(bytes.toString('utf8'), line, column),
  });
}

function readCategory(raw: unknown, file: string): CategoryMeta {
  const value = raw as Record<string, unknown>;
  const ok =
    typeof value === 'object' &&
    (value.label === undefined || typeof value.label === 'string') &&
    (value.position === undefined || typeof value.position === 'number') &&
    (value.collapsed === undefined || typeof value.collapsed === 'boolean') &&
    (value.collapsible === undefined || typeof value.collapsible === 'boolean');
  if (!ok) {
    throw new DocgenError({
      code: 'InvalidFrontMatter',
      message:
        'A sidebar category file takes `label` (string), `position` (number), `collapsed` and `collapsible` (booleans).',
      file,
    });
  }
  const link = value.link as CategoryMeta['link'] | null | undefined;
  const linkOk = !link || (link.type === 'doc' && typeof link.id === 'string') || link.type === 'generated-index';
  if (!linkOk) {
    throw new DocgenError({
      code: 'InvalidFrontMatter',
      message:
        "A sidebar category file's `link` is { type: 'doc', id } or { type: 'generated-index', title?, description?, slug? }.",
      file,
    });
  }
  return {
    label: value.label as string | undefined,
    position: value.position as number | undefined,
    collapsed: value.collapsed as boolean | undefined,
    collapsible: value.collapsible as boolean | undefined,
    link: link ?? undefined,
  };
}
