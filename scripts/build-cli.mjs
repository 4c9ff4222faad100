// Compiles the build-time code (src/node, src/shared) into lib/ with esbuild. Run by `npm install` (prepare)
// and before tests. The theme and the browser runtime are not compiled here: `docgen build` bundles them.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../lib', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The OpenAPI worker is an entry of its own: a worker thread loads it by file (src/node/openapi/worker.ts).
  entryPoints: { 'node/cli': 'src/node/cli.ts', 'node/index': 'src/node/index.ts', 'node/openapi-worker': 'src/node/openapi/worker-entry.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  chunkNames: 'node/chunks/[name]-[hash]',
  logLevel: 'warning',
});
