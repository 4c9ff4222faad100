/**
 * Where docgen itself is installed: its theme (templates/) and browser runtime (src/client/) live there.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** docgen's npm package name (`npm install docgen-cli`); the command it installs is `docgen`. */
export const PACKAGE_NAME = 'docgen-cli';

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
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === PACKAGE_NAME) return (cached = dir);
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
  // DOCGEN_CACHE_DIR moves it (tests of a cache folder that cannot be written; a read-only install).
  return process.env.DOCGEN_CACHE_DIR
    ? path.resolve(process.env.DOCGEN_CACHE_DIR)
    : path.join(docgenRoot(), 'node_modules', '.cache', 'docgen');
}

/**
 * A folder for bundled server modules (the theme renderer): docgen's cache folder, or, when that cannot be written,
 * a folder of this user in the OS temp folder whose `node_modules` links to docgen's, so that
 * `react` in the module still resolves to docgen's copy.
 * @returns an absolute folder that exists and can be written
 * @throws the file system's error when neither can be written
 */
export function moduleFolder(): string {
  const primary = cacheRoot();
  try {
    mkdirSync(primary, { recursive: true });
    accessSync(primary, constants.W_OK);
    if (path.relative(docgenRoot(), primary).startsWith('..'))
      throw new Error('outside docgen: react would not resolve');
    return primary;
  } catch {
    // One folder per user and docgen installation: a link shared by two installations would give one of them the
    // other's react, and a link left by a removed installation dangles (symlinkSync then failed with EEXIST).
    const installation = createHash('sha256').update(docgenRoot()).digest('hex').slice(0, 12);
    const fallback = path.join(
      os.tmpdir(),
      `docgen-modules-${typeof process.getuid === 'function' ? process.getuid() : 'user'}-${installation}`,
    );
    mkdirSync(fallback, { recursive: true });
    const link = path.join(fallback, 'node_modules');
    const target = path.join(docgenRoot(), 'node_modules');
    if (linkTarget(link) !== target) {
      rmSync(link, { force: true }); // a link to elsewhere, or dangling: never a folder (rmSync without recursive refuses one)
      symlinkSync(target, link, 'junction');
    }
    return fallback;
  }
}

/** Where a symbolic link points, or null when `file` is not one (or does not exist). */
function linkTarget(file: string): string | null {
  try {
    return readlinkSync(file);
  } catch {
    return null;
  }
}

/** docgen's version from its package.json. */
export function docgenVersion(): string {
  return JSON.parse(readFileSync(path.join(docgenRoot(), 'package.json'), 'utf8')).version;
}

/**
 * The range a new site's package.json gives docgen-cli (`docgen init`, `docgen migrate`), so that the
 * `npm install` those commands tell the author to run installs the docgen that wrote the site: the tarball or folder
 * it was installed from when npm installed it from one (`file:`, relative to the site, as npm writes such a range),
 * else `^<version>` (the registry; also a run from a checkout). What npm installed from is read from the hidden
 * lockfile of the node_modules folder docgen is in (`node_modules/.package-lock.json`, npm 7 and later: npm's
 * "package-lock.json" documentation), whose `resolved` is relative to that folder's project.
 * @param siteDir the site's folder (absolute), where the package.json is written
 */
export function docgenDependency(siteDir: string): string {
  const root = docgenRoot();
  let modules = path.dirname(root);
  if (path.basename(modules).startsWith('@')) modules = path.dirname(modules);
  const fallback = `^${docgenVersion()}`;
  if (path.basename(modules) !== 'node_modules') return fallback;
  const project = path.dirname(modules);
  try {
    const lock = JSON.parse(readFileSync(path.join(modules, '.package-lock.json'), 'utf8')) as {
      packages?: Record<string, { resolved?: unknown }>;
    };
    const resolved = lock.packages?.[path.relative(project, root).split(path.sep).join('/')]?.resolved;
    if (typeof resolved !== 'string' || !resolved.startsWith('file:')) return fallback;
    const source = path.resolve(project, resolved.slice('file:'.length));
    return `file:${path.relative(siteDir, source).split(path.sep).join('/') || '.'}`;
  } catch {
    return fallback; // no hidden lockfile (another package manager, an older npm): the registry's range
  }
}
