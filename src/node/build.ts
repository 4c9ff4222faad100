/**
 * `docgen build`: the pipeline, stage by stage (STYLE.md Pipeline; VitePress build/build.ts).
 * Every route is rendered; all failures are reported together at the end; the output folder is replaced only
 * when the whole build succeeded.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { themeInitScript } from '../shared/color-mode.js';
import type { RouteRecord, SiteData } from '../shared/types.js';
import { routeToFile, withBase } from '../shared/urls.js';
import { loadConfig } from './config/load.js';
import type { ResolvedConfig } from './config/resolve.js';
import { loadSiteModel, type SiteModel } from './content/site.js';
import { bundleClient, type AssetsManifest } from './bundle/client.js';
import { AggregateDocgenError, DocgenError } from './diagnostics/error.js';
import { checkLinks } from './links/check.js';
import { createMarkdownProcessor } from './markdown/processor.js';
import type { ServerModel } from './openapi/model.js';
import { isSplitDocument } from './openapi/split.js';
import { engineFingerprint, inputFingerprint, isUpToDate, recordBuild } from './cache/build-fingerprint.js';
import { createPageCache } from './cache/page-cache.js';
import { assertSafeOutDir, createStagingDir, removeStaleStaging, swapIntoPlace } from './output/atomic.js';
import { createHeaderRules, originOf, type HeaderRules } from './output/headers.js';
import { apiPageExtra, compileRoute, type CompiledRoute } from './render/compile-route.js';
import { renderRouteHtml } from './render/route-html.js';
import { createSiteData, notFoundPageData } from './render/site-data.js';
import { loadServerRenderer, type RenderApp, type ServerRenderer } from './render/ssr.js';
import { assetTable, createReporter, formatKb, gzipSize } from './report.js';
import { searchIndexSummary, writeSearchIndex } from './search/write-index.js';

export interface BuildOptions {
  /** Project root holding site.config.ts (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (overrides the config). */
  outDir?: string;
  /** Base URL such as '/docs/' (overrides the config). */
  baseUrl?: string;
  /** Print nothing. */
  silent?: boolean;
  /** Build even when nothing changed since the last successful build (ignores the build cache). */
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
  const inputs = await report.task('checking for changes', () => inputFingerprint(config, dependencies));
  if (!options.force && (await isUpToDate(config.outPath, inputs))) {
    const durationMs = performance.now() - started;
    report.info(`\nnothing changed since the last build: ${path.relative(process.cwd(), config.outPath) || '.'} is up to date (${(durationMs / 1000).toFixed(2)} s; --force rebuilds)`);
    return { outPath: config.outPath, routes: 0, durationMs, firstLoad: null, upToDate: true };
  }
  const model = await report.task('reading content', () => loadSiteModel(config));
  const errors: DocgenError[] = [...model.errors];
  const staging = await createStagingDir(config.outPath);
  try {
    const [compiledResult, manifestResult, rendererResult] = await Promise.allSettled([
      report.task('compiling markdown', () => compileRoutes(config, model, options.force ?? false)),
      report.task('bundling client', () => bundleClient({ outDir: staging, base: config.baseUrl })),
      report.task('compiling theme', () => loadServerRenderer()),
    ]);
    for (const result of [compiledResult, manifestResult, rendererResult]) {
      if (result.status === 'rejected') {
        if (result.reason instanceof DocgenError) errors.push(result.reason);
        else throw result.reason;
      }
    }
    if (compiledResult.status === 'fulfilled') {
      errors.push(...compiledResult.value.errors);
      errors.push(...checkSiteLinks(config, model, compiledResult.value.routes));
    }
    if (errors.length > 0) throw new AggregateDocgenError(errors);
    const compiled = (compiledResult as PromiseFulfilledResult<Awaited<ReturnType<typeof compileRoutes>>>).value.routes;
    const manifest = (manifestResult as PromiseFulfilledResult<AssetsManifest>).value;
    const renderer = (rendererResult as PromiseFulfilledResult<ServerRenderer>).value;

    const themeScript = themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl });
    const { fragments, serverOrigins } = await report.task('rendering API references', () => writeApiAssets({ staging, config, compiled, renderer, manifest, themeScript }));
    const search = await report.task('building search index', () => writeSearchIndex({ outDir: staging, baseUrl: config.baseUrl, routes: compiled }));
    report.info(searchIndexSummary(search));
    const { site, records, dataUrls } = await report.task('writing route data', () => writeRouteData(staging, config, model, compiled, search.manifestUrl));
    const renderErrors = await report.task('rendering pages', () => renderRoutes({ staging, config, site, records, compiled, dataUrls, manifest, renderApp: renderer.renderApp, fragments, themeScript }));
    if (renderErrors.length > 0) throw new AggregateDocgenError(renderErrors);
    const headers = createHeaderRules({
      inlineScripts: [themeScript],
      imgOrigins: [config.themeConfig.diagramServiceUrl ? originOf(config.themeConfig.diagramServiceUrl) ?? '' : ''],
      connectOrigins: serverOrigins,
      baseUrl: config.baseUrl,
    });
    await report.task('writing sitemap and static files', () => writeExtras(staging, config, model, records, headers));
    await swapIntoPlace(staging, config.outPath);
    await recordBuild(config.outPath, inputs);
    const firstLoad = await printAssets(report, config.outPath, manifest, config.baseUrl, records.length);
    const durationMs = performance.now() - started;
    report.info(`\nbuilt ${records.length} routes + 404.html into ${path.relative(process.cwd(), config.outPath) || '.'} in ${(durationMs / 1000).toFixed(2)} s`);
    return { outPath: config.outPath, routes: records.length, durationMs, firstLoad, upToDate: false };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function compileRoutes(config: ResolvedConfig, model: SiteModel, force: boolean): Promise<{ routes: CompiledRoute[]; errors: DocgenError[] }> {
  const routeByRelPath = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.relPath, r.path]));
  const staticFiles = new Set(model.staticFiles);
  const cache = createPageCache({
    engine: `${await engineFingerprint()}\0${config.contentPath}`,
    routeByRelPath,
    staticFiles,
    baseUrl: config.baseUrl,
    diagramServiceUrl: config.themeConfig.diagramServiceUrl,
    enabled: !force,
  });
  const context = { config, processor: createMarkdownProcessor(), routeByRelPath, staticFiles, cache };
  const errors: DocgenError[] = [];
  const routes = await Promise.all(
    model.routes.map(async (route) => {
      const result = await compileRoute(route, context);
      errors.push(...result.errors);
      return result.compiled;
    }),
  );
  return { routes, errors };
}

function checkSiteLinks(config: ResolvedConfig, model: SiteModel, compiled: CompiledRoute[]): DocgenError[] {
  const anchors = new Map(compiled.map((c) => [c.route.path, new Set(c.ids)]));
  const sources = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.file, r.page!.source]));
  const pageRouteOf = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.file, r.path]));
  return checkLinks({
    links: compiled.flatMap((c) => c.links),
    anchors,
    staticFiles: new Set(model.staticFiles.map((f) => '/' + f)),
    sources,
    pageRouteOf,
  });
}

function hashOf(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** A file name for a route's data: readable, ASCII, unique by hash. */
function dataName(routePath: string): string {
  const name = routePath.replace(/^\/|\/$/g, '').replace(/\//g, '_').replace(/[^A-Za-z0-9_.-]/g, '-') || 'index';
  return routePath.endsWith('/') && routePath !== '/' ? `${name}_index` : name;
}

async function writeHashed(staging: string, dir: string, name: string, content: string, base: string, ext = '.json'): Promise<string> {
  const rel = `assets/${dir}${name}.${hashOf(content)}${ext}`;
  await mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
  await writeFile(path.join(staging, rel), content);
  return withBase(base, '/' + rel);
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
    const props = { model, downloads: { yaml, json }, primaryColor: config.themeConfig.api.primaryColor };
    let html: string;
    if (isSplitDocument(model)) {
      const parts: { rel: string; html: string }[] = [];
      html = renderer.renderSplitApiReference({
        ...props,
        pageUrl: withBase(config.baseUrl, route.path),
        shell: { lang: config.i18n.defaultLocale, defaultTheme: config.themeConfig.colorMode.defaultMode, css: options.manifest.css, themeScript: options.themeScript },
        partUrl: (key, partHtml) => {
          const rel = `assets/api/${name}.${key}.${hashOf(partHtml)}.html`;
          parts.push({ rel, html: partHtml });
          return withBase(config.baseUrl, '/' + rel);
        },
      }).html;
      await Promise.all(parts.map((part) => writeFile(path.join(staging, part.rel), part.html)));
    } else {
      html = renderer.renderApiReference(props);
    }
    const htmlUrl = await writeHashed(staging, 'api/', name, html, config.baseUrl, '.html');
    data.extra = apiPageExtra(model, htmlUrl);
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

async function writeRouteData(staging: string, config: ResolvedConfig, model: SiteModel, compiled: CompiledRoute[], searchManifest: string) {
  const dataUrls = new Map<string, string>();
  const records: RouteRecord[] = [];
  for (const { route, data } of compiled) {
    const url = await writeHashed(staging, 'data/', dataName(route.path), JSON.stringify(data), config.baseUrl);
    dataUrls.set(route.path, url);
    records.push({ path: route.path, exact: true, sidebar: route.sidebar, kind: route.kind, title: data.title, data: url });
  }
  dataUrls.set('/404', await writeHashed(staging, 'data/', '404', JSON.stringify(notFoundPageData()), config.baseUrl));
  const site: SiteData = { ...createSiteData(config, model, records), searchManifest };
  const siteUrl = await writeHashed(staging, '', 'site', JSON.stringify(site), config.baseUrl);
  dataUrls.set('__site__', siteUrl);
  return { site, records, dataUrls };
}

async function renderRoutes(options: {
  staging: string;
  config: ResolvedConfig;
  site: SiteData;
  records: RouteRecord[];
  compiled: CompiledRoute[];
  dataUrls: Map<string, string>;
  manifest: AssetsManifest;
  renderApp: RenderApp;
  fragments: Map<string, string>;
  themeScript: string;
}): Promise<DocgenError[]> {
  const { staging, config, site, manifest, dataUrls, renderApp, themeScript } = options;
  const siteUrl = dataUrls.get('__site__')!;
  const errors: DocgenError[] = [];
  const jobs = [
    ...options.compiled.map((c, i) => ({ record: options.records[i]!, data: c.data, file: routeToFile(c.route.path), source: c.route.page?.file ?? c.route.api?.file })),
    { record: null, data: notFoundPageData(), file: '404.html', source: undefined },
  ];
  for (const job of jobs) {
    try {
      const html = await renderRouteHtml({
        config,
        site,
        record: job.record,
        data: job.data,
        siteUrl,
        dataUrl: dataUrls.get(job.record?.path ?? '/404')!,
        manifest,
        renderApp,
        themeScript,
        fragment: job.record ? options.fragments.get(job.record.path) : undefined,
        source: job.source,
      });
      const target = path.join(staging, job.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, html);
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
    }
  }
  return errors;
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
  report: ReturnType<typeof createReporter>,
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
