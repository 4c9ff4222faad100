/**
 * Renders one route to a whole HTML document: the app through the server renderer, then the document shell.
 * Shared by `docgen build` (every route) and `docgen dev` (on request).
 */
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';
import { renderHtmlDocument } from './html.js';
import type { RenderApp } from './ssr.js';

export interface RouteHtmlInput {
  /** Only the site URL and base URL are read (a worker thread gets just these). */
  config: Pick<ResolvedConfig, 'url' | 'baseUrl'>;
  site: SiteData;
  /** The route, or null for the not-found page. */
  record: RouteRecord | null;
  data: PageData;
  /** URLs (with base) of the site shell (SiteShell) and of this route's data. */
  siteUrl: string;
  dataUrl: string;
  manifest: AssetsManifest;
  renderApp: RenderApp;
  /** The colour-mode script (themeInitScript). */
  themeScript: string;
  /** Pre-rendered API reference body, for API routes. */
  fragment?: string;
  /** Source file of the route, named in the error. */
  source?: string;
}

/**
 * Renders the document of one route.
 * @returns UTF-8 HTML text
 * @throws DocgenError TemplateRenderFailed when the theme throws (with a hint for browser globals used on the server)
 */
export async function renderRouteHtml(input: RouteHtmlInput): Promise<string> {
  const { config, site, record, manifest } = input;
  try {
    const page = input.fragment === undefined ? input.data : { ...input.data, extra: { ...input.data.extra, html: input.fragment } };
    const appHtml = await input.renderApp({ site, page, route: record });
    const kind = record?.kind ?? 'notFound';
    return renderHtmlDocument({
      site,
      page: input.data,
      appHtml,
      boot: { route: record, site: input.siteUrl, data: input.dataUrl },
      canonical: record ? config.url.replace(/\/$/, '') + withBase(config.baseUrl, encodeURI(record.path)) : null,
      css: [...manifest.css, ...(input.data.styles ?? [])],
      entry: manifest.entry,
      modulePreloads: [manifest.entry, ...manifest.entryImports, ...manifest.pages[kind]],
      themeScript: input.themeScript,
    });
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    throw new DocgenError({
      code: 'TemplateRenderFailed',
      message: `Rendering ${record?.path ?? '404.html'} failed: ${message}.`,
      hint: /\b(window|document|localStorage|navigator) is not defined/.test(message)
        ? 'Theme code runs on the server too: use browser globals only inside effects or event handlers, never at module scope or during render.'
        : undefined,
      file: input.source,
      cause: error,
    });
  }
}
