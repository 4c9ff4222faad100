// Compiles the CLI (src/node -> lib/) once before any test runs, so tests exercise the real `docgen` binary.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
