import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Root } from 'hast';
import MiniSearch from 'minisearch';
import { afterAll, describe, expect, it } from 'vitest';
import { apiDocuments, pageSections } from '../../../../src/node/search/extract.js';
import { chunkDocuments } from '../../../../src/node/search/layout.js';
import {
  collectSearchPages,
  writeSearchIndex,
  type SearchSourceRoute,
} from '../../../../src/node/search/write-index.js';
import { SEARCH_BOOST, searchIndexOptions, type SearchManifest } from '../../../../src/shared/search-format.js';
import { analyzeQuery } from '../../../../src/shared/search-tokenize.js';
import { builtSearchEngine } from '../../../helpers/search-index.js';

type Child =
  | string
  | Root['children'][number]
  | { type: 'element'; tagName: string; properties: Record<string, unknown>; children: unknown[] };
const h = (tagName: string, properties: Record<string, unknown>, ...children: Child[]): Root['children'][number] =>
  ({
    type: 'element' as const,
    tagName,
    properties,
    children: children.map((c) => (typeof c === 'string' ? { type: 'text' as const, value: c } : c)),
  }) as Root['children'][number];
const page = (...children: Root['children']): Root => ({ type: 'root', children }) as Root;

const content = page(
  h('p', {}, '導入の段落です。'),
  h('h2', { id: 'share-cookie' }, 'Cookie の共有（shareCookie）'),
  h('table', {}, h('tr', {}, h('td', {}, 'type'), h('td', {}, 'string'))),
  h('h3', { id: 'デバイス-id' }, 'デバイス ID'),
  h('p', {}, 'デバイス ID の有効期限は 180 日です。'),
);

describe('pageSections', () => {
  it('splits at h2/h3 with ids and keeps table cells apart', () => {
    expect(pageSections(content)).toEqual([
      { heading: '', anchor: '', text: '導入の段落です。' },
      { heading: 'Cookie の共有（shareCookie）', anchor: 'share-cookie', text: 'type\nstring' },
      { heading: 'デバイス ID', anchor: 'デバイス-id', text: 'デバイス ID の有効期限は 180 日です。' },
    ]);
  });

  it('takes the terms a table row defines: a code first cell, identifier cells, a glossary link with its other names', () => {
    const rows = page(
      h('h2', { id: 'realm' }, 'レルム'),
      h(
        'table',
        {},
        h('tr', {}, h('th', {}, 'フィールド'), h('th', {}, '説明')),
        h(
          'tr',
          {},
          h('td', {}, h('code', {}, 'sessionTimeout')),
          h('td', {}, h('code', {}, 'integer')),
          h('td', {}, 'セッションの有効期間'),
        ),
        h('tr', {}, h('td', {}, h('code', {}, 'exp')), h('td', {}, h('code', {}, 'session_expire_at'))),
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: '/docs/spec#realm' }, 'レルム')),
          h('td', {}, 'realm'),
          h('td', {}, 'リソースをまとめる単位です。'),
        ),
        h('tr', {}, h('td', {}, '容量'), h('td', {}, h('code', {}, 'volumeSize'))),
      ),
    );
    const fieldTable = page(
      h('h2', { id: 'realm' }, 'レルム'),
      h('table', {}, h('tr', {}, h('td', {}, h('code', {}, 'sessionTimeout')), h('td', {}, '秒'))),
    );
    expect(pageSections(fieldTable)[0]!.terms).toEqual([{ term: 'sessionTimeout', kind: 'term', text: '秒' }]);
    // A page with link rows (a glossary) restates its code rows: they are entries.
    expect(pageSections(rows)[0]!.terms).toEqual([
      { term: 'sessionTimeout', kind: 'entry', text: 'integer\nセッションの有効期間' },
      { term: 'exp', kind: 'entry', text: 'session_expire_at' },
      { term: 'session_expire_at', kind: 'entry', text: 'exp\nsession_expire_at' },
      { term: 'レルム', kind: 'entry', text: 'realm\nリソースをまとめる単位です。', target: '/docs/spec#realm' },
      { term: 'realm', kind: 'entry', text: 'realm\nリソースをまとめる単位です。', target: '/docs/spec#realm' },
    ]);
  });
});

describe('apiDocuments', () => {
  it('indexes operations from tags, with schema field names, reading optional fields defensively', () => {
    const model = {
      tags: [
        {
          operations: [
            {
              id: 'createZone',
              method: 'post',
              path: '/zones',
              summary: 'ゾーンを作成',
              descriptionHtml: '<p>ゾーンを<strong>作成</strong>します。</p>',
              tag: 'zones',
              requestBody: { contents: [{ schema: { refName: 'Zone' } }] },
            },
            { id: 'bare', method: 'get', path: '/bare' },
            { method: 'get' },
          ],
        },
      ],
      schemas: [
        {
          name: 'Zone',
          schema: {
            properties: [
              { name: 'dnsName' },
              { name: 'rrsets', schema: { items: { properties: [{ name: 'changetype' }] } } },
            ],
          },
        },
      ],
    };
    const docs = apiDocuments({ path: '/api/zone', title: 'ゾーン API', model }, 10);
    expect(docs).toHaveLength(2);
    const withAnchor = apiDocuments(
      {
        path: '/api/zone',
        title: 'ゾーン API',
        model: { ...model, schemas: [{ ...model.schemas[0], anchor: 'schema/Zone' }] },
      },
      0,
    );
    expect(withAnchor.slice(2).map((d) => [d.heading, d.url, d.kind, d.keywords])).toEqual([
      ['dnsName', '/api/zone#schema/Zone', 'term', 'Zone.dnsName'],
      ['rrsets', '/api/zone#schema/Zone', 'term', 'Zone.rrsets'],
      ['changetype', '/api/zone#schema/Zone', 'term', 'Zone.rrsets.changetype'],
    ]);
    expect(docs[0]).toMatchObject({
      id: 10,
      heading: 'ゾーンを作成',
      url: '/api/zone#createZone',
      kind: 'api',
      method: 'POST',
      keywords: 'createZone POST /zones zones',
    });
    expect(docs[0]!.body).toContain('ゾーンを 作成 します。');
    expect(docs[0]!.body).toContain('dnsName rrsets changetype');
    expect(docs[1]).toMatchObject({ heading: 'GET /bare', url: '/api/zone#bare' });
  });
});

const temp: string[] = [];
afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-search-'));
  temp.push(dir);
  return dir;
}

/** A doc page as the search stage reads it: its sections, split from the compiled content. */
function docSource(path: string, title: string, tree: Root): SearchSourceRoute {
  return { path, title, kind: 'doc', sections: pageSections(tree) };
}

const routes: SearchSourceRoute[] = Array.from({ length: 6 }, (_, i) =>
  docSource(`/docs/p${i}`, `ページ${i}`, content),
);

/** Builds the index into a temp folder (with a private token cache) and returns it with the browser's engine. */
async function build(
  sourceRoutes: SearchSourceRoute[],
  options: { partitionBytes?: number; chunkTextBytes?: number; cacheDir?: string; force?: boolean } = {},
) {
  const outDir = tempDir();
  const result = await writeSearchIndex({
    outDir,
    baseUrl: '/base/',
    routes: sourceRoutes,
    cacheDir: options.cacheDir ?? tempDir(),
    ...options,
  });
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, result.manifestUrl.replace('/base/', '')), 'utf8'),
  ) as SearchManifest;
  return { outDir, result, manifest, ...builtSearchEngine(outDir, '/base/') };
}

describe('writeSearchIndex', () => {
  it('numbers documents page by page and cuts chunks at page boundaries under the byte budget', () => {
    const pages = collectSearchPages(routes);
    expect(pages).toHaveLength(6);
    const docs = pages.flat();
    expect(docs.map((d) => d.id)).toEqual([...docs.keys()]);
    const chunks = chunkDocuments(docs, 200);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(docs);
    for (const chunk of chunks.slice(1)) expect(chunk[0]!.heading).toBe(''); // each chunk starts with a page intro
  });

  it('splits a page far larger than the budget (an API reference of many operations) into several chunks', () => {
    const operations = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      title: 'API',
      heading: `op${i}`,
      body: 'x'.repeat(100),
      keywords: '',
      url: `/api/big#op${i}`,
      kind: 'api' as const,
    }));
    const chunks = chunkDocuments(operations, 1000);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flat()).toEqual(operations);
    for (const chunk of chunks)
      expect(chunk.reduce((s, d) => s + d.body.length + d.heading.length + 64, 0)).toBeLessThan(2000 + 200);
  });

  it('writes hashed partitions, lengths, chunks and a manifest that the browser engine reads back', async () => {
    const { outDir, result, manifest, engine } = await build(routes, { partitionBytes: 200, chunkTextBytes: 200 });
    expect(result.manifestUrl).toMatch(/^\/base\/assets\/search\/manifest\.[0-9a-f]{10}\.json$/);
    const files = readdirSync(path.join(outDir, 'assets/search'));
    expect(files.every((f) => /^(manifest\.[0-9a-f]{10}|(terms|lengths|docs)-\d+\.[0-9a-f]{8})\.json$/.test(f))).toBe(
      true,
    );
    expect(manifest).toMatchObject({ version: 2, base: '/base/assets/search/', documentCount: 18 });
    expect(result.partitions).toBeGreaterThan(3);
    expect(manifest.partitions.starts[0]).toBe('');
    const hits = await engine.search('sharecookie');
    expect(hits[0]).toMatchObject({
      url: '/docs/p0#share-cookie',
      heading: 'Cookie の共有（shareCookie）',
      kind: 'doc',
    });
    expect(await engine.text(hits[0]!)).toBe('type\nstring');
    expect((await engine.search('有効期限'))[0]!.url).toBe('/docs/p0#デバイス-id');
    expect(await engine.search('存在しない語')).toEqual([]);
  });

  it('returns exactly the results and scores of one MiniSearch index over every document', async () => {
    // Varied pages, so that document frequencies and lengths differ; every field is shorter than 24 distinct
    // terms, where field lengths are stored exactly.
    const words = [
      'ゲートウェイ',
      'ルーティング',
      'セッション',
      'shareCookie',
      'setHeaders',
      'デバイス',
      '有効期限',
      '証明書',
      'ゾーン',
      'sharedCookies',
    ];
    const varied: SearchSourceRoute[] = Array.from({ length: 240 }, (_, i) =>
      docSource(
        `/docs/v${i}`,
        `${words[i % words.length]}の設計`,
        page(
          h('p', {}, `${words[(i * 7) % words.length]}を設定します。`.repeat(1 + (i % 3))),
          h('h2', { id: `s${i}` }, `${words[(i * 5) % words.length]} と ${words[(i * 3) % words.length]}`),
          h('p', {}, `${words[(i * 2) % words.length]}の${words[(i + 4) % words.length]}を確認します。`),
        ),
      ),
    );
    const { engine } = await build(varied, { partitionBytes: 300 });
    const docs = collectSearchPages(varied).flat();
    const reference = new MiniSearch(searchIndexOptions);
    reference.addAll(docs);
    for (const text of [
      'ゲートウェイ',
      'sharecookie',
      'デバイス 有効期限',
      'setheaders',
      'セッションの設計',
      'shareCooki',
      'ルーティング 証明書',
      'ゲートウェイ 設定',
    ]) {
      const query = analyzeQuery(text);
      const all = reference.search(query.terms.join(' '), {
        tokenize: (s) => s.split(' '),
        combineWith: 'OR',
        boost: SEARCH_BOOST,
        prefix: (term) => query.prefix.includes(term),
        fuzzy: (term) => (query.fuzzy.includes(term) ? 1 : false),
        weights: { fuzzy: 0.2, prefix: 0.5 },
        filter: (r) => query.required.every((t) => r.queryTerms.includes(t)),
      });
      expect(all.length, text).toBeGreaterThan(5);
      // The dialog's final step, on the reference's top results: the heading-phrase boost (a page intro's heading is its title).
      const phrase = text.toLowerCase().replace(/\s+/g, '');
      for (const limit of [5, 100]) {
        const expected = all
          .slice(0, limit)
          .map((r) => ({
            id: r.id as number,
            score:
              r.score *
              (phrase.length > 1 &&
              (docs[r.id]!.heading || docs[r.id]!.title).toLowerCase().replace(/\s+/g, '').includes(phrase)
                ? 1.5
                : 1),
          }))
          .sort((a, b) => b.score - a.score);
        const hits = await engine.search(text, limit);
        expect(
          hits.map((hit) => hit.id),
          `${text} (${limit})`,
        ).toEqual(expected.map((r) => r.id));
        hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 10));
      }
    }
  });

  it('finds a term by prefix when its extensions span several partitions', async () => {
    const identifiers = Array.from({ length: 40 }, (_, i) => `sharecookie${String.fromCharCode(97 + (i % 26))}${i}`);
    const wide: SearchSourceRoute[] = identifiers.map((id, i) =>
      docSource(`/docs/w${i}`, `識別子${i}`, page(h('p', {}, `${id} を使います。`))),
    );
    const { outDir, manifest, engine } = await build(wide, { partitionBytes: 120 });
    const spanning = manifest.partitions.starts.filter((s) => s.startsWith('sharecookie'));
    expect(spanning.length).toBeGreaterThan(3); // the prefix's terms really are spread over partitions
    const hits = await engine.search('sharecoo', 100);
    expect(new Set(hits.map((h) => h.url))).toEqual(new Set(wide.map((r) => r.path)));
    // An exact query, on a fresh engine, loads only the partitions holding its terms.
    const fresh = builtSearchEngine(outDir, '/base/');
    expect((await fresh.engine.search('識別子10'))[0]!.url).toBe('/docs/w10');
    const partitionsFetched = fresh.fetched.filter((u) => u.includes('/terms-')).length;
    expect(partitionsFetched).toBeGreaterThan(0);
    expect(partitionsFetched).toBeLessThanOrEqual(4); // one per term: 識別, 別子, 子, 識別子, 10 (some share one)
    expect(manifest.partitions.starts.length).toBeGreaterThan(12);
  });

  it('tokenizes only changed pages on the next build (token cache), with the same output; force ignores the cache', async () => {
    const cacheDir = tempDir();
    const first = await build(routes, { cacheDir });
    expect(first.result.cache).toEqual({ hits: 0, pages: 6 });
    const second = await build(routes, { cacheDir });
    expect(second.result.cache).toEqual({ hits: 6, pages: 6 });
    expect(second.result.manifestUrl).toBe(first.result.manifestUrl); // content-hashed: byte-identical index
    const changed = routes.map((r, i) => (i === 2 ? { ...r, title: '変更したページ' } : r));
    const third = await build(changed, { cacheDir });
    expect(third.result.cache).toEqual({ hits: 5, pages: 6 });
    expect((await third.engine.search('変更'))[0]!.url).toBe('/docs/p2');
    const forced = await build(routes, { cacheDir, force: true });
    expect(forced.result.cache.hits).toBe(0);
    expect(forced.result.manifestUrl).toBe(first.result.manifestUrl);
  });
});
