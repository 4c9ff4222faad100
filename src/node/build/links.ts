/**
 * The link-check stage: every internal link of the compiled pages against the routes, their ids and the static
 * files (links/check.ts). The full build and the incremental build check through checkCompiledLinks, `docgen dev`
 * (one page at a time, with anchors of pages not compiled yet left for later) through checkPageLinks.
 */
import type { SiteRoute } from '../content/site.js';
import type { DocgenError } from '../diagnostics/error.js';
import { checkLinks, type AnchorIndex } from '../links/check.js';
import type { ContentPolicies, LinkRef } from '../markdown/context.js';
import type { CompiledPageMeta } from '../pool/compile-pages.js';

/**
 * An AnchorIndex over ids kept as arrays: a Set is made only for the routes that links point to (at 10,000 pages a
 * Set per route cost more than the check itself).
 * @param source `has(route)`, `ids(route)` (undefined when the route does not exist) and `keys()` of every route
 */
export function createAnchorIndex(source: {
  has(route: string): boolean;
  ids(route: string): readonly string[] | ReadonlySet<string> | undefined;
  keys(): Iterable<string>;
}): AnchorIndex {
  const sets = new Map<string, ReadonlySet<string>>();
  return {
    has: (route) => source.has(route),
    get(route) {
      let set = sets.get(route);
      if (!set) {
        const ids = source.ids(route);
        if (ids === undefined) return undefined;
        sets.set(route, (set = ids instanceof Set ? ids : new Set(ids)));
      }
      return set;
    },
    keys: () => source.keys(),
  };
}

/** An AnchorIndex over a map of route path -> ids. */
function anchorIndexOf(ids: ReadonlyMap<string, readonly string[]>): AnchorIndex {
  return createAnchorIndex({ has: (route) => ids.has(route), ids: (route) => ids.get(route), keys: () => ids.keys() });
}

/**
 * Checks the links that pages make.
 * @param options.pages the routes whose links are checked (with `page`: their sources give code frames)
 * @param options.links the links those pages make
 * @param options.staticFiles content-relative POSIX paths of the static files
 * @param options.policies the site's `onBrokenLinks` and `onBrokenAnchors`
 * @returns DeadLink / DeadAnchor diagnostics with file:line:column, errors or warnings as the policies say
 */
export function checkPageLinks(options: {
  pages: SiteRoute[];
  links: LinkRef[];
  anchors: AnchorIndex;
  staticFiles: Iterable<string>;
  policies: Pick<ContentPolicies, 'onBrokenLinks' | 'onBrokenAnchors'>;
}): DocgenError[] {
  const pages = options.pages.filter((route) => route.page);
  return checkLinks({
    links: options.links,
    anchors: options.anchors,
    staticFiles: new Set([...options.staticFiles].map((file) => '/' + file)),
    sources: new Map(pages.map((route) => [route.page!.file, route.page!.source])),
    pageRouteOf: new Map(pages.map((route) => [route.page!.file, route.path])),
    policies: options.policies,
  });
}

/**
 * The link-check stage over compiled pages: the links of `metas` (compiled from `routes`) against the ids of every
 * route, the compiled pages' own first, then `otherIds` (routes not compiled here: API references, and in the
 * incremental build the pages of the last build).
 * @returns as checkPageLinks
 */
export function checkCompiledLinks(options: {
  routes: SiteRoute[];
  metas: readonly Pick<CompiledPageMeta, 'path' | 'ids' | 'links'>[];
  otherIds: Iterable<readonly [string, readonly string[]]>;
  staticFiles: Iterable<string>;
  policies: Pick<ContentPolicies, 'onBrokenLinks' | 'onBrokenAnchors'>;
}): DocgenError[] {
  const ids = new Map<string, readonly string[]>(options.metas.map((meta) => [meta.path, meta.ids]));
  for (const [route, routeIds] of options.otherIds) if (!ids.has(route)) ids.set(route, routeIds);
  return checkPageLinks({
    pages: options.routes,
    links: options.metas.flatMap((meta) => meta.links),
    anchors: anchorIndexOf(ids),
    staticFiles: options.staticFiles,
    policies: options.policies,
  });
}
