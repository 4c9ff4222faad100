#!/usr/bin/env node
// Thin launcher: start the CLI, nothing else. lib/ is compiled from src/ by `npm install` (prepare).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = new URL('../lib/node/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url))], { stdio: 'inherit' });
}
const { runCli } = await import(cli.href);
process.exitCode = await runCli(process.argv);
