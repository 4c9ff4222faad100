/**
 * A MiniSearch index holding only what one query can match, with the statistics of the whole site index.
 * MiniSearch scores a document from the term's posting list in each field (its size is the
 * document frequency), the document's field length, the average field length and the document count; given
 * those, its scores equal those of one MiniSearch index over every document. Its members are `protected`, made
 * for subclasses like this one; everything else (BM25+, prefix and fuzzy expansion, boosts, combination,
 * filtering) is MiniSearch's.
 *
 * MiniSearch visits every posting of a term (and allocates a result per document), which takes seconds for the
 * common terms of a 10,000-page site. So the index is given a view of each posting list that keeps its full size
 * (the document frequency) but yields only the documents being scored (query.ts picks them with an upper bound).
 */
import MiniSearch from 'minisearch';
import { searchIndexOptions } from '../../shared/search-format.js';

/** A decoded posting list: documents ascending, with their term frequencies. */
export interface Postings {
  docs: Int32Array;
  tfs: Int32Array;
}

/**
 * Position of `doc` in `docs` (ascending), or -1.
 * @param from first position to consider (a lower bound known from an earlier, smaller document)
 */
export function findPosting(docs: Int32Array, doc: number, from = 0): number {
  let lo = from;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = docs[mid]!;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A posting list as MiniSearch reads it (`size`, `keys()`, `get`), restricted to some documents: `size` stays
 * the full document frequency, so the scores do not change.
 */
class PostingView extends Map<number, number> {
  /** Where `keys()` found its last document: MiniSearch asks `get` for it next. */
  private last = { doc: -1, at: -1 };

  constructor(
    private readonly postings: Postings,
    private readonly scored: Int32Array,
  ) {
    super();
  }
  override get size(): number {
    return this.postings.docs.length;
  }
  override get(doc: number): number | undefined {
    const at = doc === this.last.doc ? this.last.at : findPosting(this.postings.docs, doc);
    return at === -1 ? undefined : this.postings.tfs[at];
  }
  override has(doc: number): boolean {
    return this.get(doc) !== undefined;
  }
  override *keys(): MapIterator<number> {
    // Both lists ascend: each search starts where the previous one ended.
    let from = 0;
    for (const doc of this.scored) {
      const at = findPosting(this.postings.docs, doc, from);
      if (at === -1) continue;
      from = at + 1;
      this.last = { doc, at };
      yield doc;
    }
  }
}

/** Every document of the site exists and is its own id: MiniSearch asks only `has` and `get`. */
class DocumentNumbers extends Map<number, number> {
  override has(): boolean {
    return true;
  }
  override get(doc: number): number {
    return doc;
  }
}

/** Field lengths looked up on demand. */
class FieldLengths extends Map<number, number[]> {
  constructor(private readonly lookup: (doc: number) => number[]) {
    super();
  }
  override get(doc: number): number[] {
    return this.lookup(doc);
  }
}

export class PartialIndex extends MiniSearch {
  /**
   * @param input.documentCount documents in the whole index
   * @param input.averageFieldLength average length of each field over the whole index
   * @param input.terms the terms the query may match, with their complete posting list per field (null: none)
   * @param input.lengths field lengths of a scored document (SEARCH_FIELDS order)
   * @param input.scored the documents to score, ascending
   */
  static create(input: {
    documentCount: number;
    averageFieldLength: number[];
    terms: Map<string, (Postings | null)[]>;
    lengths: (doc: number) => number[];
    scored: Int32Array;
  }): PartialIndex {
    const index = new PartialIndex(searchIndexOptions);
    index._documentCount = input.documentCount;
    index._nextId = input.documentCount;
    index._avgFieldLength = [...input.averageFieldLength];
    index._documentIds = new DocumentNumbers();
    index._idToShortId = new DocumentNumbers();
    index._fieldLength = new FieldLengths(input.lengths);
    for (const [term, fields] of input.terms) {
      const data = new Map<number, Map<number, number>>();
      fields.forEach((postings, field) => postings && data.set(field, new PostingView(postings, input.scored)));
      index._index.set(term, data);
    }
    return index;
  }
}
