/**
 * `docgen dev` offers the OpenAPI document's JSON download with the bytes the build writes: one function makes it
 * for both (build/api-assets.ts jsonDownload), whatever the document is written in.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** The basic fixture with its OpenAPI document rewritten by `rewrite` into `file` (relative to the site). */
function siteWith(file: string, rewrite: (yaml: string) => string): string {
  const dir = copyFixture('basic');
  dirs.push(dir);
  const yaml = readFileSync(path.join(dir, 'openapi/pets.yaml'), 'utf8');
  rmSync(path.join(dir, 'openapi/pets.yaml'));
  writeFileSync(path.join(dir, file), rewrite(yaml));
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("'openapi/pets.yaml'", `'${file}'`));
  return dir;
}

async function devAndBuildDownloads(dir: string): Promise<{ dev: string; built: string }> {
  const built = runDocgen(['build'], dir);
  expect(built.status, built.stderr).toBe(0);
  const api = path.join(dir, 'dist/assets/api');
  const json = readdirSync(api).find((file) => file.startsWith('api_pets.') && file.endsWith('.json'))!;
  const dev = await startDev(dir);
  try {
    const response = await fetch(`${dev.url}/__docgen/api-source?route=${encodeURIComponent('/api/pets')}&format=json`);
    expect(response.status).toBe(200);
    return { dev: await response.text(), built: readFileSync(path.join(api, json), 'utf8') };
  } finally {
    await dev.close();
  }
}

describe('docgen dev, the JSON download of an OpenAPI document', () => {
  it('is the JSON file as written, as the build writes it', async () => {
    const { dev, built } = await devAndBuildDownloads(
      siteWith('openapi/pets.json', (yaml) => JSON.stringify(parse(yaml))),
    );
    expect(built).not.toContain('\n  '); // written compact, kept so
    expect(dev).toBe(built);
  }, 120_000);

  it("is the build's for a YAML document with a repeated key (which the build accepts)", async () => {
    const { dev, built } = await devAndBuildDownloads(
      siteWith('openapi/pets.yaml', (yaml) => yaml.replace(/^info:\n/m, 'info:\n  x-note: first\n  x-note: second\n')),
    );
    expect(dev).toBe(built);
  }, 120_000);
});
