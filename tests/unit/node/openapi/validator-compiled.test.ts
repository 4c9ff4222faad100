/**
 * The compiled CLI's validator: its copy of @readme/openapi-parser dereferences with
 * dereference.ts and checks with Ajv validators generated when the CLI is built (scripts/build-cli.mjs). Real
 * documents of each version, valid and with errors put in, give the errors Ajv gives at run time through
 * json-schema-ref-parser (the expectations are what docgen answered before, compiled without both changes).
 * Needs the compiled worker (lib/node/openapi-worker.js, built by scripts/test.sh before the tests).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { runWorkerJob } from '../../../../src/node/pool/worker-job.js';
import type { ValidatorResult } from '../../../../src/node/openapi/validate.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => load(readFileSync(path.join(repo, file), 'utf8')) as Record<string, any>;
const validate = (doc: unknown) =>
  runWorkerJob<ValidatorResult>('openapi-worker.js', { task: 'validate', source: JSON.stringify(doc), json: true })!;
const TYPES = 'must be equal to one of the allowed values: array, boolean, integer, number, object, string';

describe('the compiled validator', () => {
  it('accepts this site’s documents', async () => {
    for (const file of ['openapi/inventory.yaml', 'openapi/waitfor-services.yaml', 'openapi/zone.yaml']) {
      await expect(validate(read(file))).resolves.toEqual({ valid: true, errors: [], additionalErrors: 0 });
    }
  });

  it('finds errors in Swagger 2.0 (petstore)', async () => {
    const doc = read('tests/fixtures/openapi/swagger2/petstore.yaml');
    doc.info.version = 3;
    doc.paths['/pets'].get.parameters = [{ name: 'x' }];
    await expect(validate(doc)).resolves.toEqual({
      valid: false,
      errors: [
        { message: 'must be string', instancePath: '/info/version' },
        { message: "must have required property 'in'", instancePath: '/paths/~1pets/get/parameters/0' },
      ],
      additionalErrors: 0,
    });
  });

  it('finds errors in OpenAPI 3.0, at every place a broken named schema is used', async () => {
    await expect(validate(read('tests/fixtures/openapi/invalid-type/input.yaml'))).resolves.toEqual({
      valid: false,
      errors: [
        {
          message: TYPES,
          instancePath: '/paths/~1items/get/responses/200/content/application~1json/schema/properties/name/type',
        },
        { message: TYPES, instancePath: '/components/schemas/Item/properties/name/type' },
      ],
      additionalErrors: 0,
    });
  });

  it('finds errors in OpenAPI 3.1 (Redoc’s demo with webhooks and callbacks)', async () => {
    const doc = read('tests/fixtures/openapi/webhooks-callbacks/openapi-3-1.yaml');
    doc.paths['/pet'].post.responses = 5;
    await expect(validate(doc)).resolves.toEqual({
      valid: false,
      errors: [
        { message: 'must NOT be valid', instancePath: '/info/license' },
        { message: 'must be object', instancePath: '/paths/~1pet/post/responses' },
      ],
      additionalErrors: 0,
    });
  });
});
