/**
 * The search stage: the index of every route (a versioned site: one per version and one of all), or, in an
 * incremental build, the patches of the built index for the routes the plan recompiled (search/patch-index.ts).
 */
import path from 'node:path';
import type { DocsVersion, SiteData } from '../../shared/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { PagePatch } from '../search/patch-index.js';
import {
  routeDocuments,
  searchIndexSummary,
  writeSearchIndex,
  type SearchIndexResult,
  type SearchSourceRoute,
} from '../search/write-index.js';
import type { BuiltRoute } from './types.js';

/** What the search stage reads of a route: its API model, or its page's search sections (no hast), and its version. */
export function searchSource({
  route,
  data,
  meta,
}: Omit<BuiltRoute, 'meta'> & { meta?: Pick<NonNullable<BuiltRoute['meta']>, 'sections'> }): SearchSourceRoute & {
  version?: string;
} {
  return {
    path: route.path,
    title: data.title,
    kind: data.kind,
    api: route.api,
    sections: meta?.sections,
    ...(route.version ? { version: route.version } : {}),
    ...(route.page?.frontMatter.unlisted ? { unlisted: true } : {}),
  };
}

/**
 * Writes the search index of every route into `staging` (a versioned site's per-version summary is printed).
 * @param options.versions a versioned site's versions: an index per version and one of all versions
 *   (search/write-versioned-index.ts)
 * @returns the index (of all versions), and a versioned site's site data naming each version's manifest (the last
 *   version's is `searchManifest`, which pages off versioned docs search), else null, and the index's summary line
 */
export async function buildSearchIndex(options: {
  config: ResolvedConfig;
  staging: string;
  compiled: BuiltRoute[];
  versions: DocsVersion[] | undefined;
  force: boolean;
  site: SiteData;
  info: (line: string) => void;
}): Promise<{ search: SearchIndexResult; versionedSite: SiteData | null; summary: string }> {
  const { config, versions, info } = options;
  const routes = options.compiled.map(searchSource);
  if (!versions) {
    const search = await writeSearchIndex({
      outDir: options.staging,
      baseUrl: config.baseUrl,
      routes,
      force: options.force,
      cacheScope: config.contentPath,
    });
    return { search, versionedSite: null, summary: searchIndexSummary(search) };
  }
  const { writeVersionedSearchIndex, versionedSearchSummary } = await import('../search/write-versioned-index.js');
  const { all, byVersion } = await writeVersionedSearchIndex({
    outDir: options.staging,
    baseUrl: config.baseUrl,
    routes,
    versions,
    root: config.root,
    docsPath: path.join(config.contentPath, config.docs.folder),
    force: options.force,
  });
  info(versionedSearchSummary(byVersion, versions));
  const items = versions.map((version) => ({ ...version, searchManifest: byVersion.get(version.name)!.manifestUrl }));
  const last = items.find((version) => version.last)!;
  const versionedSite: SiteData = {
    ...options.site,
    searchManifest: last.searchManifest,
    versions: { items, searchAll: all.manifestUrl },
  };
  // The line of a versioned site is its index of every version (each version's own was printed before it).
  const summary = searchIndexSummary(all).replace(/^search index:/, 'search index of all versions:');
  return { search: all, versionedSite, summary };
}

/**
 * The recompiled routes' search documents as patches of the index the last build wrote (search/patch-index.ts),
 * which applies when each route keeps its number of documents (so every document keeps its number).
 * @param routes the recompiled routes, each with its documents' first number and count in the last build
 * @param root the project root (a reason names the page's file relative to it)
 * @returns the patches, or why the index cannot be patched (the caller builds everything)
 */
export function searchPatches(
  routes: { built: BuiltRoute; search: { first: number; count: number } | null }[],
  root: string,
): PagePatch[] | { reason: string } {
  const patches: PagePatch[] = [];
  for (const { built, search } of routes) {
    const docs = routeDocuments(searchSource(built), search?.first ?? 0);
    if (docs.length !== (search?.count ?? 0))
      return { reason: `the sections of ${path.relative(root, built.route.page?.file ?? '')} changed` };
    if (docs.length > 0) patches.push({ docs });
  }
  return patches;
}
