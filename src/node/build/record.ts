/**
 * After a successful build: what the next build needs to know of it (the state an incremental build starts from,
 * incremental/state.ts) and the caches pruned to what it used.
 */
import type { SiteData } from '../../shared/types.js';
import { routeToFile } from '../../shared/urls.js';
import {
  forgetBuild,
  importHashesName,
  inputHashesName,
  vanishedOutputs,
  withImports,
  type InputFingerprint,
} from '../cache/build-fingerprint.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel } from '../content/site.js';
import type { BuildState, PageState } from '../incremental/state.js';
import { shownKey } from '../pipeline/keys.js';
import type { SearchIndexResult } from '../search/write-index.js';
import type { Reporter } from '../report.js';
import { isUpToDate, recordedWarnings } from '../cache/build-fingerprint.js';
import { DocgenError } from '../diagnostics/error.js';
import { outputName } from './output-name.js';
import type { BuildResult, BuiltRoute } from './types.js';

/**
 * Prunes the site's page and OpenAPI caches to the entries this build used (cache/json-store.ts), so that they
 * hold one version of the site instead of growing with every edit: a page added or renamed changes the key of
 * every page (the route map is part of it). Also drops the search token caches of sites, and the build records,
 * states and input hashes of output folders, that no longer exist.
 * @param apiCacheKeys the keys of the OpenAPI cache entries this build used
 */
export async function pruneCaches(
  config: ResolvedConfig,
  compiled: BuiltRoute[],
  apiCacheKeys: ReadonlySet<string>,
): Promise<void> {
  const [
    { pruneJsonStore },
    { PAGE_CACHE },
    { API_CACHE },
    { forgetFileHashes },
    { forgetBuildState },
    { pruneTokenCaches },
  ] = await Promise.all([
    import('../cache/json-store.js'),
    import('../cache/page-cache.js'),
    import('../cache/api-cache.js'),
    import('../cache/file-hashes.js'),
    import('../incremental/state.js'),
    import('../search/token-cache.js'),
  ]);
  pruneJsonStore(
    PAGE_CACHE,
    config.contentPath,
    new Set(compiled.flatMap(({ meta }) => (meta ? [meta.cacheKey] : []))),
  );
  pruneJsonStore(API_CACHE, config.contentPath, apiCacheKeys);
  pruneTokenCaches();
  for (const outPath of vanishedOutputs()) {
    await forgetBuildState(outPath);
    forgetFileHashes(inputHashesName(outPath));
    forgetFileHashes(importHashesName(outPath));
    await forgetBuild(outPath);
  }
}

/**
 * The fingerprint the next build computes of this build's inputs: `inputs` with the files the compiled pages import
 * as this build found them (cache/build-fingerprint.ts withImports), or `inputs` itself when they are the files it
 * hashed already.
 */
export function passInputs(inputs: InputFingerprint, compiled: BuiltRoute[], outPath: string): InputFingerprint {
  const imports = [...new Set(compiled.flatMap(({ meta }) => meta?.imports ?? []))].sort();
  return imports.join('\0') === [...inputs.imports.keys()].join('\0') ? inputs : withImports(inputs, imports, outPath);
}

/**
 * What an incremental build needs to know of this one (incremental/state.ts), besides the assets and figures.
 * @param options.site the site data with its search manifest URL
 */
export function buildStateOf(options: {
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
      navigation: shownKey(route.page.frontMatter, route.title),
      ...(route.nav ? { nav: route.nav } : {}),
      title: meta.title,
      ids: meta.ids,
      htmlFile: routeToFile(route.path),
      dataFile: meta.dataFile,
      cacheKey: meta.cacheKey,
      ...(meta.imports ? { imports: meta.imports } : {}),
      record,
      search: searchOf.get(route.path) ?? null,
    });
  });
  const relative = (url: string) => url.slice(config.baseUrl.length);
  return {
    settings: options.fingerprint.settings,
    files: options.fingerprint.files,
    imports: options.fingerprint.imports,
    pages,
    anchors,
    staticFiles: model.staticFiles,
    site,
    navigationFile: relative(options.navigationUrl),
    config: { url: config.url, baseUrl: config.baseUrl },
    search: {
      manifest: search.manifest,
      manifestFile: relative(search.manifestUrl),
      fieldLengths: search.fieldLengths,
    },
  };
}

/**
 * The result of a build whose output is up to date with `inputs` (the last build record's key): says so, and gives
 * the last build's warnings again (an up-to-date build replays its diagnostics); null when the output is not.
 * @param started performance.now() when the build began (ms)
 */
export async function upToDateBuild(
  config: ResolvedConfig,
  inputs: string,
  started: number,
  report: Reporter,
): Promise<BuildResult | null> {
  if (!(await isUpToDate(config.outPath, inputs))) return null;
  const durationMs = performance.now() - started;
  report.info(
    `\nnothing changed since the last build: ${outputName(config)} is up to date (${(durationMs / 1000).toFixed(2)} s; --force rebuilds)`,
  );
  return {
    outPath: config.outPath,
    routes: 0,
    durationMs,
    firstLoad: null,
    upToDate: true,
    warnings: recordedWarnings(config.outPath).map((warning) => new DocgenError(warning)),
  };
}
