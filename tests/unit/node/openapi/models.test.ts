/**
 * OpenAPI document -> view model goldens (STYLE.md Tests: `tests/fixtures/openapi/<case>/{input.yaml,
 * models.json}`, `UPDATE=1` rewrites them), plus validation errors located at file:line:column.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { formatError } from '../../../../src/node/diagnostics/format.js';
import { isSafeUrl, createMarkdownRenderer } from '../../../../src/node/openapi/markdown.js';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { withCodeSamples } from '../../../../src/node/openapi/snippets.js';
import { jsonLinePointers } from '../../../../src/node/openapi/validate.js';

const fixtures = fileURLToPath(new URL('../../../fixtures/openapi/', import.meta.url));
const cases = readdirSync(fixtures).filter(
  (name) => !name.startsWith('invalid-') && existsSync(path.join(fixtures, name, 'input.yaml')),
);

describe('OpenAPI models (goldens)', () => {
  for (const name of cases) {
    it(name, async () => {
      const model = await loadApiDocument(path.join(fixtures, name, 'input.yaml'));
      // A warning names its file: relative to the fixtures, so the golden is the same in any checkout.
      const actual = JSON.stringify(model, null, 2).replaceAll(fixtures, '<fixtures>/') + '\n';
      const golden = path.join(fixtures, name, 'models.json');
      if (process.env.UPDATE || !existsSync(golden)) writeFileSync(golden, actual);
      expect(actual).toBe(readFileSync(golden, 'utf8'));
    });
  }

  it('keeps readOnly, oneOf variants with discriminator labels, and anchors', async () => {
    const model = await loadApiDocument(path.join(fixtures, 'discriminator/input.yaml'));
    const op = model.tags[0]!.operations[0]!;
    expect(op.id).toBe('createRule');
    const rule = op.requestBody!.contents[0]!.schema!;
    expect(rule.additionalProperties).toBe(false);
    expect(rule.properties!.find((p) => p.name === 'urn')!.schema.readOnly).toBe(true);
    const action = rule.properties!.find((p) => p.name === 'action')!.schema;
    expect(action.kind).toBe('union');
    expect(action.discriminator).toBe('type');
    expect(action.variants!.map((v) => v.label)).toEqual(['proxy', 'redirect']);
    expect(model.anchors).toEqual(expect.arrayContaining(['createRule', 'getRule', 'tag/Rule', 'security/bearerAuth']));
    // Samples are made when the operation is rendered, not stored in the model.
    expect(op.samples).toEqual([]);
    const { samples } = withCodeSamples(op, model);
    expect(samples.map((s) => s.lang)).toEqual(['curl', 'javascript', 'python']);
    expect(samples[0]!.code).toContain('Authorization: Bearer <token>');
  });

  it('stops a recursive schema with a recursive node', async () => {
    const model = await loadApiDocument(path.join(fixtures, 'allof-recursive/input.yaml'));
    const node = model.tags[0]!.operations[0]!.responses[0]!.contents[0]!.schema!;
    const children = node.properties!.find((p) => p.name === 'children')!.schema;
    expect(children.items!.kind).toBe('recursive');
    expect(model.anchors).toContain('schema/Node');
  });

  it("keeps the raw HTML of descriptions that the allow-list keeps (the OAI's Uber example's <br>), as Redoc does", async () => {
    const model = await loadApiDocument(path.join(fixtures, 'swagger2/uber.json'));
    const estimates = model.tags.flatMap((t) => t.operations).find((op) => op.path === '/estimates/price')!;
    expect(estimates.descriptionHtml).toContain('currency symbol.<br><br>The response also includes');
    expect(model.warnings).toBeUndefined();
  });

  it('drops script, event handlers and attributes off the allow-list from descriptions, with one warning at the first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-description-html-'));
    const source =
      "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths:\n  /a:\n    get:\n      responses: { '204': { description: ok } }\n" +
      '      description: |\n        Lists:\n        <ul><li><a href="https://x.example" target="_blank">link</a></li></ul>\n        <script>alert(1)</script><img src="x.png" onerror="alert(2)">\n';
    writeFileSync(path.join(dir, 'root.yaml'), source);
    writeFileSync(path.join(dir, 'x.png'), ''); // the image exists: its warning (description-images.ts) is not this one
    const model = await loadApiDocument(path.join(dir, 'root.yaml'));
    const html = model.tags[0]!.operations[0]!.descriptionHtml;
    expect(html).toContain('<ul><li><a href="https://x.example" rel="noopener noreferrer">link</a></li></ul>');
    expect(html).not.toMatch(/script|alert|onerror|target/);
    expect(model.warnings).toHaveLength(1);
    const warning = model.warnings![0]!;
    expect(warning.code).toBe('DroppedHtml');
    expect(warning.message).toMatch(/Raw HTML dropped from 1 description .*target="_blank" on <a>/);
    expect(warning.message).toMatch(/<script>/);
    expect([warning.file, warning.line]).toEqual([
      path.join(dir, 'root.yaml'),
      source.split('\n').findIndex((l) => l.includes('Lists:')) + 1,
    ]);
    // The site's onDroppedHtml: nothing under 'ignore', the build fails under 'throw'
    expect((await loadApiDocument(path.join(dir, 'root.yaml'), { onDroppedHtml: 'ignore' })).warnings).toBeUndefined();
    await expect(loadApiDocument(path.join(dir, 'root.yaml'), { onDroppedHtml: 'throw' })).rejects.toMatchObject({
      code: 'DroppedHtml',
      line: warning.line,
    });
  });

  it("reads a 3.0 document's webhooks from Redoc's x-webhooks, as GitHub's document has its 270", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-x-webhooks-'));
    writeFileSync(
      path.join(dir, 'root.yaml'),
      "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\nx-webhooks:\n  push:\n    post:\n      operationId: webhooks/push\n      summary: A push\n" +
        "      requestBody: { content: { application/json: { schema: { type: object, properties: { ref: { type: string } } } } } }\n      responses: { '200': { description: ok } }\n",
    );
    const model = await loadApiDocument(path.join(dir, 'root.yaml'));
    const group = model.tags.find((t) => t.webhooks)!;
    expect(group.operations.map((op) => [op.id, op.summary, op.webhook])).toEqual([['webhooks/push', 'A push', true]]);
    expect(model.anchors).toContain('webhooks/push');
  });

  it("orders tags by Redoc's x-tagGroups and keeps the tags of no group after them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-tag-groups-'));
    const op = (tag: string) =>
      `    get: { operationId: get-${tag}, tags: [${tag}], responses: { '204': { description: ok } } }\n`;
    writeFileSync(
      path.join(dir, 'root.yaml'),
      "openapi: 3.0.3\ninfo: { title: T, version: '1' }\ntags: [{ name: a }, { name: b }, { name: c }]\n" +
        'x-tagGroups:\n  - { name: First, tags: [c, a, missing] }\n  - { name: Empty, tags: [missing] }\npaths:\n' +
        ['a', 'b', 'c'].map((tag) => `  /${tag}:\n${op(tag)}`).join(''),
    );
    const model = await loadApiDocument(path.join(dir, 'root.yaml'));
    expect(model.tags.map((t) => t.name)).toEqual(['c', 'a', 'b']);
    expect(model.tagGroups).toEqual([{ name: 'First', tags: ['tag/c', 'tag/a'] }]);
  });

  it('stops a schema that refers to itself inside another file, and follows an operation that is a $ref', async () => {
    // DigitalOcean's resources/gen-ai/definitions.yml holds schemas that refer to each other with `#/Name` inside
    // that file, and every operation of its document is a `$ref` to a file of its own: modelling overflowed the stack.
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-file-cycle-'));
    writeFileSync(
      path.join(dir, 'root.yaml'),
      "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths:\n  /steps:\n    get:\n      $ref: 'steps_list.yml'\n",
    );
    writeFileSync(
      path.join(dir, 'steps_list.yml'),
      "operationId: steps_list\nsummary: List steps\ntags: [Steps]\nresponses:\n  '200':\n    description: ok\n    content:\n      application/json:\n        schema:\n          $ref: 'definitions.yml#/Step'\n",
    );
    writeFileSync(
      path.join(dir, 'definitions.yml'),
      'Step:\n  type: object\n  properties:\n    name: { type: string }\n    steps:\n      type: array\n      items:\n        $ref: "#/Step"\n',
    );
    const model = await loadApiDocument(path.join(dir, 'root.yaml'), { validation: 'warn' });
    const op = model.tags.find((t) => t.name === 'Steps')!.operations[0]!;
    expect([op.id, op.summary]).toEqual(['steps_list', 'List steps']);
    const step = op.responses[0]!.contents[0]!.schema!;
    expect(step.properties!.map((p) => p.name)).toEqual(['name', 'steps']);
    const inner = step.properties!.find((p) => p.name === 'steps')!.schema.items!;
    expect(inner).toMatchObject({ kind: 'recursive', refName: 'Step' });
    expect(inner.refAnchor).toBeUndefined(); // no entry in the 「スキーマ」 section to link to
  });
});

describe('OpenAPI validation errors', () => {
  it('fails with the file, line and column of the offending node and the parser reason', async () => {
    const file = path.join(fixtures, 'invalid-type/input.yaml');
    const error = await loadApiDocument(file).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocgenError);
    const e = error as DocgenError;
    expect(e.code).toBe('OpenApiInvalid');
    expect([e.file, e.line, e.column]).toEqual([file, 22, 17]);
    expect(e.message).toMatch(/must be equal to one of the allowed values/);
    const text = formatError(e, fixtures).replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toContain('invalid-type/input.yaml:22:17');
    expect(text).toContain('> 22 |           type: strin');
  });

  it('locates a duplicated operationId and a missing $ref', async () => {
    const dir = fileURLToPath(new URL('../../../fixtures/openapi/', import.meta.url));
    const source = readFileSync(path.join(dir, 'discriminator/input.yaml'), 'utf8');
    const tmp = path.join(dir, 'invalid-type', 'tmp-dup.yaml');
    writeFileSync(tmp, source.replace('operationId: getRule', 'operationId: createRule'));
    try {
      const e = (await loadApiDocument(tmp).catch((x: unknown) => x)) as DocgenError;
      expect(e.message).toMatch(/createRule/);
      expect(e.line).toBe(source.split('\n').findIndex((l) => l.includes('operationId: getRule')) + 1);
      writeFileSync(tmp, source.replace("$ref: '#/components/schemas/Error'", "$ref: '#/components/schemas/Nope'"));
      const missing = (await loadApiDocument(tmp).catch((x: unknown) => x)) as DocgenError;
      expect(missing.line).toBe(source.split('\n').findIndex((l) => l.includes("schemas/Error'")) + 1);
    } finally {
      (await import('node:fs')).rmSync(tmp, { force: true });
    }
  });

  it('maps JSON.stringify lines to pointers', () => {
    expect(jsonLinePointers({ a: { b: [1, 2] }, c: {} })).toEqual([
      '',
      '/a',
      '/a/b',
      '/a/b/0',
      '/a/b/1',
      '/a/b',
      '/a',
      '/c',
      '',
    ]);
  });
});

describe('description Markdown', () => {
  it('drops event handlers and unsafe URLs, and keeps the raw HTML the allow-list keeps', () => {
    const md = createMarkdownRenderer();
    const html = md(
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](https://ok.example) ![z](data:text/html,1)',
    );
    expect(html).not.toMatch(/onerror|alert|javascript:|data:text/);
    expect(html).toContain('<img src="x">');
    expect(html).toContain('href="https://ok.example"');
    expect(isSafeUrl(' java\tscript:alert(1)')).toBe(false);
    expect(isSafeUrl('/docs/a:b')).toBe(true);
  });
});
