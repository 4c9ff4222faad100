/**
 * What the Markdown plugins know about the file being compiled and the site around it (passed in vfile.data,
 * so the processor itself is created once and frozen: STYLE.md Pipeline).
 */
import type { ElementContent } from 'hast';
import type { Strictness } from '../config/schema.js';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError, type ErrorCode, type Severity } from '../diagnostics/error.js';
import type { SiteComponentsSite } from './site-components.js';

/** How the site wants each kind of content problem handled (site.config.ts). */
export interface ContentPolicies {
  onBrokenLinks: Strictness;
  onBrokenAnchors: Strictness;
  onUnknownFrontMatter: Strictness;
  onDroppedHtml: Strictness;
  onUnknownComponent: Strictness;
  onMissingSnippet: Strictness;
}

/** Docusaurus' defaults (a site without these keys); this site sets every one to 'throw'. */
export const DEFAULT_POLICIES: ContentPolicies = {
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onUnknownFrontMatter: 'ignore',
  onDroppedHtml: 'warn',
  onUnknownComponent: 'throw',
  onMissingSnippet: 'throw',
};

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

/**
 * What a page's MDX `<head>` sets (Docusaurus' "Head metadata": `<head><title>…</title><meta name="description"
 * content="…" /></head>` in a page), as remark-mdx-content.ts reads it.
 */
export interface PageHead {
  /** The whole document title, as written. */
  title?: string;
  description?: string;
  keywords?: string[];
}

export interface MarkdownContext {
  /** Absolute path of the file, relative POSIX path inside content/, and its route. */
  file: string;
  relPath: string;
  route: string;
  /** The site root, for a page whose file is not at `relPath` below the content folder (a docs version's). */
  siteRoot?: string;
  /** A docs version's page: its path in the docs folder (content/collect.ts SourcePage.localRelPath). */
  localRelPath?: string;
  /**
   * Content-relative POSIX path of every Markdown file -> its route; '' for a page that could not be read (its own
   * error is reported: a link to it is not also a dead link).
   */
  routeByRelPath: ReadonlyMap<string, string>;
  /** Content-relative POSIX paths of static files. */
  staticFiles: ReadonlySet<string>;
  /** Adds the base URL to a site-absolute path. */
  href: (path: string) => string;
  /** Diagram service base URL (spec §7), when configured. */
  diagramServiceUrl?: string;
  /** The site's strictness settings. */
  policies: ContentPolicies;
  /** Origins `<iframe src>` may load (config `markdown.iframeOrigins`). */
  iframeOrigins: readonly string[];
  /** Whether authored HTML keeps its allowed inline styles (config `markdown.inlineStyles`; style-allow-list.ts). */
  inlineStyles?: boolean;
  /**
   * Sources the site's CSP allows for images and for video/audio (`img-src`, `media-src`), to warn about external
   * media it would block (rehype-external-media.ts); absent: no check.
   */
  mediaSources?: { 'img-src': readonly string[]; 'media-src': readonly string[] };
  /** Whether this file is read as MDX (config `markdown.format` and the file's extension). */
  mdx: boolean;
  /** Whether the site's pages were written for MDX 1 (config `markdown.mdx1`; processor.ts parseMdxOrCommonMark). */
  mdx1?: boolean;
  /** How heading ids are made (config `markdown.headingIds`; 'github' when absent). */
  headingIds?: 'github' | 'vitepress';
  /** Whether emoji shortcodes (`:tada:`) become their emoji (config `markdown.emoji`; remark-emoji-shortcodes.ts). */
  emoji?: boolean;
  /** What `<DocCardList />` lists on this page (content/site.ts categoryCards). */
  cards?: readonly { label: string; route: string }[];
  /** Names of the site's own MDX components (config `theme.mdxComponents`). */
  mdxComponents?: readonly string[];
  /**
   * A site with its own components: its MDX pages' code runs at build time (mdx-evaluate.ts). `files`: each
   * registered component's file (absolute); `siteRoot`: what `@site/` names; `site`: what Docusaurus' hooks read.
   */
  siteComponents?: { files: Readonly<Record<string, string>>; siteRoot: string; site: SiteComponentsSite };
  /** Renders of the page's computed components, by `dataUse` (remark-mdx-content.ts -> rehype-site-components.ts). */
  siteComponentRenders?: ((children: ElementContent[] | null) => string | null)[];
  /**
   * The content folder (a snippet import's `@/`) and the project root (no snippet import, MDX raw import or partial
   * reads outside it or the content folder): remark-snippet-imports.ts reads no file without them.
   */
  contentRoot?: string;
  projectRoot?: string;
  /** config `allowedReadPaths` (absolute): folders outside the project a page may read too (read-policy.ts). */
  allowedReadPaths?: readonly string[];
  /** Text of each partial inlined into the page, by absolute path (code frames of their diagnostics). */
  partialSources?: Map<string, string>;
  /**
   * Files besides the page's source the compile read or tried to read (partials, raw and snippet imports, images
   * whose size it wrote), by absolute path: pool/compile-pages.ts keeps the hashes of those its key does not cover
   * (snippet-imports.ts importedFilesOf) with the page cache entry.
   */
  reads?: Set<string>;
  /** What the page's MDX `<head>` set (remark-mdx-content.ts), if it has one. */
  head?: PageHead;
  /** The page's heading slugger, when the page runs through the plugins in pieces (processor.ts): shared by them. */
  slugger?: { slug(text: string): string };
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
  code: ErrorCode,
  message: string,
  severity: Severity = 'error',
): void {
  const line = node.position?.start.line;
  const column = node.position?.start.column;
  // A node of an inlined partial names the partial (remark-mdx-content.ts).
  const file = (node as { data?: { docgenFile?: string } }).data?.docgenFile ?? ctx.file;
  const text = file === ctx.file ? source : (ctx.partialSources?.get(file) ?? '');
  ctx.errors.push(
    new DocgenError({
      code,
      message,
      file,
      line,
      column,
      frame: line && text ? codeFrame(text, line, column) : undefined,
      severity,
    }),
  );
}

/**
 * Records a diagnostic as the site's strictness setting for its kind says: 'throw' an error, 'warn' a warning,
 * 'ignore' nothing (Docusaurus `onBrokenLinks` semantics).
 */
export function reportByPolicy(
  ctx: MarkdownContext,
  source: string,
  node: { position?: { start: { line: number; column: number } } },
  code: ErrorCode,
  message: string,
  policy: Strictness,
): void {
  if (policy !== 'ignore') reportAt(ctx, source, node, code, message, policy === 'throw' ? 'error' : 'warning');
}
