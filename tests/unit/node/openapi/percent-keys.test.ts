/**
 * Keys holding `%` (headers `ratelimit%reset` and `quota%20left`, a property `used%`), one reached through a `$ref`
 * whose fragment is percent-encoded (`used%25`, RFC 6901 §6); a fragment `%` that is no percent-encoding
 * (`rate%limit`) is kept as written, as json-schema-ref-parser does. Before, every pointer docgen built was percent-decoded when read
 * back, so such a key threw a URIError (an internal error: fuzz seed 13874) or named another key (`quota%20left`).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { escapePointer, getAt, joinPointer, splitPointer } from '../../../../src/node/openapi/resolve.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../fixtures/openapi/percent-keys/${name}`, import.meta.url));

describe('keys with a percent sign', () => {
  it('read back through joinPointer and getAt as themselves', () => {
    const doc = { a: { 'ratelimit%reset': 1, 'quota%20left': 2, 'x/~y': 3 } };
    for (const key of Object.keys(doc.a)) {
      expect(splitPointer(joinPointer('/a', key))).toEqual(['a', key]);
      expect(getAt(doc, joinPointer('/a', key))).toBe(doc.a[key as keyof typeof doc.a]);
    }
    expect(escapePointer('50%')).toBe('50%25');
    expect(splitPointer('#/components/headers/rate%limit')).toEqual(['components', 'headers', 'rate%limit']);
    expect(splitPointer('#/components/schemas/Usage%25')).toEqual(['components', 'schemas', 'Usage%']);
  });

  it('are modelled: the headers and the properties, one through a percent-encoded $ref', async () => {
    const model = await loadApiDocument(fixture('openapi.yaml'));
    const op = model.tags.flatMap((tag) => tag.operations)[0]!;
    const response = op.responses[0]!;
    expect(response.headers.map((h) => [h.name, h.descriptionHtml ?? ''])).toEqual([
      ['ratelimit%reset', '<p>Seconds until the window resets.</p>'],
      ['quota%20left', ''],
    ]);
    const schema = response.contents[0]!.schema!;
    expect(schema.properties?.map((p) => [p.name, p.schema.type, p.schema.descriptionHtml])).toEqual([
      ['used%', 'number', '<p>Share of the quota used.</p>'],
      ['left%', 'number', '<p>Share of the quota used.</p>'],
    ]);
  });

  it('hold in a document split into files (the bundle names them with pointers)', async () => {
    const model = await loadApiDocument(fixture('split.yaml'));
    const response = model.tags.flatMap((tag) => tag.operations)[0]!.responses[0]!;
    expect(response.headers.map((h) => [h.name, h.descriptionHtml])).toEqual([
      ['ratelimit%reset', '<p>Seconds until the window resets.</p>'],
      ['quota%20left', '<p>Requests left in the window.</p>'],
    ]);
  });
});
