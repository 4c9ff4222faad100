/**
 * The search token cache (issue #8, issue #9): a page whose search documents are unchanged is not tokenized
 * again. The key covers everything the tokenization depends on: the text of the page's documents (title,
 * heading, body, keywords of each section), docgen's code, dependencies and version (the engine fingerprint,
 * which includes the tokenizer), the search format version, and Node's ICU version (Intl.Segmenter's word
 * boundaries come from ICU). Stored under `<docgen>/node_modules/.cache/docgen/search/`, like the compiled-page
 * cache, one small file per page; `--force` bypasses it (entries are still written for the next build).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodeBuffer, decodeVarints } from '../../shared/search-codec.js';
import { SEARCH_FIELDS, SEARCH_FORMAT_VERSION, type SearchDocument } from '../../shared/search-format.js';
import { docgenRoot } from '../paths.js';
import type { PageTerms } from './index-builder.js';

export interface TokenCache {
  /** Key of one page's tokenization. */
  key(docs: Pick<SearchDocument, (typeof SEARCH_FIELDS)[number]>[]): string;
  /**
   * The keys stored (one directory listing per key prefix: a cold build then reads no missing file).
   * Empty when the cache is disabled.
   */
  keys(): Promise<Set<string>>;
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
      // Each text is preceded by its length, so no two different pages hash the same input; one update per
      // page (hashing field by field cost seconds on a 10,000-page site).
      let input = prefix;
      for (const doc of docs) for (const field of SEARCH_FIELDS) input += `${doc[field].length}:${doc[field]}`;
      return createHash('sha256').update(input).digest('hex');
    },
    async keys() {
      const found = new Set<string>();
      if (!options.enabled) return found;
      const folders = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        folders.map(async (folder) => {
          for (const name of await readdir(path.join(dir, folder)).catch(() => [] as string[])) if (name.endsWith('.json')) found.add(name.slice(0, -5));
        }),
      );
      return found;
    },
    async get(key) {
      if (!options.enabled) return null;
      try {
        return parsePageTerms(await readFile(file(key), 'utf8'));
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
        await writeFile(file(key), serializePageTerms(page));
      } catch {
        // A read-only or full disk makes the next build slower, not wrong.
      }
    },
  };
}

/**
 * A page's tokenization as a small JSON text: its terms joined by spaces (tokens never hold whitespace), and one
 * varint string (search-codec.ts) of, per document and field, the pair count then the pairs.
 */
export function serializePageTerms(page: PageTerms): string {
  const values = new CodeBuffer();
  values.pushVarint(page.docs.length);
  for (const fields of page.docs) {
    for (const pairs of fields) {
      values.pushVarint(pairs.length / 2);
      for (const v of pairs) values.pushVarint(v);
    }
  }
  return JSON.stringify({ terms: page.terms.join(' '), pairs: values.toString() });
}

/**
 * Reads `serializePageTerms` output.
 * @throws Error on a malformed entry (the caller treats it as a miss)
 */
export function parsePageTerms(text: string): PageTerms {
  const raw = JSON.parse(text) as { terms: string; pairs: string };
  const terms = raw.terms ? raw.terms.split(' ') : [];
  const values = decodeVarints(raw.pairs);
  let at = 0;
  const docs: number[][][] = [];
  const documents = values[at++]!;
  for (let d = 0; d < documents; d++) {
    const fields: number[][] = [];
    for (let f = 0; f < SEARCH_FIELDS.length; f++) {
      const count = values[at++]!;
      fields.push(values.slice(at, at + count * 2));
      at += count * 2;
    }
    docs.push(fields);
  }
  if (at !== values.length || docs.some((fields) => fields.some((pairs) => pairs.some((v, i) => i % 2 === 0 && v >= terms.length)))) {
    throw new Error('search token cache: malformed entry');
  }
  return { terms, docs };
}
