/**
 * The search index of a versioned site: one index per docs version, holding that version's docs
 * and the pages of no version (home, API references, other content), and one of every version. A reader searches
 * the version they are in, so what the browser loads for a query does not grow with the number of versions; the
 * dialog's "search all versions" option loads the index of every version instead. Each index is written as
 * write-index.ts writes one (content-hashed files under `assets/search/`, the same file shared when two indexes
 * produce it), with its own token cache.
 */
import { formatKb } from '../report.js';
import type { DocsVersion } from '../../shared/types.js';
import { versionPaths } from '../content/versions.js';
import { versionsFileOf } from '../site/inputs.js';
import type { PageTermStrings } from './index-builder.js';
import { writeSearchIndex, type SearchIndexResult, type SearchSourceRoute } from './write-index.js';

/** What the build passes in: each route with its docs version (SiteRoute.version), absent for pages of no version. */
export interface VersionedSearchRoute extends SearchSourceRoute {
  version?: string;
}

/**
 * Writes every version's index, then the index of all versions.
 * @param options.root the site root; @param options.docsPath the current docs folder (token cache scopes)
 * @returns the index of all versions (the build record and report use it), each version's result by name
 */
export async function writeVersionedSearchIndex(options: {
  outDir: string;
  baseUrl: string;
  routes: VersionedSearchRoute[];
  versions: DocsVersion[];
  root: string;
  docsPath: string;
  force?: boolean;
}): Promise<{ all: SearchIndexResult; byVersion: Map<string, SearchIndexResult> }> {
  const byVersion = new Map<string, SearchIndexResult>();
  // A page in several indexes (a page of no version is in all of them, a doc in its version's and the one of all
  // versions; a doc unchanged between versions has the same text) is tokenized once.
  const sharedTerms = new Map<string, PageTermStrings>();
  const common = { outDir: options.outDir, baseUrl: options.baseUrl, force: options.force, sharedTerms };
  // One after another: each holds its whole inverted index in memory while it is built.
  for (const version of options.versions) {
    const routes = options.routes.filter((route) => route.version === undefined || route.version === version.name);
    // A token cache's scope must be a path that exists while the site does (token-cache.ts prunes the others).
    const scope = version.name === 'current' ? options.docsPath : versionPaths(options.root, version.name).docs;
    byVersion.set(version.name, await writeSearchIndex({ ...common, routes, cacheScope: scope }));
  }
  const all = await writeSearchIndex({ ...common, routes: options.routes, cacheScope: versionsFileOf(options.root) });
  return { all, byVersion };
}

/** One report line per version: its label, documents and what opening search loads (gzip). */
export function versionedSearchSummary(byVersion: Map<string, SearchIndexResult>, versions: DocsVersion[]): string {
  return versions
    .map((version) => {
      const result = byVersion.get(version.name)!;
      const gzip = result.files.reduce((sum, file) => sum + file.gzip, 0);
      return `  version ${version.label}: ${result.documents} documents, ${formatKb(gzip)} gzip in all; opening search loads ${formatKb(result.typicalQuery.manifest)} gzip, a typical query then ${formatKb(result.typicalQuery.total - result.typicalQuery.manifest)}`;
    })
    .join('\n');
}
