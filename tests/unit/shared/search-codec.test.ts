import { describe, expect, it } from 'vitest';
import {
  decodeLengths,
  decodePostings,
  decodeVarints,
  encodeLengths,
  encodeVarints,
  PostingWriter,
  seekPostings,
  VarintReader,
} from '../../../src/shared/search-codec.js';

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

describe('seekPostings and VarintReader', () => {
  const postings: [number, number][] = [
    [0, 1],
    [3, 2],
    [40, 1],
    [41, 9],
    [5000, 1],
  ];
  const writer = new PostingWriter();
  for (const [doc, tf] of postings) writer.add(doc, tf);
  const text = writer.toString();

  it('finds where the postings of a document onwards start, and the document before them', () => {
    expect(seekPostings(text, 0)).toEqual({ pos: 0, prev: -1 });
    for (const [target, prev] of [
      [1, 0],
      [3, 0],
      [4, 3],
      [41, 40],
      [42, 41],
      [5000, 41],
    ] as const) {
      const { pos, prev: found } = seekPostings(text, target);
      expect(found, `doc ${target}`).toBe(prev);
      // The rest of the list, read from there with the previous document, is the postings from target on.
      const reader = new VarintReader(text);
      reader.pos = pos;
      const rest: [number, number][] = [];
      let doc = found;
      while (!reader.done) {
        const value = reader.next();
        doc += Math.floor(value / 2) + 1;
        rest.push([doc, value % 2 === 1 ? reader.next() + 2 : 1]);
      }
      expect(rest).toEqual(postings.filter(([d]) => d >= target));
    }
    expect(seekPostings(text, 5001)).toEqual({ pos: text.length, prev: 5000 });
  });
});
