/**
 * XML (OpenAPI 3.2 §4.8.26): generated samples of `application/xml` bodies written as XML from the schema's XML
 * Objects, checked against the specification's own "XML Object Examples" (their dataValue and expected XML), and
 * the XML Object shown with the schema. Fixture: tests/fixtures/openapi/oas-xml (SOURCE.md).
 */
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { renderApiPage } from '../../../helpers/render-api.js';

const fixture = fileURLToPath(new URL('../../../fixtures/openapi/oas-xml/openapi.yaml', import.meta.url));
const model = await loadApiDocument(fixture);
const op = model.tags.flatMap((tag) => tag.operations).find((o) => o.id === 'addPerson')!;

describe('XML', () => {
  it('generates an XML sample with attributes, prefixes, namespaces and item names (the specification’s examples)', () => {
    // The spec's Person.xml, for the sampler's values (id 0, name "string").
    expect(op.requestBody!.contents[0]!.examples[0]!.value).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Person id="0">\n  <sample:name xmlns:sample="https://example.com/schema/sample">string</sample:name>\n</Person>',
    );
    // The spec's pets.xml ("XML Arrays", changing the element names), for the sampler's one item.
    expect(op.responses[0]!.contents[0]!.examples[0]!.value).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<document>\n  <animal>string</animal>\n</document>',
    );
  });

  it('shows the XML Object with the schema', () => {
    const html = parse(renderApiPage(model));
    const facts = html.querySelectorAll('.dg-fact--xml').map((fact) => fact.text);
    expect(facts).toEqual(
      expect.arrayContaining([
        'XML nodeType: attribute',
        'XML prefix: sample, namespace: https://example.com/schema/sample',
        'XML name: document',
        '要素のXML name: animal', // an array's items' XML Object, under the array
      ]),
    );
  });
});
