/**
 * The dev session: everything `docgen dev` knows and caches, on one object (STYLE.md Watch mode: caches live on
 * a session, never in module globals). Stages are the build's own: loadConfig, loadSiteModel,
 * createMarkdownProcessor, loadServerRenderer and the client bundle options.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { themeInitScript } from '../../shared/color-mode.js';
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { loadSiteModel, type SiteModel, type SiteRoute } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import { createMarkdownProcessor, type MarkdownProcessor } from '../markdown/processor.js';
import type { ApiDocumentModel } from '../openapi/model.js';
import type { CompiledRoute } from '../render/compile-route.js';
import { createSiteData, splitSiteData } from '../render/site-data.js';
import { loadServerRenderer, type ServerRenderer } from '../render/ssr.js';
import { createClientBundler, type ClientAssets, type ClientBundler } from './client-assets.js';
import { withCodeFrame } from './diagnostics.js';

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

export interface DevSession {
  root: string;
  overrides: { baseUrl?: string };
  config: ResolvedConfig | null;
  /** site.config.ts and the local files it imports. */
  configFiles: string[];
  configError: DocgenError | null;
  processor: MarkdownProcessor | null;
  current: SessionModel | null;
  renderer: ServerRenderer | null;
  rendererError: DocgenError | null;
  bundler: ClientBundler | null;
  client: ClientAssets | null;
  clientError: DocgenError | null;
  themeScript: string;
  /** OpenAPI models by absolute file, kept across content edits. */
  apis: Map<string, Promise<ApiDocumentModel>>;
  /** Compiled routes by route path, keyed by what they were compiled from. */
  compiled: Map<string, { key: string; result: Promise<{ compiled: CompiledRoute; errors: DocgenError[] }>; ids?: Set<string> }>;
  /** Compiled and link-checked page data by route path ('' for the not-found page). */
  data: Map<string, Promise<PageDataResult>>;
  /** Rendered routes by route path ('' for the not-found page). */
  pages: Map<string, Promise<PageResult>>;
  /** Placeholder OpenAPI models used while the real ones load at startup (see apiStub). */
  apiStubs: WeakMap<object, string>;
  /** Content hash of each OpenAPI model (by identity), the compile key of API routes. */
  apiKeys: WeakMap<object, string>;
  /** Prints a page's diagnostics when it is rendered (the server sets it). */
  report: (errors: unknown[]) => void;
  /** Tells open browsers that a page's diagnostics changed after it was served (the server sets it). */
  notifyErrors: () => void;
}

/** Creates an empty session for a project root. */
export function createDevSession(root: string, overrides: { baseUrl?: string } = {}): DevSession {
  return {
    root,
    overrides,
    config: null,
    configFiles: [],
    configError: null,
    processor: null,
    current: null,
    renderer: null,
    rendererError: null,
    bundler: null,
    client: null,
    clientError: null,
    themeScript: '',
    apis: new Map(),
    compiled: new Map(),
    data: new Map(),
    pages: new Map(),
    apiStubs: new WeakMap(),
    apiKeys: new WeakMap(),
    report: () => {},
    notifyErrors: () => {},
  };
}

/**
 * (Re)loads site.config.ts. On success every cache is dropped (the config shapes everything); on failure the
 * previous config stays in use and the error is kept for the overlay.
 * @returns true when a new config was loaded
 */
export async function loadSessionConfig(session: DevSession): Promise<boolean> {
  try {
    const { config, dependencies } = await loadConfig(session.root, session.overrides);
    const baseChanged = session.config !== null && session.config.baseUrl !== config.baseUrl;
    const themeChanged = session.config !== null && JSON.stringify(session.config.theme) !== JSON.stringify(config.theme);
    session.config = config;
    session.configFiles = dependencies;
    session.configError = null;
    session.processor = createMarkdownProcessor();
    session.themeScript = themeInitScript({ ...config.themeConfig.colorMode, baseUrl: config.baseUrl });
    session.apis.clear();
    session.compiled.clear();
    session.data.clear();
    session.pages.clear();
    if ((baseChanged || themeChanged) && session.bundler) {
      await session.bundler.dispose();
      session.bundler = null; // asset URLs carry the base, the bundles the site's theme: bundle again
    }
    return true;
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    session.configError = withCodeFrame(error);
    if (session.configFiles.length === 0) session.configFiles = [error.file ?? `${session.root}/site.config.ts`];
    return false;
  }
}

/** Starts loading an OpenAPI document unless it is cached; a failed load is forgotten so the next one retries. */
export function loadApiCached(session: DevSession, file: string): Promise<ApiDocumentModel> {
  let pending = session.apis.get(file);
  if (!pending) {
    // Loaded on first use: the OpenAPI stack (parser, validator, samplers) is large, and the first page rarely needs it.
    const loading = import('../openapi/load.js').then(({ loadApiDocument }) => loadApiDocument(file));
    loading.catch(() => {
      if (session.apis.get(file) === loading) session.apis.delete(file);
    });
    session.apis.set(file, (pending = loading));
  }
  return pending;
}

/**
 * Reads content/ and the OpenAPI documents again (OpenAPI models come from the session cache).
 * @param options.lazyApis at startup: do not wait for OpenAPI documents (they take seconds); use placeholders
 *   titled from `info.title` and swap the real models in once loaded (server.ts)
 * @returns the new model, not yet applied to the session (see invalidate.ts)
 */
export async function loadSessionModel(session: DevSession, options: { lazyApis?: boolean } = {}): Promise<SessionModel> {
  const config = session.config!;
  const loadApi = (file: string) => (options.lazyApis && !session.apis.has(file) ? apiStub(session, file) : loadApiCached(session, file));
  return deriveModel(session, await loadSiteModel(config, { loadApi }));
}

/** Lookups, route table and site data of a model. */
export function deriveModel(session: DevSession, model: SiteModel): SessionModel {
  const config = session.config!;
  const routeByPath = new Map(model.routes.map((r) => [r.path, r]));
  const routeByRelPath = new Map(model.routes.filter((r) => r.page).map((r) => [r.page!.relPath, r.path]));
  const records: RouteRecord[] = model.routes.map((route) => ({
    path: route.path,
    exact: true,
    sidebar: route.sidebar,
    kind: route.kind,
    title: route.title,
    data: routeDataUrl(config.baseUrl, route.path),
  }));
  const site = createSiteData(config, model, records);
  const tableKey = hash(JSON.stringify([[...routeByRelPath], model.staticFiles, model.routes.map((r) => r.path)]));
  const { shell, navigation } = splitSiteData(site, withBase(config.baseUrl, '/__docgen/navigation.json'));
  const [shellJson, navigationJson] = [JSON.stringify(shell), JSON.stringify(navigation)];
  return { model, routeByPath, routeByRelPath, staticFiles: new Set(model.staticFiles), tableKey, site, shellJson, navigationJson };
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
  session.apiStubs.set(stub, file);
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
  session.bundler ??= await createClientBundler(session.config?.baseUrl ?? '/', session.config?.theme);
  const [renderer, client] = await Promise.allSettled([loadServerRenderer(session.config?.theme), session.bundler.rebuild()]);
  if (renderer.status === 'fulfilled') [session.renderer, session.rendererError] = [renderer.value, null];
  else session.rendererError = asDocgenError(renderer.reason);
  if (client.status === 'fulfilled') [session.client, session.clientError] = [client.value, null];
  else session.clientError = asDocgenError(client.reason);
  session.data.clear(); // API fragments are rendered by the theme
  session.pages.clear();
}

/** Diagnostics that concern the whole site: config, theme, client bundle, and content errors of the model. */
export function globalErrors(session: DevSession): DocgenError[] {
  const list = [session.configError, session.rendererError, session.clientError].filter((e): e is DocgenError => e !== null);
  return [...list, ...(session.current?.model.errors ?? [])];
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
