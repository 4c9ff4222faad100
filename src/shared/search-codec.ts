/**
 * The compact text encoding of the search index files: unsigned integers as variable-length strings of
 * base64url characters, five payload bits per character plus a continuation bit, least significant group first
 * (LEB128 with a 64-letter alphabet instead of bytes). The characters need no escaping in JSON, and gzip still
 * compresses the result. Postings and field lengths are written this way; pure, runs in both runtimes.
 */

/** The 64 characters, value 0..63: a character >= 32 says another character follows. */
const VARINT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < VARINT_ALPHABET.length; i++) DECODE[VARINT_ALPHABET.charCodeAt(i)] = i;
const ENCODE = Array.from(VARINT_ALPHABET, (c) => c.charCodeAt(0));

/** The encoders write ASCII only, which every decoder of TextDecoder's labels reads the same. */
const ASCII = new TextDecoder('latin1');

/** A growable buffer of character codes (ASCII bytes): the output of the encoders. */
export class CodeBuffer {
  bytes = new Uint8Array(16);
  length = 0;

  /**
   * Appends the characters of one integer.
   * @param value an integer in 0..2^31-1
   */
  pushVarint(value: number): void {
    if (this.length + 7 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (value >= 32) {
      this.bytes[this.length++] = ENCODE[32 | (value & 31)]!;
      value >>>= 5;
    }
    this.bytes[this.length++] = ENCODE[value]!;
  }

  toString(): string {
    return ASCII.decode(this.bytes.subarray(0, this.length));
  }
}

/** Encodes a list of unsigned integers. */
export function encodeVarints(values: Iterable<number>): string {
  const out = new CodeBuffer();
  for (const v of values) out.pushVarint(v);
  return out.toString();
}

/**
 * Decodes every integer of a varint string.
 * @throws Error on a character outside the alphabet or a truncated number (a corrupt or foreign file)
 */
export function decodeVarints(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DECODE[code]! : -1;
    if (digit < 0) throw new Error(`search index: invalid character ${JSON.stringify(text[i])} in encoded data`);
    value += (digit & 31) * 2 ** shift;
    if (digit >= 32) {
      shift += 5;
    } else {
      out.push(value);
      value = 0;
      shift = 0;
    }
  }
  if (shift !== 0) throw new Error('search index: truncated encoded data');
  return out;
}

/** Reads the integers of a varint string one at a time (decodeVarints without the array), with their positions. */
export class VarintReader {
  /** Index of the next character to read. */
  pos = 0;

  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  /**
   * The next integer.
   * @throws Error on a character outside the alphabet or a truncated number
   */
  next(): number {
    let value = 0;
    let shift = 0;
    while (this.pos < this.text.length) {
      const code = this.text.charCodeAt(this.pos++);
      const digit = code < 128 ? DECODE[code]! : -1;
      if (digit < 0)
        throw new Error(`search index: invalid character ${JSON.stringify(this.text[this.pos - 1])} in encoded data`);
      value += (digit & 31) * 2 ** shift;
      if (digit < 32) return value;
      shift += 5;
    }
    throw new Error('search index: truncated encoded data');
  }
}

/**
 * Finds where the postings of documents from `doc` on start in a list written by PostingWriter, reading as little
 * as possible (a tight loop over the characters: an incremental build skips most of a common term's list).
 * @returns the character index of the first posting of a document >= doc (the list's length if none), and the
 *   document of the posting before it (-1 if none)
 */
export function seekPostings(text: string, doc: number): { pos: number; prev: number } {
  const n = text.length;
  let pos = 0;
  let prev = -1;
  while (pos < n) {
    const start = pos;
    let value = 0;
    let scale = 1;
    let digit: number;
    do {
      digit = DECODE[text.charCodeAt(pos++)] ?? 0;
      value += (digit & 31) * scale;
      scale *= 32;
    } while (digit >= 32);
    const current = prev + Math.floor(value / 2) + 1;
    if (current >= doc) return { pos: start, prev };
    if (value % 2 === 1) {
      do digit = DECODE[text.charCodeAt(pos++)] ?? 0;
      while (digit >= 32);
    }
    prev = current;
  }
  return { pos: n, prev };
}

/**
 * Builds the posting list of one term in one field, documents in increasing order: each posting is
 * `(gap - 1) * 2 + (tf > 1 ? 1 : 0)` where gap is the distance from the previous document (the first counts
 * from -1), followed by `tf - 2` when tf > 1. Most postings of a large list take one character.
 */
export class PostingWriter {
  readonly codes = new CodeBuffer();
  /** Postings written (the term's document frequency in this field). */
  count = 0;
  private last = -1;

  /**
   * @param doc document number, greater than the previous one
   * @param tf occurrences of the term in the document's field (>= 1)
   * @throws Error when documents are not added in increasing order (a docgen bug)
   */
  add(doc: number, tf: number): void {
    if (doc <= this.last) throw new Error(`PostingWriter: document ${doc} after ${this.last}`);
    this.codes.pushVarint((doc - this.last - 1) * 2 + (tf > 1 ? 1 : 0));
    if (tf > 1) this.codes.pushVarint(tf - 2);
    this.last = doc;
    this.count++;
  }

  toString(): string {
    return this.codes.toString();
  }
}

/**
 * Calls `visit` for each posting of a list written by PostingWriter, in document order.
 * @throws Error on a corrupt list (search-codec decodeVarints)
 */
export function forEachPosting(text: string, visit: (doc: number, tf: number) => void): void {
  const { docs, tfs } = decodePostings(text);
  for (let i = 0; i < docs.length; i++) visit(docs[i]!, tfs[i]!);
}

/**
 * Decodes a posting list written by PostingWriter.
 * @returns documents ascending and their term frequencies
 */
export function decodePostings(text: string): { docs: Int32Array; tfs: Int32Array } {
  const values = decodeVarints(text);
  let count = 0;
  for (let i = 0; i < values.length; i++, count++) if (values[i]! % 2 === 1) i++;
  const docs = new Int32Array(count);
  const tfs = new Int32Array(count);
  let doc = -1;
  for (let i = 0, n = 0; i < values.length; i++, n++) {
    const v = values[i]!;
    doc += Math.floor(v / 2) + 1;
    docs[n] = doc;
    tfs[n] = v % 2 === 1 ? values[++i]! + 2 : 1;
  }
  return { docs, tfs };
}

/** Field lengths below this are stored exactly; above, on a geometric scale (Lucene's lossy norms, 1 byte each). */
const EXACT_LENGTHS = 24;
/** Ratio between consecutive stored lengths above EXACT_LENGTHS: within ±7%, up to about 5,000 terms. */
const LENGTH_RATIO = 1.15;
/** The length each of the 64 codes stands for. */
const LENGTH_LEVELS = Array.from({ length: 64 }, (_, c) =>
  c < EXACT_LENGTHS ? c : Math.round(EXACT_LENGTHS * LENGTH_RATIO ** (c - EXACT_LENGTHS)),
);

/**
 * Encodes field lengths (distinct terms of a field, the BM25 length) one character each: exact below 24,
 * otherwise the nearest of a geometric scale (BM25 needs the ratio to the average, not the exact count).
 * @param relativeTo lengths of a correlated field (a heading and its anchor): each code is then stored as the
 *   difference from that field's code, modulo 64, which gzip compresses far better
 */
export function encodeLengths(lengths: ArrayLike<number>, relativeTo?: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < lengths.length; i++) {
    const base = relativeTo ? lengthCode(relativeTo[i]!) : 0;
    out += VARINT_ALPHABET[(lengthCode(lengths[i]!) - base + 64) % 64];
  }
  return out;
}

function lengthCode(length: number): number {
  if (length < EXACT_LENGTHS) return length;
  const code = EXACT_LENGTHS + Math.round(Math.log(length / EXACT_LENGTHS) / Math.log(LENGTH_RATIO));
  return Math.min(63, code);
}

/**
 * Decodes a string of `encodeLengths`.
 * @param relativeTo the text of the field it was encoded relative to, if any
 * @throws Error on a character outside the alphabet, or texts of different lengths
 */
export function decodeLengths(text: string, relativeTo?: string): number[] {
  if (relativeTo !== undefined && relativeTo.length !== text.length)
    throw new Error('search index: field lengths of different sizes');
  const out: number[] = new Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const base = relativeTo === undefined ? 0 : digitAt(relativeTo, i);
    out[i] = LENGTH_LEVELS[(digitAt(text, i) + base) % 64]!;
  }
  return out;
}

function digitAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  const digit = code < 128 ? DECODE[code]! : -1;
  if (digit < 0) throw new Error(`search index: invalid character ${JSON.stringify(text[i])} in field lengths`);
  return digit;
}
