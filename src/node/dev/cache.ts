/**
 * Everything `docgen dev` caches for a site, on one object (STYLE.md Watch mode: caches live on the session, never in
 * module globals), dropped only through `invalidate(change)`: what a change invalidates is decided in one place.
 * Entries are promises, so concurrent requests share one compile or render; a promise that rejects is forgotten, so
 * the next request tries again.
 */
import type { DocgenError } from '../diagnostics/error.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import type { CompiledRoute } from '../render/api-route.js';
import type { PageData } from '../../shared/types.js';
import type { PageCompiler } from '../pool/compile-pages.js';
import type { PageSection } from '../search/extract.js';

/** A route's data, compiled and link-checked, as cached. */
export interface PageDataResult {
  /** Route path, or null for the not-found page. */
  route: string | null;
  data: PageData;
  /** Page data JSON served to the client. */
  dataJson: string;
  /** Compile and link diagnostics. */
  errors: DocgenError[];
  /** Routes whose ids this page's links were checked against (check again when one changes). */
  dependsOn: Set<string>;
  /** API routes: the pre-rendered reference body. */
  fragment?: string;
  /**
   * Starts the anchor checks left for later (links into pages not compiled yet, which would delay the first
   * response by their compile time); resolves with what they found, also appended to `errors`. Runs once.
   */
  checkLater?: () => Promise<DocgenError[]>;
  /** Split API routes: the part documents by key (served by `/__docgen/api-part`). */
  parts?: Map<string, string>;
}

/** A rendered route, as cached. */
export interface PageResult {
  status: number;
  html: string;
  /** Compile, link and render diagnostics. */
  errors: DocgenError[];
}

/** A route compiled for dev, with the search sections of a Markdown page (as the page cache holds them). */
export interface DevCompiled {
  compiled: CompiledRoute;
  errors: DocgenError[];
  sections?: PageSection[];
}

/**
 * A compiled Markdown route in front of the page cache, keyed by the page's page cache key (pool/compile-pages.ts
 * PageCompiler.keyOf).
 */
export interface CompiledEntry {
  key: string;
  result: Promise<DevCompiled>;
  /** Its ids, once compiled (for the anchor checks of pages linking to it). */
  ids?: Set<string>;
  /**
   * The files it imports (absolute paths; partials, raw and snippet imports: markdown/snippet-imports.ts
   * importedFilesOf, and any other its compile read): an edit of one compiles it again.
   */
  imports: readonly string[];
}

/** What changed, as far as the caches care. */
type CacheChange =
  /** site.config.ts: everything goes (the config shapes every result). */
  | { type: 'config' }
  /** The theme: rendered pages and page data (API reference bodies are rendered by the theme). */
  | { type: 'theme' }
  /** OpenAPI documents whose models go, or every model (a changed `$ref` target). */
  | { type: 'openapi'; files: Iterable<string> | 'all' }
  /**
   * Content: `recompile` routes are compiled again; `refresh` routes (a superset: also pages whose links point at a
   * recompiled route) lose their page data and rendering; `site` (titles, sidebars changed) drops every rendering.
   * 'all' for a changed route table.
   */
  | { type: 'content'; recompile: Iterable<string> | 'all'; refresh: Iterable<string> | 'all'; site: boolean };

export interface DevCache {
  /** The OpenAPI model of a document, loaded once with `load` until invalidated. */
  api(file: string, load: () => Promise<ApiDocumentModel>): Promise<ApiDocumentModel>;
  hasApi(file: string): boolean;
  /**
   * The page compiler of a loaded site (the build's, pool/compile-pages.ts), made with `make` once per site model
   * and config.
   */
  compiler(site: object, config: object, make: () => Promise<PageCompiler>): Promise<PageCompiler>;
  /** The compiled route cached for a route path, whatever its key. */
  compiled(routePath: string): CompiledEntry | undefined;
  setCompiled(routePath: string, entry: CompiledEntry): void;
  /** The routes whose compiled entry imports one of `files`. */
  importers(files: Iterable<string>): string[];
  /** Every file a compiled entry imports. */
  importedFiles(): Set<string>;
  /** A route's page data ('' for the not-found page), made with `make` when not cached. */
  pageData(key: string, make: () => Promise<PageDataResult>): Promise<PageDataResult>;
  /** Every cached page data, by route path. */
  pageDataEntries(): [string, Promise<PageDataResult>][];
  /** A route's rendered page ('' for the not-found page), made with `make` when not cached. */
  page(key: string, make: () => Promise<PageResult>): Promise<PageResult>;
  /** The rendered page, when it is cached. */
  renderedPage(key: string): Promise<PageResult> | undefined;
  /** Placeholder OpenAPI models used while the real ones load at startup (session.ts apiStub), with their file. */
  readonly apiStubs: WeakMap<object, string>;
  /** Drops what a change invalidates. */
  invalidate(change: CacheChange): void;
}

/** Creates an empty cache. */
export function createDevCache(): DevCache {
  const apis = new Map<string, Promise<ApiDocumentModel>>();
  const compiled = new Map<string, CompiledEntry>();
  const data = new Map<string, Promise<PageDataResult>>();
  const pages = new Map<string, Promise<PageResult>>();
  const drop = <T>(map: Map<string, T>, keys: Iterable<string> | 'all') => {
    if (keys === 'all') map.clear();
    else for (const key of keys) map.delete(key);
  };
  // A page compiler holds the routes and static files of the site it was made for (their keys' site part): a content
  // change (the site patched in place) needs a new one, or a page keeps its old cache key.
  let compilers = new WeakMap<object, { config: object; compiler: Promise<PageCompiler> }>();
  return {
    api: (file, load) => memo(apis, file, load),
    compiler(site, config, make) {
      let entry = compilers.get(site);
      if (entry?.config !== config) {
        entry = { config, compiler: make() };
        entry.compiler.catch(() => compilers.delete(site)); // the next request tries again
        compilers.set(site, entry);
      }
      return entry.compiler;
    },
    hasApi: (file) => apis.has(file),
    compiled: (routePath) => compiled.get(routePath),
    setCompiled: (routePath, entry) => void compiled.set(routePath, entry),
    importers(files) {
      const changed = new Set(files);
      return [...compiled]
        .filter(([, entry]) => entry.imports.some((file) => changed.has(file)))
        .map(([routePath]) => routePath);
    },
    importedFiles: () => new Set([...compiled.values()].flatMap((entry) => entry.imports)),
    pageData: (key, make) => memo(data, key, make),
    pageDataEntries: () => [...data],
    page: (key, make) => memo(pages, key, make),
    renderedPage: (key) => pages.get(key),
    apiStubs: new WeakMap(),
    invalidate(change) {
      switch (change.type) {
        case 'config':
          for (const map of [apis, compiled, data, pages]) map.clear();
          compilers = new WeakMap();
          return;
        case 'theme':
          data.clear();
          pages.clear();
          return;
        case 'openapi':
          drop(apis, change.files);
          return;
        case 'content':
          compilers = new WeakMap();
          drop(compiled, change.recompile);
          drop(data, change.refresh);
          drop(pages, change.site ? 'all' : change.refresh);
          return;
      }
    },
  };
}

/** The cached promise for a key, or `make()`'s, forgotten if it rejects (so the next request tries again). */
function memo<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let pending = map.get(key);
  if (!pending) {
    const made = make();
    made.catch(() => {
      if (map.get(key) === made) map.delete(key);
    });
    map.set(key, (pending = made));
  }
  return pending;
}
