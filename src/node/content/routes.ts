/**
 * Route derivation: from a content file (and its `slug`) to the URL path it is served at (spec §2).
 */
import path from 'node:path';
import { DocgenError } from '../diagnostics/error.js';
import type { SourcePage } from './collect.js';

/**
 * The route path of a Markdown file.
 * - `docs/a/b.md` -> `/docs/a/b`; `docs/a/index.md` or `README.md` -> `/docs/a/`; `index.md` -> `/`.
 * - front matter `slug`: absolute (`/x/y`) replaces the path; relative (`y`) resolves against the file's folder.
 * @param relPath path relative to the content folder, POSIX
 * @param slug front matter slug, if any
 */
export function routePathOf(relPath: string, slug?: string): string {
  const dir = path.posix.dirname(relPath);
  const folderUrl = dir === '.' ? '/' : `/${dir}/`;
  if (slug !== undefined) {
    const resolved = slug.startsWith('/') ? slug : folderUrl + slug;
    return normalizeSlashes(path.posix.normalize(resolved));
  }
  const name = path.posix.basename(relPath, '.md');
  if (name === 'index' || name === 'README') return folderUrl;
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
): { routeOf: Map<string, string>; errors: DocgenError[] } {
  const routeOf = new Map<string, string>();
  const owner = new Map<string, string>(reserved);
  const errors: DocgenError[] = [];
  for (const page of pages) {
    const route = routePathOf(page.relPath, page.frontMatter.slug);
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
