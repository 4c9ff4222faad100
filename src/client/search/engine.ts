/**
 * The search engine in the browser: loads the manifest when search is first opened (this module is
 * reached by dynamic import only), then for each query only the term partitions holding its terms, the field
 * lengths of its candidate documents and the document chunks of its results (format:
 * src/shared/search-format.ts). Every file is fetched once and kept; decoded posting lists are kept up to a budget.
 */
import { decodeLengths, decodePostings, decodeVarints } from '../../shared/search-codec.js';
import {
  LENGTHS_BLOCK,
  PART_HASH_LENGTH,
  PREFETCH_LENGTH_BLOCKS,
  RELATIVE_LENGTHS,
  SEARCH_FORMAT_VERSION,
  searchFileName,
  type ChunkRow,
  type PartitionRow,
  type SearchFileKind,
  type SearchManifest,
  type StoredSearchFields,
} from '../../shared/search-format.js';
import { lastAtOrBefore, partitionOf, partitionsWithPrefix, queryPartitions } from '../../shared/search-partitions.js';
import { analyzeQuery, type AnalyzedQuery } from '../../shared/search-tokenize.js';
import {
  finishHits,
  matchableTerms,
  rankDocuments,
  type LoadedTerms,
  type RankedDocument,
  type SearchHit,
  type TermPostings,
} from './query.js';

export type { SearchHit };

export interface SearchEngine {
  /** Resolves when the manifest has loaded; rejects when it could not be loaded or is of another version. */
  ready: Promise<void>;
  /**
   * Results for a query, best first, loading what the query needs.
   * @param limit most results (default 20)
   * @throws Error (rejects) when an index file could not be loaded
   */
  search(query: string, limit?: number): Promise<SearchHit[]>;
  /** Section text of a hit (its document chunk, already loaded by `search`). */
  text(hit: SearchHit): Promise<string>;
}

export interface SearchEngineOptions {
  /** Fetches a file's text (default: `fetch`, failing on an HTTP error). Tests read files from disk. */
  fetchText?: (url: string) => Promise<string>;
}

/**
 * Documents ranked before the heading boosts reorder them (query.ts finishHits), at least: a term's defining place
 * can sit below its mentions by text score alone.
 */
const RERANK_DEPTH = 20;

/** Postings kept decoded across queries (8 bytes each; a few dozen of the largest lists of a 10,000-page site). */
const DECODED_POSTINGS_BUDGET = 4_000_000;

interface Partition {
  terms: string[];
  rows: PartitionRow[];
}

/**
 * Starts loading the manifest behind `manifestUrl` and returns the engine at once.
 * @param manifestUrl SiteData.searchManifest
 */
export function createSearchEngine(manifestUrl: string, options: SearchEngineOptions = {}): SearchEngine {
  const fetchText = options.fetchText ?? defaultFetchText;
  let manifest: SearchManifest | null = null;
  let chunkFirsts: number[] = [];
  const files = new Map<string, Promise<unknown>>();
  const partitions = new Map<number, Partition>();
  const lengthBlocks = new Map<number, number[][]>();
  const decoded = new Map<string, { postings: TermPostings; size: number }>();
  let decodedSize = 0;

  /**
   * Fetches and decodes one index file once, however many queries ask for it at the same time (a failed fetch is
   * forgotten, so a later query retries).
   * @param decode turns the file's JSON into what is kept (run once per file)
   */
  const load = <T>(
    kind: SearchFileKind,
    n: number,
    hashes: string,
    decode: (json: unknown) => T = (json) => json as T,
  ): Promise<T> => {
    const url = manifest!.base + searchFileName(kind, n, hashes);
    let pending = files.get(url) as Promise<T> | undefined;
    if (!pending) {
      pending = fetchText(url).then((text) => decode(JSON.parse(text)));
      pending.catch(() => files.delete(url));
      files.set(url, pending);
    }
    return pending;
  };
  const loadPartition = async (n: number) => {
    if (partitions.has(n)) return;
    await load('terms', n, manifest!.partitions.hashes, (json) => {
      const rows = json as PartitionRow[];
      partitions.set(n, { rows, terms: rows.map((r) => r[0]) });
    });
  };
  const loadLengths = async (block: number) => {
    if (lengthBlocks.has(block)) return;
    await load('lengths', block, manifest!.lengths.hashes, (json) => {
      const texts = json as string[];
      const fields = texts.map((text, f) =>
        decodeLengths(text, RELATIVE_LENGTHS[f] === undefined ? undefined : texts[RELATIVE_LENGTHS[f]!]),
      );
      lengthBlocks.set(
        block,
        Array.from({ length: fields[0]?.length ?? 0 }, (_, i) => fields.map((f) => f[i]!)),
      );
    });
  };
  const ready = (async () => {
    const loaded = JSON.parse(await fetchText(manifestUrl)) as SearchManifest;
    if (loaded.version !== SEARCH_FORMAT_VERSION)
      throw new Error(`search manifest version ${loaded.version}, expected ${SEARCH_FORMAT_VERSION}`);
    chunkFirsts = [0];
    for (const gap of decodeVarints(loaded.chunks.firsts)) chunkFirsts.push(chunkFirsts[chunkFirsts.length - 1]! + gap);
    manifest = loaded;
    // A small index's field lengths are a few kilobytes: fetch them now, saving a round trip on the first query.
    const blocks = loaded.lengths.hashes.length / PART_HASH_LENGTH;
    if (blocks <= PREFETCH_LENGTH_BLOCKS) for (let b = 0; b < blocks; b++) loadLengths(b).catch(() => {});
  })();
  ready.catch(() => {});

  const chunkOf = (doc: number) => lastAtOrBefore(chunkFirsts, doc);
  const loadChunk = (doc: number) => load<ChunkRow[]>('docs', chunkOf(doc), manifest!.chunks.hashes);
  const row = async (doc: number): Promise<ChunkRow> => {
    const found = (await loadChunk(doc))[doc - chunkFirsts[chunkOf(doc)]!];
    if (!found) throw new Error(`search index: document ${doc} is missing from its chunk`);
    return found;
  };

  const termPostings = (partition: Partition, i: number): TermPostings => {
    const term = partition.terms[i]!;
    const cached = decoded.get(term);
    if (cached) return cached.postings;
    const postings = partition.rows[i]!.slice(1).map((text) => (text ? decodePostings(text) : null));
    const size = postings.reduce((sum, p) => sum + (p?.docs.length ?? 0), 0);
    decoded.set(term, { postings, size });
    decodedSize += size;
    for (const [key, entry] of decoded) {
      if (decodedSize <= DECODED_POSTINGS_BUDGET || key === term) break;
      decoded.delete(key);
      decodedSize -= entry.size;
    }
    return postings;
  };
  const loadedTerms: LoadedTerms = {
    get(term) {
      const partition = partitions.get(partitionOf(manifest!.partitions.starts, term));
      if (!partition) return undefined;
      const i = lastAtOrBefore(partition.terms, term);
      return partition.terms[i] === term ? termPostings(partition, i) : undefined;
    },
    withPrefix(prefix) {
      const out: string[] = [];
      for (const n of partitionsWithPrefix(manifest!.partitions.starts, prefix)) {
        const terms = partitions.get(n)?.terms ?? [];
        let i = lastAtOrBefore(terms, prefix);
        if (terms[i] !== undefined && terms[i]! < prefix) i++;
        for (; i < terms.length && terms[i]!.startsWith(prefix); i++) out.push(terms[i]!);
      }
      return out;
    },
  };

  /** The best `limit` documents for an analysed query, loading the term partitions and field lengths it needs. */
  const ranked = async (query: AnalyzedQuery, limit: number): Promise<RankedDocument[]> => {
    const m = manifest!;
    if (query.required.length === 0 && !query.atLeast) return [];
    await Promise.all(queryPartitions(m.partitions.starts, query).map(loadPartition));
    const placeholder = m.averageFieldLength;
    return rankDocuments(
      query,
      {
        documentCount: m.documentCount,
        averageFieldLength: m.averageFieldLength,
        matchable: matchableTerms(query, loadedTerms),
        lengths: (doc) => lengthBlocks.get(Math.floor(doc / LENGTHS_BLOCK))?.[doc % LENGTHS_BLOCK] ?? placeholder,
        load: async (docs) =>
          void (await Promise.all(
            [...new Set(Array.from(docs, (d) => Math.floor(d / LENGTHS_BLOCK)))].map(loadLengths),
          )),
      },
      limit,
    );
  };

  return {
    ready,
    async search(queryText, limit = 20) {
      await ready;
      // Strict first; only when that finds nothing, the tolerant reading (one wrong kana in a long word).
      const depth = Math.max(limit, RERANK_DEPTH);
      const strict = await ranked(analyzeQuery(queryText), depth);
      const tolerant = strict.length > 0 ? null : analyzeQuery(queryText, { tolerant: true });
      const found = tolerant?.atLeast ? await ranked(tolerant, depth) : strict;
      const stored = await Promise.all(found.map(async (r) => storedFields(await row(r.id))));
      return finishHits(found, stored, queryText).slice(0, limit);
    },
    async text(hit) {
      await ready;
      return (await row(hit.id))[5];
    },
  };
}

/** A chunk row's stored fields. */
function storedFields([title, heading, url, kind, method, , target]: ChunkRow): StoredSearchFields {
  return { title, heading, url, kind, ...(method ? { method } : {}), ...(target ? { target } : {}) };
}

async function defaultFetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}
