/**
 * The compile stage (compileRoutes) and the page cache key's parts that come from the site rather than the page.
 */
import type { DocsVersion } from '../../shared/types.js';
import { engineFingerprint } from '../cache/build-fingerprint.js';
import { siteThemeKey } from '../bundle/theme-inputs.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteRoute } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import { registerMarkdownPlugins } from '../pool/site-plugins.js';
import type { CompileContext, CompiledPageMeta } from '../pool/compile-pages.js';
import type { BuildPool } from '../pool/pool.js';
import { type CompileConfig, compileConfigOf } from '../render/compile-config.js';
import type { BuiltRoute } from './types.js';

/**
 * The compile stage: Markdown routes compiled in the pool (each route data file written into `staging`). The full
 * build passes every Markdown route of the loaded site, the incremental build the routes its plan recompiles with
 * the saved state as the site (incremental/patch-build.ts).
 * @param options.routes the routes to compile (each with `page`)
 * @param options.site what every page of the build shares: [content-relative POSIX path, route] of every Markdown
 *   page of the site and the static files' content-relative POSIX paths
 * @param options.cacheEnabled false under --force: the page cache is written but never read
 * @param options.started called once every batch is handed to the worker threads, or once compiling is done when
 *   there are none (or when compiling could not start): the OpenAPI documents wait for it
 * @returns one built route per route, in the order given, and the diagnostics revived as DocgenErrors
 */
export async function compileRoutes(options: {
  pool: BuildPool;
  config: ResolvedConfig;
  staging: string;
  routes: SiteRoute[];
  site: {
    routeByRelPath: [string, string][];
    staticFiles: string[];
    /** The docs versions (SiteModel.versions): the site's components read them (compile-config.ts). */
    versions: DocsVersion[] | undefined;
  };
  cacheEnabled: boolean;
  started?: () => void;
  progress?: (done: number) => void;
}): Promise<{ routes: BuiltRoute[]; errors: DocgenError[] }> {
  const { pool, routes } = options;
  let compiling: Promise<CompiledPageMeta[]>;
  try {
    const context = await compileContext(options);
    compiling = pool.compile(
      context,
      routes.map((route) => ({ route })),
      options.progress,
    );
    if (pool.threads === 0) await compiling; // on this thread the OpenAPI documents would only interleave with it
  } finally {
    options.started?.(); // also on failure: the OpenAPI documents must not wait forever
  }
  const metas = await compiling;
  const errors = metas.flatMap((meta) => meta.errors.map((e) => DocgenError.fromJSON(e)));
  return { routes: metas.map((meta, i) => builtPage(routes[i]!, meta)), errors };
}

/**
 * What every page of one build shares (sent once to each worker), the site-wide part of the page cache key with
 * it. `docgen dev` makes one per loaded site (dev/render-page.ts), so its pages have the build's keys.
 * @param options.staging where `PageCompiler.compile` writes the route data files ('' for a driver that only asks
 *   `PageCompiler.page`)
 */
export async function compileContext(options: {
  config: ResolvedConfig;
  staging: string;
  site: Parameters<typeof compileRoutes>[0]['site'];
  cacheEnabled: boolean;
}): Promise<CompileContext> {
  const { config, site } = options;
  registerMarkdownPlugins(config.markdown.key, config.markdown); // compiling on this thread needs no second config load
  const compiled = compileConfigOf(config, site.versions);
  return {
    staging: options.staging,
    config: compiled,
    routeByRelPath: site.routeByRelPath,
    staticFiles: site.staticFiles,
    // The plugins key is '' without plugins: such a site's page cache keys are what they were before plugins existed.
    engine: `${await engineFingerprint()}\0${config.contentPath}${config.markdown.key ? `\0${config.markdown.key}` : ''}\0${contentOptionsKey(config)}${await siteComponentsKey(config, compiled)}`,
    // A page's partials are in its own key (pool/compile-pages.ts keyOf: the files it imports), the route table in
    // none (each entry keeps the answers its compile got: cache/site-lookups.ts).
    cacheScope: config.contentPath,
    cacheEnabled: options.cacheEnabled,
    plugins: config.markdown.key ? { root: config.root, key: config.markdown.key } : null,
  };
}

/** A compiled Markdown route as the later stages see it: no hast (its data file is written), its worker's `meta`. */
function builtPage(route: SiteRoute, meta: CompiledPageMeta): BuiltRoute {
  const data = {
    path: route.path,
    kind: route.kind,
    title: meta.title,
    description: '',
    content: null,
    toc: [],
    extra: null,
  };
  return { route, data, ids: meta.ids, links: meta.links, meta };
}

/**
 * [content-relative path, route] of every Markdown route of a route list (CompileContext.routeByRelPath), and of
 * every page that could not be read with the route '' (MarkdownContext.routeByRelPath).
 */
export function markdownRoutesOf(routes: SiteRoute[], failedPages: readonly string[] = []): [string, string][] {
  return [
    ...routes.filter((route) => route.page).map((route): [string, string] => [route.page!.relPath, route.path]),
    ...failedPages.map((relPath): [string, string] => [relPath, '']),
  ];
}

/**
 * A site with its own components renders them into its pages at build time (markdown/mdx-evaluate.ts): their files,
 * every site file they import and the site values they read (`useDocusaurusContext().siteConfig`: compile-config.ts
 * `siteComponents.site`, customFields included) key the pages ('' without such components, so other sites' keys stay
 * as they were).
 */
async function siteComponentsKey(config: ResolvedConfig, compiled: CompileConfig): Promise<string> {
  if (!compiled.siteComponents) return '';
  return `\0${await siteThemeKey(config.theme)}\0${JSON.stringify(compiled.siteComponents.site)}`;
}

/**
 * The settings that change what a page compiles to besides its source: strictness (a diagnostic's severity), the
 * parse format and the allowed iframe origins. Part of the page cache key.
 */
function contentOptionsKey(config: ResolvedConfig): string {
  const { onBrokenLinks, onBrokenAnchors, onUnknownFrontMatter, onDroppedHtml, onUnknownComponent, markdown } = config;
  return JSON.stringify([
    onBrokenLinks,
    onBrokenAnchors,
    onUnknownFrontMatter,
    onDroppedHtml,
    onUnknownComponent,
    config.onMissingSnippet,
    markdown.format,
    markdown.headingIds,
    markdown.emoji,
    markdown.iframeOrigins,
    Object.keys(config.theme.mdxComponents).sort(),
  ]);
}
