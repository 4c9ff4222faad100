/**
 * Tools the benchmark needs but the package must not depend on (lighthouse, @octokit/openapi) are installed on first
 * use into bench/.cache (git-ignored) with `npm install --prefix bench/.cache`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/.cache, absolute. */
export const CACHE_DIR = fileURLToPath(new URL('./.cache', import.meta.url));

/**
 * Returns a file of a cached package, installing the package first when the file is missing.
 * @param {{ spec: string, file: string }} options npm spec (`lighthouse@12`); a path inside bench/.cache/node_modules
 *   that exists once the package is installed (`lighthouse/cli/index.js`)
 * @returns {{ path: string } | { error: string }} the absolute file, or why it is unavailable (npm's last lines)
 */
export function ensureCachedPackage({ spec, file }) {
  const target = path.join(CACHE_DIR, 'node_modules', file);
  if (existsSync(target)) return { path: target };
  mkdirSync(CACHE_DIR, { recursive: true });
  console.log(`installing ${spec} into bench/.cache (first use)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', CACHE_DIR, '--no-audit', '--no-fund', spec], { encoding: 'utf8' });
  if (r.status === 0 && existsSync(target)) return { path: target };
  const tail = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`
    .trim()
    .split('\n')
    .slice(-3)
    .join(' / ');
  return { error: `npm install --prefix bench/.cache ${spec} failed: ${tail || `exit ${r.status}`}` };
}
