/**
 * One pass of the build: the stages that turn one configuration's site into its part of the staging output
 * (compile, link check, route data, render, search index, site files, headers, twins), each over every route; the
 * incremental build (incremental/patch-build.ts) calls the same stage functions over the routes its plan names. `build()` runs one pass; a multi-locale build
 * (i18n/build-locales.ts) runs one per locale over shared bundles and one worker pool.
 */
import { apiLoadOptions, apiLoadVariant } from '../openapi/api-entry.js';
import { themeInitScript } from '../../shared/color-mode.js';
import { withBase } from '../../shared/urls.js';
import { engineFingerprint, type InputFingerprint } from '../cache/build-fingerprint.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel } from '../content/site.js';
import { AggregateDocgenError, DocgenError } from '../diagnostics/error.js';
import { settleDiagnostics } from '../diagnostics/settle.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { assetPath } from '../output/hashed.js';
import { originOf } from '../output/headers.js';
import { createHashPlaceholder } from '../output/url-placeholder.js';
import type { BuildPool } from '../pool/pool.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { CompiledRoute } from '../render/api-route.js';
import type { Reporter } from '../report.js';
import { compileRoutes, markdownRoutesOf } from './compile.js';
import { checkCompiledLinks } from './links.js';
import { writeRouteData, writeSiteFiles } from './output.js';
import { renderContext, renderRoutes } from './render.js';
import type { BuiltRoute } from './types.js';

/** The bundles one build run shares between its passes (every locale's pages load the same client chunks). */
interface SharedBundles {
  /** The client bundle, written once at the output's root with the site's base URL. */
  manifest: Promise<AssetsManifest>;
  /** The bundled theme module the server renderer imports. */
  themeFile: Promise<string>;
}

/**
 * One pass of the stages over one resolved configuration (a one-locale site, or one locale of a multi-locale
 * site): compile, route data, render, search index, site shell, Markdown twins and llms.txt, written into
 * `staging`. What spans the whole output (sitemap, host headers files, static files, the swap) is left to the driver.
 * @param options.shared bundles made once for several passes; without it the pass bundles its own into `staging`
 * @param options.releasePool destroys the pool once its last pages are rendered (the last pass of a run)
 * @returns what the driver writes and records: the model, routes, records, assets, search index, site data and
 *   host header rules of the pass, and its warnings
 * @throws AggregateDocgenError listing every content failure of the pass
 */
export async function buildPass(options: {
  config: ResolvedConfig;
  inputs: InputFingerprint;
  pool: BuildPool;
  staging: string;
  report: Reporter;
  force: boolean;
  shared?: SharedBundles;
  releasePool: boolean;
}) {
  const { config, inputs, pool, staging, report, force, shared, releasePool } = options;
  const searchModule = import('./search.js'); // loads while the workers compile
  const themeScript = themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl });
  const {
    model,
    compiled,
    manifest,
    fragments,
    serverOrigins,
    imageOrigins,
    mediaOrigins,
    apiCacheKeys,
    themeFile,
    warnings,
  } = await compileSite({ config, inputs, pool, staging, themeScript, report, force, shared });
  const { site, records, dataUrls, notFound } = await report.task('writing route data', () =>
    writeRouteData({ staging, config, model, compiled }),
  );
  // Pages render in the workers while this thread builds the search index. They name the site shell by its
  // stable URL, and only the shell names the index (SITE_SHELL_FILE), so no page depends on the index.
  const manifestPlaceholder = createHashPlaceholder();
  const context = renderContext({
    staging,
    config,
    site: {
      ...site,
      searchManifest: withBase(config.baseUrl, '/' + assetPath('search/', 'manifest', manifestPlaceholder)),
    },
    manifestPlaceholder,
    manifest,
    themeScript,
    rendererFile: themeFile,
  });
  const rendering = report.task('rendering pages', async () => {
    const rendered = await renderRoutes({
      pool,
      context,
      routes: compiled.map((built, record) => ({ built, record })),
      dataUrls,
      fragments,
      notFound,
      progress: report.progress('rendering pages', compiled.length + 1, 'routes'),
    });
    if (releasePool) await pool.destroy(); // the threads' memory is returned while the search index is still being built
    return rendered;
  });
  rendering.catch(() => {}); // awaited below; a failure must not count as unhandled while the index is built
  const { buildSearchIndex } = await searchModule;
  const { search, versionedSite, summary } = await report.task('building search index', () =>
    buildSearchIndex({
      config,
      staging,
      compiled,
      versions: model.versions,
      force,
      site,
      info: (line) => report.info(line),
    }),
  );
  report.info(summary);
  const indexedSite = versionedSite ?? { ...site, searchManifest: search.manifestUrl };
  const navigationUrl = await writeSiteFiles(staging, indexedSite, config.baseUrl);
  const rendered = await rendering;
  if (rendered.errors.length > 0) throw new AggregateDocgenError(rendered.errors);
  const { createHeaderRules, immutableAssets, isActiveContentFile } = await import('../output/headers.js');
  const headers = createHeaderRules({
    inlineScripts: [themeScript, ...(config.locale?.inlineScripts ?? [])], // one _headers serves every locale
    imgOrigins: [
      config.themeConfig.diagramServiceUrl ? (originOf(config.themeConfig.diagramServiceUrl) ?? '') : '',
      ...imageOrigins,
    ],
    mediaOrigins,
    connectOrigins: serverOrigins,
    frameOrigins: config.markdown.iframeOrigins,
    baseUrl: config.baseUrl,
    catchAll: !config.locale || config.locale.settings.isDefault, // the default locale's `/*` covers every locale
    sandboxed: model.staticFiles.filter(isActiveContentFile),
    immutable: immutableAssets(staging, model.staticFiles),
    extra: config.csp,
  });
  await report.task('writing Markdown twins and llms.txt', async () =>
    (await import('../render/llms-files.js')).writeLlmsFiles({ staging, config, model }),
  );
  if (config.blog)
    await report.task('writing blog feeds', async () =>
      (await import('../blog/feed.js')).writeFeeds({ staging, config, model }),
    );
  return {
    model,
    compiled,
    records,
    manifest,
    search,
    indexedSite,
    navigationUrl,
    themeScript,
    headers,
    warnings,
    apiCacheKeys,
  };
}

/**
 * The stages up to compiled routes, run side by side: the site loaded (loadSite), Markdown compiled in the pool
 * (route data files written), client and theme bundled, API references rendered, then links checked. Every error of
 * every stage is collected before it fails. Page sources stay local to this stage.
 * @returns the model with API routes, every route in route order, the client's assets, the API reference bodies by
 *   route, the API servers' and logos' origins, the OpenAPI cache entries used and the bundled theme module
 * @throws AggregateDocgenError listing every content failure, and the warnings beside them
 */
async function compileSite(options: {
  config: ResolvedConfig;
  inputs: InputFingerprint;
  pool: BuildPool;
  staging: string;
  themeScript: string;
  report: Reporter;
  force: boolean;
  shared?: SharedBundles;
}) {
  const { config, inputs, pool, staging, themeScript, report, force } = options;
  const [{ loadSite, withApiRoutes }, { renderApiReferences }] = await Promise.all([
    import('../content/site.js'),
    import('./api-assets.js'),
  ]);
  // OpenAPI documents are validated on this thread, which is otherwise idle while the workers compile Markdown;
  // they wait until the compile batches are handed out, so they never delay the workers.
  let compileStarted!: () => void;
  const afterCompileStarted = new Promise<void>((resolve) => (compileStarted = resolve));
  const apiCache = await apiLoader({ force, after: afterCompileStarted, scope: config.contentPath, config });
  const content = await report.task('reading content', () =>
    loadSite(config, { loadApi: apiCache.load, collectApiWarnings: true }),
  );
  const { themeFile: theme, manifest } = options.shared ?? sharedBundles({ config, inputs, staging, report, force });
  const markdownRoutes = content.model.routes.filter((route) => route.page);
  const [compiledResult, apisResult, manifestResult, themeResult, apiResult] = await Promise.allSettled([
    report
      .task('compiling markdown', () =>
        compileRoutes({
          pool,
          config,
          staging,
          routes: markdownRoutes,
          site: {
            routeByRelPath: markdownRoutesOf(markdownRoutes, content.model.failedPages),
            staticFiles: content.model.staticFiles,
            versions: content.model.versions,
          },
          cacheEnabled: !force,
          started: compileStarted,
          progress: report.progress('compiling markdown', markdownRoutes.length, 'pages'),
        }),
      )
      .finally(() => compileStarted()),
    report.task('validating OpenAPI', () => content.apis),
    manifest,
    theme,
    // API references need no Markdown: this thread renders them while the workers compile.
    report.task('rendering API references', () =>
      renderApiReferences({ staging, config, apis: content.apis, theme, themeScript, manifest }),
    ),
  ]);
  const errors: DocgenError[] = [...content.model.errors];
  for (const result of [compiledResult, apisResult, manifestResult, themeResult, apiResult]) {
    if (result.status === 'rejected') {
      if (result.reason instanceof DocgenError) errors.push(result.reason);
      else throw result.reason;
    }
  }
  if (manifestResult.status === 'fulfilled')
    errors.push(...(manifestResult.value.warnings ?? []).map((warning) => DocgenError.fromJSON(warning)));
  const apis = apisResult.status === 'fulfilled' ? apisResult.value : { routes: [], errors: [] };
  const model = withApiRoutes(content.model, apis);
  errors.push(...apis.errors);
  if (compiledResult.status === 'fulfilled') {
    errors.push(...compiledResult.value.errors);
    errors.push(
      ...checkCompiledLinks({
        routes: model.routes,
        metas: compiledResult.value.routes.map(({ meta }) => meta!),
        otherIds: model.routes.filter((r) => r.api).map((r) => [r.path, r.api!.model.anchors] as const),
        staticFiles: model.staticFiles,
        policies: config,
      }),
    );
  }
  const warnings = settleDiagnostics(errors); // throws when any is an error, with every warning beside them
  releaseSources(model);
  const pages = (compiledResult as PromiseFulfilledResult<{ routes: BuiltRoute[] }>).value.routes;
  const { apiRoutes, fragments, serverOrigins, imageOrigins, mediaOrigins } = (
    apiResult as PromiseFulfilledResult<Awaited<ReturnType<typeof renderApiReferences>>>
  ).value;
  return {
    model,
    compiled: builtRoutes(model, pages, apiRoutes),
    manifest: (manifestResult as PromiseFulfilledResult<Awaited<typeof manifest>>).value,
    themeFile: (themeResult as PromiseFulfilledResult<string>).value,
    fragments,
    serverOrigins,
    imageOrigins,
    mediaOrigins,
    apiCacheKeys: apiCache.used,
    warnings,
  };
}

/**
 * The client bundle, written into `staging/assets/` with `config.baseUrl` in its manifest, and the theme module the
 * renderer imports, each started as a task of the build.
 * @param options.inputs the fingerprint of the build (the theme module's cache key reads the site's theme files)
 */
export function sharedBundles(options: {
  config: ResolvedConfig;
  inputs: InputFingerprint;
  staging: string;
  report: Reporter;
  force: boolean;
}): SharedBundles {
  const { config, inputs, staging, report, force } = options;
  return {
    themeFile: report.task('compiling theme', async () =>
      (await import('../incremental/theme-module.js')).themeModule(await engineFingerprint(), {
        rebundle: force,
        theme: config.theme,
        inputs,
      }),
    ),
    // Taken from the cache when docgen, the site's theme and the base URL are unchanged (cache/client-bundle.ts).
    manifest: report.task('bundling client', async () => {
      const [{ cachedClientBundle }, { themeModuleKey }] = await Promise.all([
        import('../cache/client-bundle.js'),
        import('../incremental/theme-module.js'),
      ]);
      const themeKey = await themeModuleKey(await engineFingerprint(), config.theme, inputs);
      return cachedClientBundle({ outDir: staging, themeKey, base: config.baseUrl, enabled: !force }, async () =>
        (await import('../bundle/client.js')).bundleClient({
          outDir: staging,
          base: config.baseUrl,
          theme: config.theme,
        }),
      );
    }),
  };
}

/**
 * The OpenAPI loader of this build: the cached model of an unchanged document (cache/api-cache.ts), else
 * loadApiDocument's, started only once `after` resolves.
 * @returns `load(file)`, and the keys of the cache entries used so far
 */
async function apiLoader(options: {
  force: boolean;
  after: Promise<void>;
  scope: string;
  config: ResolvedConfig;
}): Promise<{ load: (file: string) => Promise<ApiDocumentModel>; used: ReadonlySet<string> }> {
  const [{ createApiCache }, { loadApiDocument }] = await Promise.all([
    import('../cache/api-cache.js'),
    import('../openapi/load.js'),
  ]);
  const cache = createApiCache({ engine: await engineFingerprint(), enabled: !options.force, scope: options.scope });
  return {
    load: async (file) => {
      await options.after;
      const loadOptions = apiLoadOptions(options.config, file);
      return cache.load(file, (f) => loadApiDocument(f, loadOptions), apiLoadVariant(loadOptions));
    },
    used: cache.used,
  };
}

/** Every route in route order: Markdown routes as the compile stage built them, API routes as renderApiReferences left them. */
function builtRoutes(model: SiteModel, pages: BuiltRoute[], apiRoutes: CompiledRoute[]): BuiltRoute[] {
  const pageOf = new Map(pages.map((page) => [page.route.path, page]));
  const apiOf = new Map(apiRoutes.map((api) => [api.route.path, api]));
  return model.routes.map((route): BuiltRoute => (route.api ? apiOf.get(route.path)! : pageOf.get(route.path)!));
}

/**
 * Drops the Markdown sources from the model: past the link check (code frames) the main thread needs none, and
 * at 10,000 pages they are about 70 MB of the main thread's heap while the search index is built.
 */
function releaseSources(model: SiteModel): void {
  for (const route of model.routes) if (route.page) route.page.source = '';
}
