import { describe, expect, it } from 'vitest';
import { decideRange, ifRangeAllows } from '../../../../src/node/http/range.js';

describe('decideRange (RFC 9110 §14)', () => {
  it.each([
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }], // last-pos past the end: to the end
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }], // suffix
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }], // suffix longer than the file: all of it
    ['BYTES = 5-5', { kind: 'partial', start: 5, end: 5 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
  ])('serves one satisfiable range: %s', (header, decision) => {
    expect(decideRange(header, 1000)).toEqual(decision);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers 416 to an unsatisfiable range: %s', (header) => {
    expect(decideRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('finds every range of an empty file unsatisfiable', () => {
    expect(decideRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    'bytes=100-50', // last-pos < first-pos: invalid (§14.1.1), the case that crashed docgen serve
    'bytes=abc',
    'bytes=',
    'bytes=-',
    'bytes=1-2-3',
    'bytes=0x10-20',
    'items=0-5', // another unit: MUST be ignored (§14.2)
    '0-5',
    'bytes=0-1,5-6', // several ranges: multipart/byteranges not implemented, ignored
    `bytes=${'9'.repeat(400)}-`,
  ])('ignores an invalid or unusable Range: %s', (header) => {
    expect(decideRange(header, 1000)).toEqual({ kind: 'full' });
  });
});

describe('ifRangeAllows (RFC 9110 §13.1.5)', () => {
  const date = 'Tue, 24 Nov 2026 23:23:01 GMT';
  it('applies Range without If-Range or with the same date, never for an entity tag', () => {
    expect(ifRangeAllows(undefined, date)).toBe(true);
    expect(ifRangeAllows(date, date)).toBe(true);
    expect(ifRangeAllows('Mon, 23 Nov 2026 00:00:00 GMT', date)).toBe(false);
    expect(ifRangeAllows('W/"10-20"', date)).toBe(false);
  });
});
