/**
 * What Redoc shows of a document and docgen showed wrong or not at all: Example Objects' descriptions, examples
 * given as JSON text, the version badge, and the request sample of a body-less PATCH.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { createMarkdownRenderer } from '../../../../src/node/openapi/markdown.js';
import { withCodeSamples } from '../../../../src/node/openapi/snippets.js';
import { renderApiPage } from '../../../helpers/render-api.js';

const spec = fileURLToPath(new URL('../../../fixtures/openapi-parity/redoc-parity.yaml', import.meta.url));

const renderPage = renderApiPage;

describe('Redoc parity', () => {
  it("shows an Example Object's description and formats an example given as JSON text", async () => {
    const model = await loadApiDocument(spec);
    const op = model.tags.flatMap((t) => t.operations).find((o) => o.id === 'createThing')!;
    const example = op.requestBody!.contents[0]!.examples[0]!;
    expect(example.descriptionHtml).toBe('<p>Only the <strong>name</strong> is required.</p>');
    expect(example.value).toBe('{\n  "name": "lamp"\n}');
    // The sample sends it as JSON, not as an escaped string.
    const curl = withCodeSamples(op, model).samples.find((s) => s.lang === 'curl')!.code;
    expect(curl).toContain('"name": "lamp"');
    expect(curl).not.toContain('\\"name\\"');
    expect(renderPage(model)).toContain(
      '<div class="dg-md dg-example__desc"><p>Only the <strong>name</strong> is required.</p></div>',
    );
  });

  it('shows a response header with its format and example', async () => {
    const model = await loadApiDocument(spec);
    const header = model.tags.flatMap((t) => t.operations).find((o) => o.id === 'createThing')!.responses[0]!
      .headers[0]!;
    expect(header).toMatchObject({ name: 'X-Rate-Limit-Reset', example: '"2026-11-27T23:00:00Z"' });
    const html = renderPage(model);
    expect(html).toContain('<span class="dg-fact__k">形式</span> <code class="dg-fact__v">date-time</code>');
    expect(html).toContain('<code class="dg-fact__v">&quot;2026-11-27T23:00:00Z&quot;</code>');
  });

  it('sends no body for a PATCH whose body has no sample (no --data null)', async () => {
    const model = await loadApiDocument(spec);
    const op = model.tags.flatMap((t) => t.operations).find((o) => o.id === 'touchThing')!;
    const samples = withCodeSamples(op, model).samples;
    expect(samples.find((s) => s.lang === 'curl')!.code).toContain('--request PATCH');
    for (const s of samples) expect(s.code).not.toMatch(/\bnull\b/);
  });

  it('writes the version badge once with its v, and none for an empty version', async () => {
    const model = await loadApiDocument(spec);
    expect(renderPage(model)).toContain('<span class="dg-badge dg-badge--version">v1.13.4</span>');
    expect(renderPage({ ...model, version: '1.13.4' })).toContain(
      '<span class="dg-badge dg-badge--version">v<!-- -->1.13.4</span>',
    );
    expect(renderPage({ ...model, version: '' })).not.toContain('dg-badge--version');
  });
});

describe('angle brackets that are not HTML', () => {
  it('keeps placeholders and grammar in angle brackets as text, while HTML still renders and is sanitised', () => {
    const dropped = new Map<string, string[]>();
    const render = createMarkdownRenderer(dropped);
    // Kubernetes' quantity grammar, as its OpenAPI document writes it in descriptions
    expect(render('<quantity> ::= <signedNumber><suffix>')).toBe(
      '<p>&#x3C;quantity> ::= &#x3C;signedNumber>&#x3C;suffix></p>',
    );
    expect(render('<token>')).toBe('<p>&#x3C;token></p>');
    expect(render('Use <b>bold</b>, `<code>` and <kbd>Ctrl</kbd>.')).toBe(
      '<p>Use <b>bold</b>, <code>&#x3C;code></code> and <kbd>Ctrl</kbd>.</p>',
    );
    expect(render('a <script>alert(1)</script> b <img src="x" onerror="alert(1)">')).not.toMatch(/<script|onerror/);
  });
});
