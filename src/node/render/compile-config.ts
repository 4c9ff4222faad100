/**
 * The part of the config that compiling a page reads, apart from the compiler itself: the build's main thread
 * imports this to hand it to the workers without loading the Markdown pipeline (render/compile-route.ts).
 */
import type { DocsVersion, TwinRoutes } from '../../shared/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentPolicies, MarkdownContext } from '../markdown/context.js';
import { originOf } from '../output/headers.js';

/** The part of the config that compiling a page reads: plain data, sent to each worker thread. */
export type CompileConfig = Pick<
  ResolvedConfig,
  'baseUrl' | 'themeConfig' | 'root' | 'contentPath' | 'allowedReadPaths'
> &
  ContentPolicies & {
    markdown: Pick<
      ResolvedConfig['markdown'],
      'format' | 'mdx1' | 'iframeOrigins' | 'inlineStyles' | 'headingIds' | 'emoji'
    >;
    mdxComponents: string[];
    /** A site with its own components (`theme.mdxComponents`): what its pages' code needs (markdown/mdx-evaluate.ts); null otherwise. */
    siteComponents: MarkdownContext['siteComponents'] | null;
    /** What the site's CSP allows for images and media (output/headers.ts), for rehype-external-media.ts. */
    mediaSources: { 'img-src': string[]; 'media-src': string[] };
    /** The Markdown twins (render/markdown-twin.ts): the site's origin, the API references' routes and config `llms`'s filter; null when off. */
    twins: {
      siteUrl: string;
      tagline: string;
      messages: Record<string, string>;
      apiRoutes: string[];
      routes: TwinRoutes;
    } | null;
  };

/**
 * The CompileConfig of a resolved config.
 * @param versions the site's docs versions (SiteModel.versions), which its own components read through Docusaurus'
 *   docs hooks (`useVersions`); none on a site with one version
 */
export function compileConfigOf(config: ResolvedConfig, versions: DocsVersion[] = []): CompileConfig {
  const {
    baseUrl,
    themeConfig,
    onBrokenLinks,
    onBrokenAnchors,
    onUnknownFrontMatter,
    onDroppedHtml,
    onUnknownComponent,
    onMissingSnippet,
  } = config;
  return {
    baseUrl,
    themeConfig,
    root: config.root,
    contentPath: config.contentPath,
    allowedReadPaths: config.allowedReadPaths,
    onBrokenLinks,
    onBrokenAnchors,
    onUnknownFrontMatter,
    onDroppedHtml,
    onUnknownComponent,
    onMissingSnippet,
    markdown: {
      format: config.markdown.format,
      mdx1: config.markdown.mdx1,
      iframeOrigins: config.markdown.iframeOrigins,
      inlineStyles: config.markdown.inlineStyles,
      headingIds: config.markdown.headingIds,
      emoji: config.markdown.emoji,
    },
    mdxComponents: Object.keys(config.theme.mdxComponents).sort(),
    siteComponents: pagesAreCode(config)
      ? {
          files: { ...config.theme.mdxComponents },
          siteRoot: config.root,
          site: {
            title: config.title,
            tagline: config.tagline,
            url: config.url,
            baseUrl: config.baseUrl,
            customFields: config.customFields,
            versions,
          },
        }
      : null,
    mediaSources: mediaSourcesOf(config),
    twins: config.llms.enabled
      ? {
          siteUrl: config.url.replace(/\/$/, ''),
          tagline: config.tagline,
          messages: { ...config.messages },
          apiRoutes: config.apis.map((api) => api.route),
          routes: { ...(config.llms.include ? { include: config.llms.include } : {}), exclude: config.llms.exclude },
        }
      : null,
  };
}

/**
 * The sources the site's CSP gives `img-src` and `media-src` (createHeaderRules): the site itself, `data:` images,
 * the diagram service (spec §7) and what `csp` adds; media without `csp['media-src']` fall back to `default-src`.
 */
function mediaSourcesOf(config: ResolvedConfig): CompileConfig['mediaSources'] {
  const diagrams = config.themeConfig.diagramServiceUrl ? originOf(config.themeConfig.diagramServiceUrl) : null;
  return {
    'img-src': ["'self'", 'data:', ...(diagrams ? [diagrams] : []), ...(config.csp['img-src'] ?? [])],
    'media-src': ["'self'", ...(config.csp['media-src'] ?? config.csp['default-src'] ?? [])],
  };
}

/**
 * Whether the site's MDX pages are code that runs at build time (config `markdown.pageCode`, by default on for a site
 * with its own components): what they render is written as rendered, inline `style` attributes included
 * (output/headers.ts inlineStyleHashes lets the CSP allow exactly those).
 */
export function pagesAreCode(config: Pick<ResolvedConfig, 'markdown' | 'theme'>): boolean {
  return config.markdown.pageCode ?? Object.keys(config.theme.mdxComponents).length > 0;
}

/**
 * Whether the built pages may hold inline styles or iframes the site-wide CSP must allow one by one
 * (output/headers.ts componentSourcesOf): pages that are code, or authored styles kept (`markdown.inlineStyles`).
 * An edit to one such page can change the policy of every page: the incremental build patches such a site only
 * while each page it rebuilds needs what it needed before (incremental/patch-build.ts).
 */
export function pagesNeedPolicySources(config: Pick<ResolvedConfig, 'markdown' | 'theme'>): boolean {
  return pagesAreCode(config) || config.markdown.inlineStyles;
}
