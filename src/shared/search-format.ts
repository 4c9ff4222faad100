/**
 * The search index format, written by src/node/search and read by src/client/search (a query downloads
 * only the parts of the index holding its terms). All files are JSON under `assets/search/`, content-hashed:
 * - the manifest `manifest.<hash10>.json` (its URL is `SiteData.searchManifest`): the index statistics, the first
 *   term of every term partition, and the hashes of the other files (small: the only file every query loads);
 * - term partitions `terms-<n>.<hash8>.json`: the terms of one range of the sorted term dictionary, each with its
 *   posting lists (one per field, search-codec.ts), so a term and every term that extends it are found by the
 *   first characters alone (prefix search stays exact across partitions);
 * - field lengths `lengths-<n>.<hash8>.json`: the distinct-term count of each field of `LENGTHS_BLOCK` documents
 *   (BM25 length normalisation), one string per field, loaded for the documents a query scores (all of them
 *   with the manifest when there are a few);
 * - document chunks `docs-<n>.<hash8>.json`: title, heading, URL and section text of consecutive documents, cut
 *   at page boundaries, loaded for the results on screen (ranking by heading phrase, display, snippets).
 * The browser gives MiniSearch only the query's terms and the documents that can reach its top results, with the
 * statistics of the whole index, so results equal those of one MiniSearch index over the whole site
 * (src/client/search/query.ts).
 */
import { tokenize } from './search-tokenize.js';

/** Bumped when the format changes, so a stale manifest is rejected rather than misread. */
export const SEARCH_FORMAT_VERSION = 2;

/** One searchable document: a page section (intro or an h2/h3 with its anchor) or an API operation. */
export interface SearchDocument {
  /** Global document number: documents are numbered 0..n-1 in route order. */
  id: number;
  /** Page title (the API title for operations). */
  title: string;
  /** Section heading, or the operation summary; empty for a page's intro. */
  heading: string;
  /** Section text, or the operation description with its parameters and schema field names. */
  body: string;
  /** Identifiers: heading anchor, operationId, method, path, tag. */
  keywords: string;
  /** Route path plus `#anchor`, without the base URL. */
  url: string;
  kind: SearchDocumentKind;
  /** HTTP method of an operation (upper case), for a badge. */
  method?: string;
  /** A glossary entry's link (with the base URL): the section it points at defines the term. */
  target?: string;
}

/**
 * What a document is: a page section (`doc`), an API operation (`api`), the place that defines a term (`term`: a
 * field-table row, an API parameter or schema property, its heading being the term) or a glossary entry (`entry`:
 * a row pointing at the defining place). The ranking puts `term` documents and sections titled by the query
 * first, then `entry` documents (src/client/search/query.ts finishHits).
 */
export type SearchDocumentKind = 'doc' | 'api' | 'term' | 'entry';

/** The route path of a document's URL: `/docs/a#b` -> `/docs/a` (SearchDocument.url). */
export function documentRoute(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** What a result shows besides its snippet. */
export type StoredSearchFields = Pick<SearchDocument, 'title' | 'heading' | 'url' | 'kind' | 'method' | 'target'>;

/** Indexed fields; a field's number (MiniSearch field id) is its position here. */
export const SEARCH_FIELDS = ['title', 'heading', 'body', 'keywords'] as const;

/** Field weights: a match in a heading says more than one in the body (tuned with tests/search-quality). */
export const SEARCH_BOOST = { title: 2, heading: 3, body: 1, keywords: 2 };

/** Documents per field-lengths file. */
export const LENGTHS_BLOCK = 4096;

/** Up to this many field-length blocks (16,384 documents), the browser fetches them all with the manifest. */
export const PREFETCH_LENGTH_BLOCKS = 4;

/**
 * In a field-lengths file, the field whose lengths are stored relative to another's (search-codec.ts
 * encodeLengths): keywords (mostly the heading's anchor) relative to the heading.
 */
export const RELATIVE_LENGTHS: Readonly<Record<number, number>> = { 3: 1 };

/** Hex digits of the content hash in the names of partitions, length blocks and chunks (the manifest lists them). */
export const PART_HASH_LENGTH = 8;

export interface SearchManifest {
  version: number;
  /** URL (with base) of the folder of the index files, ending in `/`. */
  base: string;
  /** Documents in the index (MiniSearch documentCount). */
  documentCount: number;
  /** Average length of each field over all documents (MiniSearch averageFieldLength). */
  averageFieldLength: number[];
  partitions: {
    /** First term of each partition, ascending (UTF-16 code units); the first is ''. */
    starts: string[];
    /** Content hashes, `PART_HASH_LENGTH` characters each, concatenated. */
    hashes: string;
  };
  lengths: { hashes: string };
  chunks: {
    /** First document of each chunk after the first, as varint gaps (search-codec.ts). */
    firsts: string;
    hashes: string;
  };
}

/** The kinds of index files besides the manifest. */
export type SearchFileKind = 'terms' | 'lengths' | 'docs';

/** One row of a term partition: the term, then its encoded posting list for each field ('' when absent). */
export type PartitionRow = [term: string, ...postings: string[]];

/** One row of a document chunk. */
export type ChunkRow = [
  title: string,
  heading: string,
  url: string,
  kind: SearchDocumentKind,
  method: string,
  body: string,
  target?: string,
];

/**
 * File name of an index file.
 * @param n the file's number within its kind
 * @param hashes the manifest's concatenated hashes of that kind
 */
export function searchFileName(kind: SearchFileKind, n: number, hashes: string): string {
  return `${kind}-${n}.${hashes.slice(n * PART_HASH_LENGTH, (n + 1) * PART_HASH_LENGTH)}.json`;
}

/**
 * MiniSearch options, identical at build (tests build a reference index with them) and in the browser.
 * Terms are produced by the shared tokenizer; `processTerm` is the identity because tokenize already normalises.
 */
export const searchIndexOptions = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => term,
};
