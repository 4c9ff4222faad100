/**
 * The search engine in the browser: loads the manifest and the MiniSearch shards (only once search is first
 * opened: this module is reached by dynamic import only), queries every loaded shard with the shared tokenizer,
 * and fetches a shard's section texts only when one of its results is shown.
 */
import MiniSearch from 'minisearch';
import { SEARCH_FORMAT_VERSION, searchIndexOptions, type SearchManifest } from '../../shared/search-format.js';
import { queryShards, type SearchHit } from './query.js';

export type { SearchHit };

export interface SearchEngine {
  /** Results over the shards loaded so far, best first. */
  search(query: string, limit?: number): SearchHit[];
  /** Section text of a hit (loads its text shard once). */
  text(hit: SearchHit): Promise<string>;
  /** Shards loaded / total (total is 0 until the manifest arrived). */
  progress(): { loaded: number; total: number };
  /** Calls `listener` whenever a shard has loaded or loading failed; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Resolves when every shard has loaded; rejects when the manifest or a shard failed. */
  ready: Promise<void>;
}

/** Shards downloaded at once: enough to fill the pipe, few enough to let the first ones answer early. */
const CONCURRENCY = 4;

/**
 * Starts loading the index behind `manifestUrl` and returns the engine at once (searchable as shards arrive).
 * @param manifestUrl SiteData.searchManifest
 */
export function createSearchEngine(manifestUrl: string): SearchEngine {
  const shards: (MiniSearch | undefined)[] = [];
  const texts = new Map<number, Promise<string[]>>();
  const listeners = new Set<() => void>();
  let manifest: SearchManifest | null = null;
  let loaded = 0;
  const notify = () => listeners.forEach((l) => l());

  const ready = (async () => {
    manifest = (await fetchJsonText(manifestUrl).then(JSON.parse)) as SearchManifest;
    if (manifest.version !== SEARCH_FORMAT_VERSION) throw new Error(`search manifest version ${manifest.version}, expected ${SEARCH_FORMAT_VERSION}`);
    notify();
    let next = 0;
    const worker = async () => {
      while (next < manifest!.shards.length) {
        const n = next++;
        const json = await fetchJsonText(manifest!.shards[n]!.index);
        shards[n] = MiniSearch.loadJSON(json, searchIndexOptions);
        loaded++;
        notify();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, manifest.shards.length) }, worker));
  })();
  ready.catch(notify);

  return {
    ready,
    progress: () => ({ loaded, total: manifest?.shards.length ?? 0 }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    search: (query, limit) => queryShards(shards, query, limit),
    text(hit) {
      const info = manifest?.shards[hit.shard];
      if (!info) return Promise.resolve('');
      let pending = texts.get(hit.shard);
      if (!pending) {
        pending = fetchJsonText(info.text).then((t) => JSON.parse(t) as string[]);
        pending.catch(() => texts.delete(hit.shard));
        texts.set(hit.shard, pending);
      }
      return pending.then((all) => all[hit.id - info.first] ?? '');
    },
  };
}

async function fetchJsonText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}
