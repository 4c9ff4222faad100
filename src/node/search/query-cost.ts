/**
 * What a typical query downloads, for the build report: sample queries (headings of documents spread
 * over the site) are planned as the browser plans them, without ranking: what opening search loads (the manifest,
 * and a small index's field lengths), the term partitions of their terms, the field-length blocks of their
 * candidates (documents holding every required term; the browser loads those of the documents it scores, often
 * fewer), and the document chunks of at most 20 results (the dialog's limit; results may share chunks). Upper
 * bounds; bench/search.mjs measures the real bytes in Chromium.
 */
import { decodeVarints, forEachPosting } from '../../shared/search-codec.js';
import {
  LENGTHS_BLOCK,
  PART_HASH_LENGTH,
  PREFETCH_LENGTH_BLOCKS,
  type SearchDocument,
  type SearchManifest,
} from '../../shared/search-format.js';
import { lastAtOrBefore, queryPartitions } from '../../shared/search-partitions.js';
import { analyzeQuery } from '../../shared/search-tokenize.js';
import type { BuiltIndex } from './index-builder.js';

/** Gzip bytes a query downloads, by kind of file. */
export interface QueryCost {
  total: number;
  manifest: number;
  partitions: number;
  terms: number;
  lengths: number;
  chunks: number;
  docs: number;
  /** Sample queries the median was taken over. `manifest` includes field lengths fetched with it. */
  samples: number;
}

/** Results the dialog shows (SearchDialog asks for 20). */
const SHOWN = 20;
const SAMPLES = 11;

/**
 * @param input.files the written files with their gzip sizes, named `<kind>-<n>.<hash>.json` and `manifest.<hash>.json`
 * @returns the breakdown of the median sample query (all zero for an empty index)
 */
export function estimateQueryCost(input: {
  index: BuiltIndex;
  docs: SearchDocument[];
  manifest: SearchManifest;
  files: { file: string; gzip: number }[];
}): QueryCost {
  const { index, docs, manifest } = input;
  const gz = (kind: string, hashes: string) => {
    const sizes = new Map(input.files.map((f) => [f.file.slice(f.file.lastIndexOf('/') + 1), f.gzip]));
    return Array.from(
      { length: hashes.length / PART_HASH_LENGTH },
      (_, n) => sizes.get(`${kind}-${n}.${hashes.slice(n * PART_HASH_LENGTH, (n + 1) * PART_HASH_LENGTH)}.json`) ?? 0,
    );
  };
  const partitionGz = gz('terms', manifest.partitions.hashes);
  const lengthGz = gz('lengths', manifest.lengths.hashes);
  const chunkGz = gz('docs', manifest.chunks.hashes);
  // A small index's field lengths come with the manifest (engine.ts): count them there, not per query.
  const prefetched = lengthGz.length <= PREFETCH_LENGTH_BLOCKS;
  const manifestGz =
    (input.files.find((f) => /\/manifest\.[0-9a-f]+\.json$/.test(f.file))?.gzip ?? 0) +
    (prefetched ? lengthGz.reduce((s, b) => s + b, 0) : 0);
  const chunkMedian = [...chunkGz].sort((a, b) => a - b)[chunkGz.length >> 1] ?? 0;
  const chunkOf = chunkIndex(manifest.chunks.firsts);
  const terms = index.terms.map((t) => t.term);
  const memo = new Map<number, Int32Array>();
  const docsOf = (i: number) => {
    let docs = memo.get(i);
    if (!docs) {
      const found = new Set<number>();
      for (const field of index.terms[i]!.fields) if (field) forEachPosting(field.toString(), (doc) => found.add(doc));
      memo.set(i, (docs = Int32Array.from(found)));
    }
    return docs;
  };

  const headings = docs.filter((d) => d.heading.trim());
  const step = Math.max(1, Math.floor(headings.length / SAMPLES));
  const costs: QueryCost[] = [];
  for (let i = 0; i < headings.length && costs.length < SAMPLES; i += step) {
    const query = analyzeQuery(headings[i]!.heading);
    if (query.required.length === 0) continue;
    const parts = queryPartitions(manifest.partitions.starts, query);
    const candidates = candidatesOf(index, terms, query.required, new Set(query.prefix), docsOf);
    const blocks = new Set([...candidates].map((d) => Math.floor(d / LENGTHS_BLOCK)));
    const chunks = Math.min(SHOWN, new Set([...candidates].map(chunkOf)).size);
    const cost = {
      manifest: manifestGz,
      partitions: parts.length,
      terms: parts.reduce((s, p) => s + (partitionGz[p] ?? 0), 0),
      lengths: prefetched ? 0 : [...blocks].reduce((s, b) => s + (lengthGz[b] ?? 0), 0),
      chunks,
      docs: chunks * chunkMedian,
      samples: 0,
      total: 0,
    };
    cost.total = cost.manifest + cost.terms + cost.lengths + cost.docs;
    costs.push(cost);
  }
  costs.sort((a, b) => a.total - b.total);
  const median = costs[costs.length >> 1] ?? {
    total: 0,
    manifest: manifestGz,
    partitions: 0,
    terms: 0,
    lengths: 0,
    chunks: 0,
    docs: 0,
    samples: 0,
  };
  return { ...median, samples: costs.length };
}

/**
 * Documents holding every required term in some field (a prefix term: any term extending it).
 * @param docsOf memoised documents of a term, any field
 */
function candidatesOf(
  index: BuiltIndex,
  starts: string[],
  required: string[],
  prefix: Set<string>,
  docsOf: (i: number) => Int32Array,
): Set<number> {
  let count = new Uint8Array(index.documentCount);
  for (const [round, term] of required.entries()) {
    const next = new Uint8Array(index.documentCount);
    for (let i = lastAtOrBefore(starts, term); i < starts.length; i++) {
      const entry = starts[i]!;
      if (entry !== term && !(prefix.has(term) && entry.startsWith(term))) {
        if (entry > term) break;
        continue;
      }
      for (const doc of docsOf(i)) if (round === 0 || count[doc]) next[doc] = 1;
    }
    count = next;
  }
  const out = new Set<number>();
  count.forEach((hit, doc) => hit && out.add(doc));
  return out;
}

/** Maps a document number to its chunk, from the manifest's chunk boundaries. */
function chunkIndex(firstsGaps: string): (doc: number) => number {
  const firsts = [0];
  for (const gap of decodeVarints(firstsGaps)) firsts.push(firsts[firsts.length - 1]! + gap);
  return (doc) => lastAtOrBefore(firsts, doc);
}
