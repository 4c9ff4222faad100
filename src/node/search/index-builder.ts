/**
 * Builds the inverted index of the site search directly, page by page: each document field is
 * tokenized with the shared tokenizer, its distinct terms counted, and one posting per (term, field, document)
 * appended to a compact posting list. The result holds exactly what MiniSearch's own `add` would compute (term
 * frequencies, field lengths as distinct-term counts, running average field lengths), so the browser scores it
 * with MiniSearch unchanged, but without MiniSearch's per-token radix-tree inserts, which took most of the stage.
 * A page's tokenization (`PageTerms`) is plain numbers, cached across builds by token-cache.ts.
 */
import { PostingWriter } from '../../shared/search-codec.js';
import { SEARCH_FIELDS, type SearchDocument } from '../../shared/search-format.js';
import { cachedRunTokens, scanRuns } from '../../shared/search-tokenize.js';

/**
 * shared/search-tokenize.ts RUN restricted to ASCII text, where it matches exactly the same runs: no ASCII character
 * is CJK, and the ASCII letters and digits are exactly its `\p{L}\p{N}`. A byte-class regex without a look-ahead
 * per character is several times quicker than RUN's Unicode classes on the mostly-ASCII text of API references.
 * Kept here, not in the shared tokenizer, so that the browser's copy (the search dialog's chunk) does not change.
 */
const ASCII_RUN = /[A-Za-z0-9]+(?:[-_.:/@#$~+{}]+[A-Za-z0-9]+)*/g;
const NON_ASCII = /[^\u0000-\u007f]/;
/**
 * A run that is one plain word (`the`, `Returns`, `v3`): no connector, no camelCase boundary, so its only token is
 * itself lowercased (runTokens' whole form; its one part is the same and it has no camelCase parts).
 */
const SIMPLE_WORD = /^[A-Z]?[a-z0-9]+$/;

/**
 * `scanRuns` of the shared tokenizer (the same runs, in order), quicker on ASCII text, which is its own NFKC form.
 * @param text any text
 * @param visit called with each run and whether it is Japanese
 */
export function scanIndexRuns(text: string, visit: (run: string, japanese: boolean) => void): void {
  if (NON_ASCII.test(text)) {
    scanRuns(text, visit);
    return;
  }
  ASCII_RUN.lastIndex = 0;
  for (let match = ASCII_RUN.exec(text); match; match = ASCII_RUN.exec(text)) visit(match[0], false);
}

/**
 * One page's tokenization: `page[d][f]` = `[termId, tf, termId, tf, ...]` for document d of the page and field f
 * (SEARCH_FIELDS order), with the build's term ids (PageTokenizer). Plain JSON-able numbers: the token cache
 * stores it.
 */
export type PageTerms = number[][][];

/**
 * One page's tokenization in terms rather than ids: `page[d][f]` = the distinct terms of document d's field f in the
 * order they first occur, and how often each occurs. Independent of a tokenizer's numbering, so that the indexes of
 * one build (one per docs version and one of all versions) tokenize a page they share once (PageTokenizer.fromTerms).
 */
export type PageTermStrings = { terms: string[]; counts: number[] }[][];

/** A term with its posting lists, one per field (SEARCH_FIELDS order; null when the term is not in that field). */
interface TermEntry {
  term: string;
  fields: (PostingWriter | null)[];
}

/** The whole index: what MiniSearch would hold after adding every document in order. */
export interface BuiltIndex {
  documentCount: number;
  /** Distinct terms per document and field: `fieldLengths[f][doc]`. */
  fieldLengths: Int32Array<ArrayBuffer>[];
  /** MiniSearch's running average of each field's length. */
  averageFieldLength: number[];
  /** Every term with its postings, sorted by UTF-16 code units (the partition order). */
  terms: TermEntry[];
}

/** Runs cached as term ids: bounded so a huge site cannot grow it without limit. */
const RUN_CACHE_SIZE = 500_000;
/** Field texts remembered with their pairs: bounded likewise. */
const FIELD_CACHE_SIZE = 200_000;

/**
 * The build's term dictionary and tokenizer: page documents in, `PageTerms` out.
 */
export class PageTokenizer {
  readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  private runs = new Map<string, Int32Array>();
  /** Field texts already tokenized, with their pairs (tokenize). */
  private fields = new Map<string, number[]>();
  private counts: Int32Array<ArrayBuffer> = new Int32Array(1024);

  /** @param seed terms to number first, in order (the token cache's dictionary, so its entries stay valid) */
  constructor(seed: readonly string[] = []) {
    for (const term of seed) this.id(term);
  }

  /** Id of a term (assigned on first sight). */
  id(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      if (id >= this.counts.length) this.counts = grow(this.counts);
    }
    return id;
  }

  /**
   * A page another tokenizer tokenized (termStringsOf), in this one's ids: what `tokenize` of the same documents
   * gives, term ids assigned in the same order (a field's new terms in the order they first occur).
   */
  fromTerms(page: PageTermStrings): PageTerms {
    return page.map((fields) =>
      fields.map(({ terms, counts }) => {
        const pairs: number[] = [];
        for (let i = 0; i < terms.length; i++) pairs.push(this.id(terms[i]!), counts[i]!);
        return pairs;
      }),
    );
  }

  /**
   * Tokenizes the four fields of each document of one page. A field text met before (an API page's title on each
   * of its documents, a parameter list or schema section shared by many operations) gives the same pairs: its terms
   * already have their ids, and a text's first-occurrence order and counts are its own. Such texts are answered
   * from a memo (a fresh copy each time) rather than scanned again.
   */
  tokenize(docs: Pick<SearchDocument, (typeof SEARCH_FIELDS)[number]>[]): PageTerms {
    return docs.map((doc) =>
      SEARCH_FIELDS.map((field) => {
        const text = doc[field];
        let pairs = this.fields.get(text);
        if (!pairs) {
          if (this.fields.size >= FIELD_CACHE_SIZE) this.fields.clear();
          this.fields.set(text, (pairs = this.tokenizeText(text)));
        }
        return pairs.slice();
      }),
    );
  }

  /** `[termId, tf, ...]` of one text, terms in the order they first occur. */
  private tokenizeText(text: string): number[] {
    const touched: number[] = [];
    scanIndexRuns(text, (run, japanese) => {
      let runIds = this.runs.get(run);
      if (!runIds) {
        if (this.runs.size >= RUN_CACHE_SIZE) this.runs.clear();
        runIds = SIMPLE_WORD.test(run)
          ? Int32Array.of(this.id(run.toLowerCase()))
          : Int32Array.from(cachedRunTokens(run, japanese), (t) => this.id(t));
        this.runs.set(run, runIds);
      }
      for (let i = 0; i < runIds.length; i++) {
        const id = runIds[i]!;
        if (this.counts[id] === 0) touched.push(id);
        this.counts[id] = this.counts[id]! + 1;
      }
    });
    const pairs: number[] = [];
    for (const id of touched) {
      pairs.push(id, this.counts[id]!);
      this.counts[id] = 0;
    }
    return pairs;
  }
}

/**
 * The same tokenization as terms (PageTermStrings).
 * @param tokenizer the tokenizer whose ids `page` holds
 */
export function termStringsOf(page: PageTerms, tokenizer: PageTokenizer): PageTermStrings {
  return page.map((fields) =>
    fields.map((pairs) => {
      const terms: string[] = [];
      const counts: number[] = [];
      for (let i = 0; i < pairs.length; i += 2) {
        terms.push(tokenizer.terms[pairs[i]!]!);
        counts.push(pairs[i + 1]!);
      }
      return { terms, counts };
    }),
  );
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/**
 * Accumulates pages into posting lists; documents are numbered in the order pages are added.
 */
export class SearchIndexBuilder {
  private postings: (PostingWriter | null)[][] = SEARCH_FIELDS.map(() => []);
  private lengths: Int32Array<ArrayBuffer>[] = SEARCH_FIELDS.map(() => new Int32Array(1024));
  private averages = SEARCH_FIELDS.map(() => 0);
  private count = 0;

  /** @param tokenizer the build's dictionary */
  constructor(private readonly tokenizer: PageTokenizer) {}

  /** Adds the documents of one page (term ids of `tokenizer`). */
  addPage(page: PageTerms): void {
    for (const fields of page) {
      const doc = this.count++;
      if (doc >= this.lengths[0]!.length) this.lengths = this.lengths.map(grow);
      for (let f = 0; f < SEARCH_FIELDS.length; f++) {
        const pairs = fields[f] ?? [];
        const length = pairs.length / 2;
        this.lengths[f]![doc] = length;
        // MiniSearch's addFieldLength, to the last bit: the browser scores with these averages.
        this.averages[f] = (this.averages[f]! * doc + length) / (doc + 1);
        const lists = this.postings[f]!;
        for (let i = 0; i < pairs.length; i += 2) {
          const id = pairs[i]!;
          if (id >= this.tokenizer.terms.length)
            throw new Error(`search index: term id ${id} outside the dictionary (a docgen bug)`);
          const writer = (lists[id] ??= new PostingWriter());
          writer.add(doc, pairs[i + 1]!);
        }
      }
    }
  }

  /** The finished index, terms sorted. */
  finish(): BuiltIndex {
    const terms: TermEntry[] = this.tokenizer.terms.map((term, id) => ({
      term,
      fields: this.postings.map((lists) => lists[id] ?? null),
    }));
    const used = terms.filter((t) => t.fields.some(Boolean));
    used.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return {
      documentCount: this.count,
      fieldLengths: this.lengths.map((l) => l.subarray(0, this.count)),
      averageFieldLength: [...this.averages],
      terms: used,
    };
  }
}
