import { describe, expect, it } from 'vitest';
import { PageTokenizer, termStringsOf } from '../../../../src/node/search/index-builder.js';

const doc = (title: string, heading: string, body: string) => ({ title, heading, body, keywords: '' });

const pages = [
  [
    doc(
      'ゲートウェイの設定',
      '概要',
      'API ゲートウェイは shareCookie と share-cookie を設定します。ゲートウェイは設定します。',
    ),
  ],
  [
    doc('認可コード', 'トークン', '認可コードは refresh_token を払い出します。トークンは API で使います。'),
    doc('認可コード', '手順 2', 'ゲートウェイ は 認可コード を確認します。shareCookie shareCookie'),
  ],
];

describe('PageTokenizer.fromTerms', () => {
  it('gives what tokenize gives, ids numbered in the same order, from a page another tokenizer read', () => {
    const first = new PageTokenizer();
    const strings = pages.map((docs) => termStringsOf(first.tokenize(docs), first));
    // A second index of the same build: seeded with another dictionary, and it saw another page first.
    const direct = new PageTokenizer(['既存', 'api']);
    const shared = new PageTokenizer(['既存', 'api']);
    direct.tokenize([doc('別のページ', '', 'ゲートウェイ DNS プロバイダ')]);
    shared.tokenize([doc('別のページ', '', 'ゲートウェイ DNS プロバイダ')]);
    const expected = pages.map((docs) => direct.tokenize(docs));
    expect(strings.map((page) => shared.fromTerms(page))).toEqual(expected);
    expect(shared.terms).toEqual(direct.terms);
    expect(expected.flat(3).length).toBeGreaterThan(40);
  });
});
