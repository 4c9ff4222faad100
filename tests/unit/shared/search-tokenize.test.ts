import { describe, expect, it } from 'vitest';
import {
  analyzeQuery,
  bigrams,
  findMatches,
  normalizeText,
  splitCamelCase,
  tokenize,
} from '../../../src/shared/search-tokenize.js';

describe('tokenize (index time)', () => {
  it('keeps identifiers whole and splits them at camelCase and punctuation', () => {
    expect(tokenize('shareCookie')).toEqual(['sharecookie', 'share', 'cookie']);
    expect(tokenize('/.waitforServices')).toEqual(['waitforservices', 'waitfor', 'services']);
    expect(tokenize('urn:tsunagi:realm:{realm}')).toEqual(['urn:tsunagi:realm:realm', 'urn', 'tsunagi', 'realm']);
    expect(tokenize('session_expire_at')).toEqual(['session_expire_at', 'session', 'expire', 'at']);
    expect(splitCamelCase('HTTPServer')).toEqual(['HTTP', 'Server']);
  });

  it('gives Japanese runs bigrams plus Intl.Segmenter words, without pure-hiragana words', () => {
    const terms = tokenize('有効期限を確認');
    expect(terms).toEqual(expect.arrayContaining(['有効', '効期', '期限', '限を', 'を確', '確認']));
    expect(terms).toContain('確認');
    expect(terms).not.toContain('を');
    expect(bigrams('鍵')).toEqual(['鍵']);
  });

  it('NFKC-normalises full-width ASCII and half-width kana, and lowercases', () => {
    expect(tokenize('ＲＲＳｅｔ')).toEqual(tokenize('RRSet'));
    expect(tokenize('ｶﾞｲﾄﾞ')).toEqual(tokenize('ガイド'));
    expect(normalizeText('ＡＢＣ')).toBe('abc');
  });

  it('separates Japanese from ASCII in mixed text', () => {
    expect(tokenize('デバイスIDを発行')).toEqual(expect.arrayContaining(['デバ', 'id', 'を発', '発行']));
  });
});

describe('analyzeQuery (query time, same tokenizer)', () => {
  it('requires the bigrams of a compound, so a substring of it matches', () => {
    const q = analyzeQuery('有効期限');
    expect(q.required).toEqual(['有効', '効期', '期限']);
    // Every required term of a substring query is an index term of the longer compound.
    const indexed = new Set(tokenize('デバイスIDの有効期限は180日です'));
    expect(analyzeQuery('効期限').required.every((t) => indexed.has(t))).toBe(true);
  });

  it('does not require particles: デバイスの削除 finds デバイスを削除', () => {
    const indexed = new Set(tokenize('デバイスを削除します'));
    expect(analyzeQuery('デバイスの削除').required.every((t) => indexed.has(t))).toBe(true);
  });

  it('requires a kanji left alone after a particle, by prefix', () => {
    const q = analyzeQuery('アクセスログの式');
    expect(q.required).toContain('式');
    expect(q.prefix).toContain('式');
  });

  it('requires identifier parts and ranks by the whole and camelCase parts', () => {
    expect(analyzeQuery('shareCookie')).toMatchObject({
      required: ['sharecookie'],
      terms: ['sharecookie', 'share', 'cookie'],
    });
    expect(analyzeQuery('urn:tsunagi:realm:{realm}').required).toEqual(['urn', 'tsunagi', 'realm']);
    expect(analyzeQuery('RRSet 削除').required).toEqual(['rrset', '削除']);
  });

  it('searches the last identifier by prefix while typing, not after a space', () => {
    expect(analyzeQuery('sharecoo').prefix).toEqual(['sharecoo']);
    expect(analyzeQuery('sharecoo ').prefix).toEqual([]);
  });

  it('returns nothing to search for an empty or punctuation-only query', () => {
    expect(analyzeQuery('  ').required).toEqual([]);
    expect(analyzeQuery('。、').required).toEqual([]);
  });
});

describe('findMatches (highlighting)', () => {
  it('merges the bigrams of a compound into one range of the original text', () => {
    const text = 'デバイス ID の有効期限';
    const ranges = findMatches(text, analyzeQuery('有効期限').terms);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['有効期限']);
  });

  it('maps normalised matches back to full-width originals', () => {
    const text = 'キーは ｓｈａｒｅＣｏｏｋｉｅ です';
    const [[a, b]] = findMatches(text, ['sharecookie']) as [[number, number]];
    expect(text.slice(a, b)).toBe('ｓｈａｒｅＣｏｏｋｉｅ');
  });
});
