/**
 * Where docgen itself is installed: its theme (templates/) and browser runtime (src/client/) live there.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The docgen package root (the folder holding its package.json), found by walking up from this module.
 * Works from the compiled lib/ and from src/ under vitest.
 */
export function docgenRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'docgen') return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Internal error (this is a docgen bug): docgen package root not found');
    dir = parent;
  }
}

/** docgen's version from its package.json. */
export function docgenVersion(): string {
  return JSON.parse(readFileSync(path.join(docgenRoot(), 'package.json'), 'utf8')).version;
}
