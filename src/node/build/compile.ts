/**
 * The compile stage: Markdown routes compiled in the worker pool (or on this thread), each route data file written
 * into the staging folder, only what the global stages need kept (pool/compile-pages.ts). The full build and the
 * incremental build (incremental/patch-build.ts) both call it.
 */
import { engineFingerprint } from '../cache/build-fingerprint.js';
import { siteThemeKey } from '../bundle/theme-inputs.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteRoute } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import { registerMarkdownPlugins } from '../pool/site-plugins.js';
import type { CompileContext, CompiledPageMeta } from '../pool/compile-pages.js';
import type { BuildPool } from '../pool/pool.js';
import { compileConfigOf } from '../render/compile-config.js';
import { isPartialPath, PAGE_FILE } from '../content/page-files.js';
import path from 'node:path';

/**
 * What every page of one build shares (sent once to each worker).
 * @param options.routeByRelPath [content-relative POSIX path, route] of every Markdown page of the site
 * @param options.staticFiles content-relative POSIX paths of the static files
 * @param options.cacheEnabled false under --force: the page cache is written but never read
 */
export async function compileContext(options: {
  config: ResolvedConfig;
  staging: string;
  routeByRelPath: [string, string][];
  staticFiles: string[];
  cacheEnabled: boolean;
  /** Hashes of the site's files (absolute path -> hash): the partials' become part of every page's cache key. */
  files: ReadonlyMap<string, string>;
  /** A versioned site's version mounts, the last one and their folders (content/versions.ts): page cache keys per version. */
  versionMounts?: { mounts: string[]; last: string; dirs: Record<string, string> };
}): Promise<CompileContext> {
  const { config } = options;
  registerMarkdownPlugins(config.markdown.key, config.markdown); // compiling on this thread needs no second config load
  return {
    staging: options.staging,
    config: compileConfigOf(config),
    routeByRelPath: options.routeByRelPath,
    staticFiles: options.staticFiles,
    // The plugins key is '' without plugins: such a site's page cache keys are what they were before plugins existed.
    engine: `${await engineFingerprint()}\0${config.contentPath}${config.markdown.key ? `\0${config.markdown.key}` : ''}\0${contentOptionsKey(config)}\0${partialsKey(config.contentPath, options.files)}${await siteComponentsKey(config)}`,
    // A version's partials are in its own pages' keys only: adding a version leaves the others' keys as they were.
    ...(options.versionMounts
      ? {
          versionMounts: {
            mounts: options.versionMounts.mounts,
            last: options.versionMounts.last,
            partials: Object.fromEntries(
              Object.entries(options.versionMounts.dirs).map(([mount, dir]) => [
                mount,
                partialsKey(dir, options.files),
              ]),
            ),
          },
        }
      : {}),
    cacheScope: config.contentPath,
    cacheEnabled: options.cacheEnabled,
    plugins: config.markdown.key ? { root: config.root, key: config.markdown.key } : null,
  };
}

/**
 * Compiles Markdown routes in the pool.
 * @param options.routes the routes to compile (each with `page`)
 * @param options.started called once every batch is handed to the worker threads, or once compiling is done when
 *   there are none (or when compiling could not start): the OpenAPI documents wait for it
 * @returns one result per route in route order, and the diagnostics revived as DocgenErrors
 */
export async function compilePages(options: {
  pool: BuildPool;
  context: CompileContext;
  routes: SiteRoute[];
  started?: () => void;
  progress?: (done: number) => void;
}): Promise<{ pages: CompiledPageMeta[]; errors: DocgenError[] }> {
  const { pool } = options;
  let compiling: Promise<CompiledPageMeta[]>;
  try {
    compiling = pool.compile(
      options.context,
      options.routes.map((route) => ({ route })),
      options.progress,
    );
    if (pool.threads === 0) await compiling; // on this thread the OpenAPI documents would only interleave with it
  } finally {
    options.started?.(); // also on failure: the OpenAPI documents must not wait forever
  }
  const pages = await compiling;
  const errors = pages.flatMap((page) => page.errors.map((e) => DocgenError.fromJSON(e)));
  return { pages, errors };
}

/**
 * [content-relative path, route] of every Markdown route of a route list (CompileContext.routeByRelPath), and of
 * every page that could not be read with the route '' (MarkdownContext.routeByRelPath).
 */
export function markdownRoutesOf(routes: SiteRoute[], failedPages: readonly string[] = []): [string, string][] {
  return [
    ...routes.filter((route) => route.page).map((route): [string, string] => [route.page!.relPath, route.path]),
    ...failedPages.map((relPath): [string, string] => [relPath, '']),
  ];
}

/**
 * The hashes of the content's partials (`_`-prefixed files and folders): a page that imports one compiles to
 * something else when it changes, so a change to any partial sets every page's cache key anew (partials are few).
 */
function partialsKey(contentPath: string, files: ReadonlyMap<string, string>): string {
  const hashes: string[] = [];
  for (const [file, hash] of files) {
    const relPath = path.relative(contentPath, file).split(path.sep).join('/');
    if (!relPath.startsWith('..') && PAGE_FILE.test(relPath) && isPartialPath(relPath))
      hashes.push(`${relPath}:${hash}`);
  }
  return hashes.sort().join(',');
}

/**
 * A site with its own components renders them into its pages at build time (markdown/mdx-evaluate.ts): their files
 * and every site file they import key the pages ('' without such components, so other sites' keys stay as they were).
 */
async function siteComponentsKey(config: ResolvedConfig): Promise<string> {
  return Object.keys(config.theme.mdxComponents).length > 0 ? `\0${await siteThemeKey(config.theme)}` : '';
}

/**
 * The settings that change what a page compiles to besides its source: strictness (a diagnostic's severity), the
 * parse format and the allowed iframe origins. Part of the page cache key.
 */
export function contentOptionsKey(config: ResolvedConfig): string {
  const { onBrokenLinks, onBrokenAnchors, onUnknownFrontMatter, onDroppedHtml, onUnknownComponent, markdown } = config;
  return JSON.stringify([
    onBrokenLinks,
    onBrokenAnchors,
    onUnknownFrontMatter,
    onDroppedHtml,
    onUnknownComponent,
    config.onMissingSnippet,
    markdown.format,
    markdown.headingIds,
    markdown.iframeOrigins,
    Object.keys(config.theme.mdxComponents).sort(),
  ]);
}
