// Compiles the build-time code (src/node, src/shared) into lib/ with esbuild. Run by `npm install` (prepare)
// and before tests. The theme and the browser runtime are not compiled here: `docgen build` bundles them.
// Dependencies are bundled too: loading the remark/rehype stack as hundreds of separate modules cost ~400 ms
// of every start. esbuild (a native binary) and React (the theme bundle must share docgen's copy) stay
// external, as do fsevents (chokidar's optional macOS dependency) and tinypool (it starts its workers from a
// file next to its own module).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../lib', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // Worker-thread entries, loaded by file: build-worker (src/node/pool/pool.ts), openapi-worker
  // (src/node/openapi/worker.ts) and output-entries-worker (src/node/incremental/output-check.ts).
  entryPoints: {
    'node/cli': 'src/node/cli.ts',
    'node/index': 'src/node/index.ts',
    'node/build-worker': 'src/node/pool/worker.ts',
    'node/openapi-worker': 'src/node/openapi/worker-entry.ts',
    'node/output-entries-worker': 'src/node/incremental/output-entries-worker.ts',
  },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['esbuild', 'react', 'react-dom', 'react-dom/*', 'fsevents', 'tinypool'],
  banner: { js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);" },
  sourcemap: true,
  chunkNames: 'node/chunks/[name]-[hash]',
  logLevel: 'warning',
});
