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

/**
 * docgen's cache folder, `<docgen>/node_modules/.cache/docgen`: next to the docgen that runs, not the site, so
 * that modules bundled into it resolve `react` to docgen's copy (render/ssr.ts) and every site shares one place.
 * Holds the page, OpenAPI and search token caches, build records and states, and the bundled theme.
 */
export function cacheRoot(): string {
  return path.join(docgenRoot(), 'node_modules', '.cache', 'docgen');
}

/** docgen's version from its package.json. */
export function docgenVersion(): string {
  return JSON.parse(readFileSync(path.join(docgenRoot(), 'package.json'), 'utf8')).version;
}
