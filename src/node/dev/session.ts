/**
 * The dev session: an immutable snapshot of the site as last loaded, and one cache object (cache.ts) whose entries
 * only `invalidate(change)` drops. Stages are the build's own: loadConfig, loadSite (loadSiteModel),
 * the page compiler (render-page.ts), loadServerRenderer and the client bundle options.
 */
import { apiLoadOptions } from '../openapi/api-entry.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { themeInitScript } from '../../shared/color-mode.js';
import type { SiteData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { markdownRoutesOf } from '../build/compile.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { loadSiteModel, type SiteModel, type SiteRoute } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { createSiteData, routeRecord, splitSiteData } from '../render/site-data.js';
import { loadServerRenderer, type ServerRenderer } from '../render/ssr.js';
import { createDevCache, type DevCache } from './cache.js';
import { createClientBundler, type ClientAssets, type ClientBundler } from './client-assets.js';
import { withCodeFrame } from './diagnostics.js';

/** The search index manifest's path under the base URL, which dev's site data names (deriveModel; dev/search.ts). */
export const DEV_SEARCH_MANIFEST = '/__docgen/search-manifest.json';

/** What a search index of the session was made from, and its files (dev/search.ts). */
export interface DevSearchIndex {
  key: string;
  dir: string;
  manifest: string;
}

/** The site as last loaded, with lookups derived from it. */
export interface SessionModel {
  model: SiteModel;
  routeByPath: Map<string, SiteRoute>;
  routeByRelPath: Map<string, string>;
  staticFiles: Set<string>;
  /** Changes when a route is added, removed or renamed, or a static file appears or goes: links resolve anew. */
  tableKey: string;
  site: SiteData;
  /** The SiteShell and SiteNavigation served to the client (build.ts writes the same split). */
  shellJson: string;
  navigationJson: string;
}

/**
 * The site as `docgen dev` last loaded it: config, content model, theme renderer and client
 * assets, with the error of each part that failed to load (the previous part stays in use). A snapshot is never
 * changed in place: a change makes a new one (updateSnapshot), so a request holds a consistent view.
 */
interface DevSnapshot {
  readonly config: ResolvedConfig | null;
  /** site.config.ts and the local files it imports. */
  readonly configFiles: readonly string[];
  readonly configError: DocgenError | null;
  /** The colour-mode script (themeInitScript). */
  readonly themeScript: string;
  readonly current: SessionModel | null;
  readonly renderer: ServerRenderer | null;
  readonly rendererError: DocgenError | null;
  readonly client: ClientAssets | null;
  readonly clientError: DocgenError | null;
}

/** The dev session: the site snapshot, its caches, and the client bundler (an esbuild context to dispose of). */
export interface DevSession {
  readonly root: string;
  readonly overrides: { baseUrl?: string; locale?: string };
  /** Replaced through updateSnapshot only. */
  snapshot: DevSnapshot;
  /** Dropped through `cache.invalidate(change)` only. */
  readonly cache: DevCache;
  bundler: ClientBundler | null;
  /** The search index as last made (dev/search.ts), made on the search dialog's first request. */
  searchIndex: Promise<DevSearchIndex> | null;
  /** Prints a page's diagnostics when it is rendered (the server sets it). */
  report: (errors: unknown[]) => void;
  /** Tells open browsers that a page's diagnostics changed after it was served (the server sets it). */
  notifyErrors: () => void;
  /** Called when a compiled page imports a file not imported before (the server watches it then). */
  importsChanged: () => void;
}

const EMPTY_SNAPSHOT: DevSnapshot = {
  config: null,
  configFiles: [],
  configError: null,
  themeScript: '',
  current: null,
  renderer: null,
  rendererError: null,
  client: null,
  clientError: null,
};

/** Creates an empty session for a project root. */
export function createDevSession(root: string, overrides: { baseUrl?: string; locale?: string } = {}): DevSession {
  return {
    root,
    overrides,
    snapshot: EMPTY_SNAPSHOT,
    cache: createDevCache(),
    bundler: null,
    searchIndex: null,
    report: () => {},
    notifyErrors: () => {},
    importsChanged: () => {},
  };
}

/** Replaces the session's snapshot by one with `changes`. */
export function updateSnapshot(session: DevSession, changes: Partial<DevSnapshot>): DevSnapshot {
  session.snapshot = Object.freeze({ ...session.snapshot, ...changes });
  return session.snapshot;
}

/**
 * (Re)loads site.config.ts. On success every cache is dropped (the config shapes everything); on failure the
 * previous config stays in use and the error is kept for the overlay.
 * @returns true when a new config was loaded
 */
export async function loadSessionConfig(session: DevSession): Promise<boolean> {
  try {
    const loaded = await loadConfig(session.root, { baseUrl: session.overrides.baseUrl });
    const { dependencies } = loaded;
    // A multi-locale site: this session's locale (the default one unless `docgen dev` started it for another).
    const config =
      loaded.config.i18n.locales.length > 1
        ? (await import('../i18n/dev-locales.js')).devLocaleConfig(loaded.config, session.overrides.locale)
        : loaded.config;
    const previous = session.snapshot.config;
    const baseChanged = previous !== null && previous.baseUrl !== config.baseUrl;
    const themeChanged = previous !== null && JSON.stringify(previous.theme) !== JSON.stringify(config.theme);
    updateSnapshot(session, {
      config,
      configFiles: dependencies,
      configError: null,
      themeScript: themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl }),
    });
    session.cache.invalidate({ type: 'config' });
    if ((baseChanged || themeChanged) && session.bundler) {
      await session.bundler.dispose();
      session.bundler = null; // asset URLs carry the base, the bundles the site's theme: bundle again
    }
    return true;
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    const configFiles =
      session.snapshot.configFiles.length === 0
        ? [error.file ?? `${session.root}/site.config.ts`]
        : session.snapshot.configFiles;
    updateSnapshot(session, { configError: withCodeFrame(error), configFiles });
    return false;
  }
}

/** Starts loading an OpenAPI document unless it is cached; a failed load is forgotten so the next one retries. */
export function loadApiCached(session: DevSession, file: string): Promise<ApiDocumentModel> {
  // Loaded on first use: the OpenAPI stack (parser, validator, samplers) is large, and the first page rarely needs it.
  const options = apiLoadOptions(session.snapshot.config!, file);
  return session.cache.api(file, () =>
    import('../openapi/load.js').then(({ loadApiDocument }) => loadApiDocument(file, options)),
  );
}

/**
 * Reads content/ and the OpenAPI documents again (OpenAPI models come from the session cache).
 * @param options.lazyApis at startup: do not wait for OpenAPI documents (they take seconds); use placeholders
 *   titled from `info.title` and swap the real models in once loaded (server.ts)
 * @returns the new model, not yet applied to the session (see invalidate.ts)
 */
export async function loadSessionModel(
  session: DevSession,
  options: { lazyApis?: boolean } = {},
): Promise<SessionModel> {
  const config = session.snapshot.config!;
  const loadApi = (file: string) =>
    options.lazyApis && !session.cache.hasApi(file) ? apiStub(session, file) : loadApiCached(session, file);
  return deriveModel(session, await loadSiteModel(config, { loadApi, drafts: true }));
}

/** Lookups, route table and site data of a model. */
function deriveModel(session: DevSession, model: SiteModel): SessionModel {
  const config = session.snapshot.config!;
  const routeByPath = new Map(model.routes.map((r) => [r.path, r]));
  const routeByRelPath = new Map(markdownRoutesOf(model.routes, model.failedPages));
  const records = model.routes.map((route) =>
    routeRecord(route, route.title, routeDataUrl(config.baseUrl, route.path)),
  );
  const site = {
    ...createSiteData(config, model, records),
    searchManifest: withBase(config.baseUrl, DEV_SEARCH_MANIFEST),
  };
  const tableKey = hash(JSON.stringify([[...routeByRelPath], model.staticFiles, model.routes.map((r) => r.path)]));
  const { shell, navigation } = splitSiteData(site, withBase(config.baseUrl, '/__docgen/navigation.json'));
  const [shellJson, navigationJson] = [JSON.stringify(shell), JSON.stringify(navigation)];
  return {
    model,
    routeByPath,
    routeByRelPath,
    staticFiles: new Set(model.staticFiles),
    tableKey,
    site,
    shellJson,
    navigationJson,
  };
}

/**
 * A placeholder for an OpenAPI document still loading: its title read cheaply from `info.title`, no operations.
 * Pages that need the real model (the API page, links to its anchors) wait for it (render-page.ts).
 */
async function apiStub(session: DevSession, file: string): Promise<ApiDocumentModel> {
  const text = (await readText(file)) ?? '';
  let title = path.basename(file);
  try {
    const info = /\.json$/i.test(file) ? JSON.parse(text)?.info : infoOf(text);
    if (typeof info?.title === 'string') title = info.title;
  } catch {
    // the real load reports the syntax error
  }
  const stub = { title, version: '', description: '', anchors: [] } as unknown as ApiDocumentModel;
  session.cache.apiStubs.set(stub, file);
  return stub;
}

/**
 * The `info` object of a YAML OpenAPI document, parsing only its block when it is a top-level block mapping
 * (parsing the whole of a large document takes 100 ms and more).
 * @returns the parsed `info`, or undefined
 * @throws the YAML parser's error for a malformed block
 */
function infoOf(text: string): { title?: unknown } | undefined {
  const block = /^info:[ \t]*\r?\n((?:(?:[ \t]+\S.*)?\r?\n)*)/m.exec(text);
  const document = (block ? parseYaml(`info:\n${block[1]}`) : parseYaml(text)) as { info?: { title?: unknown } } | null;
  return document?.info;
}

/**
 * Compiles the theme for the server and bundles the client (incrementally after the first time), in parallel.
 * A failure keeps the previous renderer or bundle in use and records the error for the overlay.
 */
export async function loadSessionTheme(session: DevSession): Promise<void> {
  const theme = session.snapshot.config?.theme;
  session.bundler ??= await createClientBundler(session.snapshot.config?.baseUrl ?? '/', theme);
  const [renderer, client] = await Promise.allSettled([loadServerRenderer(theme), session.bundler.rebuild()]);
  updateSnapshot(session, {
    ...(renderer.status === 'fulfilled'
      ? { renderer: renderer.value, rendererError: null }
      : { rendererError: asDocgenError(renderer.reason) }),
    ...(client.status === 'fulfilled'
      ? { client: client.value, clientError: null }
      : { clientError: asDocgenError(client.reason) }),
  });
  session.cache.invalidate({ type: 'theme' });
}

/** Diagnostics that concern the whole site: config, theme, client bundle, and content errors of the model. */
export function globalErrors(session: DevSession): DocgenError[] {
  const { configError, rendererError, clientError, current } = session.snapshot;
  const list = [configError, rendererError, clientError].filter((e): e is DocgenError => e !== null);
  return [...list, ...(current?.model.errors ?? [])];
}

/** URL (with base) of a route's data in dev; '/404' names the not-found page. */
export function routeDataUrl(base: string, routePath: string): string {
  return withBase(base, `/__docgen/data.json?route=${encodeURIComponent(routePath)}`);
}

/** Short content hash (hex). */
export function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Reads a file as UTF-8, or null when it cannot be read. */
export async function readText(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null);
}

function asDocgenError(error: unknown): DocgenError {
  if (error instanceof DocgenError) return withCodeFrame(error);
  throw error;
}
