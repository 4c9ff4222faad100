/**
 * Compiling Markdown pages in a worker thread: each page is compiled (or taken from the page cache),
 * its route data file is written straight into the staging folder, and only what the main thread needs for the
 * global stages comes back: title, data URL, ids and links (link check), search text and diagnostics. No hast
 * crosses the thread boundary or stays in memory after its page is done.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DocNavigation, PageData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { type CachedPage, contentHashOf, createPageCache, type PageCache } from '../cache/page-cache.js';
import { recordSiteLookups, type SiteTables } from '../cache/site-lookups.js';
import type { SiteRoute } from '../content/site.js';
import type { DiagnosticInit } from '../diagnostics/error.js';
import type { LinkRef } from '../markdown/context.js';
import { loadSitePlugins } from './site-plugins.js';
import { createMarkdownProcessor, type MarkdownProcessor } from '../markdown/processor.js';
import { createFolderMaker } from '../output/folders.js';
import { dataName, hashedPath } from '../output/hashed.js';
import type { CompileConfig } from '../render/compile-config.js';
import { compileRoute } from '../render/compile-route.js';
import { pageSections, type PageSection } from '../search/extract.js';
import { pageTwin, type TwinLinks } from '../render/markdown-twin.js';
import { hasTwin, twinPath } from '../../shared/twin-url.js';
import { releaseMemory } from './release-memory.js';
import { importedFilesOf } from '../markdown/snippet-imports.js';
import { writeDataStreamed, type ContentPieces } from './stream-data.js';
import { navigationKey, routeInputsKey } from '../pipeline/keys.js';

/** What every page of one build shares; sent once to each worker (plain data: it is structured-cloned). */
export interface CompileContext {
  /** Absolute staging folder the route data files are written into. */
  staging: string;
  config: CompileConfig;
  /** [content-relative POSIX path, route] of every Markdown page. */
  routeByRelPath: [string, string][];
  /** Content-relative POSIX paths of static files. */
  staticFiles: string[];
  /** Engine fingerprint plus content folder: the site-wide part of the page cache key. */
  engine: string;
  /** The site's content folder: the page cache keeps each site's entries apart. */
  cacheScope: string;
  /** False under --force: the cache is written but never read. */
  cacheEnabled: boolean;
  /** The site's Markdown plugins, when it has any: its root (a worker loads its config) and their key. */
  plugins: { root: string; key: string } | null;
}

/** One Markdown route to compile (its source travels with it). */
export interface CompileJob {
  route: SiteRoute;
}

/** What the main thread keeps of a compiled page. */
export interface CompiledPageMeta {
  /** Route path. */
  path: string;
  title: string;
  /** Output-relative path of the route data file, and its URL with the base. */
  dataFile: string;
  dataUrl: string;
  ids: string[];
  links: LinkRef[];
  sections: PageSection[];
  /** DocgenError.toJSON() of each diagnostic (revived with DocgenError.fromJSON). */
  errors: DiagnosticInit[];
  /** The page's page cache key (it has an entry unless it is huge or has an error). */
  cacheKey: string;
  /**
   * The files it reads besides its source (absolute paths: what its snippet, raw and partial imports name,
   * markdown/snippet-imports.ts importedFilesOf, and what its compile read), when there are any.
   */
  imports?: string[];
  /** A huge page's: where its content's children lie in the data file, so that it renders in pieces (stream-data.ts). */
  contentPieces?: ContentPieces;
}

/**
 * Pages from this size (UTF-16 code units of source) have their route data written in pieces and no page cache
 * entry (stream-data.ts): a 1 MB page's data JSON is about 15 MB, and the entry would hold it again, escaped.
 */
export const HUGE_PAGE = 1024 * 1024;

/** A worker's compile state for one build context. */
export interface PageCompiler {
  /** Compiles a page (or takes it from the page cache) and writes its data file and twin into the staging folder. */
  compile(job: CompileJob): Promise<CompiledPageMeta>;
  /**
   * A page's page cache key and the files it imports (absolute paths, importedFilesOf: partials, raw and snippet
   * imports): what `page` and `compile` look the page up by. Synchronous, so that a driver can compare it with the
   * key it holds.
   */
  keyOf(route: SiteRoute): { key: string; imports: string[] };
  /**
   * The page as the page cache holds it, with its stored warnings, compiled now when the cache has no entry for `key`
   * (the entry is written when the page has no error and is not huge); nothing is written into the staging folder. `docgen dev`
   * compiles its pages with this, on request.
   * @param key the page's `keyOf(route).key`
   * @returns also, when compiled now, the files the compile read besides the source (a cached entry read none
   *   outside its key's imports)
   */
  page(route: SiteRoute, key: string): Promise<{ entry: CachedPage; errors: DiagnosticInit[]; reads?: string[] }>;
}

/** Frozen processors of this thread by plugins key ('' without plugins): created once, reused by every build. */
const processors = new Map<string, Promise<MarkdownProcessor>>();

function processorFor(plugins: CompileContext['plugins']): Promise<MarkdownProcessor> {
  const key = plugins?.key ?? '';
  let processor = processors.get(key);
  if (!processor) {
    processor = plugins
      ? loadSitePlugins(plugins).then(createMarkdownProcessor)
      : Promise.resolve(createMarkdownProcessor());
    processor.catch(() => processors.delete(key));
    processors.set(key, processor);
  }
  return processor;
}

/**
 * Prepares a worker for one build's pages. The frozen processor is created once per thread and plugins key, and
 * reused; with plugins, a worker thread loads the site's config to get them (markdown/plugins.ts).
 */
export function createPageCompiler(context: CompileContext): PageCompiler {
  const processor = processorFor(context.plugins);
  const routeByRelPath = new Map(context.routeByRelPath);
  const staticFiles = new Set(context.staticFiles);
  const twinLinks = twinLinksOf(context);
  const tables: SiteTables = { routeByRelPath, staticFiles, isRoute: twinLinks?.isRoute ?? (() => false) };
  const cache: PageCache = createPageCache({
    engine: context.engine,
    scope: context.cacheScope,
    tables,
    baseUrl: context.config.baseUrl,
    diagramServiceUrl: context.config.themeConfig.diagramServiceUrl,
    enabled: context.cacheEnabled,
  });
  const ensureFolderOf = createFolderMaker();
  /** The page's Markdown twin, or null when it has none (twins off, or config `llms` leaves it out). */
  const twinOf = (data: PageData, isRoute: SiteTables['isRoute']): string | null =>
    twinLinks && hasTwin(context.config.twins!.routes, data.path, data.kind)
      ? pageTwin(data, { ...twinLinks, isRoute })
      : null;
  // Synchronous I/O: see cache/json-store.ts.
  const write = (file: string, text: string) => {
    const target = path.join(context.staging, file);
    ensureFolderOf(target);
    writeFileSync(target, text);
  };
  /**
   * Writes a route's Markdown twin, unless a segment of its file name is longer than file systems allow (255 bytes):
   * that route already has an InvalidFileName error (content/site.ts), which the build reports instead of ENAMETOOLONG.
   */
  const writeTwin = (routePath: string, twin: string) => {
    const file = twinFileOf(routePath);
    if (file.split('/').some((segment) => Buffer.byteLength(segment) > 255)) return;
    write(file, twin);
  };
  /**
   * Compiles a page: its data, what the global stages keep of it (sections for search), its diagnostics, and what it
   * read and asked of the site (the page cache checks those on a hit).
   */
  const compileFresh = async (route: SiteRoute) => {
    const recorder = recordSiteLookups(tables);
    const result = await compileRoute(route, {
      config: context.config,
      processor: await processor,
      routeByRelPath: recorder.tables.routeByRelPath,
      staticFiles: recorder.tables.staticFiles,
    });
    const { data, ids, links } = result.compiled;
    const twin = twinOf(data, recorder.tables.isRoute);
    return {
      lookups: recorder.lookups(),
      data,
      ids,
      links,
      sections: pageSections(data.content, route.page!.frontMatter.keywords),
      errors: result.errors.map((e) => e.toJSON()),
      reads: result.reads,
      ...(twin === null ? {} : { twin }),
    };
  };
  /** What a compiled page hands back, however its data file was written. */
  const metaOf = (
    route: SiteRoute,
    page: Pick<CompiledPageMeta, 'title' | 'dataFile' | 'ids' | 'links' | 'sections' | 'errors' | 'cacheKey'>,
  ): CompiledPageMeta => ({
    path: route.path,
    dataUrl: withBase(context.config.baseUrl, '/' + page.dataFile),
    ...page,
  });
  /** A huge page: its data written in pieces and not cached, since its JSON text would cost more memory than its tree (stream-data.ts). */
  const compileHuge = async (
    route: SiteRoute,
    cacheKey: string,
  ): Promise<{ meta: CompiledPageMeta; reads: string[] }> => {
    const { data, ids, links, sections, errors, twin, reads } = await compileFresh(route);
    if (twin !== undefined) writeTwin(route.path, twin);
    const { file: dataFile, pieces } = writeDataStreamed({ staging: context.staging, data, ensureFolderOf });
    const meta = metaOf(route, { title: data.title, dataFile, ids, links, sections, errors, cacheKey });
    return { meta: pieces ? { ...meta, contentPieces: pieces } : meta, reads };
  };
  /** The page cache key of a route's page and the files its snippet imports name. */
  const keyOf = (route: SiteRoute) => {
    const page = route.page!;
    // Navigation and a <DocCardList>'s items come from other pages: they are part of the key. A versioned doc's
    // links to the other versions are not (adding a version changes them on every page): they are set on the
    // cached data instead, so unchanged versions come from the cache.
    const nav = navigationKey(route, { versionByName: true });
    const imports = importedFilesOf(page.source, {
      file: page.file,
      contentRoot: context.config.contentPath,
      projectRoot: context.config.root,
      allowedReadPaths: context.config.allowedReadPaths,
      ...(page.siteRoot ? { siteRoot: page.siteRoot } : {}),
    });
    return {
      key: cache.key({ source: page.source, relPath: page.relPath, route: routeInputsKey(route), nav, imports }),
      imports,
    };
  };
  /** The cached entry of a page, with this build's links to the other versions, or null. */
  const cachedEntry = async (route: SiteRoute, key: string): Promise<CachedPage | null> => {
    const entry = await cache.get(key);
    const version = route.nav?.version;
    return entry && version ? withVersionLinks(entry, route.path, version) : entry;
  };
  /**
   * Compiles a page into a page cache entry, stored when it is not huge and its diagnostics are all warnings (they are
   * stored with it and replayed on a hit: their causes are the page's compile inputs, which its key covers). The
   * files it read that its key does not cover (`imports`: importedFilesOf) are stored with their hashes
   * (CachedPage.reads): the entry is used only while they are unchanged.
   */
  const freshEntry = async (route: SiteRoute, key: string, imports: readonly string[]) => {
    const { data, ids, links, sections, twin, errors, reads, lookups } = await compileFresh(route);
    const dataJson = JSON.stringify(data);
    const entry: CachedPage = {
      dataFile: hashedPath('data/', dataName(route.path), dataJson),
      dataJson,
      title: data.title,
      ids,
      links,
      sections,
      ...(twin === undefined ? {} : { twin }),
      ...(errors.length === 0 ? {} : { warnings: errors }),
      ...(Object.keys(lookups).length === 0 ? {} : { lookups }),
    };
    const unkeyed = reads.filter((file) => !imports.includes(file));
    if (unkeyed.length > 0) entry.reads = unkeyed.map((file): [string, string] => [file, contentHashOf(file)]);
    const onlyWarnings = errors.every((error) => error.severity === 'warning');
    if (onlyWarnings && route.page!.source.length < HUGE_PAGE) await cache.set(key, entry);
    return { entry, errors, reads };
  };
  /** A page's entry and diagnostics: the cached entry with its stored warnings, or a fresh compile. */
  const entryOf = async (
    route: SiteRoute,
    key: string,
    imports = keyOf(route).imports,
  ): Promise<{ entry: CachedPage; errors: DiagnosticInit[]; reads?: string[] }> => {
    const entry = await cachedEntry(route, key);
    if (!entry) return freshEntry(route, key, imports);
    return { entry, errors: entry.warnings ?? [], reads: entry.reads?.map(([file]) => file) ?? [] };
  };
  return {
    keyOf,
    page: (route, key) => entryOf(route, key),
    async compile({ route }) {
      const { key, imports } = keyOf(route);
      if (route.page!.source.length >= HUGE_PAGE) {
        // Never cached (freshEntry): compiled each build.
        const { meta, reads } = await compileHuge(route, key);
        releaseMemory(); // the page's trees are garbage now (release-memory.ts)
        return withImports(meta, imports, reads);
      }
      const { entry, errors, reads } = await entryOf(route, key, imports);
      write(entry.dataFile, entry.dataJson);
      if (entry.twin !== undefined) writeTwin(route.path, entry.twin);
      const { dataFile, title, ids, links, sections } = entry;
      return withImports(
        metaOf(route, { title, dataFile, ids, links, sections, errors, cacheKey: key }),
        imports,
        reads,
      );
    },
  };
}

/** How the twins of this build's pages make links absolute (render/markdown-twin.ts), or null when twins are off. */
function twinLinksOf(context: CompileContext): TwinLinks | null {
  const twins = context.config.twins;
  if (!twins) return null;
  const routes = new Set([...context.routeByRelPath.map(([, route]) => route), ...twins.apiRoutes]);
  return {
    siteUrl: twins.siteUrl,
    baseUrl: context.config.baseUrl,
    isRoute: (path) => routes.has(path),
    tagline: twins.tagline,
    messages: twins.messages,
  };
}

/** Output-relative file of a route's twin: the HTML file's name with `.md` (shared/twin-url.ts). */
export function twinFileOf(routePath: string): string {
  return twinPath(routePath).slice(1);
}

/** The meta with the files the page imports: those its key covers and any other its compile read. */
function withImports(meta: CompiledPageMeta, imports: string[], reads: readonly string[] = []): CompiledPageMeta {
  const all = reads.some((file) => !imports.includes(file)) ? [...new Set([...imports, ...reads])].sort() : imports;
  return all.length > 0 ? { ...meta, imports: all } : meta;
}

/** A cached versioned doc with this build's links to the other versions (DocNavigation.version) in its data. */
function withVersionLinks(
  entry: CachedPage,
  routePath: string,
  version: NonNullable<DocNavigation['version']>,
): CachedPage {
  const data = JSON.parse(entry.dataJson) as PageData;
  if (!data.nav) return entry;
  const dataJson = JSON.stringify({ ...data, nav: { ...data.nav, version } });
  return dataJson === entry.dataJson
    ? entry
    : { ...entry, dataJson, dataFile: hashedPath('data/', dataName(routePath), dataJson) };
}
