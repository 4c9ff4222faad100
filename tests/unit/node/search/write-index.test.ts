import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Root } from 'hast';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { queryShards } from '../../../../src/client/search/query.js';
import { apiDocuments, pageSections } from '../../../../src/node/search/extract.js';
import { collectSearchDocuments, shardDocuments, writeSearchIndex } from '../../../../src/node/search/write-index.js';
import { searchIndexOptions, type SearchManifest } from '../../../../src/shared/search-format.js';

type Child = string | Root['children'][number] | { type: 'element'; tagName: string; properties: Record<string, unknown>; children: unknown[] };
const h = (tagName: string, properties: Record<string, unknown>, ...children: Child[]): Root['children'][number] => ({
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
});

describe('apiDocuments', () => {
  it('indexes operations from tags, with schema field names, reading optional fields defensively', () => {
    const model = {
      tags: [{ operations: [
        { id: 'createZone', method: 'post', path: '/zones', summary: 'ゾーンを作成', descriptionHtml: '<p>ゾーンを<strong>作成</strong>します。</p>', tag: 'zones',
          requestBody: { contents: [{ schema: { refName: 'Zone' } }] } },
        { id: 'bare', method: 'get', path: '/bare' },
        { method: 'get' },
      ] }],
      schemas: [{ name: 'Zone', schema: { properties: [{ name: 'dnsName' }, { name: 'rrsets', schema: { items: { properties: [{ name: 'changetype' }] } } }] } }],
    };
    const docs = apiDocuments({ path: '/api/zone', title: 'ゾーン API', model }, 10);
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ id: 10, heading: 'ゾーンを作成', url: '/api/zone#createZone', kind: 'api', method: 'POST', keywords: 'createZone POST /zones zones' });
    expect(docs[0]!.body).toContain('ゾーンを 作成 します。');
    expect(docs[0]!.body).toContain('dnsName rrsets changetype');
    expect(docs[1]).toMatchObject({ heading: 'GET /bare', url: '/api/zone#bare' });
  });
});

describe('writeSearchIndex', () => {
  const routes = Array.from({ length: 6 }, (_, i) => ({ route: { path: `/docs/p${i}` }, data: { title: `ページ${i}`, kind: 'doc', content } }));

  it('cuts shards at page boundaries under the byte budget', () => {
    const docs = collectSearchDocuments(routes);
    expect(docs).toHaveLength(18);
    const shards = shardDocuments(docs, 200);
    expect(shards.length).toBeGreaterThan(1);
    for (const shard of shards) expect(new Set(shard.map((d) => d.url.split('#')[0])).size).toBeGreaterThanOrEqual(1);
    expect(shards.flat()).toEqual(docs);
    for (const shard of shards.slice(1)) expect(shard[0]!.heading).toBe(''); // each shard starts with a page intro
  });

  it('writes hashed shards and a manifest the browser query reads back', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'docgen-search-'));
    const result = await writeSearchIndex({ outDir, baseUrl: '/base/', routes, shardTextBytes: 200 });
    expect(result.manifestUrl).toMatch(/^\/base\/assets\/search\/manifest\.[0-9a-f]{10}\.json$/);
    const files = readdirSync(path.join(outDir, 'assets/search'));
    expect(files.every((f) => /^(manifest|index-\d+|text-\d+)\.[0-9a-f]{10}\.json$/.test(f))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(outDir, result.manifestUrl.replace('/base/', '')), 'utf8')) as SearchManifest;
    const shards = manifest.shards.map((s) => MiniSearch.loadJSON(readFileSync(path.join(outDir, s.index.replace('/base/', '')), 'utf8'), searchIndexOptions));
    const hits = queryShards(shards, 'sharecookie');
    expect(hits[0]).toMatchObject({ url: '/docs/p0#share-cookie', heading: 'Cookie の共有（shareCookie）' });
    expect(queryShards(shards, '有効期限')[0]!.url).toBe('/docs/p0#デバイス-id');
    const texts = JSON.parse(readFileSync(path.join(outDir, manifest.shards[0]!.text.replace('/base/', '')), 'utf8')) as string[];
    expect(texts[1]).toBe('type\nstring');
    rmSync(outDir, { recursive: true, force: true });
  });
});
