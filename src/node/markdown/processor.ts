/**
 * The Markdown pipeline: one frozen unified processor per build; a page compiles to hast, a table of
 * contents, the ids it defines and the links it makes.
 */
import { blankEsm, repairMdx1 } from './mdx1.js';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import { textWithoutBadges } from './badge.js';
import rehypeHighlight from 'rehype-highlight';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { TocItem } from '../../shared/types.js';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import type { FrontMatter } from '../content/front-matter.js';
import { DEFAULT_POLICIES, reportAt, type LinkRef, type MarkdownContext, type PageHead } from './context.js';
import { rehypeCodeAnnotations } from './code-annotations.js';
import { rehypeCodeBlocks } from './rehype-code-blocks.js';
import { rehypeHeadingAnchors } from './rehype-heading-anchors.js';
import { rehypeHeadingSlugs } from './rehype-heading-slugs.js';
import { rehypeTables } from './rehype-tables.js';
import { rehypeTwoslash } from './rehype-twoslash.js';
import { remarkCjkLineBreaks } from './remark-cjk-line-breaks.js';
import { remarkDiagrams } from './remark-diagrams.js';
import { remarkDirectives } from './remark-directives.js';
import { remarkEmojiShortcodes } from './remark-emoji-shortcodes.js';
import { remarkHeadingIds } from './remark-heading-ids.js';
import { remarkLinks } from './remark-links.js';
import { remarkImageSize } from './remark-image-size.js';
import { cutPage, parseChunked } from './chunked-parse.js';
import { runInPieces, runsInPieces } from './piecewise.js';
import { stripPositions } from './strip-positions.js';
import { MAX_CONTAINER_NESTING, tooDeepNesting } from './nesting.js';
import { hasMarkdownPlugins, NO_MARKDOWN_PLUGINS, toPluggables, type MarkdownPlugins } from './plugins.js';
import { rehypeAuthorHtml } from './rehype-author-html.js';
import { rehypeSiteComponents } from './rehype-site-components.js';
import { rehypeExternalMedia } from './rehype-external-media.js';
import { asMdxSource, preparedSource } from './preprocess.js';
import { remarkMdxContent } from './remark-mdx-content.js';
import { remarkParseFormat } from './remark-parse-format.js';
import { remarkSnippetImports } from './remark-snippet-imports.js';

declare module 'unified' {
  interface Data {
    /** Whether the processor runs the site's own plugins (piecewise.ts compiles such pages whole). */
    docgenSitePlugins?: boolean;
  }
}

/** Languages shown as plain text, never highlighted (diagram sources are handled before highlighting). */
const PLAIN_TEXT = ['text', 'txt', 'plain', 'plaintext', 'console', 'mermaid', 'plantuml'];

/**
 * Creates the frozen processor: remark-parse, front matter, GFM, CJK-friendly emphasis, VitePress snippet imports, Docusaurus admonitions
 * and tabs, Japanese soft line breaks, heading ids, link resolution, diagrams, remark-rehype, the author's raw HTML parsed and sanitised (rehype-author-html.ts),
 * heading slugs, twoslash blocks without their markup (rehype-twoslash.ts), build-time syntax highlighting
 * (lowlight classes, so no highlighter ships to the browser and no inline style breaks a strict CSP), code block titles, line highlights (meta ranges, Docusaurus magic comments,
 * VitePress notations: code-annotations.ts) and numbers. The site's own plugins
 * (markdown/plugins.ts) run after docgen's: remark plugins before remark-rehype, rehype plugins at the end.
 * @param plugins the site's `markdown` config (none by default)
 */
export function createMarkdownProcessor(plugins: MarkdownPlugins = NO_MARKDOWN_PLUGINS) {
  return unified()
    .use(remarkParseFormat)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkCjkFriendly)
    .use(remarkDirective)
    .use(remarkSnippetImports)
    .use(remarkMdxContent)
    .use(remarkDirectives)
    .use(remarkEmojiShortcodes)
    .use(remarkCjkLineBreaks)
    .use(remarkHeadingIds)
    .use(remarkLinks)
    .use(remarkImageSize)
    .use(remarkDiagrams)
    .use(toPluggables(plugins.remarkPlugins))
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeAuthorHtml)
    .use(rehypeSiteComponents)
    .use(rehypeExternalMedia)
    .use(rehypeHeadingSlugs)
    .use(rehypeHeadingAnchors)
    .use(rehypeTwoslash)
    .use(rehypeCodeAnnotations)
    .use(rehypeHighlight, { detect: false, plainText: PLAIN_TEXT })
    .use(rehypeCodeBlocks)
    .use(rehypeTables)
    .use(toPluggables(plugins.rehypePlugins))
    .data('docgenSitePlugins', hasMarkdownPlugins(plugins))
    .freeze();
}

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

export interface CompiledPage {
  hast: HastRoot;
  toc: TocItem[];
  /** Text of a leading `# h1`, removed from the content (the theme renders the title). */
  h1: string | null;
  ids: string[];
  links: LinkRef[];
  errors: DocgenError[];
  /** Files besides the source the compile read or tried to read (MarkdownContext.reads), absolute, sorted. */
  reads: string[];
  /** What the page's MDX `<head>` set (MarkdownContext.head), if it has one. */
  head?: PageHead;
}

/**
 * Compiles one Markdown page.
 * @param ctx file, route and site lookups; its `links`, `ids` and `errors` arrays are filled
 * @returns content without positions, TOC limited to the page's heading levels (spec §9: 2 to 3 by default)
 */
export async function compileMarkdown(options: {
  processor: MarkdownProcessor;
  source: string;
  frontMatter: FrontMatter;
  /** The page and site; strictness defaults to Docusaurus' (DEFAULT_POLICIES), MDX to off, iframes to none. */
  ctx: Omit<MarkdownContext, 'links' | 'ids' | 'errors' | 'policies' | 'iframeOrigins' | 'mdx'> &
    Partial<Pick<MarkdownContext, 'policies' | 'iframeOrigins' | 'mdx'>>;
  /** Size from which a page is parsed in pieces (chunked-parse.ts CHUNK_BYTES; tests set a small one). */
  chunkBytes?: number;
}): Promise<CompiledPage> {
  const { processor, source, frontMatter } = options;
  const ctx: MarkdownContext = {
    policies: DEFAULT_POLICIES,
    iframeOrigins: [],
    mdx: false,
    ...options.ctx,
    links: [],
    ids: [],
    errors: [],
  };
  const text = preparedSource(source, false);
  const file = new VFile({
    path: ctx.file,
    value: ctx.mdx ? asMdxSource(text) : text,
    data: { docgen: ctx },
  });
  let hast: HastRoot;
  const deep = tooDeepNesting(source);
  if (deep) {
    // Not parsed at all: the parser's cost grows faster than the nesting (markdown/nesting.ts).
    const message = `Lists and block quotes nest about ${deep.depth} levels deep here; docgen reads at most ${MAX_CONTAINER_NESTING}, because deeper nesting makes a page take minutes to compile. Flatten the structure.`;
    reportAt(ctx, source, { position: { start: { line: deep.line, column: 1 } } }, 'MarkdownSyntax', message);
    return {
      hast: { type: 'root', children: [] },
      toc: [],
      h1: null,
      ids: ctx.ids,
      links: ctx.links,
      errors: ctx.errors,
      reads: [],
    };
  }
  try {
    hast =
      (await compileInPieces(processor, file, { ctx, chunkBytes: options.chunkBytes })) ??
      ((await processor.run(
        parseMdxOrCommonMark(processor, file, { ctx, commonMark: text, chunkBytes: options.chunkBytes }),
        file,
      )) as HastRoot);
  } catch (error) {
    const tooDeep = error instanceof RangeError && /call stack/i.test(error.message);
    const { line, column } = placeOfParseError(error) ?? (tooDeep ? densestTagLine(source) : undefined) ?? {};
    ctx.errors.push(
      new DocgenError({
        code: 'MarkdownSyntax',
        message: tooDeep
          ? 'The page nests elements deeper than docgen can compile (the stack overflowed); the line shown has the most opening tags of the page, where such nesting usually is. Flatten the structure.'
          : `The Markdown could not be compiled: ${(error as Error).message}.`,
        file: ctx.file,
        line,
        column,
        frame: line ? codeFrame(source, line, column) : undefined,
        cause: error,
      }),
    );
    hast = { type: 'root', children: [] };
  }
  // A page with a front matter `title` keeps its own leading `# heading` in its content, where Docusaurus shows it
  // (render/compile-route.ts hides the theme's title then); without one, that heading is the page's title.
  const h1 = frontMatter.title === undefined ? takeLeadingH1(hast) : null;
  stripPositions(hast);
  const min = frontMatter.toc_min_heading_level ?? 2;
  const max = frontMatter.toc_max_heading_level ?? 3;
  fillInlineTocs(hast);
  const reads = [...(ctx.reads ?? [])].sort();
  return {
    hast,
    toc: extractToc(hast, min, max),
    h1,
    ids: ctx.ids,
    links: ctx.links,
    errors: ctx.errors,
    reads,
    ...(ctx.head ? { head: ctx.head } : {}),
  };
}

/**
 * Where a parser's error is: its `place` (a point or a position), else the first `(line:column-line:column)` its
 * message names (mdast-util-mdx-jsx's "Expected a closing tag for `<div>` (7:1-7:6)" for a tag left open at the end
 * of the page has no place, only the opening tag's position in its text).
 * @returns 1-based line and column, or undefined when neither says
 */
function placeOfParseError(error: unknown): { line: number; column: number } | undefined {
  const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } })
    .place;
  if (place?.start) return place.start;
  if (place?.line) return { line: place.line, column: place.column ?? 1 };
  const named = /\((\d+):(\d+)-\d+:\d+\)/.exec(String((error as Error)?.message ?? ''));
  return named ? { line: Number(named[1]), column: Number(named[2]) } : undefined;
}

/**
 * The line with the most opening HTML or JSX tags (`<div><div>…`), for an overflow no parser located: thousands of
 * nested elements are what overflows the HTML parser's and hast's recursion.
 * @returns 1-based line and the column of its first tag, or undefined when the page has no tag
 */
function densestTagLine(source: string): { line: number; column: number } | undefined {
  let best: { line: number; column: number; tags: number } | undefined;
  source.split('\n').forEach((text, i) => {
    const tags = text.match(/<[A-Za-z]/g)?.length ?? 0;
    if (tags > (best?.tags ?? 0)) best = { line: i + 1, column: text.search(/<[A-Za-z]/) + 1, tags };
  });
  return best && { line: best.line, column: best.column };
}

/**
 * Parses a page (a large page in pieces). A `.md` page that is not valid MDX is read as CommonMark with one warning,
 * as Docusaurus 2 (MDX 1) sites and `markdown.format: 'detect'` read it: HTML comments, `<https://…>` autolinks and a
 * bare `{` in prose then work as they did (content builds unchanged). An `.mdx` page must be valid MDX, unless the
 * site's pages were written for MDX 1 (config `markdown.mdx1`): then a page MDX 3 rejects, `.md` or `.mdx`, is read
 * with MDX 1's rules first (mdx1.ts repairMdx1, a warning at the line MDX 3 stopped at), and as CommonMark without
 * its import/export lines when even that fails.
 */
function parseMdxOrCommonMark(
  processor: MarkdownProcessor,
  file: VFile,
  options: { ctx: MarkdownContext; commonMark: string; chunkBytes?: number },
) {
  const { ctx, chunkBytes } = options;
  try {
    return parseChunked(processor, file, chunkBytes);
  } catch (error) {
    if (!ctx.mdx || (ctx.relPath.endsWith('.mdx') && !ctx.mdx1)) throw error;
    const position = placeOfParseError(error);
    const asMdx1 = ctx.mdx1 ? repairMdx1(String(file.value)) : undefined;
    if (asMdx1 !== undefined && asMdx1 !== file.value) {
      const original = file.value;
      file.value = asMdx1;
      try {
        const tree = parseChunked(processor, file, chunkBytes);
        reportAt(
          ctx,
          String(original),
          { position: position ? { start: position } : undefined },
          'MarkdownSyntax',
          `This page is MDX 1 (Docusaurus 2), not valid MDX 3 (${(error as Error).message.replace(/\.$/, '')}), so it is read as Docusaurus 2 read it: bare <, { and } in text are literal, import/export lines inside a JSX block are text, <https://…> autolinks are links and <img>, <br> need no closing. Docusaurus' "Upgrading to Docusaurus v3" guide shows how to update the page.`,
          'warning',
        );
        return tree;
      } catch {
        file.value = original;
      }
    }
    reportAt(
      ctx,
      String(file.value),
      { position: position ? { start: position } : undefined },
      'MarkdownSyntax',
      `This page is not valid MDX (${(error as Error).message.replace(/\.$/, '')}), so it is read as CommonMark: its HTML is sanitised and MDX components in it do not work. Fix the MDX, or rename the file to keep it CommonMark-only and set markdown.format: 'detect'.`,
      'warning',
    );
    ctx.mdx = false;
    // Without the rewrites made for MDX (comments, escaped heading ids); an MDX page's import/export lines blanked.
    file.value = ctx.relPath.endsWith('.mdx') || ctx.mdx1 ? blankEsm(options.commonMark) : options.commonMark;
    return parseChunked(processor, file, chunkBytes);
  }
}

/**
 * A huge page's hast made piece by piece (piecewise.ts), positions already stripped.
 * @returns null when the page is compiled whole: small, not cut, or with something that reaches across pieces
 */
async function compileInPieces(
  processor: MarkdownProcessor,
  file: VFile,
  options: { ctx: MarkdownContext; chunkBytes?: number },
): Promise<HastRoot | null> {
  const { ctx } = options;
  const source = String(file.value);
  const cut = cutPage(source, options.chunkBytes);
  if (!cut || !runsInPieces({ cut, ctx, source, sitePlugins: processor.data('docgenSitePlugins') === true }))
    return null;
  // A piece that does not parse (MDX that is not valid) is left to the whole page's parse, which reports it or
  // reads the page as CommonMark (parseMdxOrCommonMark).
  const hast = await runInPieces(processor, file, cut).catch(() => null);
  if (!hast) {
    // Compiled whole after all: what the pieces reported is reported again.
    for (const list of [ctx.links, ctx.ids, ctx.errors]) list.length = 0;
    file.messages.length = 0;
  }
  return hast;
}

/**
 * Where a page's content opens with an `<h1>` (nothing but whitespace before it).
 * @returns its index among the root's children, or -1
 */
export function leadingH1Index(tree: HastRoot): number {
  const index = tree.children.findIndex(
    (node) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''),
  );
  const first = tree.children[index];
  return first?.type === 'element' && first.tagName === 'h1' ? index : -1;
}

function takeLeadingH1(tree: HastRoot): string | null {
  const index = leadingH1Index(tree);
  if (index === -1) return null;
  const [h1] = tree.children.splice(index, 1);
  return textWithoutBadges(h1 as Element);
}

/**
 * Fills each `<TOCInline>` (remark-mdx-content.ts: `nav.dg-toc-inline` with data-min/data-max heading levels) with a
 * nested list of links to the page's headings of those levels; with data-toc (`toc={toc.slice(2)}`: the
 * `[level, text]` of the headings the page's code kept), only those.
 */
function fillInlineTocs(tree: HastRoot): void {
  const navs: Element[] = [];
  const find = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'nav' && (node.properties.className as string[] | undefined)?.includes('dg-toc-inline'))
        navs.push(node);
      else find(node.children);
    }
  };
  find(tree.children);
  for (const nav of navs) {
    const kept =
      typeof nav.properties.dataToc === 'string'
        ? new Set((JSON.parse(nav.properties.dataToc) as [number, string][]).map(([level, text]) => `${level} ${text}`))
        : null;
    const items = extractToc(tree, Number(nav.properties.dataMin ?? 2), Number(nav.properties.dataMax ?? 3)).filter(
      (item) => !kept || kept.has(`${item.level} ${item.text}`),
    );
    const top = Math.min(...items.map((item) => item.level));
    const root: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
    const stack: Element[] = [root];
    for (const item of items) {
      const depth = item.level - top;
      while (stack.length > depth + 1) stack.pop();
      while (stack.length < depth + 1) {
        const parentItem = stack.at(-1)!.children.at(-1) as Element | undefined;
        const list: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
        if (parentItem) parentItem.children.push(list);
        else stack.at(-1)!.children.push({ type: 'element', tagName: 'li', properties: {}, children: [list] });
        stack.push(list);
      }
      const link: Element = {
        type: 'element',
        tagName: 'a',
        properties: { href: `#${item.id}` },
        children: [{ type: 'text', value: item.text }],
      };
      stack.at(-1)!.children.push({ type: 'element', tagName: 'li', properties: {}, children: [link] });
    }
    nav.children = items.length > 0 ? [root] : [];
    delete nav.properties.dataMin;
    delete nav.properties.dataMax;
    delete nav.properties.dataToc;
  }
}

/** Headings between `min` and `max` level, in document order (spec §2: levels 2 to 3 by default). */
function extractToc(tree: HastRoot, min: number, max: number): TocItem[] {
  const toc: TocItem[] = [];
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (level && Number(level) >= min && Number(level) <= max && typeof node.properties.id === 'string') {
        toc.push({ id: node.properties.id, text: textWithoutBadges(node).trim(), level: Number(level) });
      } else if (!level) {
        walk((node as Element).children);
      }
    }
  };
  walk(tree.children);
  return toc;
}
