/**
 * Encoding Objects (OpenAPI 3.2 §4.8.15) of multipart and form bodies: modelled (by name, `prefixEncoding`,
 * `itemEncoding`), shown under the body's schema, used to write a form example as the body it stands for (the
 * specification's own expected output), and used by the request samples, which send the fields (before, a form or
 * multipart sample sent no body at all). Fixture: the specification's examples (tests/fixtures/openapi/oas-encoding).
 */
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { ApiDocumentModel, ApiOperationModel } from '../../../../src/shared/api-model.js';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { withCodeSamples } from '../../../../src/node/openapi/snippets.js';
import { renderApiPage } from '../../../helpers/render-api.js';

const fixture = fileURLToPath(new URL('../../../fixtures/openapi/oas-encoding/openapi.yaml', import.meta.url));

const model = await loadApiDocument(fixture);
const operation = (id: string): ApiOperationModel =>
  model.tags.flatMap((tag) => tag.operations).find((op) => op.id === id)!;
const body = (id: string) => operation(id).requestBody!.contents[0]!;
const sample = (id: string, lang: string) =>
  withCodeSamples(operation(id), model as ApiDocumentModel).samples!.find((s) => s.lang === lang)!.code;

describe('Encoding Objects', () => {
  it('are modelled by name, by position and for every item', () => {
    expect(body('multipartEncoding').encoding).toEqual([
      expect.objectContaining({ name: 'addresses', contentType: 'application/xml; charset=utf-8' }),
      expect.objectContaining({
        name: 'profileImage',
        contentType: 'image/png, image/jpeg',
        headers: [expect.objectContaining({ name: 'X-Rate-Limit-Limit' })],
      }),
    ]);
    expect(body('orderedMultipart').encoding!.map((e) => [e.name, e.contentType])).toEqual([
      ['0', undefined],
      ['1', 'image/*'],
    ]);
    expect(body('streamingMultipart').encoding).toEqual([
      expect.objectContaining({ name: '*', contentType: 'image/jpg' }),
    ]);
  });

  it('write a form example as the specification’s expected body', () => {
    expect(body('formJson').examples[0]!.value).toBe(
      'id=f81d4fae-7dec-11d0-a765-00a0c91e6bf6&address=%7B%22streetAddress%22%3A%22123+Example+Dr.%22%2C%22city%22%3A%22Somewhere%22%2C%22state%22%3A%22CA%22%2C%22zip%22%3A%2299999%2B1234%22%7D',
    );
  });

  it('are shown under the body, with the part’s headers', () => {
    const html = parse(renderApiPage(model));
    const row = html.querySelector('[data-encoding="profileImage"]')!;
    expect(row.text).toContain('image/png, image/jpeg');
    expect(row.text).toContain('X-Rate-Limit-Limit');
    expect(html.querySelector('[data-encoding="1"]')!.text).toContain('image/*');
  });

  it('make the samples send the form fields and the typed multipart parts', () => {
    expect(sample('formJson', 'curl')).toContain('--data id=f81d4fae-7dec-11d0-a765-00a0c91e6bf6');
    expect(sample('formJson', 'python')).toContain('"id": "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"');
    const curl = sample('multipartEncoding', 'curl');
    expect(curl).toMatch(/--form 'addresses=\{.*\};type=application\/xml; charset=utf-8'/);
    expect(curl).toContain("--form profileImage='@profileImage;type=image/png'");
    expect(sample('multipartEncoding', 'javascript')).toContain("form.append('id', ");
    expect(sample('multipartEncoding', 'python')).toContain(
      '"profileImage": ("profileImage", open("profileImage", "rb"), "image/png")',
    );
  });
});
