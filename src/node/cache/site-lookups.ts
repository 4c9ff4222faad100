/**
 * What one page's compile asked of the rest of the site: which content paths are pages and with which route, which
 * are static files, which paths are routes (a Markdown twin's absolute links). The page cache keeps these answers
 * with the entry instead of putting the whole route table in every page's key, so adding or removing a page
 * compiles again only the pages whose answers change (a link that resolves now, or no longer), as Docusaurus' and
 * Vite's module graphs invalidate the importers of what changed, not the whole site. A compile that walks the whole
 * table (a broken link's "did you mean" suggestion) depends on all of it: its entry keeps the table's hash instead.
 */
import { createHash } from 'node:crypto';

/** The answers a page's compile got, as stored with its page cache entry (CachedPage.lookups). */
export interface SiteLookups {
  /** [content-relative path, its route ('' for a page that could not be read) or null for none]. */
  routes?: [relPath: string, route: string | null][];
  /** [content-relative path, whether it is a static file]. */
  statics?: [relPath: string, exists: boolean][];
  /** [route path, whether it is a route] (render/markdown-twin.ts TwinLinks.isRoute). */
  paths?: [path: string, isRoute: boolean][];
  /** The hash of the whole site (siteTableHash) when the compile walked a table. */
  table?: string;
}

/** The site a page is compiled against: its pages' routes, its static files and its routes. */
export interface SiteTables {
  routeByRelPath: ReadonlyMap<string, string>;
  staticFiles: ReadonlySet<string>;
  isRoute: (path: string) => boolean;
}

/** A hash of the whole site's tables: what a compile that walked one depends on. */
export function siteTableHash(site: { routeByRelPath: ReadonlyMap<string, string>; staticFiles: ReadonlySet<string> }) {
  return createHash('sha256')
    .update(JSON.stringify([[...site.routeByRelPath].sort(), [...site.staticFiles].sort()]))
    .digest('hex');
}

/**
 * Tables that note each question a compile asks them.
 * @returns the tables to compile with, and `lookups()` for what was asked (after the compile)
 */
export function recordSiteLookups(site: SiteTables): { tables: SiteTables; lookups: () => SiteLookups } {
  const routes = new Map<string, string | null>();
  const statics = new Map<string, boolean>();
  const paths = new Map<string, boolean>();
  let walked = false;
  const walk = () => {
    walked = true;
  };
  const tables: SiteTables = {
    routeByRelPath: new RecordedMap(site.routeByRelPath, routes, walk),
    staticFiles: new RecordedSet(site.staticFiles, statics, walk),
    isRoute: (path) => {
      const answer = site.isRoute(path);
      paths.set(path, answer);
      return answer;
    },
  };
  return {
    tables,
    lookups: () => ({
      ...(routes.size > 0 ? { routes: [...routes] } : {}),
      ...(statics.size > 0 ? { statics: [...statics] } : {}),
      ...(paths.size > 0 ? { paths: [...paths] } : {}),
      ...(walked ? { table: siteTableHash(site) } : {}),
    }),
  };
}

/**
 * Whether a page compiled with these answers compiles the same against this site.
 * @param tableHash this site's siteTableHash (asked only when the lookups walked a table)
 */
export function lookupsHold(lookups: SiteLookups | undefined, site: SiteTables, tableHash: () => string): boolean {
  if (!lookups) return true;
  if (lookups.table !== undefined && lookups.table !== tableHash()) return false;
  return (
    (lookups.routes ?? []).every(([relPath, route]) => (site.routeByRelPath.get(relPath) ?? null) === route) &&
    (lookups.statics ?? []).every(([relPath, exists]) => site.staticFiles.has(relPath) === exists) &&
    (lookups.paths ?? []).every(([path, isRoute]) => site.isRoute(path) === isRoute)
  );
}

/** A read-only view of a map that notes every key looked up, and any walk of the whole map. */
class RecordedMap implements ReadonlyMap<string, string> {
  constructor(
    private readonly map: ReadonlyMap<string, string>,
    private readonly seen: Map<string, string | null>,
    private readonly walk: () => void,
  ) {}
  get(key: string): string | undefined {
    const value = this.map.get(key);
    this.seen.set(key, value ?? null);
    return value;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
  get size(): number {
    this.walk();
    return this.map.size;
  }
  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    this.walk();
    for (const [key, value] of this.map) callback(value, key, this);
  }
  entries(): MapIterator<[string, string]> {
    this.walk();
    return this.map.entries();
  }
  keys(): MapIterator<string> {
    this.walk();
    return this.map.keys();
  }
  values(): MapIterator<string> {
    this.walk();
    return this.map.values();
  }
  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}

/** A read-only view of a set that notes every value looked up, and any walk of the whole set. */
class RecordedSet implements ReadonlySet<string> {
  constructor(
    private readonly set: ReadonlySet<string>,
    private readonly seen: Map<string, boolean>,
    private readonly walk: () => void,
  ) {}
  has(value: string): boolean {
    const answer = this.set.has(value);
    this.seen.set(value, answer);
    return answer;
  }
  get size(): number {
    this.walk();
    return this.set.size;
  }
  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void): void {
    this.walk();
    for (const value of this.set) callback(value, value, this);
  }
  entries(): SetIterator<[string, string]> {
    this.walk();
    return this.set.entries();
  }
  keys(): SetIterator<string> {
    this.walk();
    return this.set.keys();
  }
  values(): SetIterator<string> {
    this.walk();
    return this.set.values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.values();
  }
}
