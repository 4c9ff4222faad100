/**
 * A multi-file OpenAPI document under `docgen dev`: an edit of a file the document reaches
 * through `$ref`, including one outside the document's folder (`../common/Error.yaml`), shows on the page without
 * a restart. The document is OAI/learn.openapis.org's Swagger 2.0 petstore split into files.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, repoRoot, startDev } from '../helpers/site.js';

let dir: string;
let dev: Awaited<ReturnType<typeof startDev>>;

beforeAll(async () => {
  dir = copyFixture('api-kinds');
  for (const name of ['swagger2', 'webhooks-callbacks', 'digitalocean'])
    cpSync(path.join(repoRoot, 'tests/fixtures/openapi', name), path.join(dir, 'openapi', name), { recursive: true });
  dev = await startDev(dir);
}, 60_000);

afterAll(async () => {
  await dev?.close();
  if (dir) removeDir(dir);
});

const page = async () => (await fetch(`${dev.url}/api/petstore-split`)).text();

describe('docgen dev with a multi-file OpenAPI document', () => {
  it('updates the page when a referenced file changes, inside or outside the document folder', async () => {
    await expect.poll(page, { timeout: 30_000 }).toContain('id="find-pet-by-id"');
    expect(await page()).not.toContain('nickname');
    const pet = path.join(dir, 'openapi/swagger2/petstore-separate/spec/Pet.yaml');
    writeFileSync(pet, readFileSync(pet, 'utf8') + '  nickname:\n    type: string\n');
    await expect.poll(page, { timeout: 30_000 }).toMatch(/class="dg-prop__name">nickname</);
    const error = path.join(dir, 'openapi/swagger2/petstore-separate/common/Error.yaml');
    expect(await page()).not.toContain('retryAfter');
    writeFileSync(error, readFileSync(error, 'utf8') + '  retryAfter:\n    type: integer\n');
    await expect.poll(page, { timeout: 30_000 }).toMatch(/class="dg-prop__name">retryAfter</);
    expect(dev.output()).not.toMatch(/^\s*\[OpenApiInvalid\]|InternalError/m); // errors; `warning [...]` lines are the 3.1 demo's
  }, 120_000);
});
