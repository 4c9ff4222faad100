/**
 * The one tokenizer of the site search, used by the build (indexing) and by the browser (querying), so that a
 * compound never segments one way at index time and another at query time (the Pagefind failure in the issue).
 *
 * - Text is NFKC-normalised (full-width ASCII and half-width kana fold together) and lowercased.
 * - Japanese runs (Han, Hiragana, Katakana, ー) give character bigrams, so any substring of a compound of two or
 *   more characters matches, plus the words of `Intl.Segmenter('ja', {granularity: 'word'})` for ranking.
 * - Latin/digit runs joined by `- _ . : / @ # $ ~ + { }` are identifiers: kept whole, split at that punctuation
 *   and split again at camelCase boundaries: `shareCookie` -> sharecookie, share, cookie;
 *   `urn:tsunagi:realm:{realm}` -> urn:tsunagi:realm:realm, urn, tsunagi, realm.
 * Pure functions; no DOM, no Node (runs in both runtimes).
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc\\u3005';
/** One token-producing run: a Japanese run, or an identifier (word characters joined by connectors). */
const RUN = new RegExp(
  `([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+(?:[-_.:/@#$~+{}]+(?:(?![${CJK}])[\\p{L}\\p{N}])+)*)`,
  'gu',
);
const HIRAGANA = /^\p{Script=Hiragana}+$/u;
const HAS_HIRAGANA = /\p{Script=Hiragana}/u;
const CONNECTOR = /[-_.:/@#$~+]+/;
const BRACKETS = /[{}]/g;

let segmenter: Intl.Segmenter | null | undefined;
function japaneseSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined)
    segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ja', { granularity: 'word' }) : null;
  return segmenter;
}

/** NFKC, then lowercase (the normal form of every indexed and queried term). */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Splits an identifier part at camelCase boundaries: `waitforServices` -> waitfor, Services; `HTTPServer` -> HTTP, Server. */
export function splitCamelCase(part: string): string[] {
  return part.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u).filter(Boolean);
}

/** Character bigrams of a Japanese run; a one-character run is its own token. */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** Segmenter words of a Japanese run worth indexing: not pure hiragana (particles, endings). */
function japaneseWords(run: string): string[] {
  const seg = japaneseSegmenter();
  if (!seg) return [];
  const words: string[] = [];
  for (const { segment, isWordLike } of seg.segment(run)) {
    if (isWordLike && !HIRAGANA.test(segment)) words.push(segment);
  }
  return words;
}

/** The tokens of one identifier run (original case in, lowercase out): whole, punctuation parts, camelCase parts. */
function identifierTokens(run: string): { whole: string; parts: string[]; camel: string[] } {
  const whole = run.replace(BRACKETS, '').toLowerCase();
  const rawParts = run.replace(BRACKETS, '').split(CONNECTOR).filter(Boolean);
  const parts = rawParts.map((p) => p.toLowerCase());
  const camel = rawParts.flatMap((p) => {
    const pieces = splitCamelCase(p);
    return pieces.length > 1 ? pieces.map((x) => x.toLowerCase()) : [];
  });
  return { whole, parts, camel };
}

/**
 * Calls `visit` with every run of a text, in order: a Japanese run (`japanese` true) or an identifier, after NFKC.
 * `tokenize(text)` is the concatenation of `runTokens` over these runs; the build counts terms run by run.
 */
export function scanRuns(text: string, visit: (run: string, japanese: boolean) => void): void {
  const source = text.normalize('NFKC');
  // exec in a loop rather than matchAll: it allocates no iterator, and indexing calls this millions of times.
  RUN.lastIndex = 0;
  for (let match = RUN.exec(source); match; match = RUN.exec(source)) {
    if (match[1] !== undefined) visit(match[1], true);
    else visit(match[2]!, false);
  }
}

/**
 * The index terms of one run, lowercased: for a Japanese run its bigrams, its Segmenter words and its last
 * character alone; for an identifier the whole, its punctuation parts and camelCase parts.
 */
export function runTokens(run: string, japanese: boolean): string[] {
  const out: string[] = [];
  if (japanese) {
    out.push(...bigrams(run), ...japaneseWords(run));
    // The last character starts no bigram: index it alone, so a one-character query finds it by prefix.
    const chars = [...run];
    if (chars.length > 1 && !HIRAGANA.test(chars[chars.length - 1]!)) out.push(chars[chars.length - 1]!);
    for (let i = 0; i < out.length; i++) out[i] = out[i]!.toLowerCase();
  } else {
    const { whole, parts, camel } = identifierTokens(run);
    out.push(whole);
    for (const t of new Set([...parts, ...camel])) if (t !== whole) out.push(t);
  }
  return out;
}

/** Tokens of runs already seen: documentation repeats its phrases, and Intl.Segmenter is the slow step. */
const runCache = new Map<string, string[]>();
const RUN_CACHE_SIZE = 100_000;

/**
 * `runTokens` of a run, remembered for the process (bounded: emptied at RUN_CACHE_SIZE runs). A versioned site's
 * indexes (one per version and one of all versions) tokenize mostly the same text, so the build shares it too.
 */
export function cachedRunTokens(run: string, japanese: boolean): string[] {
  let tokens = runCache.get(run);
  if (!tokens) {
    if (runCache.size >= RUN_CACHE_SIZE) runCache.clear();
    runCache.set(run, (tokens = runTokens(run, japanese)));
  }
  return tokens;
}

/**
 * Index-time tokenizer (MiniSearch `tokenize`; its `processTerm` is the identity).
 * @param text any text (a title, a heading, a section body)
 * @returns normalised terms, repeated as often as they occur (MiniSearch counts term frequency)
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  scanRuns(text, (run, japanese) => {
    for (const token of cachedRunTokens(run, japanese)) out.push(token);
  });
  return out;
}

/** A query turned into index terms: all are searched (OR); a result must contain every `required` one. */
export interface AnalyzedQuery {
  /** Every distinct term to search for. */
  terms: string[];
  /** Terms a result must match (bigrams without particles, identifier parts). */
  required: string[];
  /** Terms searched by prefix (the last one while the reader is still typing it). */
  prefix: string[];
  /** Terms searched with one edit of tolerance (Latin terms of 4 letters or more). */
  fuzzy: string[];
  /**
   * Tolerant queries only: groups of which a result must contain at least `min` terms (the bigrams of a long
   * Japanese word, so that one wrong kana still finds it). Absent in a strict query.
   */
  atLeast?: { terms: string[]; min: number }[];
}

/** Bigrams a Japanese word needs for one wrong kana to be tolerated: one kana changes at most two of them. */
const TOLERANT_BIGRAMS = 4;

/**
 * Query-time analysis with the same tokenizer. Japanese runs require their bigrams, except those holding a
 * hiragana character (particles: 'デバイスの削除' still finds 'デバイスを削除'); their words only rank.
 * Identifiers require their punctuation-separated parts; the whole form and camelCase parts only rank; a
 * required part of 4 letters or more also matches with one typo (MiniSearch `fuzzy`, Lucene-style shared prefix).
 * @param query what the reader typed
 * @param options.tolerant a Japanese run with at least 4 required bigrams needs all but two of them (one wrong,
 *   missing or extra kana changes at most two bigrams: 'ルーテイング' finds 'ルーティング'); the engine asks for
 *   this only when the strict query finds nothing
 */
export function analyzeQuery(query: string, options: { tolerant?: boolean } = {}): AnalyzedQuery {
  const source = query.normalize('NFKC');
  const terms = new Set<string>();
  const required = new Set<string>();
  const prefix = new Set<string>();
  const atLeast: { terms: string[]; min: number }[] = [];
  let last: { term: string; end: number; cjk: boolean } | null = null;
  for (const match of source.matchAll(RUN)) {
    const end = match.index + match[0].length;
    if (match[1] !== undefined) {
      const run = match[1].toLowerCase();
      const chars = [...run];
      const grams = bigrams(run);
      const strict = chars.length > 1 ? grams.filter((g) => !HAS_HIRAGANA.test(g)) : [];
      const needed = strict.length > 0 || chars.every((c) => HIRAGANA.test(c)) ? [...strict] : [];
      if (needed.length === 0 && strict.length === 0 && chars.every((c) => HIRAGANA.test(c))) needed.push(...grams);
      // A non-hiragana character no strict bigram covers ('の式' in 'アクセスログの式') is required on its own,
      // by prefix: it starts a bigram or is indexed alone at the end of a run.
      chars.forEach((c, i) => {
        if (
          HIRAGANA.test(c) ||
          (i > 0 && strict.includes(chars[i - 1]! + c)) ||
          strict.includes(c + (chars[i + 1] ?? ''))
        )
          return;
        needed.push(c);
        prefix.add(c);
      });
      for (const g of [...grams, ...needed]) terms.add(g);
      if (options.tolerant && strict.length >= TOLERANT_BIGRAMS) {
        atLeast.push({ terms: [...new Set(strict)], min: new Set(strict).size - 2 });
        for (const g of needed) if (!strict.includes(g)) required.add(g);
      } else for (const g of needed) required.add(g);
      for (const w of japaneseWords(run)) terms.add(w.toLowerCase());
      last = { term: needed[needed.length - 1] ?? run, end, cjk: true };
    } else {
      const { whole, parts, camel } = identifierTokens(match[2]!);
      for (const t of [whole, ...parts, ...camel]) terms.add(t);
      for (const p of parts) required.add(p);
      last = { term: parts[parts.length - 1]!, end, cjk: false };
    }
  }
  // Still typing the last identifier: search it by prefix ('sharecoo' -> sharecookie).
  if (last && !last.cjk && last.end === source.length && last.term.length >= 2) prefix.add(last.term);
  const fuzzy = [...required].filter((t) => /^[a-z][a-z0-9]{3,}$/.test(t));
  return atLeast.length > 0
    ? { terms: [...terms], required: [...required], prefix: [...prefix], fuzzy, atLeast }
    : { terms: [...terms], required: [...required], prefix: [...prefix], fuzzy };
}

/**
 * Normalises text for highlighting while remembering where each normalised character came from.
 * @returns `text`: NFKC + lowercase; `offsets[i]`: index in the original of `text[i]` (length + 1 entries,
 *   the last one the original length), so a match [a, b) maps back to [offsets[a], offsets[b]).
 */
function normalizeWithOffsets(original: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  // A base character with its combining marks (and half-width voiced marks) normalises as one unit.
  for (const m of original.matchAll(/.[\p{M}\uff9e\uff9f]*/gsu)) {
    const piece = normalizeText(m[0]);
    for (let i = 0; i < piece.length; i++) offsets.push(m.index);
    text += piece;
  }
  offsets.push(original.length);
  return { text, offsets };
}

/**
 * Where the given terms occur in a text, as merged ranges of the original string (adjacent bigrams of a
 * compound merge into one range).
 * @param terms normalised terms (query terms or the index terms a result matched)
 * @returns sorted, non-overlapping [start, end) ranges in `original`
 */
export function findMatches(original: string, terms: string[]): [number, number][] {
  const { text, offsets } = normalizeWithOffsets(original);
  const ranges: [number, number][] = [];
  for (const term of new Set(terms)) {
    if (!term) continue;
    for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1))
      ranges.push([offsets[at]!, offsets[at + term.length]!]);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged[merged.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}
