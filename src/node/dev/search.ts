/**
 * Search in `docgen dev`: the build's index (search/write-index.ts), made when the search dialog first asks for its
 * manifest and again after content changed. Every route is compiled for it (through the session's caches, so
 * pages already compiled cost nothing); the index files are written to a folder of this process in docgen's cache
 * folder and served from memory-like paths under `<base>assets/search/`, where the manifest says they are.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { withBase } from '../../shared/urls.js';
import { moduleFolder } from '../paths.js';
import { searchSource } from '../build/search.js';
import { writeSearchIndex, type SearchSourceRoute } from '../search/write-index.js';
import { compileCached } from './render-page.js';
import { DEV_SEARCH_MANIFEST, type DevSearchIndex, type DevSession, loadApiCached } from './session.js';

export { DEV_SEARCH_MANIFEST };

/**
 * The manifest of the session's search index, made now when the content changed since the last one.
 * @returns the manifest JSON (its `base` is `<base>assets/search/`)
 */
export async function devSearchManifest(session: DevSession): Promise<string> {
  const routes = await searchRoutes(session);
  const key = JSON.stringify(routes);
  const previous = session.searchIndex;
  if (previous) {
    const index = await previous.catch(() => null);
    if (index?.key === key) return index.manifest;
  }
  const next = makeIndex(session, routes, key, previous);
  session.searchIndex = next;
  return (await next).manifest;
}

/**
 * A file of the session's search index.
 * @param pathname the request path without the base URL
 * @returns its bytes, or null when `pathname` is not a file of the current index
 */
export async function devSearchFile(session: DevSession, pathname: string): Promise<Buffer | null> {
  const match = /^\/assets\/search\/([\w.-]+\.json)$/.exec(pathname);
  const index = match ? await session.searchIndex?.catch(() => null) : null;
  if (!match || !index) return null;
  return readFile(path.join(index.dir, 'assets', 'search', match[1]!)).catch(() => null);
}

async function makeIndex(
  session: DevSession,
  routes: SearchSourceRoute[],
  key: string,
  previous: Promise<DevSearchIndex> | null,
): Promise<DevSearchIndex> {
  const old = await previous?.catch(() => null);
  const dir = await mkdtemp(path.join(moduleFolder(), `dev-search-${process.pid}-`));
  const config = session.snapshot.config!;
  const result = await writeSearchIndex({
    outDir: dir,
    baseUrl: config.baseUrl,
    routes,
    cacheScope: config.contentPath,
  });
  const manifest = await readFile(
    path.join(dir, result.manifestUrl.slice(withBase(config.baseUrl, '/').length)),
    'utf8',
  );
  if (old) await rm(old.dir, { recursive: true, force: true });
  return { key, dir, manifest };
}

/**
 * Every route's search input, as the build's search stage reads it (build/search.ts searchSource): a Markdown
 * page's compiled title and search sections (from the page compiler, as in the build), an API route's model.
 */
async function searchRoutes(session: DevSession): Promise<SearchSourceRoute[]> {
  const current = session.snapshot.current!;
  return Promise.all(
    current.model.routes.map(async (route): Promise<SearchSourceRoute> => {
      if (route.api) {
        const api = { file: route.api.file, model: await loadApiCached(session, route.api.file) };
        const { compiled } = await compileCached(session, { ...route, api });
        return searchSource(compiled);
      }
      if (!route.page || route.kind === 'notFound') return { path: route.path, title: route.title, kind: route.kind };
      const { compiled, sections } = await compileCached(session, route);
      return searchSource({ ...compiled, meta: { sections: sections ?? [] } });
    }),
  );
}

/** Removes the session's index files (the server calls it on close). */
export async function closeDevSearch(session: DevSession): Promise<void> {
  const index = await session.searchIndex?.catch(() => null);
  session.searchIndex = null;
  if (index) await rm(index.dir, { recursive: true, force: true });
}
