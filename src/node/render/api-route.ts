/**
 * An API route's page data and reference body: no Markdown, only the view model. Kept apart from
 * compile-route.ts so the build's main thread, which compiles no Markdown itself, does not load the Markdown
 * pipeline.
 */
import type { PageData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { hasTwin } from '../../shared/twin-url.js';
import type { Messages } from '../../shared/messages.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteRoute } from '../content/site.js';
import type { LinkRef } from '../markdown/context.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { rewriteImageSources } from '../openapi/description-images.js';
import { isSplitDocument, SPLIT_MAX_CHARS } from '../openapi/split.js';
import type { ServerRenderer } from './ssr.js';

/** A compiled route: its page data, the ids it defines (for anchors) and the links it makes. */
export interface CompiledRoute {
  route: SiteRoute;
  data: PageData;
  ids: string[];
  links: LinkRef[];
}

/**
 * Compiles an API route: its anchors are the operation anchors of the model; it links nowhere.
 * @param route a route with `api`
 * @returns page data with `extra: null` until apiPageExtra fills it
 */
export function compileApiRoute(route: SiteRoute): CompiledRoute {
  const { model: api } = route.api!;
  const data: PageData = {
    path: route.path,
    kind: 'api',
    title: route.title,
    description: firstSentence(api.description),
    content: null,
    toc: [],
    extra: null,
  };
  return { route, data, ids: api.anchors, links: [] };
}

/**
 * The `extra` of an API route's page data: heading fields, the URL of its pre-rendered reference body, and the
 * try-it console's labels (`tryIt.*`: only API pages need them, so the site shell every page loads leaves them out).
 * @param htmlUrl URL (with base) of the HTML fragment
 * @param messages the site's UI labels (ResolvedConfig.messages)
 */
export function apiPageExtra(model: ApiDocumentModel, htmlUrl: string, messages: Messages): Record<string, unknown> {
  const tryIt = Object.fromEntries(Object.entries(messages).filter(([id]) => id.startsWith('tryIt.')));
  return { title: model.title, version: model.version, description: model.description, htmlUrl, messages: tryIt };
}

/**
 * The reference body of an API route, the same for `docgen build` and `docgen dev`: one fragment, or for a large
 * document (openapi/split.ts) the page body whose parts go to `partUrl`.
 * @param options.downloads URLs of the YAML and JSON downloads
 * @param options.manifest the client bundle: a part's own page links its stylesheets (the site's and the API reference's)
 * @param options.partUrl stores a part's HTML (a page of its own) and returns its URL
 * @param options.imageUrl the published URL of a local description image (the model's `images` file), used in
 *   place of its relative `src` in the body and in every part
 * @returns the body HTML
 * @throws whatever the theme throws while rendering (the caller reports TemplateRenderFailed)
 */
export function renderApiBody(
  renderer: Pick<ServerRenderer, 'renderApiReference' | 'renderSplitApiReference'>,
  options: {
    config: ResolvedConfig;
    route: string;
    model: ApiDocumentModel;
    downloads: { yaml: string; json: string };
    manifest: Pick<AssetsManifest, 'css' | 'routeCss'>;
    themeScript: string;
    partUrl: (key: string, html: string) => string;
    imageUrl?: (file: string) => string;
  },
): string {
  const { config, model } = options;
  const images = new Map(
    Object.entries(model.images ?? {}).map(([src, file]) => [src, options.imageUrl?.(file) ?? src]),
  );
  const withImages = (html: string) => rewriteImageSources(html, images);
  const routes = { ...(config.llms.include ? { include: config.llms.include } : {}), exclude: config.llms.exclude };
  const twin =
    config.llms.enabled && hasTwin(routes, options.route, 'api')
      ? { route: withBase(config.baseUrl, options.route), siteUrl: config.url }
      : undefined;
  const props = {
    model,
    downloads: options.downloads,
    primaryColor: config.themeConfig.api.primaryColor,
    messages: config.messages,
    ...(twin ? { twin } : {}),
  };
  if (!isSplitDocument(model)) {
    // Split by size as well as by count: a few hundred operations with large schemas (Figma's
    // 47 render to 3.9 MB) would be one page whose parsing and hydration take long tasks of half a second.
    const html = renderer.renderApiReference(props);
    if (html.length <= SPLIT_MAX_CHARS) return withImages(html);
  }
  const body = renderer.renderSplitApiReference({
    ...props,
    pageUrl: withBase(config.baseUrl, options.route),
    shell: {
      lang: config.i18n.defaultLocale,
      defaultTheme: config.themeConfig.colorMode.defaultMode,
      css: [...options.manifest.css, ...options.manifest.routeCss.api],
      themeScript: options.themeScript,
    },
    partUrl: (key, html) => options.partUrl(key, withImages(html)),
  }).html;
  return withImages(body);
}

/** First sentence or line of a Markdown description, for `<meta name="description">`. */
function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = line.search(/[。.](\s|$)/);
  return end >= 0 ? line.slice(0, end + 1) : line;
}
