import { describe, expect, it } from 'vitest';
import {
  fuzzyCandidate,
  fuzzyPrefix,
  partitionOf,
  partitionsWithPrefix,
  queryPartitions,
} from '../../../src/shared/search-partitions.js';
import { analyzeQuery } from '../../../src/shared/search-tokenize.js';

const starts = ['', 'api', 'share', 'sharecookie', 'shb', 'デバ', '有効'];

describe('partitionOf', () => {
  it('finds the last partition starting at or before the term', () => {
    expect(partitionOf(starts, '')).toBe(0);
    expect(partitionOf(starts, 'aaa')).toBe(0);
    expect(partitionOf(starts, 'api')).toBe(1);
    expect(partitionOf(starts, 'sha')).toBe(1);
    expect(partitionOf(starts, 'share')).toBe(2);
    expect(partitionOf(starts, 'sharecoo')).toBe(2);
    expect(partitionOf(starts, 'sharecookie')).toBe(3);
    expect(partitionOf(starts, 'sharez')).toBe(3);
    expect(partitionOf(starts, 'デバイス')).toBe(5);
    expect(partitionOf(starts, '期限')).toBe(6); // code unit order: 期 U+671F sorts after 有 U+6709
  });
});

describe('partitionsWithPrefix', () => {
  it('covers every partition that can hold an extension, across boundaries', () => {
    expect(partitionsWithPrefix(starts, 'share')).toEqual([2, 3]);
    expect(partitionsWithPrefix(starts, 'shar')).toEqual([1, 2, 3]);
    expect(partitionsWithPrefix(starts, 'sh')).toEqual([1, 2, 3, 4]);
    expect(partitionsWithPrefix(starts, 'sharecookie')).toEqual([3]);
    expect(partitionsWithPrefix(starts, 'z')).toEqual([4]);
  });

  it('never misses an extension (brute force over a sorted dictionary cut at random)', () => {
    const words = [
      'a',
      'ab',
      'abc',
      'abd',
      'b',
      'ba',
      'bab',
      'babc',
      'bb',
      'c',
      'ca',
      'cab',
      'cb',
      'デ',
      'デバ',
      'デバイ',
      'デバイス',
      'バイ',
    ].sort();
    for (let seed = 1; seed < 200; seed++) {
      // Cut the dictionary before some words, chosen by the seed's bits.
      const cut = [''];
      words.forEach((w, i) => i > 0 && (seed >> (i % 8)) & 1 && cut.push(w));
      const home = (w: string) => cut.filter((s) => s <= w).length - 1;
      for (const prefix of ['a', 'ab', 'b', 'ba', 'c', 'デ', 'デバ', 'x', '']) {
        const wanted = new Set(words.filter((w) => w.startsWith(prefix)).map(home));
        const got = partitionsWithPrefix(cut, prefix);
        for (const p of wanted) expect(got, `${cut.join('|')} ${prefix}`).toContain(p);
      }
      for (const w of words) expect(partitionOf(cut, w)).toBe(home(w));
    }
  });
});

describe('fuzzy matching range', () => {
  it('keeps the first half of the term (at least three characters)', () => {
    expect(fuzzyPrefix('header')).toBe('hea');
    expect(fuzzyPrefix('waitforservices')).toBe('waitfors');
    expect(fuzzyCandidate('sharecokie', 'sharecookie')).toBe(true);
    expect(fuzzyCandidate('sharecokie', 'sharecookies')).toBe(false); // two longer
    expect(fuzzyCandidate('shraecookie', 'sharecookie')).toBe(false); // typo in the first half
  });
});

describe('queryPartitions', () => {
  it('plans each term, each prefix range and each fuzzy range once, ascending', () => {
    // Prefix 'sharecoo' -> [2, 3]; with one typo among terms starting 'shar' -> [1, 2, 3].
    expect(queryPartitions(starts, analyzeQuery('sharecoo'))).toEqual([1, 2, 3]);
    expect(queryPartitions(starts, analyzeQuery('api '))).toEqual([1]);
    // A long identifier is also sought with one typo among the terms sharing its first half ('sharec').
    expect(queryPartitions(starts, analyzeQuery('sharecookie '))).toEqual([2, 3]);
    const plan = queryPartitions(starts, analyzeQuery('デバイス api'));
    expect(plan).toEqual([...new Set(plan)].sort((a, b) => a - b));
    expect(plan).toContain(5);
    expect(plan).toContain(1);
  });
});
