/**
 * The search index format, written by src/node/search and read by src/client/search. Plain JSON:
 * - a manifest `assets/search/manifest.<hash>.json` (its URL is `SiteData.searchManifest`),
 * - index shards `assets/search/index-<n>.<hash>.json`: serialized MiniSearch instances of a few hundred
 *   documents each, cut at page boundaries, so no file grows with the site,
 * - text shards `assets/search/text-<n>.<hash>.json`: the section texts for snippets, fetched only for shards
 *   that have a result on screen.
 * MiniSearch must be loaded with the same options it was built with (`searchIndexOptions`).
 */
import { tokenize } from './search-tokenize.js';

/** Bumped when the shard format changes, so stale manifests are rejected rather than misread. */
export const SEARCH_FORMAT_VERSION = 1;

/** One searchable document: a page section (intro or an h2/h3 with its anchor) or an API operation. */
export interface SearchDocument {
  /** Global document number (shard texts are indexed by `id - shard.first`). */
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
  kind: 'doc' | 'api';
  /** HTTP method of an operation (upper case), for a badge. */
  method?: string;
}

/** What a search result carries without loading the text shard (MiniSearch stored fields). */
export type StoredSearchFields = Pick<SearchDocument, 'title' | 'heading' | 'url' | 'kind' | 'method'>;

export interface SearchShardInfo {
  /** URL (with base) of the serialized MiniSearch index. */
  index: string;
  /** URL (with base) of the JSON array of section texts. */
  text: string;
  /** Id of the shard's first document. */
  first: number;
  documents: number;
  /** Raw bytes of the index file, for progress and reports. */
  bytes: number;
}

export interface SearchManifest {
  version: number;
  documents: number;
  shards: SearchShardInfo[];
}

export const SEARCH_FIELDS = ['title', 'heading', 'body', 'keywords'] as const;
export const SEARCH_STORED_FIELDS = ['title', 'heading', 'url', 'kind', 'method'] as const;

/** Field weights: a match in a heading says more than one in the body (tuned with tests/search-quality). */
export const SEARCH_BOOST = { title: 2, heading: 3, body: 1, keywords: 2 };

/**
 * MiniSearch options, identical at build and in the browser (MiniSearch.loadJSON requires the same options).
 * Terms are produced by the shared tokenizer; `processTerm` is the identity because tokenize already normalises.
 */
export const searchIndexOptions = {
  idField: 'id',
  fields: [...SEARCH_FIELDS],
  storeFields: [...SEARCH_STORED_FIELDS],
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => term,
};
