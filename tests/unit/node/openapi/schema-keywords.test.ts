/**
 * JSON Schema keywords Redoc shows and docgen did not (patternProperties, propertyNames, unevaluatedProperties and
 * unevaluatedItems, dependentRequired, dependentSchemas, if/then/else, prefixItems, contains), Redoc's
 * `x-enumDescriptions` and OpenAPI 3.2's discriminator `defaultMapping`, on the examples of Understanding JSON
 * Schema, Redoc's docs and the 3.2 specification (tests/fixtures/openapi-parity/keywords/SOURCE.md).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocumentModel } from '../../../../src/shared/api-model.js';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { renderApiPage } from '../../../helpers/render-api.js';

const spec = fileURLToPath(new URL('../../../fixtures/openapi-parity/keywords/openapi.yaml', import.meta.url));

let model: ApiDocumentModel;
let html: string;

/** The HTML of one named schema's entry in the 「スキーマ」 section. */
function entry(name: string): string {
  const start = html.indexOf(`id="schema/${name}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('id="schema/', start + 10);
  return html.slice(start, end === -1 ? undefined : end);
}

/** Visible text of some HTML, tags dropped and spaces collapsed. */
const text = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  model = await loadApiDocument(spec);
  html = renderApiPage(model);
});

describe('schema keywords beyond properties and items', () => {
  it('lists patternProperties by their pattern and propertyNames as a row', () => {
    const prefixed = text(entry('Prefixed'));
    expect(prefixed).toContain('/^S_/ この正規表現に合う名前のプロパティ string');
    expect(prefixed).toContain('/^I_/ この正規表現に合う名前のプロパティ integer');
    expect(model.schemas.find((s) => s.name === 'Prefixed')!.schema.type).toBe('object');
    expect(text(entry('Tokens'))).toContain('{プロパティ名} any パターン ^[A-Za-z_][A-Za-z0-9_]*$');
  });

  it('shows unevaluatedProperties: false as a closed object', () => {
    expect(entry('Closed')).toContain('追加プロパティ不可');
  });

  it('shows dependentRequired and dependentSchemas', () => {
    const billing = text(entry('Billing'));
    expect(billing).toContain('credit_card がある場合に必須: billing_address');
    expect(billing).toContain('billing_address がある場合に必須: credit_card');
    expect(text(entry('BillingSchema'))).toMatch(/\{credit_card がある場合\} object .*billing_address string 必須/);
  });

  it('shows if, then and else with their subschemas', () => {
    const postal = text(entry('PostalAddress'));
    expect(postal).toMatch(/\{条件（if）\} object .*country .*"United States of America"/);
    expect(postal).toMatch(/\{条件に合う場合（then）\} object .*postal_code .*\[0-9\]\{5\}\(-\[0-9\]\{4\}\)\?/);
    expect(postal).toMatch(/\{条件に合わない場合（else）\} object .*\[A-Z\]\[0-9\]\[A-Z\] \[0-9\]\[A-Z\]\[0-9\]/);
  });

  it('shows prefixItems by position, unevaluatedItems and contains', () => {
    const tuple = text(entry('StreetTuple'));
    expect(tuple).toMatch(/\[0\] number .*\[1\] string .*\[2\] .*"Street" "Avenue" "Boulevard" .*\[3\] .*"NW"/);
    expect(model.schemas.find((s) => s.name === 'EvaluatedTuple')!.schema.type).toBe('array');
    expect(text(entry('HasNumber'))).toContain('{少なくとも 1 つの要素（contains）} number');
  });
});

describe('x-enumDescriptions and defaultMapping', () => {
  it("shows each enum value's description in the enum's order", () => {
    const ticket = entry('TicketType');
    expect(ticket).toContain('<dl class="dg-enum-desc">');
    expect(text(ticket)).toMatch(/event Event Tickets \(timed entry\) general General Admission/);
    expect(ticket).toContain('<em>(timed entry)</em>');
  });

  it("names a discriminator's default schema", () => {
    expect(text(entry('MyResponseType'))).toMatch(/判別プロパティ : petType ・ 既定 : OtherPet/);
  });
});
