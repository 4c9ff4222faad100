/**
 * A MiniSearch index holding only the terms one query can match, with the statistics of the whole site index
 * (issue #9). MiniSearch scores a document from the term's posting list in each field (its size is the
 * document frequency), the document's field length, the average field length and the document count; given
 * those, its scores equal those of one MiniSearch index over every document. MiniSearch's own members are
 * `protected`, made for subclasses like this one; everything else (BM25+, prefix and fuzzy expansion, boosts,
 * combination, filtering) is MiniSearch's.
 */
import MiniSearch from 'minisearch';
import { searchIndexOptions } from '../../shared/search-format.js';

/** Posting lists of one term: field number -> (document number -> term frequency). MiniSearch's FieldTermData. */
export type TermData = Map<number, Map<number, number>>;

/** Every document of the site exists and is its own id: MiniSearch asks only `has` and `get`. */
class DocumentNumbers extends Map<number, number> {
  override has(): boolean {
    return true;
  }
  override get(doc: number): number {
    return doc;
  }
}

/** Field lengths looked up on demand (documents that cannot pass the query's filter get the averages). */
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
   * @param input.terms the terms the query may match, with their complete posting lists
   * @param input.lengths field lengths of a document (SEARCH_FIELDS order)
   */
  static create(input: { documentCount: number; averageFieldLength: number[]; terms: Map<string, TermData>; lengths: (doc: number) => number[] }): PartialIndex {
    const index = new PartialIndex(searchIndexOptions);
    index._documentCount = input.documentCount;
    index._nextId = input.documentCount;
    index._avgFieldLength = [...input.averageFieldLength];
    index._documentIds = new DocumentNumbers();
    index._idToShortId = new DocumentNumbers();
    index._fieldLength = new FieldLengths(input.lengths);
    for (const [term, data] of input.terms) index._index.set(term, data);
    return index;
  }
}
