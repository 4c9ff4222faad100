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
 * Renders every route and the not-found page in the pool. Markdown routes' page data is read back from their data
 * files; API routes' (small) travels with the job, with its pre-rendered reference body.
 * @returns the TemplateRenderFailed errors of every route that failed (all routes are rendered regardless)
 */
export function renderRoutes(options: {
  pool: BuildPool;
  context: RenderContext;
  compiled: BuiltRoute[];
  dataUrls: Map<string, string>;
  fragments: Map<string, string>;
  notFound: PageData;
  /** Called with the number of routes rendered so far (Reporter.progress; the total is compiled.length + 1). */
  progress?: (done: number) => void;
}): Promise<{ errors: DocgenError[] }> {
  const { dataUrls } = options;
  const jobs: RenderJob[] = options.compiled.map(({ route, data, meta }, record) => ({
    file: routeToFile(route.path),
    record,
    dataUrl: dataUrls.get(route.path)!,
    ...(meta
      ? { dataFile: meta.dataFile, ...(meta.contentPieces ? { contentPieces: meta.contentPieces } : {}) }
      : { data, fragment: options.fragments.get(route.path) }),
    source: route.page?.file ?? route.api?.file,
  }));
  jobs.push({ file: '404.html', record: null, dataUrl: dataUrls.get('/404')!, data: options.notFound });
  return options.pool.render(options.context, jobs, options.progress);
}
