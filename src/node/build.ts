/**
 * `docgen build`: the pipeline, stage by stage (STYLE.md Pipeline; VitePress build/build.ts).
 * Every route is rendered; all failures are reported together at the end; the output folder is replaced only
 * when the whole build succeeded.
 *
 * Issue #8: the main thread keeps what must be global (route table, link check, search index, site data) and a
 * pool of worker threads (pool/) validates the OpenAPI documents, compiles Markdown and renders HTML, writing
 * route data and HTML straight into the staging folder: no stage holds every page's content in memory. Modules
 * that only a real build needs are imported after the up-to-date check, so a warm build answers quickly.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { themeInitScript } from '../shared/color-mode.js';
import type { RouteRecord, SiteData } from '../shared/types.js';
import { routeToFile, withBase } from '../shared/urls.js';
import type { AssetsManifest } from './bundle/client.js';
import { engineFingerprint, forgetBuild, inputFingerprint, inputHashesName, isUpToDate, recordBuild, vanishedOutputs, type InputFingerprint } from './cache/build-fingerprint.js';
import { loadConfig } from './config/load.js';
import type { ResolvedConfig } from './config/resolve.js';
import type { ApiRoutes, SiteModel } from './content/site.js';
import type { ApiDocumentModel, ServerModel } from './openapi/model.js';
import { AggregateDocgenError, DocgenError } from './diagnostics/error.js';
import { navigationKey, type BuildState, type PageState } from './incremental/state.js';
import { assertSafeOutDir, createStagingDir, removeStaleStaging, swapIntoPlace } from './output/atomic.js';
import { assetPath, dataName, hashOf, SITE_SHELL_FILE, writeHashed } from './output/hashed.js';
import { originOf, type HeaderRules } from './output/headers.js';
import { createHashPlaceholder } from './output/url-placeholder.js';
import type { CompiledPageMeta } from './pool/compile-pages.js';
import type { BuildPool } from './pool/pool.js';
import type { RenderJob } from './pool/render-pages.js';
import { apiPageExtra, compileApiRoute, renderApiBody, type CompiledRoute } from './render/api-route.js';
import { sectionsToHast } from './render/page-text.js';
import { createSiteData, notFoundPageData, splitSiteData } from './render/site-data.js';
import { removeStaleServerModules, type ServerRenderer } from './render/ssr.js';
import { assetTable, createReporter, formatKb, gzipSize, type Reporter } from './report.js';
import type { SearchIndexResult } from './search/write-index.js';

export interface BuildOptions {
  /** Project root holding site.config.ts (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (overrides the config). */
  outDir?: string;
  /** Base URL such as '/docs/' (overrides the config). */
  baseUrl?: string;
  /** Print nothing. */
  silent?: boolean;
  /** Build everything again: ignore the record of the last build and the page and OpenAPI caches. */
  force?: boolean;
}

export interface BuildResult {
  outPath: string;
  routes: number;
  durationMs: number;
  /** Bytes (gzip) of JS and CSS a doc page loads on first visit; null when the build was skipped. */
  firstLoad: { js: number; css: number } | null;
  /** True when nothing changed since the last successful build and the output was kept as it is. */
  upToDate: boolean;
}

/**
 * A route as the stages after compilation see it. A Markdown route keeps no hast (its data file is written):
 * `meta` is what its worker returned, and `data.content` is rebuilt from the search text (meta.sections) only when
 * the search stage reads it (render/page-text.ts). An API route is a complete CompiledRoute.
 */
type BuiltRoute = CompiledRoute & { meta?: CompiledPageMeta };

/**
 * Builds the site.
 * @returns where it was written and a few figures
 * @throws DocgenError for a failure that stops everything (config, unsafe output folder)
 * @throws AggregateDocgenError listing every content failure; the previous output is left untouched
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const report = createReporter(options.silent);
  const { config, dependencies } = await report.task('loading config', () => loadConfig(root, { outDir: options.outDir, baseUrl: options.baseUrl }));
  assertSafeOutDir(config);
  await removeStaleStaging(config.outPath); // a killed build's leftovers go even when nothing else has to
  await removeStaleServerModules();
  const fingerprint = await report.task('checking for changes', () => inputFingerprint(config, dependencies));
  const { fingerprint: inputs, markdownBytes } = fingerprint;
  if (!options.force && (await isUpToDate(config.outPath, inputs))) {
    const durationMs = performance.now() - started;
    report.info(`\nnothing changed since the last build: ${path.relative(process.cwd(), config.outPath) || '.'} is up to date (${(durationMs / 1000).toFixed(2)} s; --force rebuilds)`);
    return { outPath: config.outPath, routes: 0, durationMs, firstLoad: null, upToDate: true };
  }
  if (!options.force) {
    const { tryIncrementalBuild } = await import('./incremental/patch-build.js');
    const result = await tryIncrementalBuild({ config, inputs: fingerprint, report, started });
    if (result) return result;
  }
  const { createBuildPool, poolSize } = await import('./pool/pool.js');
  const pool = createBuildPool({ threads: poolSize(markdownBytes) }); // its threads load the Markdown pipeline meanwhile
  const theme: { file?: string } = {};
  const staging = await createStagingDir(config.outPath);
  try {
    const searchModule = import('./search/write-index.js'); // loads while the workers compile
    const themeScript = themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl });
    const { model, compiled, manifest, fragments, serverOrigins, apiCacheKeys } = await compileSite({ config, pool, staging, theme, themeScript, report, force: options.force ?? false });
    const { site, navigationUrl, records, dataUrls } = await report.task('writing route data', () => writeRouteData(staging, config, model, compiled));
    // Pages render in the workers while this thread builds the search index. They name the site shell by its
    // stable URL, and only the shell names the index (SITE_SHELL_FILE), so no page depends on the index.
    const manifestPlaceholder = createHashPlaceholder();
    const rendering = report.task('rendering pages', async () => {
      const rendered = await renderRoutes({ pool, staging, config, site, manifestPlaceholder, compiled, dataUrls, manifest, rendererFile: theme.file!, fragments, themeScript });
      await pool.destroy(); // the threads' memory is returned while the search index is still being built
      return rendered;
    });
    rendering.catch(() => {}); // awaited below; a failure must not count as unhandled while the index is built
    const { searchIndexSummary, writeSearchIndex } = await searchModule;
    const search = await report.task('building search index', () => writeSearchIndex({ outDir: staging, baseUrl: config.baseUrl, routes: compiled, force: options.force, cacheScope: config.contentPath }));
    report.info(searchIndexSummary(search));
    await writeFile(path.join(staging, SITE_SHELL_FILE), JSON.stringify(splitSiteData({ ...site, searchManifest: search.manifestUrl }, navigationUrl).shell));
    const rendered = await rendering;
    if (rendered.errors.length > 0) throw new AggregateDocgenError(rendered.errors);
    const { createHeaderRules } = await import('./output/headers.js');
    const headers = createHeaderRules({
      inlineScripts: [themeScript],
      imgOrigins: [config.themeConfig.diagramServiceUrl ? originOf(config.themeConfig.diagramServiceUrl) ?? '' : ''],
      connectOrigins: serverOrigins,
      baseUrl: config.baseUrl,
    });
    await report.task('writing sitemap and static files', () => writeExtras(staging, config, model, records, headers));
    const { forgetBuildState, saveBuildState } = await import('./incremental/state.js');
    await forgetBuildState(config.outPath); // it describes the output about to be replaced
    await swapIntoPlace(staging, config.outPath);
    const output = await recordBuild(config.outPath, inputs);
    const firstLoad = await printAssets(report, config.outPath, manifest, config.baseUrl, records.length);
    await saveBuildState(config.outPath, {
      ...buildStateOf({ config, fingerprint, model, compiled, site: { ...site, searchManifest: search.manifestUrl }, navigationUrl, search }),
      assets: manifest,
      themeScript,
      output,
      routes: records.length,
      firstLoad,
    });
    await pruneCaches(config, compiled, apiCacheKeys);
    const durationMs = performance.now() - started;
    const threads = pool.threads === 0 ? 'on the main thread' : `with ${pool.threads} worker thread${pool.threads === 1 ? '' : 's'}`;
    report.info(`\nbuilt ${records.length} routes + 404.html into ${path.relative(process.cwd(), config.outPath) || '.'} in ${(durationMs / 1000).toFixed(2)} s (${threads})`);
    return { outPath: config.outPath, routes: records.length, durationMs, firstLoad, upToDate: false };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await pool.destroy();
  }
}

/**
 * Prunes the site's page and OpenAPI caches to the entries this build used (cache/json-store.ts), so that they
 * hold one version of the site instead of growing with every edit: a page added or renamed changes the key of
 * every page (the route map is part of it). Also drops the search token caches of sites, and the build records,
 * states and input hashes of output folders, that no longer exist.
 */
async function pruneCaches(config: ResolvedConfig, compiled: BuiltRoute[], apiCacheKeys: ReadonlySet<string>): Promise<void> {
  const [{ pruneJsonStore }, { PAGE_CACHE }, { API_CACHE }, { forgetFileHashes }, { forgetBuildState }, { pruneTokenCaches }] = await Promise.all([
    import('./cache/json-store.js'),
    import('./cache/page-cache.js'),
    import('./cache/api-cache.js'),
    import('./cache/file-hashes.js'),
    import('./incremental/state.js'),
    import('./search/token-cache.js'),
  ]);
  pruneJsonStore(PAGE_CACHE, config.contentPath, new Set(compiled.flatMap(({ meta }) => (meta ? [meta.cacheKey] : []))));
  pruneJsonStore(API_CACHE, config.contentPath, apiCacheKeys);
  pruneTokenCaches();
  for (const outPath of vanishedOutputs()) {
    await forgetBuildState(outPath);
    forgetFileHashes(inputHashesName(outPath));
    await forgetBuild(outPath);
  }
}

/**
 * What an incremental build needs to know of this one (incremental/state.ts), besides the assets and figures.
 */
function buildStateOf(options: {
  config: ResolvedConfig;
  fingerprint: InputFingerprint;
  model: SiteModel;
  compiled: BuiltRoute[];
  site: SiteData;
  navigationUrl: string;
  search: SearchIndexResult;
}): Omit<BuildState, 'version' | 'assets' | 'themeScript' | 'output' | 'routes' | 'firstLoad'> {
  const { config, model, compiled, site, search } = options;
  const searchOf = new Map(search.pages.map((page) => [page.path, { first: page.first, count: page.count }]));
  const pages: PageState[] = [];
  const anchors = new Map<string, string[]>();
  compiled.forEach(({ route, meta, ids }, record) => {
    if (!route.page || !meta) {
      anchors.set(route.path, route.api ? route.api.model.anchors : ids);
      return;
    }
    pages.push({
      file: route.page.file,
      relPath: route.page.relPath,
      path: route.path,
      kind: route.kind,
      sidebar: route.sidebar,
      navigation: navigationKey(route.page.frontMatter, route.title),
      title: meta.title,
      ids: meta.ids,
      htmlFile: routeToFile(route.path),
      dataFile: meta.dataFile,
      cacheKey: meta.cacheKey,
      record,
      search: searchOf.get(route.path) ?? null,
    });
  });
  const relative = (url: string) => url.slice(config.baseUrl.length);
  return {
    settings: options.fingerprint.settings,
    files: options.fingerprint.files,
    pages,
    anchors,
    staticFiles: model.staticFiles,
    site,
    navigationFile: relative(options.navigationUrl),
    config: { url: config.url, baseUrl: config.baseUrl },
    search: { manifest: search.manifest, manifestFile: relative(search.manifestUrl), fieldLengths: search.fieldLengths },
  };
}

/**
 * The stages up to compiled routes: content and OpenAPI documents read, Markdown compiled in the pool (route data
 * files written), client and theme bundled, API references rendered, links checked. Page sources stay local to
 * this stage.
 * @returns the model with API routes, every route in route order, the client's assets, the API reference bodies
 *   by route and the API servers' origins
 * @throws AggregateDocgenError listing every content failure found so far
 */
async function compileSite(options: {
  config: ResolvedConfig;
  pool: BuildPool;
  staging: string;
  theme: { file?: string };
  /** The colour-mode script (themeInitScript), printed by split API references' part pages. */
  themeScript: string;
  report: Reporter;
  force: boolean;
}) {
  const { config, pool, staging, theme, themeScript, report, force } = options;
  const { loadSiteContent, withApiRoutes } = await import('./content/site.js');
  // OpenAPI documents are validated on this thread, which is otherwise idle while the workers compile Markdown;
  // they wait until the compile batches are handed out, so they never delay the workers.
  let compileStarted!: () => void;
  const afterCompileStarted = new Promise<void>((resolve) => (compileStarted = resolve));
  const apiCache = await apiLoader({ force, after: afterCompileStarted, scope: config.contentPath });
  const content = await report.task('reading content', () => loadSiteContent(config, { loadApi: apiCache.load }));
  const errors: DocgenError[] = [...content.model.errors];
  const { bundleClient } = await import('./bundle/client.js');
  const themeReady = report.task('compiling theme', async () => {
    const { themeModule } = await import('./incremental/theme-module.js');
    theme.file = await themeModule(await engineFingerprint(), { rebundle: force, theme: config.theme });
  });
  const manifestReady = report.task('bundling client', () => bundleClient({ outDir: staging, base: config.baseUrl, theme: config.theme }));
  const [compiledResult, apisResult, manifestResult, themeResult, apiResult] = await Promise.allSettled([
    report.task('compiling markdown', () => compilePages({ pool, config, model: content.model, staging, force, started: compileStarted })),
    report.task('validating OpenAPI', () => content.apis),
    manifestReady,
    themeReady,
    // API references need no Markdown: this thread renders them while the workers compile.
    report.task('rendering API references', () => renderApiReferences({ staging, config, apis: content.apis, themeReady, theme, themeScript, manifest: manifestReady })),
  ]);
  for (const result of [compiledResult, apisResult, manifestResult, themeResult, apiResult]) {
    if (result.status === 'rejected') {
      if (result.reason instanceof DocgenError) errors.push(result.reason);
      else throw result.reason;
    }
  }
  const apis: ApiRoutes = apisResult.status === 'fulfilled' ? apisResult.value : { routes: [], errors: [] };
  const model = withApiRoutes(content.model, apis);
  errors.push(...apis.errors);
  if (compiledResult.status === 'fulfilled') {
    errors.push(...compiledResult.value.errors);
    errors.push(...(await checkSiteLinks(config, model, compiledResult.value.pages)));
  }
  if (errors.length > 0) throw new AggregateDocgenError(errors);
  releaseSources(model);
  const pages = (compiledResult as PromiseFulfilledResult<Awaited<ReturnType<typeof compilePages>>>).value.pages;
  const manifest = (manifestResult as PromiseFulfilledResult<AssetsManifest>).value;
  const { apiRoutes, fragments, serverOrigins } = (apiResult as PromiseFulfilledResult<Awaited<ReturnType<typeof renderApiReferences>>>).value;
  const compiled = builtRoutes(model, pages, apiRoutes);
  return { model, compiled, manifest, fragments, serverOrigins, apiCacheKeys: apiCache.used };
}

/**
 * The OpenAPI loader of this build: the cached model of an unchanged document (cache/api-cache.ts), else
 * loadApiDocument's, started only once `after` resolves.
 * @returns `load(file)`, and the keys of the cache entries used so far
 */
async function apiLoader(options: { force: boolean; after: Promise<void>; scope: string }): Promise<{ load: (file: string) => Promise<ApiDocumentModel>; used: ReadonlySet<string> }> {
  const [{ createApiCache }, { loadApiDocument }] = await Promise.all([import('./cache/api-cache.js'), import('./openapi/load.js')]);
  const cache = createApiCache({ engine: await engineFingerprint(), enabled: !options.force, scope: options.scope });
  return {
    load: async (file) => {
      await options.after;
      return cache.load(file, (f) => loadApiDocument(f));
    },
    used: cache.used,
  };
}

/**
 * Compiles every Markdown route of the model in the pool; route data files land in the staging folder.
 * @param options.started called once every batch is handed to the worker threads, or once compiling is done
 *   when there are none (or when compiling could not start)
 * @returns one result per route in model order, and the diagnostics revived as DocgenErrors
 */
async function compilePages(options: { pool: BuildPool; config: ResolvedConfig; model: SiteModel; staging: string; force: boolean; started: () => void }) {
  const { pool, config, model, staging, force } = options;
  let compiling: Promise<CompiledPageMeta[]>;
  try {
    const engine = await engineFingerprint();
    compiling = pool.compile(
      {
        staging,
        config: { baseUrl: config.baseUrl, themeConfig: config.themeConfig },
        routeByRelPath: model.routes.filter((r) => r.page).map((r) => [r.page!.relPath, r.path]),
        staticFiles: model.staticFiles,
        engine: `${engine}\0${config.contentPath}`,
        cacheScope: config.contentPath,
        cacheEnabled: !force,
      },
      model.routes.filter((route) => route.page).map((route) => ({ route })),
    );
    if (pool.threads === 0) await compiling; // on this thread the OpenAPI documents would only interleave with it
  } finally {
    options.started(); // also on failure: the OpenAPI documents must not wait forever
  }
  const pages = await compiling;
  const errors = pages.flatMap((page) => page.errors.map((e) => DocgenError.fromJSON(e)));
  return { pages, errors };
}

/**
 * API routes compiled, their reference bodies rendered and written (writeApiAssets), once the documents are
 * validated and the theme is bundled. Nothing to do when the theme failed: that error is reported on its own.
 */
async function renderApiReferences(options: {
  staging: string;
  config: ResolvedConfig;
  apis: Promise<ApiRoutes>;
  themeReady: Promise<void>;
  theme: { file?: string };
  themeScript: string;
  /** The client bundle: split references' part pages link its stylesheet. */
  manifest: Promise<AssetsManifest>;
}) {
  const { staging, config } = options;
  const [apis, themed, manifest] = await Promise.all([options.apis, options.themeReady.then(() => true, () => false), options.manifest.catch(() => null)]);
  const apiRoutes = apis.routes.map(compileApiRoute);
  if (apiRoutes.length === 0 || !themed || !manifest) return { apiRoutes, fragments: new Map<string, string>(), serverOrigins: [] };
  const { importServerRenderer } = await import('./render/ssr.js');
  const renderer = { ...(await importServerRenderer(options.theme.file!)), inputs: [] };
  return { apiRoutes, ...(await writeApiAssets({ staging, config, compiled: apiRoutes, renderer, manifest, themeScript: options.themeScript })) };
}

/** Every route in route order: Markdown routes from their compile results, API routes as renderApiReferences left them. */
function builtRoutes(model: SiteModel, pages: CompiledPageMeta[], apiRoutes: CompiledRoute[]): BuiltRoute[] {
  const metaOf = new Map(pages.map((meta) => [meta.path, meta]));
  const apiOf = new Map(apiRoutes.map((api) => [api.route.path, api]));
  return model.routes.map((route): BuiltRoute => {
    if (route.api) return apiOf.get(route.path)!;
    const meta = metaOf.get(route.path)!;
    const data = {
      path: route.path,
      kind: route.kind,
      title: meta.title,
      description: '',
      toc: [],
      extra: null,
      /** The search stage's view of the content, made from the page's search text when read. */
      get content() {
        return sectionsToHast(meta.sections);
      },
    };
    return { route, data, ids: meta.ids, links: meta.links, meta };
  });
}

/**
 * Drops the Markdown sources from the model: past the link check (code frames) the main thread needs none, and
 * at 10,000 pages they are about 70 MB of the main thread's heap while the search index is built.
 */
function releaseSources(model: SiteModel): void {
  for (const route of model.routes) if (route.page) route.page.source = '';
}

async function checkSiteLinks(config: ResolvedConfig, model: SiteModel, pages: CompiledPageMeta[]): Promise<DocgenError[]> {
  const { checkLinks } = await import('./links/check.js');
  const anchors = new Map<string, Set<string>>([
    ...pages.map((p): [string, Set<string>] => [p.path, new Set(p.ids)]),
    ...model.routes.filter((r) => r.api).map((r): [string, Set<string>] => [r.path, new Set(r.api!.model.anchors)]),
  ]);
  const sources = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.file, r.page!.source]));
  const pageRouteOf = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.file, r.path]));
  return checkLinks({
    links: pages.flatMap((p) => p.links),
    anchors,
    staticFiles: new Set(model.staticFiles.map((f) => '/' + f)),
    sources,
    pageRouteOf,
  });
}

/**
 * API routes: the reference body is rendered once to a static HTML fragment (complete without JavaScript) and
 * written as a hashed asset; the route data carries only its URL, never the whole document (issue #4). A large
 * document (src/node/openapi/split.ts) is split: the fragment holds the navigation and placeholders, and each part
 * is its own hashed document `assets/api/<name>.<part>.<hash>.html`, loaded by the client when needed.
 * @returns fragment HTML by route path, for server rendering, and the origins the try-it console may call
 */
async function writeApiAssets(options: {
  staging: string;
  config: ResolvedConfig;
  compiled: CompiledRoute[];
  renderer: ServerRenderer;
  manifest: AssetsManifest;
  themeScript: string;
}): Promise<{ fragments: Map<string, string>; serverOrigins: string[] }> {
  const { staging, config, renderer } = options;
  const fragments = new Map<string, string>();
  const serverOrigins: string[] = [];
  for (const { route, data } of options.compiled) {
    if (!route.api) continue;
    const { model } = route.api;
    const name = dataName(route.path);
    const source = await readFile(route.api.file, 'utf8');
    const yaml = await writeHashed(staging, 'api/', name, source, config.baseUrl, '.yaml');
    const json = await writeHashed(staging, 'api/', name, jsonDownload(route.api.file, source), config.baseUrl, '.json');
    serverOrigins.push(...model.servers.map(serverOrigin).filter((o): o is string => o !== null));
    const parts: { rel: string; html: string }[] = [];
    const html = renderApiBody(renderer, {
      config,
      route: route.path,
      model,
      downloads: { yaml, json },
      css: [...options.manifest.css, ...options.manifest.routeCss.api],
      themeScript: options.themeScript,
      partUrl: (key, partHtml) => {
        const rel = `assets/api/${name}.${key}.${hashOf(partHtml)}.html`;
        parts.push({ rel, html: partHtml });
        return withBase(config.baseUrl, '/' + rel);
      },
    });
    await Promise.all(parts.map((part) => writeFile(path.join(staging, part.rel), part.html)));
    const htmlUrl = await writeHashed(staging, 'api/', name, html, config.baseUrl, '.html');
    data.extra = apiPageExtra(model, htmlUrl);
    data.styles = options.manifest.routeCss.api;
    fragments.set(route.path, html);
  }
  return { fragments, serverOrigins };
}

/**
 * The document as JSON, for the download button: a JSON file as it is (GitHub's is 13 MB: serialising it again
 * costs a quarter of a second and changes nothing), anything else converted from YAML.
 */
function jsonDownload(file: string, source: string): string {
  if (/\.json$/i.test(file)) {
    try {
      JSON.parse(source);
      return source;
    } catch {
      // YAML in a .json file: converted below
    }
  }
  return JSON.stringify(parseYaml(source), null, 2) + '\n';
}

/** Origin of an OpenAPI server URL with its variables at their defaults (for the try-it console's CSP). */
function serverOrigin(server: ServerModel): string | null {
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables.find((v) => v.name === name)?.default || name);
  return originOf(url);
}

/**
 * Route data files (Markdown routes' were written by the workers; API routes' and the not-found page's are
 * written here), the navigation file (route table and sidebars), and the site data without its search manifest
 * URL: its shell is written once the index is built.
 */
async function writeRouteData(staging: string, config: ResolvedConfig, model: SiteModel, compiled: BuiltRoute[]) {
  const dataUrls = new Map<string, string>();
  const records: RouteRecord[] = [];
  for (const { route, data, meta } of compiled) {
    const url = meta ? meta.dataUrl : await writeHashed(staging, 'data/', dataName(route.path), JSON.stringify(data), config.baseUrl);
    dataUrls.set(route.path, url);
    records.push({ path: route.path, exact: true, sidebar: route.sidebar, kind: route.kind, title: data.title, data: url });
  }
  dataUrls.set('/404', await writeHashed(staging, 'data/', '404', JSON.stringify(notFoundPageData()), config.baseUrl));
  const site = createSiteData(config, model, records);
  // The route table and sidebars grow with the site: they load after hydration, never on the first visit.
  const navigationUrl = await writeHashed(staging, '', 'navigation', JSON.stringify(splitSiteData(site, '').navigation), config.baseUrl);
  return { site, navigationUrl, records, dataUrls };
}

/**
 * Renders every route and the not-found page in the pool; each document is written as soon as it is rendered.
 * Markdown routes' page data is read back from their data files; API routes' (small) travels with the job.
 * The search manifest URL is a placeholder (output/url-placeholder.ts): pages must not print it.
 * @returns the TemplateRenderFailed errors of every route that failed (all routes are rendered regardless)
 */
async function renderRoutes(options: {
  pool: BuildPool;
  staging: string;
  config: ResolvedConfig;
  /** Site data without its search manifest URL. */
  site: SiteData;
  /** Stands for the search manifest's hash, unknown while pages render (the theme must not print it). */
  manifestPlaceholder: string;
  compiled: BuiltRoute[];
  dataUrls: Map<string, string>;
  manifest: AssetsManifest;
  rendererFile: string;
  fragments: Map<string, string>;
  themeScript: string;
}) {
  const { pool, staging, config, manifest, rendererFile, themeScript, dataUrls, manifestPlaceholder } = options;
  const jobs: RenderJob[] = options.compiled.map(({ route, data, meta }, record) => ({
    file: routeToFile(route.path),
    record,
    dataUrl: dataUrls.get(route.path)!,
    ...(meta ? { dataFile: meta.dataFile } : { data, fragment: options.fragments.get(route.path) }),
    source: route.page?.file ?? route.api?.file,
  }));
  jobs.push({ file: '404.html', record: null, dataUrl: dataUrls.get('/404')!, data: notFoundPageData() });
  return pool.render(
    {
      staging,
      config: { url: config.url, baseUrl: config.baseUrl },
      site: { ...options.site, searchManifest: withBase(config.baseUrl, '/' + assetPath('search/', 'manifest', manifestPlaceholder)) },
      siteUrl: withBase(config.baseUrl, '/' + SITE_SHELL_FILE),
      manifestPlaceholder,
      manifest,
      themeScript,
      rendererFile,
    },
    jobs,
  );
}

async function writeExtras(staging: string, config: ResolvedConfig, model: SiteModel, records: RouteRecord[], headers: HeaderRules): Promise<void> {
  await writeFile(path.join(staging, '_headers'), headers.headersFile);
  await writeFile(path.join(staging, 'nginx.conf.example'), headers.nginxFile);
  const origin = config.url.replace(/\/$/, '');
  const urls = records.map((r) => `  <url><loc>${escapeXml(origin + withBase(config.baseUrl, encodeURI(r.path)))}</loc><lastmod>${config.buildDate}</lastmod></url>`);
  await writeFile(
    path.join(staging, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  for (const rel of model.staticFiles) {
    const target = path.join(staging, rel);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(config.contentPath, rel), target);
  }
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function printAssets(
  report: Reporter,
  outPath: string,
  manifest: AssetsManifest,
  base: string,
  routeCount: number,
): Promise<{ js: number; css: number }> {
  const rows = await Promise.all(
    manifest.files
      .filter((f) => !f.file.endsWith('.map'))
      .map(async (f) => ({ file: f.file, bytes: f.bytes, gzip: gzipSize(await readFile(path.join(outPath, f.file))) })),
  );
  rows.sort((a, b) => (a.file < b.file ? -1 : 1));
  report.info('\n' + assetTable(rows));
  const byUrl = new Map(rows.map((r) => [withBase(base, '/' + r.file), r.gzip]));
  const js = [manifest.entry, ...manifest.entryImports, ...manifest.pages.doc].reduce((sum, url) => sum + (byUrl.get(url) ?? 0), 0);
  const css = manifest.css.reduce((sum, url) => sum + (byUrl.get(url) ?? 0), 0);
  report.info(`\nfirst load of a doc page: JS ${formatKb(js)} gzip, CSS ${formatKb(css)} gzip (${routeCount} routes)`);
  return { js, css };
}
