/**
 * Route derivation: from a content file (and its `slug`) to the URL path it is served at (spec §2).
 */
import path from 'node:path';
import { PAGE_FILE } from './page-files.js';
import { DocgenError } from '../diagnostics/error.js';
import type { SourcePage } from './collect.js';

/** Dates (`2026-01-13`, `13.01.2026`) and versions (`1.2-notes`) that Docusaurus' number prefix parser leaves alone. */
const NOT_A_NUMBER_PREFIX = /^(?:\d{2}|\d{4})[-_.]\d{2}(?:[-_.](?:\d{2}|\d{4}))?|^\d+[-_.]\d+/;

/**
 * A path segment without its number prefix (`01-intro` -> `intro`, `2.setup` -> `setup`), as Docusaurus'
 * DefaultNumberPrefixParser strips it; date-like and version-like names keep theirs.
 */
export function stripNumberPrefix(segment: string): string {
  if (NOT_A_NUMBER_PREFIX.test(segment)) return segment;
  const stripped = segment.replace(/^\d+\s*[-_.]+\s*(?=[^-_.\s])/, '');
  return stripped === '' || /^\.?mdx?$/.test(stripped) ? segment : stripped;
}

/**
 * The doc id of a page (Docusaurus): its content-relative path without extension and number prefixes, the file
 * name replaced by front matter `id`. Sidebars refer to pages by it (`docs/guides/setup`).
 */
export function docIdOf(relPath: string, id?: string): string {
  const dir = path.posix.dirname(relPath);
  const folder = dir === '.' ? '' : dir.split('/').map(stripNumberPrefix).join('/') + '/';
  return folder + (id ?? stripNumberPrefix(path.posix.basename(relPath).replace(PAGE_FILE, '')));
}

/**
 * The route path of a Markdown file.
 * - `docs/a/b.md` -> `/docs/a/b`; `docs/a/index.md` or `README.md` -> `/docs/a/`; `index.md` -> `/`.
 * - number prefixes are dropped from every segment (`01-guides/02-setup.mdx` -> `/guides/setup`), front matter `id`
 *   replaces the file name (Docusaurus).
 * - front matter `slug`: absolute (`/x/y`) replaces the path; relative (`y`) resolves against the file's folder.
 * @param relPath path relative to the content folder, POSIX
 * @param slug front matter slug, if any
 * @param id front matter id, if any
 * @param docsRoots content folders whose absolute slugs are relative to them (config `docsRoots`)
 */
export function routePathOf(relPath: string, slug?: string, id?: string, docsRoots: readonly string[] = []): string {
  const docId = docIdOf(relPath, id);
  const dir = path.posix.dirname(docId);
  const folderUrl = dir === '.' ? '/' : `/${dir}/`;
  if (slug !== undefined) {
    const root = docsRoots.filter((r) => relPath.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0];
    const resolved = slug.startsWith('/') ? (root ? `/${root}${slug}` : slug) : folderUrl + slug;
    return normalizeSlashes(path.posix.normalize(resolved));
  }
  const name = path.posix.basename(docId);
  // Docusaurus: index.md, README.md and a file named like its folder (guides/guides.md) are the folder's page.
  if (id === undefined && (name === 'index' || name === 'README' || (dir !== '.' && name === path.posix.basename(dir))))
    return folderUrl;
  return folderUrl + name;
}

function normalizeSlashes(route: string): string {
  const withLeading = route.startsWith('/') ? route : '/' + route;
  return withLeading.replace(/\/{2,}/g, '/');
}

/**
 * Maps every page to its route and checks that no two pages claim one route.
 * @returns route path per page file (absolute path -> route)
 * @throws never; duplicates come back as DocgenError DuplicateRoute in `errors`
 */
export function assignRoutes(
  pages: SourcePage[],
  reserved: Map<string, string>,
  docsRoots: readonly string[] = [],
): { routeOf: Map<string, string>; errors: DocgenError[] } {
  const routeOf = new Map<string, string>();
  const owner = new Map<string, string>(reserved);
  const errors: DocgenError[] = [];
  for (const page of pages) {
    const route = routePathOf(page.relPath, page.frontMatter.slug, page.frontMatter.id, docsRoots);
    const previous = owner.get(route);
    if (previous !== undefined) {
      errors.push(
        new DocgenError({
          code: 'DuplicateRoute',
          message: `Two sources claim the route ${route}: ${page.relPath} and ${previous}. Rename one file or change its \`slug\`.`,
          file: page.file,
          line: page.frontMatter.slug !== undefined ? lineOf(page.source, /^slug\s*:/m) : undefined,
          column: 1,
        }),
      );
      continue;
    }
    owner.set(route, page.relPath);
    routeOf.set(page.file, route);
  }
  return { routeOf, errors };
}

function lineOf(source: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(source);
  return match ? source.slice(0, match.index).split('\n').length : undefined;
}
