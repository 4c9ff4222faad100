/**
 * The search token cache (issue #8, issue #9): a page whose search documents are unchanged is not tokenized
 * again. The key covers everything the tokenization depends on: the text of the page's documents (title,
 * heading, body, keywords of each section), docgen's code, dependencies and version (the engine fingerprint,
 * which includes the tokenizer), the search format version, and Node's ICU version (Intl.Segmenter's word
 * boundaries come from ICU). Stored under `<docgen>/node_modules/.cache/docgen/search/`, like the compiled-page
 * cache; `--force` bypasses it (entries are still written for the next build).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_FIELDS, SEARCH_FORMAT_VERSION, type SearchDocument } from '../../shared/search-format.js';
import { docgenRoot } from '../paths.js';
import type { PageTerms } from './index-builder.js';

export interface TokenCache {
  /** Key of one page's tokenization. */
  key(docs: Pick<SearchDocument, (typeof SEARCH_FIELDS)[number]>[]): string;
  /** The cached tokenization, or null (missing, unreadable, or the cache is disabled). */
  get(key: string): Promise<PageTerms | null>;
  /** Stores a tokenization; write errors are ignored (the cache is an optimisation). */
  set(key: string, page: PageTerms): Promise<void>;
}

/**
 * @param options.engine engine fingerprint (docgen's code, lockfile and version)
 * @param options.enabled false under --force: every get misses
 * @param options.dir cache folder (default `<docgen>/node_modules/.cache/docgen/search`)
 */
export function createTokenCache(options: { engine: string; enabled: boolean; dir?: string }): TokenCache {
  const dir = options.dir ?? path.join(docgenRoot(), 'node_modules', '.cache', 'docgen', 'search');
  const prefix = `${options.engine}\0${SEARCH_FORMAT_VERSION}\0${process.versions.icu ?? ''}\0`;
  const file = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);
  const made = new Set<string>();
  return {
    key(docs) {
      const hash = createHash('sha256').update(prefix);
      // Each text is preceded by its length, so no two different pages hash the same input.
      for (const doc of docs) for (const field of SEARCH_FIELDS) hash.update(`${doc[field].length}:`).update(doc[field]);
      return hash.digest('hex');
    },
    async get(key) {
      if (!options.enabled) return null;
      try {
        const page = JSON.parse(await readFile(file(key), 'utf8')) as PageTerms;
        return Array.isArray(page.terms) && Array.isArray(page.docs) ? page : null;
      } catch {
        return null;
      }
    },
    async set(key, page) {
      try {
        const folder = path.dirname(file(key));
        if (!made.has(folder)) {
          await mkdir(folder, { recursive: true });
          made.add(folder);
        }
        await writeFile(file(key), JSON.stringify(page));
      } catch {
        // A read-only or full disk makes the next build slower, not wrong.
      }
    },
  };
}
