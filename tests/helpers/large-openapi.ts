/**
 * A generated OpenAPI 3.0 document, large enough to be split into lazily loaded parts, so no
 * huge file is committed. Shape, by design:
 * - `tags` tags (`tag00`...) of `perTag` operations each, ids like GitHub's (`tag07/get-thing-3`, with a slash);
 * - the first tag has `bigTag` operations more, with long descriptions, so that it is cut into several parts;
 * - every operation returns the named schema `Item`, too large to be expanded inline (it lands in the schemas part),
 *   and has request samples (tabs, so radio groups are on every operation);
 * - descriptions are Markdown (code, links), except the long ones;
 * - the last operation's summary holds a word no other has (`ひみつの操作`), for the filter.
 */

/** Operation id of operation `index` of tag `tag`. */
export function largeOperationId(tag: number, index: number): string {
  return `tag${String(tag).padStart(2, '0')}/${index % 2 === 0 ? 'get' : 'update'}-thing-${index}`;
}

/** The unique word in the last operation's summary. */
export const SECRET_SUMMARY = 'ひみつの操作';

function itemSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 30; i++)
    properties[`field${i}`] = { type: i % 3 === 0 ? 'integer' : 'string', description: `項目 ${i} の説明。` };
  properties.kind = {
    oneOf: [
      { title: 'A', type: 'object', properties: { a: { type: 'string' } } },
      { title: 'B', type: 'object', properties: { b: { type: 'integer' } } },
    ],
  };
  return { type: 'object', required: ['field0'], properties };
}

/**
 * Builds the document.
 * @returns plain JSON (write it with JSON.stringify)
 */
export function createLargeOpenApi(options: { tags: number; perTag: number; bigTag: number }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = Array.from({ length: options.tags }, (_, t) => ({
    name: `tag${String(t).padStart(2, '0')}`,
    description: `タグ ${t} の操作です。`,
  }));
  const long = 'この段落は長い説明の一部です。'.repeat(300);
  tags.forEach((tag, t) => {
    const count = options.perTag + (t === 0 ? options.bigTag : 0);
    for (let i = 0; i < count; i++) {
      const last = t === options.tags - 1 && i === count - 1;
      const get = i % 2 === 0;
      paths[`/${tag.name}/things/${i}/{id}`] = {
        [get ? 'get' : 'patch']: {
          operationId: largeOperationId(t, i),
          tags: [tag.name],
          summary: last ? `${SECRET_SUMMARY}を実行する` : `タグ ${t} の操作 ${i}`,
          description:
            t === 0 && i >= options.perTag
              ? long
              : `操作 ${i} の説明。\`id\` を指定します。詳しくは[ガイド](https://large.example/docs/${i})を参照。`,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: `id-${i}` }],
          ...(get
            ? {}
            : {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
                },
              }),
          responses: {
            '200': {
              description: '成功',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
            '404': { description: '見つかりません' },
          },
        },
      };
    }
  });
  return {
    openapi: '3.0.3',
    info: { title: '大きな API', version: '1.0.0', description: '分割のテスト用に生成した OpenAPI ドキュメントです。' },
    servers: [{ url: 'https://large.example/v1' }],
    tags,
    paths,
    components: {
      schemas: { Item: itemSchema() },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
  };
}
