/**
 * The schema handler's own work per schema: every schema of a document passes through it (GitHub's description:
 * hundreds of thousands), so what it computes for keywords a schema does not have shows in the build's time.
 */
import { describe, expect, it, vi } from 'vitest';
import { modelDocument } from '../../../../../src/node/openapi/handlers/document.js';
import * as resolve from '../../../../../src/node/openapi/resolve.js';

vi.mock('../../../../../src/node/openapi/resolve.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../../src/node/openapi/resolve.js')>();
  return { ...actual, joinPointer: vi.fn(actual.joinPointer) };
});

/** A 3.1 document whose one response is an object of `n` string properties (no applicator keyword anywhere). */
function plainDocument(n: number) {
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things': {
        get: {
          responses: {
            '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties } } } },
          },
        },
      },
    },
  };
}

describe('modelSchema', () => {
  it('joins a pointer for an applicator keyword only when the schema has it', () => {
    const joined = vi.mocked(resolve.joinPointer);
    const keywordPointers = (n: number) => {
      joined.mockClear();
      modelDocument(plainDocument(n));
      return joined.mock.calls.filter(([, keyword]) => keyword === 'propertyNames' || keyword === 'contains').length;
    };
    expect(keywordPointers(40)).toBe(0);
  });

  it('still models the keywords a schema has, at their pointers', () => {
    const raw = plainDocument(1);
    const schema = raw.paths['/things'].get.responses['200'].content['application/json'].schema as Record<
      string,
      unknown
    >;
    schema.propertyNames = { pattern: '^p' };
    schema.contains = { type: 'string' };
    const model = modelDocument(raw);
    const modelled = model.tags.flatMap((tag) => tag.operations)[0]!.responses[0]!.contents[0]!.schema!;
    expect(modelled.keywords?.map((k) => [k.keyword, k.schema.pointer])).toEqual([
      ['propertyNames', '/paths/~1things/get/responses/200/content/application~1json/schema/propertyNames'],
      ['contains', '/paths/~1things/get/responses/200/content/application~1json/schema/contains'],
    ]);
  });
});
