/**
 * OpenAPI 3.2 (https://spec.openapis.org/oas/v3.2.0): validated against the official 3.2 schema by the compiled
 * validator (scripts/build-cli.mjs), and what its new fields become in the view model. The fixture is made of the
 * specification's own examples (tests/fixtures/openapi/oas-3.2/SOURCE.md). Needs the compiled worker
 * (lib/node/openapi-worker.js, built by scripts/test.sh before the tests).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { modelDocument } from '../../../../src/node/openapi/handlers/document.js';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { runValidator } from '../../../../src/node/openapi/validate.js';
import { runWorkerJob } from '../../../../src/node/pool/worker-job.js';
import { apiDocuments } from '../../../../src/node/search/extract.js';
import type { ValidatorResult } from '../../../../src/node/openapi/validate.js';

const fixture = fileURLToPath(new URL('../../../fixtures/openapi/oas-3.2/openapi.yaml', import.meta.url));
const read = () => load(readFileSync(fixture, 'utf8')) as Record<string, any>;
const compiled = (doc: unknown) =>
  runWorkerJob<ValidatorResult>('openapi-worker.js', { task: 'validate', source: JSON.stringify(doc), json: true })!;

describe('OpenAPI 3.2 validation', () => {
  it('accepts the specification’s examples', async () => {
    await expect(compiled(read())).resolves.toEqual({ valid: true, errors: [], additionalErrors: 0 });
  });

  it('rejects what the 3.2 schema forbids, at its pointer', async () => {
    const doc = read();
    doc.tags[0].kind = 3;
    doc.servers[0].name = ['dev'];
    doc.paths['/pets/{id}'].additionalOperations.POST = doc.paths['/pets/{id}'].additionalOperations.COPY;
    doc.components.securitySchemes.OAuth2.flows.deviceAuthorization.deviceAuthorizationUrl = undefined;
    const result = await compiled(doc);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.instancePath)).toEqual(
      expect.arrayContaining([
        '/tags/0/kind',
        '/servers/0/name',
        '/paths/~1pets~1{id}/additionalOperations',
        '/components/securitySchemes/OAuth2/flows/deviceAuthorization',
      ]),
    );
  });

  it('from the sources too (the published parser refuses 3.2): the compiled copy answers', async () => {
    await expect(runValidator(read())).resolves.toEqual({ valid: true, errors: [], additionalErrors: 0 });
    const doc = read();
    doc.servers[1].name = 7;
    const result = await runValidator(doc);
    expect(result.errors).toEqual([{ message: 'must be string', instancePath: '/servers/1/name' }]);
  });

  it('fails the build at the file and line of the error', async () => {
    const error = await loadApiDocument(path.join(path.dirname(fixture), 'invalid.yaml')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).message).toMatch(/at \/tags\/0\/kind: must be string/);
    expect((error as DocgenError).line).toBe(8);
  });
});

describe('OpenAPI 3.2 in the view model', async () => {
  const model = await loadApiDocument(fixture);
  const operation = (id: string) => model.tags.flatMap((tag) => tag.operations).find((op) => op.id === id)!;

  it('nests tags under their parent, shown by their summary, with their kind', () => {
    expect(model.tags.map((tag) => [tag.anchor, tag.displayName, tag.parent, tag.kind])).toEqual([
      ['tag/account-updates', 'Account Updates', undefined, 'nav'],
      ['tag/external', 'External', undefined, 'audience'],
      ['tag/partner', 'Partner', 'tag/external', 'audience'],
    ]);
    expect(model.warnings).toBeUndefined();
  });

  it('reads the QUERY method and additionalOperations, each at its pointer', () => {
    expect(model.tags[2]!.operations.map((op) => [op.method, op.id, op.pointer])).toEqual([
      ['get', 'getPetsById', '/paths/~1pets~1{id}/get'],
      ['query', 'queryPetsById', '/paths/~1pets~1{id}/query'],
      ['COPY', 'copyPetsById', '/paths/~1pets~1{id}/additionalOperations/COPY'],
    ]);
    expect(operation('copyPetsById').parameters.map((p) => p.name)).toEqual(['id']);
  });

  it('models itemSchema of sequential media types, and samples a stream in its framing', () => {
    const stream = operation('streamLog').responses[0]!.contents[0]!;
    expect(stream.mediaType).toBe('application/jsonl');
    expect(stream.schema).toBeUndefined();
    expect(stream.itemSchema!.refName).toBe('LogEntry');
    expect(stream.examples[0]!.value).toContain('{"timestamp": "1985-04-12T23:20:50.52Z", "level": 1');
    const events = operation('addStrings').requestBody!.contents[0]!;
    expect(events.mediaType).toBe('text/event-stream');
    expect(events.itemSchema!.variants).toHaveLength(3);
    expect(events.examples[0]!.generated).toBe(true);
    expect(events.examples[0]!.value).toMatch(/^data: .+\n(\w+: .+\n)*\n(data: .+\n)/);
    // A Media Type Object reached through components.mediaTypes.
    const pets = operation('streamPets').requestBody!.contents[0]!;
    expect(pets.itemSchema!.refName).toBe('Pet');
    expect(
      pets.examples[0]!.value.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ).toHaveLength(2);
  });

  it('shows the content keywords of JSON Schema 2020-12 (the SSE example’s JSON data) and x-nullable', () => {
    const events = operation('addStrings').requestBody!.contents[0]!.itemSchema!;
    const data = events.variants![2]!.schema.properties!.find((p) => p.name === 'data')!.schema;
    expect(data.constraints).toEqual({ contentMediaType: 'application/json' });
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: { Name: { type: 'string', 'x-nullable': true, minContains: 1, contentEncoding: 'base64' } },
      },
    };
    const name = modelDocument(doc).schemas[0]!.schema;
    expect([name.nullable, name.constraints]).toEqual([true, { minContains: 1, contentEncoding: 'base64' }]);
  });

  it('reads a querystring parameter, its schema that of its content', () => {
    const [filter] = operation('readLogExcerpt').parameters;
    expect([filter!.in, filter!.name, filter!.schema!.properties!.map((p) => p.name)]).toEqual([
      'querystring',
      'filter',
      ['foo', 'bar'],
    ]);
  });

  it('keeps server names and the new security fields', () => {
    expect(model.servers.map((s) => s.name)).toEqual(['dev', 'staging', 'prod']);
    const [current, old] = model.securitySchemes;
    expect(current!.oauth2MetadataUrl).toBe('https://example.com/api/oauth/metadata');
    expect(current!.flows!.map((f) => f.name)).toEqual(['authorizationCode', 'deviceAuthorization']);
    expect(current!.flows![1]!.deviceAuthorizationUrl).toBe('https://example.com/api/oauth/device');
    expect(current!.deprecated).toBeUndefined();
    expect(old!.deprecated).toBe(true);
  });

  it('puts parent tags and the fields of item schemas into the search documents', () => {
    const docs = apiDocuments({ path: '/api/oas32', title: 'Pets', model }, 0);
    const doc = (id: string) => docs.find((d) => d.url === `/api/oas32#${id}`)!;
    expect(doc('copyPetsById').keywords).toBe('copyPetsById COPY /pets/{id} partner external External');
    expect(doc('getPetsById').keywords).toContain('external');
    expect(doc('readLogExcerpt').keywords).toBe('readLogExcerpt GET /logs/excerpt account-updates');
    // Fields of an itemSchema (the event stream's and the log stream's items).
    expect(doc('addStrings').body).toMatch(/\bretry\b/);
    expect(doc('streamLog').body).toMatch(/\btimestamp\b/);
  });

  it('resolves references against $self and a schema’s $id (the specification’s own example)', async () => {
    const self = await loadApiDocument(path.join(path.dirname(fixture), 'self/openapi.yaml'));
    const body = self.tags[0]!.operations[0]!.requestBody!.contents[0]!;
    expect(body.mediaType).toBe('application/json');
    expect(body.schema!.properties!.map((p) => [p.name, p.schema.type])).toEqual([['bar', 'string']]);
    expect(self.files!.map((f) => path.relative(path.dirname(fixture), f))).toEqual([
      'self/openapi.yaml',
      'self/shared/foo.yaml',
    ]);
  });
});
