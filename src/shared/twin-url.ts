/**
 * Where a route's Markdown twin lives. Pure string functions shared by the build (which writes the twins), the
 * servers (which answer `Accept: text/markdown`) and the theme (the alternate link and the page menu).
 *
 * The scheme is the HTML file's with `.md` for `.html` (as Rspress and Mintlify serve `/guide/foo.md` beside the
 * page): '/' -> '/index.md', '/a/' -> '/a/index.md', '/a/b' -> '/a/b.md'. An API operation's twin lies under its
 * reference's route: '/api/pets' + 'listPets' -> '/api/pets/listPets.md'.
 */
import type { RouteKind, TwinRoutes } from './types.js';

/**
 * The path of a route's twin (without base).
 * @param path route path starting with '/'
 */
export function twinPath(path: string): string {
  if (path.endsWith('/')) return path + 'index.md';
  return path + '.md';
}

/**
 * The path of one API operation's twin (without base).
 * @param apiRoute the reference's route path, e.g. '/api/pets'
 * @param anchor the operation's anchor id in the reference page
 */
export function operationTwinPath(apiRoute: string, anchor: string): string {
  return `${apiRoute.replace(/\/$/, '')}/${encodeURIComponent(anchor)}.md`;
}

/**
 * The route a twin path belongs to, or null when the path is no twin: the inverse of twinPath.
 * @param isRoute predicate over route paths
 */
export function routeOfTwin(path: string, isRoute: (path: string) => boolean): string | null {
  if (!path.endsWith('.md')) return null;
  const stem = path.slice(0, -'.md'.length);
  if (stem.endsWith('/index') && isRoute(stem.slice(0, -'index'.length))) return stem.slice(0, -'index'.length);
  return isRoute(stem) ? stem : null;
}

/**
 * True when a route has a Markdown twin: twins are on, the route is a page (not the 404 page), `include` (when set)
 * matches it and `exclude` does not. A pattern is a route path, or a prefix ending with `*`.
 * @param twins SiteData.twins (absent: twins are off)
 */
export function hasTwin(twins: TwinRoutes | undefined, path: string, kind: RouteKind): boolean {
  if (!twins || kind === 'notFound') return false;
  const matches = (pattern: string) =>
    pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
  if (twins.include && !twins.include.some(matches)) return false;
  return !twins.exclude.some(matches);
}
