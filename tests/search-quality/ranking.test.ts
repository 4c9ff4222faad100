/**
 * Search quality over the real site (issue: Japanese full-text search, "Measured"): the site is built once into a
 * temp folder and queried with the browser's search engine, its files read from disk instead of fetched (term
 * partitions, field lengths and document chunks exactly as the browser loads them); each query's first result
 * must be on the page a reader expects. Skipped, with the build output, while the real site does not build.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtSearchEngine } from '../helpers/search-index.js';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';
import { DEFINITION_CASES, QUALITY_CASES } from './queries.js';

const outDir = mkdtempSync(path.join(tmpdir(), 'docgen-search-quality-'));
const build = runDocgen(['build', '--out-dir', outDir], repoRoot);
if (build.status !== 0) console.warn(`search quality: skipped, the real site does not build yet:\n${build.stdout}\n${build.stderr}`);

describe.skipIf(build.status !== 0)('search ranking over the real site', () => {
  const engine = build.status === 0 ? builtSearchEngine(outDir).engine : null;
  afterAll(() => removeDir(outDir));

  it(`has at least 60 cases`, () => expect(QUALITY_CASES.length).toBeGreaterThanOrEqual(60));

  it.each([...QUALITY_CASES, ...DEFINITION_CASES])('$query -> $page', async ({ query, page, anchor }) => {
    const hits = await engine!.search(query, 5);
    const top = hits.map((h) => decodeURIComponent(h.url)).slice(0, 3);
    const [first, hash] = (top[0] ?? '').split('#');
    expect([page].flat(), `top results: ${top.join(', ')}`).toContain(first);
    if (anchor) expect(hash, `top results: ${top.join(', ')}`).toBe(anchor);
  });
});
