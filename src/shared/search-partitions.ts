/**
 * Which term partitions a query needs. Partitions are consecutive ranges of the sorted term dictionary,
 * partition i holding the terms t with `starts[i] <= t < starts[i + 1]` (UTF-16 code unit order, JavaScript's `<`).
 * The build cuts them and the browser looks terms up with the same functions, so a term is always sought in the
 * partition it was written to, and a prefix in every partition that can hold a term extending it.
 * Pure; runs in both runtimes.
 */
import type { AnalyzedQuery } from './search-tokenize.js';

/**
 * The leading characters a fuzzy match must share with the query term (Lucene's `prefixLength`): the first half,
 * at least three. A typo is then sought in the few partitions of that prefix rather than in the whole dictionary
 * (on an API site, every partition of 'rep' would be most of the index); a typo in the first half is not
 * corrected.
 */
export function fuzzyPrefix(term: string): string {
  return term.slice(0, Math.max(3, Math.ceil(term.length / 2)));
}

/**
 * Binary search in an ascending array.
 * @returns the last i with `sorted[i] <= value`, or 0 when there is none
 */
export function lastAtOrBefore<T extends string | number>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The partition that holds `term` if the index has it.
 * @param starts first term of each partition, ascending, `starts[0] === ''`
 * @returns the last i with `starts[i] <= term`
 */
export function partitionOf(starts: readonly string[], term: string): number {
  return lastAtOrBefore(starts, term);
}

/**
 * Every partition that can hold a term starting with `prefix`: the one that would hold `prefix` itself, and each
 * following one whose first term starts with `prefix` (a first term past them is greater than every extension).
 * @returns partition numbers, ascending
 */
export function partitionsWithPrefix(starts: readonly string[], prefix: string): number[] {
  const out = [partitionOf(starts, prefix)];
  for (let i = out[0]! + 1; i < starts.length && starts[i]!.startsWith(prefix); i++) out.push(i);
  return out;
}

/** Whether `term` can be a fuzzy match of the query term `source` (shared prefix, length within the distance). */
export function fuzzyCandidate(source: string, term: string, distance = 1): boolean {
  return term.startsWith(fuzzyPrefix(source)) && Math.abs(term.length - source.length) <= distance;
}

/**
 * The partitions a query needs: each term's own, each prefix term's range, each fuzzy term's `fuzzyPrefix` range.
 * @returns partition numbers, ascending, without repeats
 */
export function queryPartitions(starts: readonly string[], query: AnalyzedQuery): number[] {
  const needed = new Set<number>();
  for (const term of query.terms) needed.add(partitionOf(starts, term));
  for (const term of query.prefix) for (const p of partitionsWithPrefix(starts, term)) needed.add(p);
  for (const term of query.fuzzy) for (const p of partitionsWithPrefix(starts, fuzzyPrefix(term))) needed.add(p);
  return [...needed].sort((a, b) => a - b);
}
