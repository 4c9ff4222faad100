/**
 * Byte-range requests for `docgen serve` (RFC 9110 §14). One range is served (206); a Range header the server
 * cannot use is ignored (200, the whole file), which RFC 9110 §14.2 allows; a syntactically valid range-set none
 * of whose ranges overlaps the file is answered with 416 (§15.5.17).
 */

/** What to do with a request's Range header. */
export type RangeDecision =
  /** No usable Range header: send the whole file with 200. */
  | { kind: 'full' }
  /** Send bytes `start` to `end` (both inclusive, 0-based) with 206 and `Content-Range: bytes start-end/size`. */
  | { kind: 'partial'; start: number; end: number }
  /** Answer 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

/** One range-spec (RFC 9110 §14.1.2): `first-last`, `first-` or the suffix `-length`. */
const RANGE_SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * Decides how to answer a Range header for a file of `size` bytes.
 * @param header the request's `Range` value (undefined when absent)
 * @param size the file's length in bytes
 * @returns 'full' when the header is absent, names another unit than `bytes` (RFC 9110 §14.2: MUST ignore), is
 *   invalid (bad syntax, or a last-pos below its first-pos: §14.1.1 calls that range-spec invalid) or asks for
 *   several ranges (multipart/byteranges is not implemented; §14.2 lets a server ignore Range);
 *   'unsatisfiable' when the one range starts at or beyond the end of the file, or is a suffix of length 0
 *   (§14.1.1: "satisfiable" definitions); otherwise the range clipped to the file (§14.1.2: a last-pos past the
 *   end, or a suffix longer than the file, means "to the end" / "the whole file")
 * @throws nothing
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return { kind: 'full' };
  const parts = RANGE_SPEC.exec(specs[0]!);
  if (!parts) return { kind: 'full' };
  if (parts[3] !== undefined) {
    const length = Number(parts[3]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const first = Number(parts[1]);
  const last = parts[2] === '' ? Infinity : Number(parts[2]);
  if (!Number.isSafeInteger(first) || last < first) return { kind: 'full' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: first, end: Math.min(last, size - 1) };
}

/**
 * True when an `If-Range` precondition lets the Range header apply (RFC 9110 §13.1.5): absent, or equal to the
 * file's Last-Modified date. An entity tag never matches here: this server's ETags are weak, and §13.1.5 requires
 * a strong comparison, so the whole file is sent instead.
 * @param ifRange the request's `If-Range` value
 * @param lastModified the `Last-Modified` value sent for the file (an IMF-fixdate)
 */
export function ifRangeAllows(ifRange: string | undefined, lastModified: string): boolean {
  return ifRange === undefined || ifRange.trim() === lastModified;
}
