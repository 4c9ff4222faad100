/**
 * Content-hashed assets under `assets/` (route data, navigation and API files are immutable URLs), and
 * the one stable file, the site shell.
 * Shared by the main thread (site data, API files) and the build's worker threads (route data).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withBase } from '../../shared/urls.js';

/**
 * The site shell (SiteShell: titles, navbar, footer, theme settings, the navigation and search manifest URLs),
 * output-relative. Its name is stable, unlike every other asset: each page names it, and it names the files that
 * change with any page (navigation, search index), so with a hashed name one edited page would change every
 * page's HTML and an incremental build would rewrite them all. Served with `must-revalidate`, as HTML
 * is (output/headers.ts); Gatsby's app-data.json and Pagefind's entry file make the same choice.
 */
export const SITE_SHELL_FILE = 'site.json';

/** First 10 hex digits of the SHA-256 of `content` (the hash part of an asset name). */
export function hashOf(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** A file name for a route's data: readable, ASCII, unique by hash. */
export function dataName(routePath: string): string {
  const name =
    routePath
      .replace(/^\/|\/$/g, '')
      .replace(/\//g, '_')
      .replace(/[^A-Za-z0-9_.-]/g, '-') || 'index';
  const full = routePath.endsWith('/') && routePath !== '/' ? `${name}_index` : name;
  // A deep route joins many segments: past MAX_NAME the name is cut and told apart by the route's hash, so that
  // `<name>.<hash>.json` stays within the 255 bytes file systems allow.
  return full.length <= MAX_NAME
    ? full
    : `${full.slice(0, MAX_NAME - 17)}-${createHash('sha256').update(routePath).digest('hex').slice(0, 16)}`;
}

/** Longest data file name before its hash and extension (ASCII: dataName replaces everything else). */
const MAX_NAME = 160;

/**
 * Output-relative path of a hashed asset: `assets/<dir><name>.<hash><ext>`.
 * @param dir sub-folder with a trailing slash ('data/', 'api/') or ''
 */
export function hashedPath(dir: string, name: string, content: string, ext = '.json'): string {
  return assetPath(dir, name, hashOf(content), ext);
}

/** Output-relative path of an asset with a given hash (or a placeholder of the hash's length). */
export function assetPath(dir: string, name: string, hash: string, ext = '.json'): string {
  return `assets/${dir}${name}.${hash}${ext}`;
}

/**
 * Writes a hashed asset into the staging folder.
 * @param staging absolute staging folder; @param base base URL
 * @returns its URL with the base, e.g. '/docs/assets/data/index.3f9c1b2e00.json'
 */
export async function writeHashed(
  staging: string,
  dir: string,
  name: string,
  content: string,
  base: string,
  ext = '.json',
): Promise<string> {
  const rel = hashedPath(dir, name, content, ext);
  await mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
  await writeFile(path.join(staging, rel), content);
  return withBase(base, '/' + rel);
}
