/**
 * The build stage that writes the search index: documents from every compiled route, tokenized page by
 * page (or taken from the token cache), one inverted index built directly, then cut into term partitions,
 * field-length blocks and document chunks plus a small manifest, all content-hashed under `assets/search/`
 * (format: src/shared/search-format.ts). A query in the browser downloads the manifest and only the files its
 * terms and results need.
 */
import { encodeVarints } from '../../shared/search-codec.js';
import {
  documentRoute,
  PART_HASH_LENGTH,
  SEARCH_FORMAT_VERSION,
  type SearchDocument,
  type SearchManifest,
} from '../../shared/search-format.js';
import { withBase } from '../../shared/urls.js';
import { formatKb } from '../report.js';
import { engineFingerprint } from '../cache/build-fingerprint.js';
import { apiDocuments, pageDocuments, type PageSection } from './extract.js';
import {
  PageTokenizer,
  SearchIndexBuilder,
  termStringsOf,
  type BuiltIndex,
  type PageTermStrings,
} from './index-builder.js';
import { IndexFileWriter, type SearchIndexFile } from './index-files.js';
import { chunkDocuments, chunkFiles, cutPartitions, lengthBlocks } from './layout.js';
import { estimateQueryCost, type QueryCost } from './query-cost.js';
import { loadTokenCache, type TokenCache } from './token-cache.js';

/**
 * What this stage reads of a route: an API route's model, or a page's search sections (its compiled content split
 * at h2/h3 by extract.ts pageSections, which the compile stage keeps instead of the hast).
 */
export interface SearchSourceRoute {
  path: string;
  title: string;
  kind: string;
  api?: { model: unknown };
  sections?: PageSection[];
  /** Front matter `unlisted`: not searchable (isIndexedKind). */
  unlisted?: boolean;
}

export interface SearchIndexResult {
  /** URL (with base) of the manifest, for SiteData.searchManifest. */
  manifestUrl: string;
  documents: number;
  terms: number;
  partitions: number;
  /** Every file written. */
  files: SearchIndexFile[];
  /** Pages whose tokenization came from the cache / all pages. */
  cache: { hits: number; pages: number };
  /** What a typical query downloads (gzip bytes, median over sample queries). */
  typicalQuery: QueryCost;
  /** The manifest as written, and the exact field lengths (`fieldLengths[f][doc]`): an incremental build patches them. */
  manifest: SearchManifest;
  fieldLengths: Int32Array[];
  /** The documents of each route that has some: its path, first document number and count. */
  pages: { path: string; first: number; count: number }[];
}

/**
 * The documents of every route, grouped by page, numbered 0..n-1 in route order.
 * @returns one array per route that has documents
 */
export function collectSearchPages(routes: SearchSourceRoute[]): SearchDocument[][] {
  const pages: SearchDocument[][] = [];
  let next = 0;
  for (const route of routes) {
    const docs = routeDocuments(route, next);
    if (docs.length === 0) continue;
    pages.push(docs);
    next += docs.length;
  }
  return pages;
}

/**
 * The search documents of one route, numbered from `first`: an API route's by operation, a doc or home page's by
 * section (none when it is `unlisted`), none for other routes.
 */
export function routeDocuments(route: SearchSourceRoute, first: number): SearchDocument[] {
  if (route.api) return apiDocuments({ path: route.path, title: route.title, model: route.api.model }, first);
  if (isIndexedKind(route.kind) && !route.unlisted)
    return pageDocuments({ path: route.path, title: route.title, sections: route.sections ?? [] }, first);
  return [];
}

/** Route kinds whose pages are searched (the not-found page is not; API routes are, by operation). */
function isIndexedKind(kind: string): boolean {
  return kind === 'doc' || kind === 'home';
}

/**
 * Builds the inverted index of the pages, tokenizing only pages missing from the cache, and saves the cache.
 * @returns the index and how many pages the cache answered
 */
async function indexPages(
  pages: SearchDocument[][],
  cache: TokenCache,
  shared?: Map<string, PageTermStrings>,
): Promise<{ index: BuiltIndex; hits: number }> {
  const tokenizer = new PageTokenizer(cache.terms);
  const builder = new SearchIndexBuilder(tokenizer);
  let hits = 0;
  for (const docs of pages) {
    const key = cache.key(docs);
    const cached = cache.get(key);
    if (cached) hits++;
    let page = cached;
    if (!page) {
      const known = shared?.get(key);
      page = known ? tokenizer.fromTerms(known) : tokenizer.tokenize(docs);
      if (shared && !known) shared.set(key, termStringsOf(page, tokenizer));
      cache.set(key, page);
    }
    builder.addPage(page);
  }
  const index = builder.finish();
  await cache.save(tokenizer.terms, index.terms.length);
  return { index, hits };
}

/**
 * Writes the index files and the manifest into `<outDir>/assets/search/`.
 * @param options.outDir the staging folder of the build
 * @param options.baseUrl base URL prefixed to the URLs in the manifest
 * @param options.routes every route in route order (pages with their search sections, API routes with their model)
 * @param options.force ignore the token cache (`--force`)
 * @param options.partitionBytes raw bytes per term partition (default 16 KiB)
 * @param options.chunkTextBytes text bytes per document chunk (default 16 KiB)
 * @param options.cacheScope what the token cache belongs to (the site's content folder; one cache per scope)
 * @param options.cacheDir token cache folder (tests; default under node_modules/.cache/docgen)
 * @param options.sharedTerms pages tokenized by the other indexes of this build, by token cache key (read and
 *   added to): a versioned site's indexes hold the same pages
 */
export async function writeSearchIndex(options: {
  outDir: string;
  baseUrl: string;
  routes: SearchSourceRoute[];
  force?: boolean;
  partitionBytes?: number;
  chunkTextBytes?: number;
  cacheScope?: string;
  cacheDir?: string;
  sharedTerms?: Map<string, PageTermStrings>;
}): Promise<SearchIndexResult> {
  const pages = collectSearchPages(options.routes);
  const docs = pages.flat();
  const cache = await loadTokenCache({
    engine: await engineFingerprint(),
    scope: options.cacheScope ?? '',
    enabled: !options.force,
    dir: options.cacheDir,
  });
  const { index, hits } = await indexPages(pages, cache, options.sharedTerms);

  const files = new IndexFileWriter(options.outDir);
  const partitions = cutPartitions(index, options.partitionBytes);
  const chunks = chunkDocuments(docs, options.chunkTextBytes);
  const manifest: SearchManifest = {
    version: SEARCH_FORMAT_VERSION,
    base: withBase(options.baseUrl, '/assets/search/'),
    documentCount: index.documentCount,
    averageFieldLength: index.averageFieldLength,
    partitions: {
      starts: partitions.map((p) => p.start),
      hashes: await files.writeAll(
        'terms',
        partitions.map((p) => p.json),
        PART_HASH_LENGTH,
      ),
    },
    lengths: { hashes: await files.writeAll('lengths', lengthBlocks(index), PART_HASH_LENGTH) },
    chunks: {
      firsts: encodeVarints(chunks.slice(1).map((chunk, i) => chunk[0]!.id - chunks[i]![0]!.id)),
      hashes: await files.writeAll('docs', chunkFiles(chunks), PART_HASH_LENGTH),
    },
  };
  const manifestHash = await files.write('manifest', 'manifest', JSON.stringify(manifest), 10);
  const written = await files.finish();
  return {
    manifestUrl: withBase(options.baseUrl, `/assets/search/manifest.${manifestHash}.json`),
    documents: index.documentCount,
    terms: index.terms.length,
    partitions: partitions.length,
    files: written,
    cache: { hits, pages: pages.length },
    typicalQuery: estimateQueryCost({ index, docs, manifest, files: written }),
    manifest,
    fieldLengths: index.fieldLengths,
    pages: pages.map((page) => ({ path: documentRoute(page[0]!.url), first: page[0]!.id, count: page.length })),
  };
}

/**
 * One line for the build report: documents, terms, partitions, total raw and gzip bytes, the largest file, and
 * what a typical query downloads.
 */
export function searchIndexSummary(result: SearchIndexResult): string {
  const raw = result.files.reduce((s, f) => s + f.bytes, 0);
  const gzip = result.files.reduce((s, f) => s + f.gzip, 0);
  const largest = result.files.reduce((m, f) => (f.gzip > m.gzip ? f : m), result.files[0]!);
  const q = result.typicalQuery;
  return (
    `search index: ${result.documents} documents in ${result.partitions} partitions (${result.terms} terms), ${result.files.length} files, ${formatKb(raw)} raw │ gzip: ${formatKb(gzip)} ` +
    `(largest file ${largest.file} ${formatKb(largest.gzip)} gzip); opening search loads ${formatKb(q.manifest)} gzip, a typical query then ${formatKb(q.total - q.manifest)} ` +
    `(${q.partitions} partitions ${formatKb(q.terms)}, lengths ${formatKb(q.lengths)}, ${q.chunks} document chunks ${formatKb(q.docs)}; median of ${q.samples} sample queries)` +
    (result.cache.hits > 0 ? `; ${result.cache.hits}/${result.cache.pages} pages from the token cache` : '')
  );
}
