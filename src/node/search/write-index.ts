/**
 * The build stage that writes the search index: documents from every compiled route, MiniSearch shards cut at
 * page boundaries under a byte budget, text shards for snippets, and a small manifest, all content-hashed
 * under `assets/search/` (format: src/shared/search-format.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'hast';
import MiniSearch from 'minisearch';
import { SEARCH_FORMAT_VERSION, searchIndexOptions, type SearchDocument, type SearchManifest, type SearchShardInfo } from '../../shared/search-format.js';
import { withBase } from '../../shared/urls.js';
import { gzipSize } from '../report.js';
import { apiDocuments, pageDocuments } from './extract.js';

/** The parts of a compiled route this stage reads (build.ts CompiledRoute). */
export interface SearchSourceRoute {
  route: { path: string; api?: { model: unknown } };
  data: { title: string; kind: string; content: Root | null };
}

export interface SearchIndexResult {
  /** URL (with base) of the manifest, for SiteData.searchManifest. */
  manifestUrl: string;
  documents: number;
  /** Every file written: output-relative path, raw and gzip bytes. */
  files: { file: string; bytes: number; gzip: number }[];
}

/** Default text budget of one shard (UTF-8 bytes of section text); the index shard is about 1.5x that, gzip ~0.3x. */
export const DEFAULT_SHARD_TEXT_BYTES = 256 * 1024;

/**
 * Collects the documents of every route, in route order.
 * @returns documents with ids 0..n-1
 */
export function collectSearchDocuments(routes: SearchSourceRoute[]): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const { route, data } of routes) {
    if (route.api) docs.push(...apiDocuments({ path: route.path, title: data.title, model: route.api.model }, docs.length));
    else if (data.kind === 'doc' || data.kind === 'home') docs.push(...pageDocuments({ path: route.path, title: data.title, content: data.content, kind: 'doc' }, docs.length));
  }
  return docs;
}

/**
 * Groups documents into shards of about `budget` bytes of text, never splitting a page.
 * @returns consecutive slices of `docs`
 */
export function shardDocuments(docs: SearchDocument[], budget = DEFAULT_SHARD_TEXT_BYTES): SearchDocument[][] {
  const shards: SearchDocument[][] = [];
  let current: SearchDocument[] = [];
  let bytes = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const page = doc.url.split('#')[0];
    const newPage = i === 0 || docs[i - 1]!.url.split('#')[0] !== page;
    if (newPage && current.length > 0 && bytes >= budget) {
      shards.push(current);
      current = [];
      bytes = 0;
    }
    current.push(doc);
    bytes += Buffer.byteLength(doc.body) + Buffer.byteLength(doc.heading) + 64;
  }
  if (current.length > 0) shards.push(current);
  return shards;
}

/** Builds one MiniSearch index over the documents (the browser loads it with the same options). */
export function createShardIndex(docs: SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(searchIndexOptions);
  index.addAll(docs);
  return index;
}

/**
 * Writes shards and manifest into `<outDir>/assets/search/`.
 * @param options.outDir the staging folder of the build
 * @param options.baseUrl base URL prefixed to the URLs in the manifest
 * @param options.routes compiled routes (Markdown pages with their hast, API routes with their model)
 * @param options.shardTextBytes text budget per shard (default 256 KiB)
 */
export async function writeSearchIndex(options: { outDir: string; baseUrl: string; routes: SearchSourceRoute[]; shardTextBytes?: number }): Promise<SearchIndexResult> {
  const docs = collectSearchDocuments(options.routes);
  const dir = path.join(options.outDir, 'assets', 'search');
  await mkdir(dir, { recursive: true });
  const files: SearchIndexResult['files'] = [];
  const write = async (name: string, content: string): Promise<{ url: string; bytes: number }> => {
    const file = `assets/search/${name}.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.json`;
    await writeFile(path.join(options.outDir, file), content);
    const bytes = Buffer.byteLength(content);
    files.push({ file, bytes, gzip: gzipSize(content) });
    return { url: withBase(options.baseUrl, '/' + file), bytes };
  };
  const shards: SearchShardInfo[] = [];
  for (const [n, slice] of shardDocuments(docs, options.shardTextBytes).entries()) {
    const index = await write(`index-${n}`, JSON.stringify(createShardIndex(slice)));
    const text = await write(`text-${n}`, JSON.stringify(slice.map((d) => d.body)));
    shards.push({ index: index.url, text: text.url, first: slice[0]!.id, documents: slice.length, bytes: index.bytes });
  }
  const manifest: SearchManifest = { version: SEARCH_FORMAT_VERSION, documents: docs.length, shards };
  const { url } = await write('manifest', JSON.stringify(manifest));
  return { manifestUrl: url, documents: docs.length, files };
}

/**
 * One line for the build report: documents, shards, total raw and gzip bytes, and the largest file a reader
 * downloads.
 */
export function searchIndexSummary(result: SearchIndexResult): string {
  const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;
  const raw = result.files.reduce((s, f) => s + f.bytes, 0);
  const gzip = result.files.reduce((s, f) => s + f.gzip, 0);
  const largest = result.files.reduce((m, f) => (f.gzip > m.gzip ? f : m), result.files[0]!);
  const shards = result.files.filter((f) => f.file.includes('/index-')).length;
  return `search index: ${result.documents} documents in ${shards} shards, ${kb(raw)} raw │ gzip: ${kb(gzip)} (largest file ${largest.file} ${kb(largest.gzip)} gzip)`;
}
