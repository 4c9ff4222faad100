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
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { runValidator } from '../../../../src/node/openapi/validate.js';
import { runWorkerJob } from '../../../../src/node/pool/worker-job.js';
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
