/**
 * What a page's compiled content depends on besides its own source, in the page cache key (cache/page-cache.ts)
 * that pool/compile-pages.ts PageCompiler.keyOf computes for every driver: the full and incremental builds and
 * `docgen dev` (dev/render-page.ts compileCached). One function, so the drivers cannot disagree on when a page must
 * be compiled again.
 */
import { createHash } from 'node:crypto';
import type { SiteRoute } from '../content/site.js';

/**
 * The route's own inputs from other pages: its path, and for a page that uses `<DocCardList />` the items of its
 * sidebar category (their labels and routes: Docusaurus' DocCardList lists the current category's items, so another
 * page's new title or position changes this page).
 * @returns a string that changes whenever one of them does
 */
export function routeInputsKey(route: Pick<SiteRoute, 'path' | 'cards' | 'blogPost'>): string {
  const key = route.cards ? `${route.path}\0${JSON.stringify(route.cards)}` : route.path;
  return route.blogPost ? `${key}\0${JSON.stringify(route.blogPost)}` : key;
}

/**
 * The route's navigation (previous/next, breadcrumbs, tags, version) as it enters a page's compile.
 * @param options.versionByName keep only the version's name (the build sets the links to the other versions on the
 *   cached data instead, so adding a version does not change every page's key)
 * @returns '' for a route without navigation
 */
export function navigationKey(route: Pick<SiteRoute, 'nav'>, options: { versionByName?: boolean } = {}): string {
  if (!route.nav) return '';
  const version = route.nav.version;
  return JSON.stringify(
    options.versionByName && version ? { ...route.nav, version: { name: version.name } } : route.nav,
  );
}

/**
 * What the route table, sidebars, navbar and other pages' cards read from a page: a hash of its front matter and
 * title. While it is unchanged, an edit of the page changes no other page (pipeline/edited-page.ts).
 */
export function shownKey(frontMatter: unknown, title: string): string {
  return createHash('sha256')
    .update(JSON.stringify([frontMatter, title]))
    .digest('base64url')
    .slice(0, 22);
}
