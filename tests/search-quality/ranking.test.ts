/**
 * Search quality over the real site (issue: Japanese full-text search, "Measured"): the site is built once into a
 * temp folder and queried with the browser's search engine, its files read from disk instead of fetched (term
 * partitions, field lengths and document chunks exactly as the browser loads them); each query's first result
 * must be on the page a reader expects. When the real site does not build, the suite fails with the build output (a
 * suite that cannot build its input must not pass by skipping).
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
const buildOutput = `${build.stdout}\n${build.stderr}`;
let engine: ReturnType<typeof builtSearchEngine>['engine'] | undefined;

/** The search engine over the built site; throws (failing the query's test) when the site did not build. */
function searchEngine() {
  if (build.status !== 0) throw new Error(`the real site does not build (exit ${build.status}):\n${buildOutput}`);
  engine ??= builtSearchEngine(outDir).engine;
  return engine;
}

describe('search ranking over the real site', () => {
  afterAll(() => removeDir(outDir));

  it('builds the real site', () => expect(build.status, buildOutput).toBe(0));

  it(`has at least 60 cases`, () => expect(QUALITY_CASES.length).toBeGreaterThanOrEqual(60));

  it.each([...QUALITY_CASES, ...DEFINITION_CASES])('$query -> $page', async ({ query, page, anchor }) => {
    const hits = await searchEngine().search(query, 5);
    const top = hits.map((h) => decodeURIComponent(h.url)).slice(0, 3);
    const [first, hash] = (top[0] ?? '').split('#');
    expect([page].flat(), `top results: ${top.join(', ')}`).toContain(first);
    if (anchor) expect(hash, `top results: ${top.join(', ')}`).toBe(anchor);
  });
});
