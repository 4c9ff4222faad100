import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { PageTokenizer, scanIndexRuns, termStringsOf } from '../../../../src/node/search/index-builder.js';
import { scanRuns, tokenize } from '../../../../src/shared/search-tokenize.js';

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

describe('scanIndexRuns (the build-side scan)', () => {
  const runsOf = (scan: typeof scanRuns, text: string) => {
    const runs: [string, boolean][] = [];
    scan(text, (run, japanese) => runs.push([run, japanese]));
    return runs;
  };
  const real = JSON.parse(
    readFileSync(new URL('../../../fixtures/openapi/real-descriptions/descriptions.json', import.meta.url), 'utf8'),
  ) as { descriptions: { text: string }[] };
  const texts = [
    ...real.descriptions.map((d) => d.text),
    'GET /repos/{owner}/{repo}/pulls/{pull_number}: shareCookie, urn:tsunagi:realm:{realm}',
    'a--b..c __d__ e~+f #g @h $i {} {{x}} -lead trail- 1.2.3 x/y/ /z',
    'tabs\tand\nnewlines\r\n~~~ ### ***',
    '',
  ];

  it('finds exactly the runs of the shared scanRuns in ASCII text', () => {
    let ascii = 0;
    for (const text of texts) {
      if (/[^\u0000-\u007f]/.test(text)) continue;
      ascii++;
      expect(runsOf(scanIndexRuns, text), text).toEqual(runsOf(scanRuns, text));
    }
    expect(ascii).toBeGreaterThan(300);
  });

  it('leaves other text to the shared scanRuns (NFKC, Japanese runs)', () => {
    const text = 'ＡＢＣ ｶﾀｶﾅ ゲートウェイ shareCookie';
    expect(runsOf(scanIndexRuns, text)).toEqual(runsOf(scanRuns, text));
    expect(runsOf(scanIndexRuns, text)[0]).toEqual(['ABC', false]);
  });
});

describe('PageTokenizer.tokenize', () => {
  it('gives each run the terms of the shared tokenizer (plain words, identifiers, Japanese)', () => {
    const text =
      'The Returns v3 a 9A ABC shareCookie HTTPServer refresh_token urn:x:{y} ゲートウェイの設定 Ｖ２ Zz zZ 123 x1Y';
    const tokenizer = new PageTokenizer();
    const [[fields]] = [termStringsOf(tokenizer.tokenize([doc(text, '', '')]), tokenizer)];
    const counts = new Map<string, number>();
    for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
    expect(new Map(fields![0]!.terms.map((term, i) => [term, fields![0]!.counts[i]]))).toEqual(counts);
  });
});

describe('PageTokenizer.tokenize of repeated field texts', () => {
  // An API reference's documents repeat their page title, and operations share parameter and schema sections.
  const shared = 'Returns the `owner` of a repository: shareCookie, refresh_token, urn:x:{y} and ゲートウェイの設定.';
  const page = (n: number) => Array.from({ length: n }, (_, i) => doc('Repos API', `Operation ${i}`, shared));

  it('scans a field text once however many documents repeat it', () => {
    const execs = (docs: ReturnType<typeof page>) => {
      const tokenizer = new PageTokenizer();
      const spy = vi.spyOn(RegExp.prototype, 'exec');
      try {
        tokenizer.tokenize(docs);
        return spy.mock.calls.filter(([text]) => text === shared).length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(execs(page(1))).toBeGreaterThan(0);
    expect(execs(page(40))).toBe(execs(page(1)));
  });

  it('gives each repeat the pairs of its first tokenization, in arrays of its own', () => {
    const tokenizer = new PageTokenizer();
    const first = tokenizer.tokenize(page(1))[0]!;
    tokenizer.tokenize([doc('Other', 'shareCookie', 'ゲートウェイ DNS プロバイダ')]);
    const again = tokenizer.tokenize(page(3));
    for (const fields of again) {
      expect(fields[0]).toEqual(first[0]);
      expect(fields[2]).toEqual(first[2]);
      expect(fields[2]).not.toBe(first[2]);
    }
    again[0]![2]!.length = 0;
    expect(tokenizer.tokenize(page(1))[0]![2]).toEqual(first[2]);
    // And what a tokenizer without the repeats gives for the same text.
    const fresh = new PageTokenizer();
    fresh.tokenize(page(1));
    expect(termStringsOf([[again[1]![2]!]], tokenizer)).toEqual(
      termStringsOf([[fresh.tokenize(page(1))[0]![2]!]], fresh),
    );
  });
});
