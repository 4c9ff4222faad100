import { describe, expect, it } from 'vitest';
import { PageTokenizer, SearchIndexBuilder } from '../../../../src/node/search/index-builder.js';
import { cutAll, cutPartitions, lengthBlocks, partitionCutter, recut } from '../../../../src/node/search/layout.js';
import { decodePage, encodePage } from '../../../../src/node/search/token-cache.js';
import { decodeLengths, decodePostings } from '../../../../src/shared/search-codec.js';
import { LENGTHS_BLOCK, type PartitionRow } from '../../../../src/shared/search-format.js';
import { partitionOf } from '../../../../src/shared/search-partitions.js';
import { tokenize } from '../../../../src/shared/search-tokenize.js';

const WORDS = [
  'ゲートウェイ',
  'shareCookie',
  'sharecookieDomain',
  'share',
  'デバイス ID',
  '有効期限',
  'urn:svc:example',
  'setHeaders',
  '証明書を検証',
  'ルーティングチェーン',
];

/** Pages of documents made of the words above, deterministic. */
function samplePages(pages: number) {
  let state = 7;
  const pick = () => WORDS[(state = (state * 1103515245 + 12345) % 2 ** 31) % WORDS.length]!;
  return Array.from({ length: pages }, (_, p) =>
    Array.from({ length: 1 + (p % 3) }, (_, d) => ({
      title: `${pick()} ${p}`,
      heading: d ? pick() : '',
      body: Array.from({ length: 5 + d * 7 }, pick).join('。'),
      keywords: d ? `s${p}-${d}` : '',
    })),
  );
}

function buildIndex(pages: ReturnType<typeof samplePages>, viaCache = false) {
  const tokenizer = new PageTokenizer();
  const builder = new SearchIndexBuilder(tokenizer);
  for (const docs of pages) {
    const page = tokenizer.tokenize(docs);
    // A page read back from the token cache went through its text form.
    builder.addPage(viaCache ? decodePage(encodePage(page), tokenizer.terms.length) : page);
  }
  return builder.finish();
}

describe('index builder', () => {
  it('records each term frequency and field length (distinct terms) of each document field', () => {
    const pages = samplePages(12);
    const index = buildIndex(pages);
    const docs = pages.flat();
    expect(index.documentCount).toBe(docs.length);
    docs.forEach((doc, n) => {
      (['title', 'heading', 'body', 'keywords'] as const).forEach((field, f) => {
        const tokens = tokenize(doc[field]);
        expect(index.fieldLengths[f]![n]).toBe(new Set(tokens).size);
        for (const term of new Set(tokens)) {
          const entry = index.terms.find((t) => t.term === term)!;
          const { docs, tfs } = decodePostings(entry.fields[f]!.toString());
          expect(tfs[docs.indexOf(n)]).toBe(tokens.filter((t) => t === term).length);
        }
      });
    });
  });

  it('builds the same index from cached pages as from fresh tokenization', () => {
    const pages = samplePages(20);
    const fresh = buildIndex(pages);
    const cached = buildIndex(pages, true);
    expect(cached.averageFieldLength).toEqual(fresh.averageFieldLength);
    expect(cutPartitions(cached, 500)).toEqual(cutPartitions(fresh, 500));
  });
});

describe('partitions', () => {
  it('puts every term in the partition the lookup searches, in order, never splitting a term', () => {
    const index = buildIndex(samplePages(40));
    for (const budget of [1, 200, 1000, 1e9]) {
      const partitions = cutPartitions(index, budget);
      const starts = partitions.map((p) => p.start);
      expect(starts[0]).toBe('');
      let previous = '';
      let seen = 0;
      partitions.forEach((partition, n) => {
        const rows = JSON.parse(partition.json) as PartitionRow[];
        if (n > 0) expect(rows[0]![0]).toBe(partition.start);
        for (const [term] of rows) {
          expect(term > previous || seen === 0).toBe(true);
          expect(partitionOf(starts, term)).toBe(n);
          previous = term;
          seen++;
        }
      });
      expect(seen).toBe(index.terms.length);
      if (budget === 1) expect(partitions).toHaveLength(index.terms.length);
      if (budget === 1e9) expect(partitions).toHaveLength(1);
    }
  });

  it('writes field lengths in blocks of LENGTHS_BLOCK documents', () => {
    const index = buildIndex(samplePages(10));
    const [block] = lengthBlocks(index);
    const texts = JSON.parse(block!) as string[];
    expect(texts).toHaveLength(4);
    const keywords = decodeLengths(texts[3]!, texts[1]); // stored relative to the heading's
    expect(texts[2]!.length).toBe(Math.min(LENGTHS_BLOCK, index.documentCount));
    for (let doc = 0; doc < index.documentCount; doc++) {
      expect(decodeLengths(texts[0]!)[doc]).toBe(index.fieldLengths[0]![doc]);
      expect(keywords[doc]).toBe(index.fieldLengths[3]![doc]); // all below 24 here: exact
    }
  });
});

describe('recut (cutting files again after an edit, as the full cut would)', () => {
  /** Items of random sizes; `edit` changes the sizes of a few consecutive ones, removes or inserts some. */
  function sequence(seed: number) {
    let state = seed;
    const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    const items = Array.from({ length: 400 }, (_, i) => ({
      term: `t${String(i).padStart(4, '0')}`,
      json: 'x'.repeat(5 + next(60)),
    }));
    const at = next(items.length - 10);
    const edited = items.slice();
    edited.splice(
      at,
      next(4),
      ...Array.from({ length: next(4) }, (_, k) => ({
        term: `${items[at]!.term}-${k}`,
        json: 'y'.repeat(5 + next(300)),
      })),
    );
    edited[at + 1] = { ...edited[at + 1]!, json: 'z'.repeat(5 + next(400)) };
    return { items, edited, at };
  }

  it('gives the files cutAll gives on the edited sequence, for 300 random edits, reading only what it needs', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { items, edited } = sequence(seed);
      const old = cutAll(items, partitionCutter(300));
      const whole = cutAll(edited, partitionCutter(300));
      // The edited items regrouped under the old files (by the old starts), as patch-index.ts regroups rows.
      const starts = old.map((file, n) => (n === 0 ? '' : file[0]!.term));
      const regrouped = old.map(() => [] as typeof edited);
      for (const item of edited) regrouped[partitionOf(starts, item.term)]!.push(item);
      const changed = regrouped.flatMap((file, n) => (JSON.stringify(file) === JSON.stringify(old[n]) ? [] : [n]));
      const read = new Set<number>();
      const cut = recut({
        count: old.length,
        from: Math.max(0, Math.min(...changed) - 1),
        through: Math.max(...changed),
        itemsOf: (n) => (read.add(n), regrouped[n]!),
        startsFile: (item, n) => item.term === starts[n],
        cutter: partitionCutter(300),
      });
      const patched = [...old.slice(0, cut.from), ...cut.files, ...old.slice(cut.end)];
      expect(patched, `seed ${seed}`).toEqual(whole);
      expect(Math.max(...read), `seed ${seed}`).toBeLessThanOrEqual(cut.end);
    }
  });
});
