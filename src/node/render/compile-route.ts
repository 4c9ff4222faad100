/**
 * Compiling one route to its page data: Markdown pages through the frozen processor, API routes from
 * their view model. Shared by `docgen build` (every route) and `docgen dev` (the requested route, on demand).
 */
import type { Element } from 'hast';
import { MESSAGE_ATTRIBUTE } from '../../shared/messages.js';
import type { PageData, PageLink } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import type { FrontMatter } from '../content/front-matter.js';
import type { SiteRoute } from '../content/site.js';
import type { BlogPostMeta } from '../blog/pages.js';
import type { DocgenError } from '../diagnostics/error.js';
import { compileMarkdown, leadingH1Index, type MarkdownProcessor } from '../markdown/processor.js';
import { compileApiRoute, type CompiledRoute } from './api-route.js';
import type { CompileConfig } from './compile-config.js';

/** An image of VitePress' home layout as front matter gives it (front-matter.ts themeableImageSchema). */
type ThemeableImage = NonNullable<NonNullable<FrontMatter['hero']>['image']>;

/** One image of a themeable image: `{ src, alt }` (a variant of `{ light, dark }` may be one). */
type SingleImage = Extract<ThemeableImage, { src: string }>;

/**
 * Whether a page is read as MDX (Docusaurus `markdown.format`): 'mdx' every page, 'md' none, 'detect' `.mdx` files.
 * @param relPath the page's content-relative path
 */
function isMdxPage(format: CompileConfig['markdown']['format'], relPath: string): boolean {
  return format === 'mdx' || (format === 'detect' && relPath.endsWith('.mdx'));
}

/** What compileRoute needs besides the route. */
export interface CompileRouteContext {
  /** Plain data only (a worker thread gets just this). */
  config: CompileConfig;
  processor: MarkdownProcessor;
  /** Content-relative POSIX path of every Markdown page -> its route. */
  routeByRelPath: ReadonlyMap<string, string>;
  /** Content-relative POSIX paths of static files. */
  staticFiles: ReadonlySet<string>;
}

/**
 * Compiles one route.
 * @returns the compiled route, the page's diagnostics (MarkdownSyntax and what the plugins report) and the files
 *   besides its source it read (CompiledPage.reads); never throws for bad content. API routes carry `extra: null` until apiPageExtra fills it.
 */
export async function compileRoute(
  route: SiteRoute,
  context: CompileRouteContext,
): Promise<{ compiled: CompiledRoute; errors: DocgenError[]; reads: string[] }> {
  const { config } = context;
  if (route.api) return { compiled: compileApiRoute(route), errors: [], reads: [] };
  const page = route.page!;
  const compiled = await compileMarkdown({
    processor: context.processor,
    source: page.source,
    frontMatter: page.frontMatter,
    ctx: {
      file: page.file,
      relPath: page.relPath,
      ...(page.siteRoot ? { siteRoot: page.siteRoot } : {}),
      ...(page.localRelPath ? { localRelPath: page.localRelPath } : {}),
      route: route.path,
      contentRoot: config.contentPath,
      projectRoot: config.root,
      allowedReadPaths: config.allowedReadPaths,
      routeByRelPath: context.routeByRelPath,
      staticFiles: context.staticFiles,
      href: (p: string) => withBase(config.baseUrl, p),
      diagramServiceUrl: config.themeConfig.diagramServiceUrl,
      policies: config,
      iframeOrigins: config.markdown.iframeOrigins,
      inlineStyles: config.markdown.inlineStyles,
      mediaSources: config.mediaSources,
      mdx: isMdxPage(config.markdown.format, page.relPath),
      mdx1: config.markdown.mdx1,
      mdxComponents: config.mdxComponents,
      ...(config.siteComponents ? { siteComponents: config.siteComponents } : {}),
      headingIds: config.markdown.headingIds,
      emoji: config.markdown.emoji,
      cards: route.cards,
    },
  });
  const fm = page.frontMatter;
  // Page-level elements built into the content (no script; labels from the catalogue): the unlisted notice first,
  // the tag links last.
  if (fm.unlisted === true) compiled.hast.children.unshift(unlistedNotice());
  // Docusaurus hides only the title it adds: a page whose Markdown opens with `# Title` shows that heading. And a
  // page with both a front matter `title` and its own leading `# heading` shows the heading, not the title, which
  // names it in <title>, the sidebar and search (the processor leaves that heading in the content then).
  if (
    (fm.hide_title === true && compiled.h1 === null) ||
    (fm.title !== undefined && leadingH1Index(compiled.hast) !== -1)
  )
    compiled.hast.children.unshift(TITLE_HIDDEN);
  if (fm.layout === 'page') compiled.hast.children.unshift(PAGE_LAYOUT);
  if (route.blogPost) compiled.hast.children.unshift(blogPostHeader(route.blogPost));
  if (route.nav?.tags) compiled.hast.children.push(tagLinks(route.nav.tags));
  const data: PageData = {
    path: route.path,
    kind: route.kind,
    title: fm.title ?? compiled.h1 ?? route.title,
    ...(compiled.head?.title ? { documentTitle: compiled.head.title } : {}),
    description: fm.description ?? compiled.head?.description ?? '',
    content: compiled.hast,
    toc: fm.hide_table_of_contents ? [] : compiled.toc,
    ...(route.nav ? { nav: route.nav } : {}),
    extra: route.kind === 'home' ? homeExtra(fm, config.baseUrl) : null,
    ...(fm.image ? { image: fm.image } : {}),
    ...(fm.keywords?.length
      ? { keywords: fm.keywords }
      : compiled.head?.keywords?.length
        ? { keywords: compiled.head.keywords }
        : {}),
  };
  return {
    compiled: { route, data, ids: compiled.ids, links: compiled.links },
    errors: compiled.errors,
    reads: compiled.reads,
  };
}

/**
 * The home page's hero and feature cards for the theme (HomePage), their images made theme-ready: VitePress'
 * `hero.image` and `features[].icon` (a path, `{ src, alt }` or `{ light, dark, alt }`) become `{ src, dark?, alt }`
 * with the base URL on site paths; an icon string, which VitePress renders as HTML, becomes its text (an emoji), or
 * none when only markup is left.
 */
function homeExtra(fm: FrontMatter, baseUrl: string): Record<string, unknown> {
  const url = (src: string) => (src.startsWith('/') && !src.startsWith('//') ? withBase(baseUrl, src) : src);
  const single = (value: string | SingleImage): SingleImage => (typeof value === 'string' ? { src: value } : value);
  const image = (value: ThemeableImage) => {
    if (typeof value === 'string') return { src: url(value), alt: '' };
    // `{ light, dark }` whose variants are `{ src, alt }`: VPImage.vue gives each its own alt unless the outer one is set.
    const light = 'src' in value ? value : single(value.light);
    const width = value.width ?? light.width;
    const height = value.height ?? light.height;
    return {
      src: url(light.src),
      ...('dark' in value ? { dark: url(single(value.dark).src) } : {}),
      alt: value.alt ?? light.alt ?? '',
      ...(width !== undefined ? { width } : {}),
      ...(height !== undefined ? { height } : {}),
    };
  };
  const icon = (value: ThemeableImage | undefined) => {
    if (value === undefined) return {};
    if (typeof value !== 'string') return { icon: image(value) };
    const text = value.replace(/<[^>]*>/g, '').trim();
    return text ? { icon: { text } } : {};
  };
  const hero = fm.hero ? { ...fm.hero, ...(fm.hero.image ? { image: image(fm.hero.image) } : {}) } : null;
  const features = fm.features?.map(({ icon: written, ...feature }) => ({ ...feature, ...icon(written) })) ?? null;
  return { hero, features };
}

/**
 * The mark a page with front matter `hide_title` (Docusaurus) opens with: the theme's CSS hides the title heading
 * of an article holding it (layout.css), so the feature costs no script; `<title>` and the TOC keep the title.
 */
const TITLE_HIDDEN: Element = {
  type: 'element',
  tagName: 'span',
  properties: { className: ['dg-title-hidden'], hidden: true },
  children: [],
};

/**
 * The mark a page with front matter `layout: page` (VitePress' plain page; what migrate writes for a Docusaurus
 * site's React pages) opens with: the stylesheet `docgen migrate` adds (templates/migrate/page-layout.css) shows
 * such a page's content alone and full width. docgen's own theme gives it no rule: without that stylesheet the page
 * is a doc page.
 */
const PAGE_LAYOUT: Element = {
  type: 'element',
  tagName: 'span',
  properties: { className: ['dg-page-layout'], hidden: true },
  children: [],
};

/**
 * The links to a doc's tags that end its content (content/tags.ts; Docusaurus shows them under the doc): built here
 * rather than by the theme, so they cost no script; the label comes from the catalogue (MESSAGE_ATTRIBUTE).
 */
function tagLinks(tags: PageLink[]): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['dg-doc-tags'] },
    children: [
      // A <p>: content-labels.ts fills the labels of p, div, summary, label and a elements.
      {
        type: 'element',
        tagName: 'p',
        properties: { className: ['dg-doc-tags__label'], [MESSAGE_ATTRIBUTE]: 'tags.label' },
        children: [],
      },
      ...tags.map(
        (tag): Element => ({
          type: 'element',
          tagName: 'a',
          properties: { className: ['dg-doc-tags__tag'], href: tag.href },
          children: [{ type: 'text', value: tag.label }],
        }),
      ),
    ],
  };
}

/**
 * The notice an unlisted page opens with (front matter `unlisted`; Docusaurus' unlisted banner): a caution
 * admonition whose texts the theme fills from its catalogue (MESSAGE_ATTRIBUTE), so it costs no script and holds no
 * text the search index would read.
 */
function unlistedNotice(): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['dg-admonition', 'dg-admonition--caution', 'dg-unlisted'], role: 'note' },
    children: [
      {
        type: 'element',
        tagName: 'p',
        properties: { className: ['dg-admonition__title'], [MESSAGE_ATTRIBUTE]: 'unlisted.title' },
        children: [],
      },
      { type: 'element', tagName: 'p', properties: { [MESSAGE_ATTRIBUTE]: 'unlisted.notice' }, children: [] },
    ],
  };
}

/**
 * What a blog post shows above its content (Docusaurus BlogPostItem header): the date (a <time>) and reading time,
 * then its authors, linked to their page or URL. Built here, as the tag links are, so it costs no script; its text
 * comes from the catalogue through blog/pages.ts.
 */
function blogPostHeader(meta: BlogPostMeta): Element {
  const text = (value: string) => ({ type: 'text' as const, value });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['dg-blog-post__meta'] },
    children: [
      {
        type: 'element',
        tagName: 'p',
        properties: { className: ['dg-blog-post__byline'] },
        children: [
          { type: 'element', tagName: 'time', properties: { dateTime: meta.date }, children: [text(meta.byline)] },
        ],
      },
      ...(meta.authors.length > 0
        ? [
            {
              type: 'element' as const,
              tagName: 'ul',
              properties: { className: ['dg-blog-post__authors'] },
              children: meta.authors.map(
                (author): Element => ({
                  type: 'element',
                  tagName: 'li',
                  properties: {},
                  children: [
                    author.route || author.url
                      ? {
                          type: 'element',
                          tagName: 'a',
                          properties: { href: author.route ?? author.url! },
                          children: [text(author.name)],
                        }
                      : text(author.name),
                    ...(author.title ? [text(` — ${author.title}`)] : []),
                  ],
                }),
              ),
            },
          ]
        : []),
    ],
  };
}
