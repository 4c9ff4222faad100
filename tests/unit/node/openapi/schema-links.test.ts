/**
 * Named schemas are rendered in full once, in their 「スキーマ」 entry: inside another entry they are links, and
 * inside an operation from OPERATION_LINK_DEPTH on (handlers/schema.ts). Every field stays reachable by links.
 * A subtree shared by several operations (a response by `$ref`) is one model, rendered once (render/schema-html.tsx)
 * to the same HTML.
 */
import { fileURLToPath } from 'node:url';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SchemaModel } from '../../../../src/shared/api-model.js';
import { OPERATION_LINK_DEPTH } from '../../../../src/node/openapi/handlers/schema.js';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { withCodeSamples } from '../../../../src/node/openapi/snippets.js';
import { createSchemaHtml, sharedObjectNodes } from '../../../../src/node/render/schema-html.js';
import { Operation } from '../../../../templates/api/Operation.js';
import { MessagesContext } from '../../../../templates/i18n/use-messages.js';
import { ja } from '../../../../templates/i18n/ja.js';

const spec = fileURLToPath(new URL('../../../fixtures/openapi-links/nested.yaml', import.meta.url));

const prop = (node: SchemaModel, name: string) => node.properties!.find((p) => p.name === name)!.schema;

describe('named schemas as links', () => {
  it('links every other named schema inside a 「スキーマ」 entry', async () => {
    const model = await loadApiDocument(spec);
    const entry = (name: string) => model.schemas.find((s) => s.name === name)!.schema;
    expect(entry('Order').kind).toBe('object');
    const customer = prop(entry('Order'), 'customer');
    expect(customer).toMatchObject({ kind: 'ref', refName: 'Customer', refAnchor: 'schema/Customer' });
    expect(customer.properties).toBeUndefined();
    expect(prop(entry('Customer'), 'address')).toMatchObject({ kind: 'ref', refAnchor: 'schema/Address' });
    // The linked entries exist, and the deepest field is in its own entry.
    expect(model.anchors).toEqual(expect.arrayContaining(['schema/Customer', 'schema/Address', 'schema/Country']));
    expect(prop(entry('Country'), 'code').descriptionHtml).toContain('ISO 3166-1');
  });

  it(`expands named schemas inline in an operation above depth ${OPERATION_LINK_DEPTH}, links them from there`, async () => {
    const model = await loadApiDocument(spec);
    const body = model.tags[0]!.operations[0]!.responses[0]!.contents[0]!.schema!;
    expect(OPERATION_LINK_DEPTH).toBe(3);
    expect(body).toMatchObject({ kind: 'object', refName: 'Order' }); // depth 0
    const customer = prop(body, 'customer'); // depth 1
    expect(customer.kind).toBe('object');
    const address = prop(customer, 'address'); // depth 2
    expect(address.kind).toBe('object');
    const country = prop(address, 'country'); // depth 3: a link, expanded in place by the client
    expect(country).toMatchObject({ kind: 'ref', refName: 'Country', refAnchor: 'schema/Country' });
  });
});

describe('shared subtrees', () => {
  it('models a response reached by $ref once, and renders its schema once to the same HTML', async () => {
    const model = await loadApiDocument(spec);
    const [orders, customers] = model.tags[0]!.operations;
    const error = (op: typeof orders) => op!.responses.find((r) => r.status.startsWith('4'))!;
    expect(error(orders).status).toBe('404');
    expect(error(customers).status).toBe('400');
    const schema = error(orders).contents[0]!.schema!;
    expect(error(customers).contents[0]!.schema!.properties).toBe(schema.properties);
    expect(sharedObjectNodes(model)).toContain(schema);

    const render = (node: ReactNode) => renderToString(createElement(MessagesContext.Provider, { value: ja }, node));
    let rendered = 0;
    const provide = createSchemaHtml(model, (node) => {
      rendered++;
      return render(node);
    });
    expect(rendered).toBe(sharedObjectNodes(model).length);
    for (const op of [orders!, customers!]) {
      const operation = createElement(Operation, { op: withCodeSamples(op, model) });
      expect(render(provide(operation))).toBe(render(operation));
    }
  });
});
