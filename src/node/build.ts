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
import type { PageData, RouteRecord, SiteData } from '../shared/types.js';
import { routeToFile, withBase } from '../shared/urls.js';
import { loadConfig } from './config/load.js';
import type { ResolvedConfig } from './config/resolve.js';
import { loadSiteModel, type SiteModel, type SiteRoute } from './content/site.js';
import { bundleClient, type AssetsManifest } from './bundle/client.js';
import { AggregateDocgenError, DocgenError } from './diagnostics/error.js';
import { checkLinks } from './links/check.js';
import type { LinkRef } from './markdown/context.js';
import { compileMarkdown, createMarkdownProcessor } from './markdown/processor.js';
import { assertSafeOutDir, createStagingDir, swapIntoPlace } from './output/atomic.js';
import { createHeaderRules, originOf, type HeaderRules } from './output/headers.js';
import { renderHtmlDocument } from './render/html.js';
import { loadServerRenderer, type RenderApp, type ServerRenderer } from './render/ssr.js';
import { assetTable, createReporter, formatKb, gzipSize } from './report.js';

export interface BuildOptions {
  /** Project root holding site.config.ts (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (overrides the config). */
  outDir?: string;
  /** Base URL such as '/docs/' (overrides the config). */
  baseUrl?: string;
  /** Print nothing. */
  silent?: boolean;
}

export interface BuildResult {
  outPath: string;
  routes: number;
  durationMs: number;
  /** Bytes (gzip) of JS and CSS a doc page loads on first visit. */
  firstLoad: { js: number; css: number };
}

interface CompiledRoute {
  route: SiteRoute;
  data: PageData;
  ids: string[];
  links: LinkRef[];
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
  const { config } = await report.task('loading config', () => loadConfig(root, { outDir: options.outDir, baseUrl: options.baseUrl }));
  assertSafeOutDir(config);
  const model = await report.task('reading content', () => loadSiteModel(config));
  const errors: DocgenError[] = [...model.errors];
  const staging = await createStagingDir(config.outPath);
  try {
    const [compiledResult, manifestResult, rendererResult] = await Promise.allSettled([
      report.task('compiling markdown', () => compileRoutes(config, model)),
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

    const { fragments, serverOrigins } = await report.task('rendering API references', () => writeApiAssets(staging, config, compiled, renderer));
    const themeScript = themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl });
    const { site, records, dataUrls } = await report.task('writing route data', () => writeRouteData(staging, config, model, compiled));
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
    const firstLoad = await printAssets(report, config.outPath, manifest, config.baseUrl, records.length);
    const durationMs = performance.now() - started;
    report.info(`\nbuilt ${records.length} routes + 404.html into ${path.relative(process.cwd(), config.outPath) || '.'} in ${(durationMs / 1000).toFixed(2)} s`);
    return { outPath: config.outPath, routes: records.length, durationMs, firstLoad };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function compileRoutes(config: ResolvedConfig, model: SiteModel): Promise<{ routes: CompiledRoute[]; errors: DocgenError[] }> {
  const processor = createMarkdownProcessor();
  const routeByRelPath = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.relPath, r.path]));
  const staticFiles = new Set(model.staticFiles);
  const href = (p: string) => withBase(config.baseUrl, p);
  const errors: DocgenError[] = [];
  const routes = await Promise.all(
    model.routes.map(async (route): Promise<CompiledRoute> => {
      if (route.api) {
        const { model: api } = route.api;
        const data: PageData = { path: route.path, kind: 'api', title: route.title, description: firstSentence(api.description), content: null, toc: [], extra: null };
        return { route, data, ids: api.anchors, links: [] };
      }
      const page = route.page!;
      const compiled = await compileMarkdown({
        processor,
        source: page.source,
        frontMatter: page.frontMatter,
        ctx: { file: page.file, relPath: page.relPath, route: route.path, routeByRelPath, staticFiles, href, diagramServiceUrl: config.themeConfig.diagramServiceUrl },
      });
      errors.push(...compiled.errors);
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
      return { route, data, ids: compiled.ids, links: compiled.links };
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

/** First sentence or line of a Markdown description, for `<meta name="description">`. */
function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = line.search(/[。.](\s|$)/);
  return end >= 0 ? line.slice(0, end + 1) : line;
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
 * written as a hashed asset; the route data carries only its URL, never the whole document (issue #4).
 * @returns fragment HTML by route path, for server rendering
 */
async function writeApiAssets(
  staging: string,
  config: ResolvedConfig,
  compiled: CompiledRoute[],
  renderer: ServerRenderer,
): Promise<{ fragments: Map<string, string>; serverOrigins: string[] }> {
  const fragments = new Map<string, string>();
  const serverOrigins: string[] = [];
  for (const { route, data } of compiled) {
    if (!route.api) continue;
    const name = dataName(route.path);
    const yamlText = await readFile(route.api.file, 'utf8');
    const yaml = await writeHashed(staging, 'api/', name, yamlText, config.baseUrl, '.yaml');
    const document = parseYaml(yamlText) as { servers?: { url: string; variables?: Record<string, { default?: string }> }[] };
    serverOrigins.push(...(document.servers ?? []).map(serverOrigin).filter((o): o is string => o !== null));
    const json = await writeHashed(staging, 'api/', name, JSON.stringify(document, null, 2) + '\n', config.baseUrl, '.json');
    const html = renderer.renderApiReference({ model: route.api.model, downloads: { yaml, json }, primaryColor: config.themeConfig.api.primaryColor });
    const htmlUrl = await writeHashed(staging, 'api/', name, html, config.baseUrl, '.html');
    data.extra = { title: route.api.model.title, version: route.api.model.version, description: route.api.model.description, htmlUrl };
    fragments.set(route.path, html);
  }
  return { fragments, serverOrigins };
}

/** Origin of an OpenAPI server URL with its variables at their defaults (for the try-it console's CSP). */
function serverOrigin(server: { url: string; variables?: Record<string, { default?: string }> }): string | null {
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name);
  return originOf(url);
}

async function writeRouteData(staging: string, config: ResolvedConfig, model: SiteModel, compiled: CompiledRoute[]) {
  const dataUrls = new Map<string, string>();
  const records: RouteRecord[] = [];
  for (const { route, data } of compiled) {
    const url = await writeHashed(staging, 'data/', dataName(route.path), JSON.stringify(data), config.baseUrl);
    dataUrls.set(route.path, url);
    records.push({ path: route.path, exact: true, sidebar: route.sidebar, kind: route.kind, title: data.title, data: url });
  }
  const notFound: PageData = { path: '/404', kind: 'notFound', title: 'ページが見つかりません', description: '', content: null, toc: [], extra: null };
  dataUrls.set('/404', await writeHashed(staging, 'data/', '404', JSON.stringify(notFound), config.baseUrl));
  const site: SiteData = {
    title: config.title,
    tagline: config.tagline,
    baseUrl: config.baseUrl,
    url: config.url,
    favicon: config.favicon ? (/^[a-z]+:/i.test(config.favicon) ? config.favicon : withBase(config.baseUrl, '/' + config.favicon.replace(/^\//, ''))) : '',
    locale: config.i18n.defaultLocale,
    buildDate: config.buildDate,
    colorMode: config.themeConfig.colorMode,
    navbar: { title: config.themeConfig.navbar.title ?? config.title, logo: config.themeConfig.navbar.logo ?? null, items: model.navbar },
    footer: config.themeConfig.footer,
    apiPrimaryColor: config.themeConfig.api.primaryColor,
    docsVersionPersistence: config.themeConfig.docsVersionPersistence,
    announcementBar: config.themeConfig.announcementBar ?? null,
    routes: records,
    sidebars: model.sidebars,
  };
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
  const origin = config.url.replace(/\/$/, '');
  const errors: DocgenError[] = [];
  const jobs = [
    ...options.compiled.map((c, i) => ({ record: options.records[i]!, data: c.data, file: routeToFile(c.route.path), source: c.route.page?.file ?? c.route.api?.file })),
    { record: null, data: { path: '/404', kind: 'notFound', title: 'ページが見つかりません', description: '', content: null, toc: [], extra: null } as PageData, file: '404.html', source: undefined },
  ];
  for (const job of jobs) {
    try {
      const fragment = job.record ? options.fragments.get(job.record.path) : undefined;
      const page = fragment === undefined ? job.data : { ...job.data, extra: { ...job.data.extra, html: fragment } };
      const appHtml = await renderApp({ site, page, route: job.record });
      const kind = job.record?.kind ?? 'notFound';
      const html = renderHtmlDocument({
        site,
        page: job.data,
        appHtml,
        boot: { path: job.record?.path ?? null, site: siteUrl, data: dataUrls.get(job.record?.path ?? '/404')! },
        canonical: job.record ? origin + withBase(config.baseUrl, encodeURI(job.record.path)) : null,
        css: manifest.css,
        entry: manifest.entry,
        modulePreloads: [manifest.entry, ...manifest.entryImports, ...manifest.pages[kind]],
        themeScript,
      });
      const target = path.join(staging, job.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, html);
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      errors.push(
        new DocgenError({
          code: 'TemplateRenderFailed',
          message: `Rendering ${job.record?.path ?? '404.html'} failed: ${message}.`,
          hint: /\b(window|document|localStorage|navigator) is not defined/.test(message)
            ? 'Theme code runs on the server too: use browser globals only inside effects or event handlers, never at module scope or during render.'
            : undefined,
          file: job.source,
          cause: error,
        }),
      );
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
