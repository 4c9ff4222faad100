/**
 * Rendering of a split API reference: parts cut by size, named and addressed, links from
 * operations to the schemas part and to the API page, and the part format the client reads.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { modelDocument } from '../../../../src/node/openapi/handlers/document.js';
import { isSplitDocument, SPLIT_MIN_OPERATIONS } from '../../../../src/node/openapi/split.js';
import { renderApiPartDocument } from '../../../../src/node/render/api-part-document.js';
import { groupBySize, renderSplitApiReference } from '../../../../src/node/render/api-split.js';
import { readPartChunks } from '../../../../src/shared/api-parts.js';
import { ja } from '../../../../templates/i18n/ja.js';
import { createLargeOpenApi, largeOperationId } from '../../../helpers/large-openapi.js';

const shell = { lang: 'ja', defaultTheme: 'light' as const, css: ['/assets/main.css'], themeScript: 'void 0' };

function render(doc: Record<string, unknown>, partBytes?: number) {
  const model = modelDocument(doc);
  const parts = new Map<string, string>();
  const result = renderSplitApiReference({
    model,
    downloads: { yaml: '/a.yaml', json: '/a.json' },
    primaryColor: '#1890ff',
    messages: ja,
    pageUrl: '/api/x',
    shell,
    partBytes,
    partUrl: (key, html) => {
      parts.set(key, html);
      return `/parts/${key}.html`;
    },
  });
  return { model, page: parse(result.html), parts };
}

describe('split references', () => {
  it('splits documents with more than SPLIT_MIN_OPERATIONS operations only', () => {
    expect(
      isSplitDocument(modelDocument(createLargeOpenApi({ tags: 1, perTag: SPLIT_MIN_OPERATIONS, bigTag: 0 }))),
    ).toBe(false);
    expect(
      isSplitDocument(modelDocument(createLargeOpenApi({ tags: 1, perTag: SPLIT_MIN_OPERATIONS + 1, bigTag: 0 }))),
    ).toBe(true);
  });

  it('groups consecutive items into parts of about the target size', () => {
    const items = [10, 10, 10, 10, 10, 10, 10, 100, 10].map((n, i) => ({ i, html: 'x'.repeat(n) }));
    const groups = groupBySize(items, 60);
    expect(groups.flat().map((g) => g.i)).toEqual(items.map((g) => g.i));
    expect(groups).toHaveLength(3);
    expect(groupBySize(items, 1000)).toHaveLength(1);
  });

  it('cuts a large tag, names parts after tags, and keeps the anchors of each part in chunk order', () => {
    const doc = createLargeOpenApi({ tags: 3, perTag: 4, bigTag: 6 });
    (doc.tags as { name: string }[])[2]!.name = 'タグ 二';
    for (const item of Object.values(doc.paths as Record<string, Record<string, { tags: string[] }>>)) {
      for (const op of Object.values(item)) if (op.tags[0] === 'tag02') op.tags = ['タグ 二'];
    }
    const { page, parts } = render(doc, 40_000);
    expect([...parts.keys()]).toEqual(['schemas', 'tag00-1', 'tag00-2', 'tag00-3', 'tag01', 'tag']);
    for (const placeholder of page.querySelectorAll('.dg-api-part')) {
      const key = /\/parts\/(.+)\.html$/.exec(placeholder.getAttribute('data-src')!)![1]!;
      const chunks = readPartChunks(parts.get(key)!);
      const anchors = placeholder.querySelectorAll('.dg-api-part__anchor').map((a) => a.id);
      expect(chunks.map((c) => parse(c).querySelector('section')!.id)).toEqual(anchors);
    }
    expect(page.querySelector(`[id="${largeOperationId(0, 0)}"]`)!.classNames).toContain('dg-api-part__anchor');
  });

  it('links named schemas and security schemes through the API page, so a part works on its own', () => {
    const { parts } = render(createLargeOpenApi({ tags: 2, perTag: 2, bigTag: 0 }));
    const op = parse(parts.get('tag00')!);
    expect(op.querySelector('.dg-ref a')!.getAttribute('href')).toBe('/api/x#schema/Item');
    expect(op.querySelector('.dg-security a')!.getAttribute('href')).toBe('/api/x#security/bearer');
    expect(op.querySelector('.dg-api-part-doc__back a')!.getAttribute('href')).toBe('/api/x#tag/tag00');
    const schemas = parse(parts.get('schemas')!);
    expect(schemas.querySelector('section#schema\\/Item')).not.toBeNull();
  });

  it('numbers tab groups across parts, so every radio group on the page is its own', () => {
    const { parts } = render(createLargeOpenApi({ tags: 2, perTag: 3, bigTag: 0 }));
    const names = [...parts.values()].flatMap((html) =>
      parse(html)
        .querySelectorAll('.dg-tabs')
        .map((t) => t.querySelector('input')!.getAttribute('name')),
    );
    expect(names.length).toBeGreaterThan(6);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a chunk that would cut the part format', () => {
    const part = { shell, title: 't', heading: 'h', back: { href: '/', label: '←' }, kind: 'operations' as const };
    expect(() => renderApiPartDocument({ ...part, chunks: ['<section id="a"><!-- --></section>'] })).not.toThrow();
    expect(() => renderApiPartDocument({ ...part, chunks: ['<section id="a"><!--dg-chunk--></section>'] })).toThrow(
      /docgen bug/,
    );
    expect(readPartChunks('<html>no markers</html>')).toEqual([]);
  });
});
