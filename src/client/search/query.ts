/**
 * One search with the shared query analysis over the terms loaded for it: every query term is searched (OR, so
 * word and whole-identifier matches add to the score), and a result must contain every required term. Pure (no
 * DOM, no fetch): the engine loads the data, and tests run exactly this.
 */
import { SEARCH_BOOST, type StoredSearchFields } from '../../shared/search-format.js';
import { fuzzyCandidate, fuzzyPrefix } from '../../shared/search-partitions.js';
import { normalizeText, type AnalyzedQuery } from '../../shared/search-tokenize.js';
import { PartialIndex, type TermData } from './partial-index.js';

/** Score factor for a section whose heading contains the whole query (tuned with tests/search-quality). */
const HEADING_PHRASE_BOOST = 1.5;

export interface SearchHit extends StoredSearchFields {
  /** Document number. */
  id: number;
  score: number;
  /** Index terms the result matched (for highlighting). */
  terms: string[];
}

/** A ranked document before its stored fields are loaded. */
export interface RankedDocument {
  id: number;
  score: number;
  terms: string[];
}

/** The terms of the partitions loaded for a query. */
export interface LoadedTerms {
  /** The posting lists of a term, or undefined when the index does not have it. */
  get(term: string): TermData | undefined;
  /** Every loaded term starting with `prefix` (the engine loaded every partition that can hold one). */
  withPrefix(prefix: string): string[];
}

/**
 * The terms a query can match: its own terms, every extension of a prefix term, every fuzzy candidate
 * (search-partitions.ts fuzzyCandidate) of a fuzzy term.
 * @returns term -> posting lists, and for each required term the terms that satisfy it
 */
export function matchableTerms(query: AnalyzedQuery, loaded: LoadedTerms): { terms: Map<string, TermData>; satisfying: Map<string, string[]> } {
  const terms = new Map<string, TermData>();
  const add = (term: string) => {
    if (terms.has(term)) return true;
    const data = loaded.get(term);
    if (data) terms.set(term, data);
    return data !== undefined;
  };
  const expansions = new Map<string, string[]>();
  for (const term of query.terms) expansions.set(term, add(term) ? [term] : []);
  for (const term of query.prefix) for (const t of loaded.withPrefix(term)) if (add(t)) expansions.get(term)!.push(t);
  for (const term of query.fuzzy) {
    for (const t of loaded.withPrefix(fuzzyPrefix(term))) if (fuzzyCandidate(term, t) && add(t)) expansions.get(term)!.push(t);
  }
  const satisfying = new Map(query.required.map((t) => [t, [...new Set(expansions.get(t) ?? [])]]));
  return { terms, satisfying };
}

/**
 * Documents that can pass the filter: those holding, for every required term, one of the terms satisfying it.
 * Only their field lengths are needed (search-format.ts lengths blocks).
 */
export function candidateDocuments(terms: Map<string, TermData>, satisfying: Map<string, string[]>): Set<number> {
  let result: Set<number> | null = null;
  for (const options of satisfying.values()) {
    const docs = new Set<number>();
    for (const term of options) {
      for (const postings of terms.get(term)?.values() ?? []) for (const doc of postings.keys()) if (!result || result.has(doc)) docs.add(doc);
    }
    result = docs;
    if (docs.size === 0) break;
  }
  return result ?? new Set();
}

/**
 * Ranks with MiniSearch over the query's terms and the whole index's statistics.
 * @param input.lengths field lengths of a candidate document (any array for others: they are filtered out)
 * @param limit most documents returned
 * @returns best first
 */
export function rankDocuments(
  query: AnalyzedQuery,
  input: { documentCount: number; averageFieldLength: number[]; terms: Map<string, TermData>; lengths: (doc: number) => number[] },
  limit: number,
): RankedDocument[] {
  if (query.required.length === 0 || input.terms.size === 0) return [];
  const prefix = new Set(query.prefix);
  const fuzzy = new Set(query.fuzzy);
  const index = PartialIndex.create(input);
  const results = index.search(query.terms.join(' '), {
    tokenize: (s) => s.split(' '),
    processTerm: (t) => t,
    combineWith: 'OR',
    boost: SEARCH_BOOST,
    prefix: (term) => prefix.has(term),
    fuzzy: (term) => (fuzzy.has(term) ? 1 : false),
    weights: { fuzzy: 0.2, prefix: 0.5 },
    filter: (r) => query.required.every((t) => r.queryTerms.includes(t)),
  });
  return results.slice(0, limit).map((r) => ({ id: r.id as number, score: r.score, terms: r.terms }));
}

/**
 * Adds stored fields and the heading-phrase boost: a heading that holds the whole query as typed (spaces aside)
 * is what the reader asked for.
 * @param stored the stored fields of each ranked document
 * @returns hits, best first
 */
export function finishHits(ranked: RankedDocument[], stored: StoredSearchFields[], queryText: string): SearchHit[] {
  const phrase = normalizeText(queryText).replace(/\s+/g, '');
  const hits = ranked.map((r, i): SearchHit => {
    const fields = stored[i]!;
    const inHeading = phrase.length > 1 && normalizeText(fields.heading).replace(/\s+/g, '').includes(phrase);
    return { ...fields, id: r.id, score: inHeading ? r.score * HEADING_PHRASE_BOOST : r.score, terms: r.terms };
  });
  return hits.sort((a, b) => b.score - a.score);
}
