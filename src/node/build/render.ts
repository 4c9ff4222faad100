/**
 * The render stage: every route's document rendered in the worker pool with the bundled theme and written as soon
 * as it is done (pool/render-pages.ts). The full build and the incremental build both call it.
 */
import type { PageData, SiteData } from '../../shared/types.js';
import { routeToFile, withBase } from '../../shared/urls.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { DocgenError } from '../diagnostics/error.js';
import { SITE_SHELL_FILE } from '../output/hashed.js';
import type { BuildPool } from '../pool/pool.js';
import type { RenderContext, RenderJob } from '../pool/render-pages.js';
import type { BuiltRoute } from './types.js';

/**
 * What every route of one render shares.
 * @param options.manifestPlaceholder stands for the search manifest's hash where it is not known yet: the theme
 *   must not print it (output/url-placeholder.ts)
 * @param options.rendererFile the bundled theme module (incremental/theme-module.ts)
 */
export function renderContext(options: {
  staging: string;
  config: Pick<ResolvedConfig, 'url' | 'baseUrl'>;
  site: SiteData;
  manifestPlaceholder: string;
  manifest: AssetsManifest;
  themeScript: string;
  rendererFile: string;
}): RenderContext {
  const { config } = options;
  return {
    ...options,
    config: { url: config.url, baseUrl: config.baseUrl },
    siteUrl: withBase(config.baseUrl, '/' + SITE_SHELL_FILE),
  };
}

/**
 * The render stage: routes rendered in the pool, each written as soon as it is done. The full build renders every
 * route and the not-found page, the incremental build the routes its plan re-renders (incremental/patch-build.ts).
 * Markdown routes' page data is read back from their data files; API routes' (small) travels with the job, with its
 * pre-rendered reference body.
 * @param options.routes the routes, each with its index in `site.routes` (its record)
 * @param options.dataUrls the data URLs of routes without `meta` (API routes)
 * @param options.notFound the not-found page's data and data URL, when it is rendered too
 * @param options.progress called with the number of routes rendered so far (Reporter.progress)
 * @returns the TemplateRenderFailed errors of every route that failed (all routes are rendered regardless)
 */
export function renderRoutes(options: {
  pool: BuildPool;
  context: RenderContext;
  routes: { built: BuiltRoute; record: number }[];
  dataUrls?: ReadonlyMap<string, string>;
  fragments?: ReadonlyMap<string, string>;
  notFound?: { data: PageData; dataUrl: string };
  progress?: (done: number) => void;
}): Promise<{ errors: DocgenError[] }> {
  const jobs: RenderJob[] = options.routes.map(({ built: { route, data, meta }, record }) => ({
    file: routeToFile(route.path),
    record,
    ...(meta
      ? {
          dataUrl: meta.dataUrl,
          dataFile: meta.dataFile,
          ...(meta.contentPieces ? { contentPieces: meta.contentPieces } : {}),
        }
      : { dataUrl: options.dataUrls!.get(route.path)!, data, fragment: options.fragments?.get(route.path) }),
    source: route.page?.file ?? route.api?.file,
  }));
  if (options.notFound)
    jobs.push({ file: '404.html', record: null, dataUrl: options.notFound.dataUrl, data: options.notFound.data });
  return options.pool.render(options.context, jobs, options.progress);
}
