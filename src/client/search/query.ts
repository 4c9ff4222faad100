/**
 * One search over several MiniSearch shards with the shared query analysis: every query term is searched (OR,
 * so word and whole-identifier matches add to the score), and a result must contain every required term.
 * Pure (no DOM): the browser engine and tests/search-quality run exactly this.
 */
import type MiniSearch from 'minisearch';
import { SEARCH_BOOST, type StoredSearchFields } from '../../shared/search-format.js';
import { analyzeQuery, normalizeText } from '../../shared/search-tokenize.js';

/** Score factor for a section whose heading contains the whole query (tuned with tests/search-quality). */
const HEADING_PHRASE_BOOST = 1.5;

export interface SearchHit extends StoredSearchFields {
  id: number;
  score: number;
  /** Index terms the result matched (for highlighting). */
  terms: string[];
  /** Shard number, for loading the text. */
  shard: number;
}

/**
 * @param shards loaded shard indexes (undefined: not loaded yet, skipped)
 * @param query what the reader typed
 * @param limit most results returned
 * @returns hits from every shard, best first
 */
export function queryShards(shards: (MiniSearch | undefined)[], query: string, limit = 20): SearchHit[] {
  const analyzed = analyzeQuery(query);
  if (analyzed.required.length === 0) return [];
  const prefix = new Set(analyzed.prefix);
  const fuzzy = new Set(analyzed.fuzzy);
  // A heading that holds the whole query as typed (spaces aside) is what the reader asked for: rank it higher.
  const phrase = normalizeText(query).replace(/\s+/g, '');
  const hits: SearchHit[] = [];
  shards.forEach((index, shard) => {
    if (!index) return;
    const results = index.search(analyzed.terms.join(' '), {
      tokenize: (s) => s.split(' '),
      processTerm: (t) => t,
      combineWith: 'OR',
      boost: SEARCH_BOOST,
      prefix: (term) => prefix.has(term),
      fuzzy: (term) => (fuzzy.has(term) ? 1 : false),
      weights: { fuzzy: 0.2, prefix: 0.5 },
      filter: (r) => analyzed.required.every((t) => r.queryTerms.includes(t)),
    });
    for (const r of results.slice(0, limit)) {
      const inHeading = phrase.length > 1 && normalizeText(String(r.heading ?? '')).replace(/\s+/g, '').includes(phrase);
      hits.push({ id: r.id as number, score: inHeading ? r.score * HEADING_PHRASE_BOOST : r.score, terms: r.terms, shard, title: r.title, heading: r.heading, url: r.url, kind: r.kind, method: r.method });
    }
  });
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
