/**
 * Builds the inverted index of the site search directly, page by page (issue #9): each document field is
 * tokenized with the shared tokenizer, its distinct terms counted, and one posting per (term, field, document)
 * appended to a compact posting list. The result holds exactly what MiniSearch's own `add` would compute (term
 * frequencies, field lengths as distinct-term counts, running average field lengths), so the browser scores it
 * with MiniSearch unchanged, but without MiniSearch's per-token radix-tree inserts, which took most of the stage.
 * A page's tokenization (`PageTerms`) is plain JSON, cached across builds by token-cache.ts.
 */
import { PostingWriter } from '../../shared/search-codec.js';
import { SEARCH_FIELDS, type SearchDocument } from '../../shared/search-format.js';
import { runTokens, scanRuns } from '../../shared/search-tokenize.js';

/** One page's tokenization: its distinct terms, and per document and field the pairs (term index, frequency). */
export interface PageTerms {
  /** The page's distinct terms, in order of first occurrence. */
  terms: string[];
  /** `docs[d][f]` = `[termIndex, tf, termIndex, tf, ...]` for document d of the page, field f (SEARCH_FIELDS order). */
  docs: number[][][];
}

/** A term with its posting lists, one per field (SEARCH_FIELDS order; null when the term is not in that field). */
export interface TermPostings {
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
  terms: TermPostings[];
}

/** Runs cached as term ids: bounded so a huge site cannot grow it without limit. */
const RUN_CACHE_SIZE = 500_000;

/**
 * The build's term dictionary and tokenizer: page documents in, `PageTerms` out, with the global id of every
 * page term so the builder needs no string lookups for pages tokenized in this build.
 */
export class PageTokenizer {
  readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  private runs = new Map<string, Int32Array>();
  private counts: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private local: Int32Array<ArrayBuffer> = new Int32Array(1024);

  /** Global id of a term (assigned on first sight). */
  id(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      if (id >= this.counts.length) {
        this.counts = grow(this.counts);
        this.local = grow(this.local);
      }
    }
    return id;
  }

  /**
   * Tokenizes the four fields of each document of one page.
   * @returns the page's terms and, for each of them, its global id
   */
  tokenize(docs: Pick<SearchDocument, (typeof SEARCH_FIELDS)[number]>[]): { page: PageTerms; ids: number[] } {
    const page: PageTerms = { terms: [], docs: [] };
    const ids: number[] = [];
    for (const doc of docs) {
      const fields: number[][] = [];
      for (const field of SEARCH_FIELDS) {
        const touched: number[] = [];
        scanRuns(doc[field], (run, japanese) => {
          let runIds = this.runs.get(run);
          if (!runIds) {
            if (this.runs.size >= RUN_CACHE_SIZE) this.runs.clear();
            runIds = Int32Array.from(runTokens(run, japanese), (t) => this.id(t));
            this.runs.set(run, runIds);
          }
          for (let i = 0; i < runIds.length; i++) {
            const id = runIds[i]!;
            if (this.counts[id] === 0) touched.push(id);
            this.counts[id]!++;
          }
        });
        const pairs: number[] = [];
        for (const id of touched) {
          let index = this.local[id]! - 1;
          if (index < 0) {
            index = ids.length;
            this.local[id] = index + 1;
            ids.push(id);
            page.terms.push(this.terms[id]!);
          }
          pairs.push(index, this.counts[id]!);
          this.counts[id] = 0;
        }
        fields.push(pairs);
      }
      page.docs.push(fields);
    }
    for (const id of ids) this.local[id] = 0;
    return { page, ids };
  }
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

  /** @param tokenizer the build's dictionary: pages from the cache are mapped through it */
  constructor(private readonly tokenizer: PageTokenizer) {}

  /**
   * Adds the documents of one page.
   * @param ids the global id of each page term when the page was tokenized in this build (else looked up)
   */
  addPage(page: PageTerms, ids?: number[]): void {
    const global = ids ?? page.terms.map((t) => this.tokenizer.id(t));
    for (const fields of page.docs) {
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
          const id = global[pairs[i]!]!;
          const writer = (lists[id] ??= new PostingWriter());
          writer.add(doc, pairs[i + 1]!);
        }
      }
    }
  }

  /** The finished index, terms sorted. */
  finish(): BuiltIndex {
    const terms: TermPostings[] = this.tokenizer.terms.map((term, id) => ({ term, fields: this.postings.map((lists) => lists[id] ?? null) }));
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
