/**
 * Test helpers: copy a fixture site to a temp folder, run the real CLI on it, serve its output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const docgenBin = path.join(repoRoot, 'bin/docgen.js');

/** Copies `tests/fixtures/sites/<name>` to a fresh temp folder and returns its path. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docgen-${name}-`));
  cpSync(path.join(repoRoot, 'tests/fixtures/sites', name), dir, { recursive: true, filter: (src) => !/[\\/](dist|node_modules)$/.test(src) });
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs `docgen <args>` synchronously in `cwd`. */
export function runDocgen(args: string[], cwd: string): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [docgenBin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Starts `docgen serve <dir>` on a free port through the real CLI; resolves with its base URL. */
export async function startServe(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [docgenBin, 'serve', dir, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!.replace(/\/$/, ''));
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`docgen serve exited with ${code}: ${out}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type { Server };
