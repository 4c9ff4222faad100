#!/usr/bin/env node
// Thin launcher: start the CLI, nothing else. lib/ is compiled from src/ by `npm install` in a clone of docgen
// (prepare) and is in the published package (prepack): installing docgen-cli builds nothing.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../lib/node/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error(
    'docgen: lib/node/cli.js is missing. In a clone of docgen, run `npm ci` (or `npm run build:cli`) first.',
  );
  process.exit(1);
}
const { runCli } = await import(cli.href);
process.exitCode = await runCli(process.argv);
