/**
 * The search stage's patches (build/search.ts searchPatches): an incremental build patches the last index only when
 * each recompiled route keeps its number of search documents, counted as the full build's index counts them
 * (searchSource + routeDocuments); otherwise it names the page, and the build builds every page.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchPatches, searchSource } from '../../../../src/node/build/search.js';
import type { BuiltRoute } from '../../../../src/node/build/types.js';
import type { CompiledPageMeta } from '../../../../src/node/pool/compile-pages.js';
import { routeDocuments } from '../../../../src/node/search/write-index.js';

const root = path.resolve('/site');

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
const changed = { reason: `the sections of ${path.join('content', 'docs', 'a.md')} changed` };

describe('searchPatches', () => {
  it('counts a page as the full index does: one document per section, none when unlisted', () => {
    expect(routeDocuments(searchSource(page([intro, usage])), 4).map((doc) => doc.id)).toEqual([4, 5]);
    expect(routeDocuments(searchSource(page([intro, usage], true)), 0)).toEqual([]);
  });

  it('patches a page that keeps its number of documents, numbered from its first', () => {
    const patches = searchPatches([{ built: page([intro, usage]), search: { first: 7, count: 2 } }], root);
    expect(patches).toEqual([{ docs: routeDocuments(searchSource(page([intro, usage])), 7) }]);
    expect(searchPatches([{ built: page([intro], true), search: null }], root)).toEqual([]);
  });

  it('declines, naming the page, when a section was added', () => {
    expect(searchPatches([{ built: page([intro, usage]), search: { first: 0, count: 1 } }], root)).toEqual(changed);
  });

  it('declines when a page that had documents is now unlisted', () => {
    expect(searchPatches([{ built: page([intro], true), search: { first: 0, count: 1 } }], root)).toEqual(changed);
  });
});
