import { describe, expect, it } from 'vitest';
import { decodeLengths, decodePostings, decodeVarints, encodeLengths, encodeVarints, PostingWriter } from '../../../src/shared/search-codec.js';

describe('varints', () => {
  it('round-trips integers up to 2^31-1 in JSON-safe characters, small ones in one character', () => {
    const values = [0, 1, 31, 32, 1023, 1024, 90_000, 2 ** 31 - 1];
    const text = encodeVarints(values);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeVarints(text)).toEqual(values);
    expect(encodeVarints([5])).toHaveLength(1);
  });

  it('rejects foreign characters and truncated numbers', () => {
    expect(() => decodeVarints('A"')).toThrow(/invalid character/);
    expect(() => decodeVarints(encodeVarints([1024]).slice(0, 1))).toThrow(/truncated/);
  });
});

describe('posting lists', () => {
  it('round-trips documents and term frequencies; a dense list takes about one character per posting', () => {
    const writer = new PostingWriter();
    const postings = new Map<number, number>();
    for (let doc = 0; doc < 500; doc += 1 + (doc % 3)) postings.set(doc, doc % 7 === 0 ? 3 : 1);
    postings.set(90_000, 12);
    for (const [doc, tf] of postings) writer.add(doc, tf);
    expect(writer.count).toBe(postings.size);
    const { docs, tfs } = decodePostings(writer.toString());
    expect(new Map(Array.from(docs, (doc, i) => [doc, tfs[i]]))).toEqual(postings);
    expect(writer.toString().length).toBeLessThan(postings.size * 1.4);
    expect(() => writer.add(5, 1)).toThrow(/after/);
  });
});

describe('field lengths', () => {
  it('are exact below 24 and within 7.5% above, one character each', () => {
    const lengths = [0, 1, 5, 23, 24, 30, 100, 487, 2000];
    const text = encodeLengths(lengths);
    expect(text).toHaveLength(lengths.length);
    const decoded = decodeLengths(text);
    expect(decoded.slice(0, 4)).toEqual([0, 1, 5, 23]);
    decoded.forEach((d, i) => expect(Math.abs(d - lengths[i]!) / Math.max(1, lengths[i]!)).toBeLessThan(0.075));
  });

  it('can be stored relative to a correlated field', () => {
    const heading = [3, 10, 0, 40, 300];
    const keywords = [2, 9, 0, 41, 5];
    const text = encodeLengths(keywords, heading);
    expect(decodeLengths(text, encodeLengths(heading))).toEqual(decodeLengths(encodeLengths(keywords)));
    expect(() => decodeLengths(text, 'AB')).toThrow(/different sizes/);
  });
});
