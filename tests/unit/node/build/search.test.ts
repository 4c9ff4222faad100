/**
 * The search stage's patch (build/search.ts patchSearch): an incremental build patches the last index only when each
 * recompiled route keeps its number of search documents, counted as the full build's index counts them
 * (searchSource + routeDocuments); otherwise it names the page, and the build builds every page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patchSearch, searchSource } from '../../../../src/node/build/search.js';
import type { BuiltRoute } from '../../../../src/node/build/types.js';
import type { CompiledPageMeta } from '../../../../src/node/pool/compile-pages.js';
import { routeDocuments } from '../../../../src/node/search/write-index.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-search-stage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A compiled doc page with these search sections (front matter `unlisted` when asked). */
function page(sections: CompiledPageMeta['sections'], unlisted = false): BuiltRoute {
  const file = path.join(root, 'content/docs/a.md');
  const route = {
    path: '/docs/a',
    kind: 'doc' as const,
    title: 'A',
    sidebar: null,
    page: { file, relPath: 'docs/a.md', source: '', frontMatter: unlisted ? { unlisted: true } : {} },
  } as unknown as BuiltRoute['route'];
  const meta = { path: '/docs/a', title: 'A', sections } as CompiledPageMeta;
  const data = { path: '/docs/a', kind: 'doc', title: 'A', description: '', content: null, toc: [], extra: null };
  return { route, data, ids: [], links: [], meta } as unknown as BuiltRoute;
}

const intro = { heading: '', anchor: '', text: 'はじめに' };
const usage = { heading: '使い方', anchor: 'usage', text: '手順' };
const index = { manifest: {} as never, fieldLengths: [] };

describe('patchSearch', () => {
  it('counts a page as the full index does: one document per section, none when unlisted', () => {
    expect(routeDocuments(searchSource(page([intro, usage])), 4).map((doc) => doc.id)).toEqual([4, 5]);
    expect(routeDocuments(searchSource(page([intro, usage], true)), 0)).toEqual([]);
  });

  it('declines, naming the page, when a section was added', async () => {
    const result = await patchSearch({
      outDir: path.join(root, 'dist'),
      staging: path.join(root, 'staging'),
      index,
      routes: [{ built: page([intro, usage]), search: { first: 0, count: 1 } }],
      root,
    });
    expect(result).toEqual({ reason: `the sections of ${path.join('content', 'docs', 'a.md')} changed` });
  });

  it('declines when a page that had documents is now unlisted', async () => {
    const result = await patchSearch({
      outDir: path.join(root, 'dist'),
      staging: path.join(root, 'staging'),
      index,
      routes: [{ built: page([intro], true), search: { first: 0, count: 1 } }],
      root,
    });
    expect(result).toHaveProperty('reason', `the sections of ${path.join('content', 'docs', 'a.md')} changed`);
  });

  it('declines, without throwing, when the last index is not in the output folder', async () => {
    const result = await patchSearch({
      outDir: path.join(root, 'dist'),
      staging: path.join(root, 'staging'),
      index,
      routes: [{ built: page([intro]), search: { first: 0, count: 1 } }],
      root,
    });
    expect(result).toHaveProperty('reason', expect.stringMatching(/^the search index could not be updated/));
  });
});
