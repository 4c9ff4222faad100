/**
 * The generated OpenAPI document of the e2e tests (tests/helpers/large-openapi.ts) for the benches, compiled on the
 * fly with esbuild (the benches are plain Node scripts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @returns {Promise<(options: { tags: number, perTag: number, bigTag: number }) => object>} createLargeOpenApi of
 *   tests/helpers/large-openapi.ts
 */
export async function loadLargeOpenApi() {
  const out = await esbuild({
    entryPoints: [path.join(root, 'tests/helpers/large-openapi.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'warning',
  });
  const { createLargeOpenApi } = await import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
  );
  return createLargeOpenApi;
}
