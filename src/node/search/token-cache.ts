/**
 * The search token cache: a page whose search documents are unchanged is not tokenized
 * again. Entries are keyed by a hash of the page's documents (title, heading, body, keywords of each section);
 * the cache as a whole is bound to docgen's code, dependencies and version (the engine fingerprint, which
 * includes the tokenizer), the search format version and Node's ICU version (Intl.Segmenter's word boundaries
 * come from ICU): any change to those and it is ignored. `--force` ignores it too (it is still written).
 *
 * One file per site (its content folder) under `<docgen>/node_modules/.cache/docgen/search/`: a header, the term
 * dictionary, then one line per page with its term ids and frequencies as varints (search-codec.ts). One file,
 * not one per page: at 10,000 pages, writing and reading 10,000 small files cost seconds. It holds the pages of
 * the last build only, so it does not grow with edits; it is replaced atomically.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CodeBuffer, decodeVarints } from '../../shared/search-codec.js';
import { SEARCH_FIELDS, SEARCH_FORMAT_VERSION, type SearchDocument } from '../../shared/search-format.js';
import { readCacheFile, writeCacheFile } from '../cache/atomic-file.js';
import { cacheScopeId } from '../cache/json-store.js';
import { cacheRoot } from '../paths.js';
import type { PageTerms } from './index-builder.js';

export interface TokenCache {
  /** The stored dictionary: the build numbers these terms first, in order, so stored entries stay valid. */
  readonly terms: readonly string[];
  /** Key of one page's tokenization. */
  key(docs: Pick<SearchDocument, (typeof SEARCH_FIELDS)[number]>[]): string;
  /** The stored tokenization of a page, or null; a page read is kept for the next build. */
  get(key: string): PageTerms | null;
  /** Records a page tokenized by this build. */
  set(key: string, page: PageTerms): void;
  /**
   * Writes the pages read or recorded by this build; write errors are ignored (the cache is an optimisation).
   * @param terms the build's dictionary (the stored one, extended)
   * @param used how many of them have postings: far fewer, and the dictionary is compacted
   */
  save(terms: readonly string[], used: number): Promise<void>;
}

/**
 * Loads the token cache of a site.
 * @param options.engine engine fingerprint (docgen's code, lockfile and version)
 * @param options.scope what the cache belongs to (the site's content folder)
 * @param options.enabled false under --force: nothing is read
 * @param options.dir cache folder (default `<docgen>/node_modules/.cache/docgen/search`)
 */
export async function loadTokenCache(options: {
  engine: string;
  scope: string;
  enabled: boolean;
  dir?: string;
}): Promise<TokenCache> {
  const dir = options.dir ?? path.join(cacheRoot(), 'search');
  const file = path.join(dir, `${cacheScopeId(options.scope)}.tokens`);
  // The scope names the site's content folder, so that pruneTokenCaches can tell a site that is gone.
  const header = JSON.stringify({
    format: SEARCH_FORMAT_VERSION,
    engine: options.engine,
    icu: process.versions.icu ?? '',
    scope: options.scope,
  });
  const stored = options.enabled ? await readPack(file, header) : null;
  const terms = stored?.terms ?? [];
  const lines = stored?.lines ?? new Map<string, string>();
  const kept = new Map<string, string>();
  return {
    terms,
    key(docs) {
      // Each text is preceded by its length, so no two different pages hash the same input.
      let input = '';
      for (const doc of docs) for (const field of SEARCH_FIELDS) input += `${doc[field].length}:${doc[field]}`;
      return createHash('sha256').update(input).digest('base64url').slice(0, 22);
    },
    get(key) {
      const line = lines.get(key);
      if (line === undefined) return null;
      try {
        const page = decodePage(line, terms.length);
        kept.set(key, line);
        return page;
      } catch {
        return null;
      }
    },
    set(key, page) {
      kept.set(key, encodePage(page));
    },
    async save(all, used) {
      let dictionary = all;
      let entries = kept;
      // Terms of pages gone since the dictionary was first written still hold ids: renumber when they dominate.
      if (all.length > 2 * used + 1000) ({ dictionary, entries } = compact(all, kept));
      const body = [header, dictionary.join(' '), ...[...entries].map(([key, line]) => `${key} ${line}`)].join('\n');
      await writeCacheFile(file, body); // a read-only or full disk makes the next build slower, not wrong
    },
  };
}

/**
 * Removes the token caches of sites whose content folder no longer exists (temporary sites of tests and
 * benchmarks: a 10,000-page corpus leaves 36 MB). Files of earlier versions, which do not name their site, stay.
 * Failures are ignored (the cache is an optimisation).
 * @param dir cache folder (default `<docgen>/node_modules/.cache/docgen/search`)
 */
export function pruneTokenCaches(dir = path.join(cacheRoot(), 'search')): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.tokens'));
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const head = Buffer.alloc(4096);
      const fd = openSync(file, 'r');
      const length = readSync(fd, head, 0, head.length, 0);
      closeSync(fd);
      const sealed = head.toString('utf8', 0, length);
      const text = sealed.slice(sealed.indexOf('\n') + 1); // after the seal line (cache/atomic-file.ts)
      const { scope } = JSON.parse(text.slice(0, text.indexOf('\n'))) as { scope?: unknown };
      if (typeof scope === 'string' && !existsSync(scope)) rmSync(file, { force: true });
    } catch {
      // being written, damaged, or a header longer than 4 KB: left alone
    }
  }
}

/** Reads a cache file written with the same header; null when missing, foreign or stale. */
async function readPack(file: string, header: string): Promise<{ terms: string[]; lines: Map<string, string> } | null> {
  const body = await readCacheFile(file); // null when missing or damaged (its seal does not match)
  if (body === null) return null;
  const lines = body.toString('utf8').split('\n');
  if (lines[0] !== header || lines.length < 2) return null;
  const terms = lines[1] ? lines[1].split(' ') : [];
  const entries = new Map<string, string>();
  for (let i = 2; i < lines.length; i++) {
    const space = lines[i]!.indexOf(' ');
    if (space > 0) entries.set(lines[i]!.slice(0, space), lines[i]!.slice(space + 1));
  }
  return { terms, lines: entries };
}

/** A page as varints: the document count, then per document and field the pair count and the pairs. */
export function encodePage(page: PageTerms): string {
  const out = new CodeBuffer();
  out.pushVarint(page.length);
  for (const fields of page) {
    for (const pairs of fields) {
      out.pushVarint(pairs.length / 2);
      for (const v of pairs) out.pushVarint(v);
    }
  }
  return out.toString();
}

/**
 * Reads `encodePage` output.
 * @param terms size of the dictionary the ids refer to
 * @throws Error on a malformed entry (the caller treats it as a miss)
 */
export function decodePage(text: string, terms: number): PageTerms {
  const values = decodeVarints(text);
  let at = 0;
  const page: PageTerms = [];
  const documents = values[at++] ?? 0;
  for (let d = 0; d < documents; d++) {
    const fields: number[][] = [];
    for (let f = 0; f < SEARCH_FIELDS.length; f++) {
      const count = values[at++] ?? NaN;
      const pairs = values.slice(at, at + count * 2);
      for (let i = 0; i < pairs.length; i += 2)
        if (pairs[i]! >= terms) throw new Error('search token cache: term id outside the dictionary');
      fields.push(pairs);
      at += count * 2;
    }
    page.push(fields);
  }
  if (at !== values.length) throw new Error('search token cache: malformed entry');
  return page;
}

/** Renumbers the entries with only the terms they use. */
function compact(
  terms: readonly string[],
  entries: Map<string, string>,
): { dictionary: string[]; entries: Map<string, string> } {
  const pages = new Map([...entries].map(([key, line]) => [key, decodePage(line, terms.length)]));
  const renumber = new Int32Array(terms.length).fill(-1);
  const dictionary: string[] = [];
  for (const page of pages.values()) {
    for (const fields of page) {
      for (const pairs of fields) {
        for (let i = 0; i < pairs.length; i += 2) {
          const id = pairs[i]!;
          if (renumber[id] === -1) {
            renumber[id] = dictionary.length;
            dictionary.push(terms[id]!);
          }
          pairs[i] = renumber[id]!;
        }
      }
    }
  }
  return { dictionary, entries: new Map([...pages].map(([key, page]) => [key, encodePage(page)])) };
}
