/**
 * One search with the shared query analysis over the terms loaded for it: every query term is searched (OR, so
 * word and whole-identifier matches add to the score), and a result must contain every required term. Pure (no
 * DOM, no fetch): the engine loads the data, and tests run exactly this.
 *
 * Ranking is MiniSearch's. It runs on the documents that can reach the top: candidates (holding every required
 * term) are ordered by an upper bound of their MiniSearch score, MiniSearch scores the best of them, and more are
 * scored until no remaining candidate's bound can beat the last result kept (the classic top-k threshold), so
 * the results are exactly those of MiniSearch over the whole index.
 */
import type { SearchOptions } from 'minisearch';
import { SEARCH_BOOST, SEARCH_FIELDS, type StoredSearchFields } from '../../shared/search-format.js';
import { fuzzyCandidate, fuzzyPrefix } from '../../shared/search-partitions.js';
import { normalizeText, type AnalyzedQuery } from '../../shared/search-tokenize.js';
import { PartialIndex, type Postings } from './partial-index.js';

/** Score factor for a section whose heading contains the whole query (tuned with tests/search-quality). */
const HEADING_PHRASE_BOOST = 1.5;
/** Score factor for a table row or API term that does not name the query: its text is a mention, held by its section too. */
const ROW_MENTION = 0.5;
/**
 * Ranks of results before their scores (higher first): the section a glossary entry of the term points at, a
 * section titled by the term, a table row or API parameter or property named by it, the glossary entry, mentions.
 */
const TIER = { pointedAt: 4, section: 3, term: 2, entry: 1, mention: 0 };

/** MiniSearch's BM25+ parameters (its defaults, stated so that the upper bound uses the same). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** Weights of prefix and fuzzy matches relative to an exact match (MiniSearch multiplies them by less than 1). */
const WEIGHTS = { fuzzy: 0.2, prefix: 0.5 };
/** Documents MiniSearch scores first, as a multiple of the results asked for. */
const FIRST_ROUND = 5;

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

/** A term's posting lists, one per field (SEARCH_FIELDS order; null when absent from that field). */
export type TermPostings = (Postings | null)[];

/** The terms of the partitions loaded for a query. */
export interface LoadedTerms {
  /** The posting lists of a term, or undefined when the index does not have it. */
  get(term: string): TermPostings | undefined;
  /** Every loaded term starting with `prefix` (the engine loaded every partition that can hold one). */
  withPrefix(prefix: string): string[];
}

/** The terms a query can match. */
export interface MatchableTerms {
  /** Term -> posting lists. */
  terms: Map<string, TermPostings>;
  /** Each query term -> the index terms that can match it (itself, prefix extensions, fuzzy candidates). */
  expansions: Map<string, string[]>;
}

/**
 * The terms a query can match: its own terms, every extension of a prefix term, every fuzzy candidate
 * (search-partitions.ts fuzzyCandidate) of a fuzzy term.
 */
export function matchableTerms(query: AnalyzedQuery, loaded: LoadedTerms): MatchableTerms {
  const terms = new Map<string, TermPostings>();
  const add = (term: string) => {
    if (terms.has(term)) return true;
    const data = loaded.get(term);
    if (data) terms.set(term, data);
    return data !== undefined;
  };
  const expansions = new Map<string, string[]>();
  for (const term of query.terms) expansions.set(term, add(term) ? [term] : []);
  for (const term of query.prefix)
    for (const t of loaded.withPrefix(term)) if (t !== term && add(t)) expansions.get(term)!.push(t);
  for (const term of query.fuzzy)
    for (const t of loaded.withPrefix(fuzzyPrefix(term))) if (t !== term && fuzzyCandidate(term, t)) add(t);
  // MiniSearch's fuzzy search sees every term of the index it is given: count, as possible fuzzy matches, all of
  // them within one character of length (a superset, so the bounds and candidates stay safe).
  for (const term of query.fuzzy) {
    const list = expansions.get(term)!;
    for (const t of terms.keys())
      if (t !== term && Math.abs(t.length - term.length) <= 1 && !list.includes(t)) list.push(t);
  }
  return { terms, expansions };
}

/**
 * Documents that can pass the filter: those holding, for every required term, one of the terms that can match it,
 * and at least `min` of the terms of each `atLeast` group.
 * @returns document numbers, ascending
 */
export function candidateDocuments(query: AnalyzedQuery, matchable: MatchableTerms, documentCount: number): Int32Array {
  let passed: Uint8Array | null = null;
  const holding = (source: string) => {
    const holds = new Uint8Array(documentCount);
    for (const term of matchable.expansions.get(source) ?? []) {
      for (const postings of matchable.terms.get(term) ?? [])
        if (postings) for (const doc of postings.docs) if (!passed || passed[doc]) holds[doc] = 1;
    }
    return holds;
  };
  for (const required of query.required) passed = holding(required);
  for (const group of query.atLeast ?? []) {
    const counts = new Uint8Array(documentCount);
    for (const term of group.terms) holding(term).forEach((hit, doc) => (counts[doc] = counts[doc]! + hit));
    passed = counts.map((count) => (count >= group.min ? 1 : 0));
  }
  const out: number[] = [];
  passed?.forEach((hit, doc) => hit && out.push(doc));
  return Int32Array.from(out);
}

/**
 * An upper bound of each candidate's MiniSearch score: the BM25+ term-frequency part at its largest (length
 * normalisation can only lower it), exact weights at their largest (1 exact, `WEIGHTS` for prefix and fuzzy
 * matches), times the number of query terms the document can match (MiniSearch's final factor).
 * @param candidates ascending
 * @returns the bound of each candidate, aligned with `candidates`
 */
export function scoreBounds(
  query: AnalyzedQuery,
  matchable: MatchableTerms,
  candidates: Int32Array,
  documentCount: number,
): Float64Array {
  const slot = new Int32Array(documentCount).fill(-1);
  candidates.forEach((doc, i) => (slot[doc] = i));
  const sums = new Float64Array(candidates.length);
  const matched = new Int32Array(candidates.length);
  const lastTerm = new Int32Array(candidates.length).fill(-1);
  const prefix = new Set(query.prefix);
  query.terms.forEach((source, s) => {
    for (const term of matchable.expansions.get(source) ?? []) {
      const weight =
        term === source ? 1 : prefix.has(source) && term.startsWith(source) ? WEIGHTS.prefix : WEIGHTS.fuzzy;
      matchable.terms.get(term)?.forEach((postings, field) => {
        if (!postings) return;
        const df = postings.docs.length;
        const idf = Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
        const factor = weight * SEARCH_BOOST[SEARCH_FIELDS[field]!] * idf;
        for (let p = 0; p < df; p++) {
          const i = slot[postings.docs[p]!]!;
          if (i === -1) continue;
          const tf = postings.tfs[p]!;
          sums[i] = sums[i]! + factor * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b)));
          if (lastTerm[i] !== s) {
            lastTerm[i] = s;
            matched[i] = matched[i]! + 1;
          }
        }
      });
    }
  });
  return sums.map((sum, i) => sum * matched[i]!);
}

/**
 * The best documents by MiniSearch's score over the whole index's statistics.
 * @param input.lengths field lengths of a document (must be loaded for the documents passed to `load`)
 * @param input.load loads what scoring the given documents needs (their field lengths)
 * @param limit most documents returned
 * @returns best first
 */
export async function rankDocuments(
  query: AnalyzedQuery,
  input: {
    documentCount: number;
    averageFieldLength: number[];
    matchable: MatchableTerms;
    lengths: (doc: number) => number[];
    load: (docs: Int32Array) => Promise<void>;
  },
  limit: number,
): Promise<RankedDocument[]> {
  const candidates = candidateDocuments(query, input.matchable, input.documentCount);
  if (candidates.length === 0) return [];
  const bounds = scoreBounds(query, input.matchable, candidates, input.documentCount);
  const order = Array.from(candidates.keys()).sort((a, b) => bounds[b]! - bounds[a]! || a - b);
  const prefix = new Set(query.prefix);
  const fuzzy = new Set(query.fuzzy);
  const options: SearchOptions = {
    tokenize: (s) => s.split(' '),
    processTerm: (t) => t,
    combineWith: 'OR',
    boost: SEARCH_BOOST,
    prefix: (term) => prefix.has(term),
    fuzzy: (term) => (fuzzy.has(term) ? 1 : false),
    weights: WEIGHTS,
    bm25: BM25,
    filter: (r) =>
      query.required.every((t) => r.queryTerms.includes(t)) &&
      (query.atLeast ?? []).every((g) => g.terms.filter((t) => r.queryTerms.includes(t)).length >= g.min),
  };
  // First round: the best candidates by bound. Second round, if needed: every candidate whose bound reaches the
  // last score kept (a later round can only raise that score, so this set holds the final results).
  let count = Math.min(order.length, limit * FIRST_ROUND);
  for (;;) {
    const scored = Int32Array.from(order.slice(0, count), (i) => candidates[i]!).sort();
    await input.load(scored);
    const index = PartialIndex.create({ ...input, terms: input.matchable.terms, scored });
    const results = index.search(query.terms.join(' '), options).slice(0, limit);
    const next = count < order.length ? bounds[order[count]!]! : -Infinity;
    const kept = results.length === limit ? results[limit - 1]!.score : -Infinity;
    if (count === order.length || kept > next)
      return results.map((r) => ({ id: r.id as number, score: r.score, terms: r.terms }));
    let reach = count;
    while (reach < order.length && bounds[order[reach]!]! >= kept) reach++;
    count = Math.max(reach, Math.min(order.length, count * 2));
  }
}

/**
 * Adds stored fields and orders by definition, then score: a heading (or, for a page's intro, its title) that
 * names the query as typed (definesTerm; spaces, case and code marks aside) marks the term's defining place, as
 * does a glossary entry's link (TIER); among the rest, a heading that holds the whole query is what the reader
 * asked for (HEADING_PHRASE_BOOST).
 * @param stored the stored fields of each ranked document
 * @returns hits, best first
 */
export function finishHits(ranked: RankedDocument[], stored: StoredSearchFields[], queryText: string): SearchHit[] {
  const phrase = headingKey(queryText);
  const names = (fields: StoredSearchFields) =>
    phrase.length > 1 && definesTerm(fields.heading || fields.title, phrase);
  // Sections a glossary entry of the term points at define it, whatever their heading.
  const targets = stored
    .filter((fields) => fields.kind === 'entry' && fields.target && names(fields))
    .map((fields) => fields.target!);
  const tiers = new Map<number, number>();
  const hits = ranked.map((r, i): SearchHit => {
    const fields = stored[i]!;
    // A page's intro has no section heading: its heading is the page title (the h1).
    const named = names(fields);
    const pointedAt =
      fields.kind === 'doc' && targets.some((target) => target === fields.url || target.endsWith(fields.url));
    const row = fields.kind === 'term' || fields.kind === 'entry';
    tiers.set(
      r.id,
      pointedAt
        ? TIER.pointedAt
        : !named
          ? TIER.mention
          : fields.kind === 'doc'
            ? TIER.section
            : fields.kind === 'entry'
              ? TIER.entry
              : TIER.term,
    );
    const boost =
      row && !named
        ? ROW_MENTION
        : phrase.length > 1 && headingKey(fields.heading || fields.title).includes(phrase)
          ? HEADING_PHRASE_BOOST
          : 1;
    return { ...fields, id: r.id, score: r.score * boost, terms: r.terms };
  });
  return hits.sort((a, b) => tiers.get(b.id)! - tiers.get(a.id)! || b.score - a.score);
}

/**
 * Whether a heading names the term: it is the term, or a dotted path ending in it (`mountPoints[].volumeSize`),
 * or a title with the term in brackets (`Cookie の共有（shareCookie）`), or an operation's `GET <path>`.
 * @param phrase the term as headingKey gives it
 */
function definesTerm(heading: string, phrase: string): boolean {
  const key = headingKey(heading.replace(HTTP_METHOD, ''));
  return key === phrase || key.endsWith(`.${phrase}`) || key.endsWith(`(${phrase})`);
}

/** An HTTP method before a path in a heading (`GET /.waitforServices` names `/.waitforServices`). */
const HTTP_METHOD = /^(?:GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS)\s+(?=\/)/;

/** A heading or query compared as a term: NFKC, lower case, without spaces, hyphens, code marks and `[]` of array paths. */
function headingKey(text: string): string {
  return normalizeText(text).replace(/[\s`-]|\[\]/g, '');
}
