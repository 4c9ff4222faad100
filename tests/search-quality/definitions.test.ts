/**
 * Definition ranking over the real site, with a query set the site generates itself (no hand-picked cases):
 * every section heading, every field-table term (first cells and identifier cells), every API parameter and schema
 * property, as indexed, becomes a query typed as it is written; its expected places are all the documents that
 * define that term (a section titled by it or a term row or API term named by it, compared as the search compares
 * headings: NFKC, case, spaces, hyphens, code marks aside). A term defined in several places (the same heading on
 * several pages, a field in the specification and in the API reference) counts as found at any of them.
 * Precision at 1 and 3 are printed and held to floors.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChunkRow } from '../../src/shared/search-format.js';
import { builtSearchEngine } from '../helpers/search-index.js';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';

/** Floors of precision at 1 and 3 over the generated queries. */
const FLOOR = { at1: 0.9, at3: 0.98 };

const outDir = mkdtempSync(path.join(tmpdir(), 'docgen-search-definitions-'));
const build = runDocgen(['build', '--out-dir', outDir], repoRoot);

/** The key a heading and a query are compared by (as src/client/search/query.ts headingKey). */
const key = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s`-]|\[\]/g, '');

/** Every defining document of the built index, as [query, its expected URLs]. */
function generatedQueries(dir: string): Map<string, { query: string; urls: Set<string> }> {
  const searchDir = path.join(dir, 'assets/search');
  const rows = readdirSync(searchDir)
    .filter((f) => f.startsWith('docs-'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(searchDir, f), 'utf8')) as ChunkRow[]);
  const queries = new Map<string, { query: string; urls: Set<string> }>();
  for (const [, heading, url, kind] of rows) {
    if (!heading || kind === 'api' || kind === 'entry') continue;
    const leaf = kind === 'term' ? heading.slice(heading.lastIndexOf('.') + 1).replace(/^\[\]/, '') : heading;
    const k = key(leaf);
    if (k.length < 2) continue;
    const entry = queries.get(k) ?? { query: leaf, urls: new Set<string>() };
    entry.urls.add(url);
    queries.set(k, entry);
  }
  return queries;
}

describe('definition ranking over generated queries', () => {
  afterAll(() => removeDir(outDir));

  it('builds the site', () => expect(build.status, build.stderr).toBe(0));

  it(`puts a defining place first (P@1 >= ${FLOOR.at1}) and in the top 3 (P@3 >= ${FLOOR.at3})`, async () => {
    const engine = builtSearchEngine(outDir).engine;
    const queries = [...generatedQueries(outDir).values()];
    expect(queries.length).toBeGreaterThan(300);
    let at1 = 0;
    let at3 = 0;
    const misses: string[] = [];
    for (const { query, urls } of queries) {
      const top = (await engine.search(query, 3)).map((h) => h.url);
      if (urls.has(top[0] ?? '')) at1++;
      else
        misses.push(
          `${query}: ${top.map((u) => decodeURIComponent(u)).join(', ')} (expected ${[...urls].map((u) => decodeURIComponent(u)).join(' | ')})`,
        );
      if (top.some((u) => urls.has(u))) at3++;
    }
    const p1 = at1 / queries.length;
    const p3 = at3 / queries.length;
    console.log(
      `definition queries: ${queries.length}, P@1 ${p1.toFixed(3)}, P@3 ${p3.toFixed(3)}\n${misses.slice(0, 40).join('\n')}`,
    );
    expect(p1, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR.at1);
    expect(p3).toBeGreaterThanOrEqual(FLOOR.at3);
  });
});
