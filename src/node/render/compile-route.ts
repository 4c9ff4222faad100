/**
 * Compiling one route to its page data (issue #2): Markdown pages through the frozen processor, API routes from
 * their view model. Shared by `docgen build` (every route) and `docgen dev` (the requested route, on demand).
 */
import type { PageData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteRoute } from '../content/site.js';
import type { DocgenError } from '../diagnostics/error.js';
import type { LinkRef } from '../markdown/context.js';
import { compileMarkdown, type MarkdownProcessor } from '../markdown/processor.js';
import type { ApiDocumentModel } from '../openapi/model.js';
import type { PageCache } from '../cache/page-cache.js';

/** A compiled route: its page data, the ids it defines (for anchors) and the links it makes. */
export interface CompiledRoute {
  route: SiteRoute;
  data: PageData;
  ids: string[];
  links: LinkRef[];
}

/** What compileRoute needs besides the route. */
export interface CompileRouteContext {
  config: ResolvedConfig;
  processor: MarkdownProcessor;
  /** Content-relative POSIX path of every Markdown page -> its route. */
  routeByRelPath: Map<string, string>;
  /** Content-relative POSIX paths of static files. */
  staticFiles: Set<string>;
  /** Compiled-page cache (docgen build); absent in dev, which keeps its own per-session cache. */
  cache?: PageCache;
}

/**
 * Compiles one route.
 * @returns the compiled route and the page's diagnostics (MarkdownSyntax and what the plugins report); never
 *   throws for bad content. API routes carry `extra: null` until apiPageExtra fills it.
 */
export async function compileRoute(route: SiteRoute, context: CompileRouteContext): Promise<{ compiled: CompiledRoute; errors: DocgenError[] }> {
  const { config } = context;
  if (route.api) {
    const { model: api } = route.api;
    const data: PageData = { path: route.path, kind: 'api', title: route.title, description: firstSentence(api.description), content: null, toc: [], extra: null };
    return { compiled: { route, data, ids: api.anchors, links: [] }, errors: [] };
  }
  const page = route.page!;
  const cacheKey = context.cache?.key({ source: page.source, relPath: page.relPath, route: route.path });
  const cached = cacheKey ? await context.cache!.get(cacheKey) : null;
  const compiled = cached ? { ...cached, errors: [] } : await compileMarkdown({
    processor: context.processor,
    source: page.source,
    frontMatter: page.frontMatter,
    ctx: {
      file: page.file,
      relPath: page.relPath,
      route: route.path,
      routeByRelPath: context.routeByRelPath,
      staticFiles: context.staticFiles,
      href: (p: string) => withBase(config.baseUrl, p),
      diagramServiceUrl: config.themeConfig.diagramServiceUrl,
    },
  });
  if (cacheKey && !cached && compiled.errors.length === 0) await context.cache!.set(cacheKey, { hast: compiled.hast, toc: compiled.toc, h1: compiled.h1, ids: compiled.ids, links: compiled.links });
  const fm = page.frontMatter;
  const data: PageData = {
    path: route.path,
    kind: route.kind,
    title: fm.title ?? compiled.h1 ?? route.title,
    description: fm.description ?? '',
    content: compiled.hast,
    toc: fm.hide_table_of_contents ? [] : compiled.toc,
    extra: route.kind === 'home' ? { hero: fm.hero ?? null, features: fm.features ?? null } : null,
  };
  return { compiled: { route, data, ids: compiled.ids, links: compiled.links }, errors: compiled.errors };
}

/**
 * The `extra` of an API route's page data: heading fields and the URL of its pre-rendered reference body.
 * @param htmlUrl URL (with base) of the HTML fragment
 */
export function apiPageExtra(model: ApiDocumentModel, htmlUrl: string): Record<string, unknown> {
  return { title: model.title, version: model.version, description: model.description, htmlUrl };
}

/** First sentence or line of a Markdown description, for `<meta name="description">`. */
export function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = line.search(/[。.](\s|$)/);
  return end >= 0 ? line.slice(0, end + 1) : line;
}
