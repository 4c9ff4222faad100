/**
 * The compiled-page cache: a Markdown page whose compile inputs are unchanged is not compiled again.
 * The key covers what compileMarkdown depends on that is known before compiling: docgen's code, dependencies and
 * version (the engine fingerprint), the page's source, path, route and navigation, the base URL, the diagram
 * service, and the content of the files its imports name (partials, raw and snippet imports:
 * markdown/snippet-imports.ts importedFilesOf). The rest is checked on a hit: the answers its compile got from the
 * route table and the static files (link resolution: site-lookups.ts) and the hashes of other files it read
 * (images it sized). A page's warnings are stored with its entry and replayed on a hit (same text, code,
 * file:line:column and order), so an up-to-date page reports what its compile reported; their causes are compile
 * inputs, hence covered. Pages with an error are never cached, so errors
 * are always reported, nor are pages of 1 MB or more (pool/compile-pages.ts HUGE_PAGE: their data is written in pieces, never held whole).
 * An entry holds what a build needs from the page without its hast: the route data file as written, the title,
 * ids, links and search text, so a hit costs one small read and one write (src/node/pool/compile-pages.ts).
 * Stored under `<docgen>/node_modules/.cache/docgen/pages/<site>/` (json-store.ts: a full build prunes it to the
 * pages it used, an incremental build drops the entries of the pages it replaced); `--force` bypasses it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DiagnosticInit } from '../diagnostics/error.js';
import type { LinkRef } from '../markdown/context.js';
import type { PageSection } from '../search/extract.js';
import { createJsonStore } from './json-store.js';
import { lookupsHold, siteTableHash, type SiteLookups, type SiteTables } from './site-lookups.js';

/** Bumped when CachedPage changes shape, so older entries are never read. */
const FORMAT = 'page-v5';

/** One compiled page as the next build needs it. */
export interface CachedPage {
  /** Output-relative path of the route data file (`assets/data/<name>.<hash>.json`) and its exact text. */
  dataFile: string;
  dataJson: string;
  /** PageData.title (for the route table). */
  title: string;
  ids: string[];
  links: LinkRef[];
  /** Search sections (search/extract.ts pageSections). */
  sections: PageSection[];
  /** The page's Markdown twin (render/markdown-twin.ts), when the site writes twins and this page has one. */
  twin?: string;
  /** The compile's warnings (DocgenError.toJSON(), severity 'warning'), in the order the compile reported them. */
  warnings?: DiagnosticInit[];
  /**
   * Files the compile read that the key does not cover (an image whose size it wrote, a form of import the key's
   * scan does not know), with their content hashes (contentHashOf) then: the entry is used only while they are the
   * same.
   */
  reads?: [file: string, hash: string][];
  /** What the compile asked of the site's route table and static files, and the answers (site-lookups.ts). */
  lookups?: SiteLookups;
}

export interface PageCache {
  /** Key of one page's compile, given the site-wide part computed once per build. */
  /**
   * @param parts.nav the page's navigation as JSON ('' for none): it comes from other pages, not the source
   * @param parts.imports absolute paths of the files the page's snippet imports name (importedFilesOf): their
   *   content is part of the key
   */
  key(parts: { source: string; relPath: string; route: string; nav: string; imports?: readonly string[] }): string;
  /**
   * The entry of a key, or null; also null when a file it lists in `reads` changed since, or when the site's route
   * table or static files answer one of its `lookups` differently now (a page it linked to was added or removed).
   */
  get(key: string): Promise<CachedPage | null>;
  set(key: string, page: CachedPage): Promise<void>;
}

/** SHA-256 (hex) of a file's bytes, or 'missing' (also for a folder or an unreadable file). */
export function contentHashOf(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}

/** The store's folder name inside docgen's cache folder (for pruneJsonStore). */
export const PAGE_CACHE = 'pages';

/**
 * Drops the entries of pages replaced by an incremental build.
 * @param scope the site's content folder; @param keys the replaced pages' keys
 */
export function dropCachedPages(scope: string, keys: Iterable<string>): void {
  const store = createJsonStore<CachedPage>(PAGE_CACHE, { enabled: false, scope });
  for (const key of keys) store.delete(key);
}

/**
 * @param site.engine engine fingerprint (docgen's code, lockfile and version); plus base URL and diagram service
 * @param site.scope the site's content folder (entries are kept per site)
 * @param site.tables the site's pages' routes, static files and routes: an entry is used only while the answers
 *   its compile got from them hold (site-lookups.ts), so the route table is in no key
 * @param enabled false under --force: every get misses (entries are still written for the next build)
 */
export function createPageCache(site: {
  engine: string;
  scope: string;
  tables: SiteTables;
  baseUrl: string;
  diagramServiceUrl: string | undefined;
  enabled: boolean;
}): PageCache {
  const store = createJsonStore<CachedPage>(PAGE_CACHE, { enabled: site.enabled, scope: site.scope });
  const siteKey = createHash('sha256')
    .update(JSON.stringify([FORMAT, site.engine, site.baseUrl, site.diagramServiceUrl ?? '']))
    .digest('hex');
  let tableHash: string | undefined;
  const tableHashOf = () => (tableHash ??= siteTableHash(site.tables));
  return {
    key: ({ source, relPath, route, nav, imports = [] }) => {
      const hash = createHash('sha256').update(`${siteKey}\0${relPath}\0${route}\0${nav}\0${source}`);
      for (const file of imports) hash.update(`\0${file}\0${contentHashOf(file)}`); // a page without imports keeps its key
      return hash.digest('hex');
    },
    get: async (key) => {
      const entry = await store.get(key);
      if (!entry || !lookupsHold(entry.lookups, site.tables, tableHashOf)) return null;
      return entry.reads?.some(([file, hash]) => contentHashOf(file) !== hash) ? null : entry;
    },
    set: (key, page) => store.set(key, page),
  };
}
