/**
 * Typo tolerance of the query analysis: which terms are fuzzy, and how a long Japanese word
 * tolerates one wrong kana by bigram overlap; front matter keywords reach the page's first search document.
 */
import { describe, expect, it } from 'vitest';
import { pageDocuments, pageSections } from '../../../src/node/search/extract.js';
import { analyzeQuery, bigrams } from '../../../src/shared/search-tokenize.js';

describe('typo tolerance', () => {
  it('searches Latin terms of four letters or more with one edit, shorter ones exactly', () => {
    expect(analyzeQuery('tokn api gatway').fuzzy).toEqual(['tokn', 'gatway']);
  });

  it('needs every bigram of a strict query, all but two of a long word in a tolerant one', () => {
    const strict = analyzeQuery('ルーテイング');
    expect(strict.required).toEqual(['ルー', 'ーテ', 'テイ', 'イン', 'ング']);
    expect(strict.atLeast).toBeUndefined();
    const tolerant = analyzeQuery('ルーテイング', { tolerant: true });
    expect(tolerant.required).toEqual([]);
    expect(tolerant.atLeast).toEqual([{ terms: ['ルー', 'ーテ', 'テイ', 'イン', 'ング'], min: 3 }]);
    // the right spelling shares exactly three of them: one wrong kana costs two bigrams
    const right = new Set(bigrams('ルーティング'));
    expect(tolerant.atLeast![0]!.terms.filter((t) => right.has(t))).toHaveLength(3);
    // short words stay strict: two of three bigrams would match too much
    expect(analyzeQuery('ゾーン名', { tolerant: true }).atLeast).toBeUndefined();
  });
});

describe('front matter keywords', () => {
  it('become keywords of the page intro, which exists even when the page opens with a heading', () => {
    const content = {
      type: 'root' as const,
      children: [
        {
          type: 'element' as const,
          tagName: 'h2',
          properties: { id: 'a' },
          children: [{ type: 'text' as const, value: '見出し' }],
        },
      ],
    };
    const sections = pageSections(content, ['BFF', 'バックエンドフォーフロントエンド']);
    const docs = pageDocuments({ path: '/docs/bff', title: 'BFF', sections }, 0);
    expect(docs.map((d) => [d.url, d.keywords])).toEqual([
      ['/docs/bff', 'BFF バックエンドフォーフロントエンド'],
      ['/docs/bff#a', 'a'],
    ]);
    expect(pageSections(content).map((s) => s.anchor)).toEqual(['a']);
  });
});
