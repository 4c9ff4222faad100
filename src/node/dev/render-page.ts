/**
 * On-demand rendering in dev: a route is compiled, link-checked and rendered when first requested, then cached
 * on the session until a change invalidates it (invalidate.ts). Uses the build's stages: the page compiler and page
 * cache (pool/compile-pages.ts), checkPageLinks, renderRouteHtml.
 */
import type { PageData, RouteRecord } from '../../shared/types.js';
import { resolveRoutePath, withBase } from '../../shared/urls.js';
import type { SiteRoute } from '../content/site.js';
import { DocgenError } from '../diagnostics/error.js';
import type { LinkRef } from '../markdown/context.js';
import { checkPageLinks as checkLinksOf, createAnchorIndex } from '../build/links.js';
import { apiPageExtra, compileApiRoute, renderApiBody, type CompiledRoute } from '../render/api-route.js';
import { escapeHtml } from '../render/html.js';
import { renderRouteHtml } from '../render/route-html.js';
import { notFoundPageData } from '../render/site-data.js';
import { DEV_CLIENT_ID } from '../../shared/dev.js';
import { compileContext } from '../build/compile.js';
import { createPageCompiler, type PageCompiler } from '../pool/compile-pages.js';
import type { CompiledEntry, DevCompiled, PageDataResult, PageResult } from './cache.js';
import { DEV_CLIENT_PATH } from './client-assets.js';
import { hash, loadApiCached, routeDataUrl, type DevSession } from './session.js';

/**
 * The route a request path names (`.html`, `/index.html` and trailing-slash variants tolerated, spec §2).
 * @param pathname decoded path without the base URL
 * @returns the route path, or null (not found)
 */
export function resolveRequestRoute(session: DevSession, pathname: string): string | null {
  const routes = session.snapshot.current?.routeByPath;
  return routes ? resolveRoutePath(pathname, (p) => routes.has(p)) : null;
}

/**
 * The route's data, compiled and link-checked, from the cache or made now (concurrent requests share it).
 * @param routePath a route path, or null for the not-found page
 */
export function getPageData(session: DevSession, routePath: string | null): Promise<PageDataResult> {
  return session.cache.pageData(routePath ?? '', () => buildPageData(session, routePath));
}

/**
 * The rendered route, from the cache or rendered now (concurrent requests share one render).
 * @param routePath a route path, or null for the not-found page
 * @returns never rejects for bad content or a broken theme: those become the page's errors
 */
export function getPage(session: DevSession, routePath: string | null): Promise<PageResult> {
  return session.cache.page(routePath ?? '', async () => {
    const page = await getPageData(session, routePath);
    const route = routePath === null ? undefined : session.snapshot.current!.routeByPath.get(routePath);
    const record = route ? session.snapshot.current!.site.routes.find((r) => r.path === route.path)! : null;
    const errors = [...page.errors];
    const html = await renderDocument(session, {
      record,
      data: page.data,
      fragment: page.fragment,
      source: route?.page?.file ?? route?.api?.file,
      errors,
    });
    session.report(errors);
    const result: PageResult = { status: route ? 200 : 404, html, errors };
    // After this response has been sent (the handler continues in a microtask; setImmediate comes later).
    if (page.checkLater) setImmediate(() => void reportLater(session, routePath ?? '', page, result));
    return result;
  });
}

/** Runs a page's deferred anchor checks; what they find goes to the terminal and the open browsers' overlay. */
async function reportLater(session: DevSession, key: string, page: PageDataResult, result: PageResult): Promise<void> {
  const late = await page.checkLater!();
  const current = session.cache.renderedPage(key);
  if (late.length === 0 || !current || (await current) !== result) return; // none, or the page changed meanwhile
  session.report(late);
  session.notifyErrors();
}

/**
 * The route with its real OpenAPI model, waiting for it when the model is still a startup placeholder.
 * @returns the route, and the load error when the document turned out invalid
 */
function isApiStub(session: DevSession, route: SiteRoute): boolean {
  return route.api !== undefined && session.cache.apiStubs.has(route.api.model);
}

export async function withRealApi(
  session: DevSession,
  route: SiteRoute,
): Promise<{ route: SiteRoute; error?: DocgenError }> {
  if (!route.api || !isApiStub(session, route)) return { route };
  try {
    return { route: { ...route, api: { file: route.api.file, model: await loadApiCached(session, route.api.file) } } };
  } catch (error) {
    if (error instanceof DocgenError) return { route, error };
    throw error;
  }
}

/**
 * The page compiler of the session's site: the build's (pool/compile-pages.ts createPageCompiler), with the build's
 * compile context (build/compile.ts compileContext), so a page has the build's page cache key, a page the build
 * compiled comes from its page cache, and a page dev compiles is in the cache for the next build.
 */
function pageCompiler(session: DevSession): Promise<PageCompiler> {
  const config = session.snapshot.config!;
  const current = session.snapshot.current!;
  return session.cache.compiler(current, config, async () => {
    const context = await compileContext({
      config,
      staging: '',
      site: {
        routeByRelPath: [...current.routeByRelPath],
        staticFiles: current.model.staticFiles,
        versions: current.model.versions,
      },
      cacheEnabled: true,
    });
    return createPageCompiler(context);
  });
}

/**
 * The compiled route, from the session's cache when its key did not change, else from the build's page compiler
 * (`pageCompiler`). An API route is compiled each time: `compileApiRoute` only names its model's anchors.
 */
export async function compileCached(session: DevSession, route: SiteRoute): Promise<DevCompiled> {
  if (route.api) return { compiled: compileApiRoute(route), errors: [] };
  const compiler = await pageCompiler(session);
  const { key, imports } = compiler.keyOf(route);
  const cached = session.cache.compiled(route.path);
  if (cached && cached.key === key) return cached.result;
  const entry: CompiledEntry = { key, result: undefined as never, imports };
  const result = compiler.page(route, key).then(({ entry: cached, errors, reads = [] }) => {
    // A file the compile read that its source does not name (an image whose size it wrote): an edit of it compiles
    // the page again, as the page cache entry's `reads` make the build do (pool/compile-pages.ts).
    const unnamed = reads.filter((file) => !entry.imports.includes(file));
    if (unnamed.length > 0) {
      const watched = session.cache.importedFiles();
      entry.imports = [...entry.imports, ...unnamed];
      if (unnamed.some((file) => !watched.has(file))) session.importsChanged(); // the watcher adds those outside content/
    }
    return {
      compiled: { route, data: JSON.parse(cached.dataJson) as PageData, ids: cached.ids, links: cached.links },
      errors: errors.map((e) => DocgenError.fromJSON(e)),
      sections: cached.sections,
    };
  });
  entry.result = result;
  const watched = imports.length > 0 ? session.cache.importedFiles() : null;
  result.then(
    ({ compiled }) => (entry.ids = new Set(compiled.ids)), // for the anchor checks of pages linking to it
    () => {},
  );
  session.cache.setCompiled(route.path, entry);
  if (watched && imports.some((file) => !watched.has(file))) session.importsChanged();
  return result;
}

async function buildPageData(session: DevSession, routePath: string | null): Promise<PageDataResult> {
  const config = session.snapshot.config!;
  const found = routePath === null ? undefined : session.snapshot.current!.routeByPath.get(routePath);
  let data: PageData = notFoundPageData(config.messages);
  const errors: DocgenError[] = [];
  let dependsOn = new Set<string>();
  let fragment: string | undefined;
  let checkLater: PageDataResult['checkLater'];
  let parts: Map<string, string> | undefined;
  if (found) {
    const { route, error } = await withRealApi(session, found);
    if (error) errors.push(error);
    const result = await compileCached(session, route);
    errors.push(...result.errors);
    const links = await checkPageLinks(session, result.compiled);
    errors.push(...links.errors);
    dependsOn = links.targets;
    checkLater =
      links.later &&
      once(async () => {
        const late = await links.later!();
        errors.push(...late);
        return late;
      });
    data = { ...result.compiled.data };
    if (route.api && session.snapshot.renderer) {
      const rendered = renderApiFragment(session, route as SiteRoute & { api: NonNullable<SiteRoute['api']> }, errors);
      fragment = rendered.fragment;
      parts = rendered.parts;
      const htmlUrl = withBase(
        config.baseUrl,
        `/__docgen/api.html?route=${encodeURIComponent(route.path)}&v=${hash(fragment)}`,
      );
      data.extra = apiPageExtra(route.api.model, htmlUrl, config.messages);
      data.styles = session.snapshot.client?.manifest.routeCss.api ?? [];
    }
  }
  return {
    route: found?.path ?? null,
    data,
    dataJson: JSON.stringify(data),
    errors,
    dependsOn,
    fragment,
    parts,
    checkLater,
  };
}

function once<T>(run: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= run());
}

/**
 * The reference body of an API route, as the build renders it: one fragment, or for a large document the page
 * body plus parts served by `/__docgen/api-part`.
 * @returns the fragment ('' when the theme throws: the error is added to `errors`) and the parts by key
 */
function renderApiFragment(
  session: DevSession,
  route: SiteRoute & { api: NonNullable<SiteRoute['api']> },
  errors: DocgenError[],
): { fragment: string; parts?: Map<string, string> } {
  const config = session.snapshot.config!;
  const renderer = session.snapshot.renderer!;
  const endpoint = (name: string, query: string) =>
    withBase(config.baseUrl, `/__docgen/${name}?route=${encodeURIComponent(route.path)}&${query}`);
  try {
    const parts = new Map<string, string>();
    const fragment = renderApiBody(renderer, {
      config,
      route: route.path,
      model: route.api.model,
      downloads: { yaml: endpoint('api-source', 'format=yaml'), json: endpoint('api-source', 'format=json') },
      manifest: session.snapshot.client?.manifest ?? {
        css: [],
        routeCss: { home: [], doc: [], api: [], notFound: [] },
      },
      themeScript: session.snapshot.themeScript,
      partUrl: (key, partHtml) => {
        parts.set(key, partHtml);
        return endpoint('api-part', `part=${encodeURIComponent(key)}&v=${hash(partHtml)}`);
      },
      imageUrl: (file) => endpoint('api-image', `file=${encodeURIComponent(file)}`).replace(/&/g, '&amp;'),
    });
    return parts.size > 0 ? { fragment, parts } : { fragment };
  } catch (error) {
    errors.push(
      new DocgenError({
        code: 'TemplateRenderFailed',
        message: `Rendering the API reference of ${route.path} failed: ${(error as Error)?.message}.`,
        file: route.api.file,
        cause: error,
      }),
    );
    return { fragment: '' };
  }
}

async function renderDocument(
  session: DevSession,
  input: { record: RouteRecord | null; data: PageData; fragment?: string; source?: string; errors: DocgenError[] },
): Promise<string> {
  const config = session.snapshot.config!;
  const { renderer, client } = session.snapshot;
  if (!renderer || !client) return fallbackDocument(config.baseUrl, input.data.title);
  try {
    const html = await renderRouteHtml({
      config,
      site: session.snapshot.current!.site,
      record: input.record,
      data: input.data,
      siteUrl: withBase(config.baseUrl, '/__docgen/site.json'),
      dataUrl: routeDataUrl(config.baseUrl, input.record?.path ?? '/404'),
      manifest: client.manifest,
      renderApp: renderer.renderApp,
      themeScript: session.snapshot.themeScript,
      fragment: input.fragment,
      source: input.source,
    });
    return injectDevClient(html, config.baseUrl);
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    input.errors.push(error);
    return fallbackDocument(config.baseUrl, input.data.title);
  }
}

/**
 * Checks a page's links against the routes they name. Anchors into routes compiled already are checked now;
 * anchors into routes not compiled yet are left to `later`, so that a first request does not wait for pages it
 * only links to (first page under 1 s); so are anchors into an OpenAPI document still loading at
 * startup, checked when the real model replaces the placeholder (the page depends on that route: invalidate.ts).
 * @returns DeadLink / DeadAnchor errors found now, the route paths the page links to, and `later` (when anchors
 *   were left: compiles those routes and returns what their anchors add)
 */
async function checkPageLinks(
  session: DevSession,
  compiled: CompiledRoute,
): Promise<{ errors: DocgenError[]; targets: Set<string>; later?: () => Promise<DocgenError[]> }> {
  const current = session.snapshot.current!;
  const isRoute = (p: string) => current.routeByPath.has(p);
  const targetOf = (link: LinkRef) => (link.route === null ? null : resolveRoutePath(link.route, isRoute));
  const targets = new Set<string>();
  for (const link of compiled.links) {
    const resolved = targetOf(link);
    if (resolved !== null && resolved !== compiled.route.path) targets.add(resolved);
  }
  const anchorTargets = new Set(
    compiled.links
      .filter((l) => l.hash)
      .map(targetOf)
      .filter((t): t is string => t !== null && targets.has(t)),
  );
  const ready = new Map<string, Set<string>>();
  const left = new Set<string>();
  const compiler = await pageCompiler(session);
  for (const target of anchorTargets) {
    const route = current.routeByPath.get(target)!;
    if (isApiStub(session, route)) continue;
    const ids = compiledIds(session, compiler, route);
    if (ids) ready.set(target, ids);
    else left.add(target);
  }
  const own = compiled.ids;
  // A view over the route table, not a Set per route: at 10,000 pages that was 10,000 Sets per checked page.
  const check = (links: LinkRef[], anchors: Map<string, Set<string>>) =>
    checkLinksOf({
      pages: [compiled.route],
      links,
      anchors: createAnchorIndex({
        has: isRoute,
        ids: (route) =>
          route === compiled.route.path ? own : isRoute(route) ? (anchors.get(route) ?? NO_IDS) : undefined,
        keys: () => current.routeByPath.keys(),
      }),
      staticFiles: current.model.staticFiles,
      policies: session.snapshot.config!,
    });
  const anchorInto = (link: LinkRef, set: Set<string>) => link.hash !== '' && set.has(targetOf(link) ?? '');
  const unchecked = new Set([...anchorTargets].filter((t) => !ready.has(t)));
  const errors = check(
    compiled.links.filter((l) => !anchorInto(l, unchecked)),
    ready,
  );
  if (left.size === 0) return { errors, targets };
  const later = async () => {
    const compiledTargets = await Promise.all(
      [...left].map(
        async (target): Promise<[string, Set<string>]> => [
          target,
          new Set((await compileCached(session, current.routeByPath.get(target)!)).compiled.ids),
        ],
      ),
    );
    return check(
      compiled.links.filter((l) => anchorInto(l, left)),
      new Map(compiledTargets),
    );
  };
  return { errors, targets, later };
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * Ids of a route already compiled with its current sources, or null (not compiled, still compiling, stale).
 * @param compiler the session's page compiler (a Markdown route's key)
 */
function compiledIds(session: DevSession, compiler: PageCompiler, route: SiteRoute): Set<string> | null {
  if (route.api) return new Set(route.api.model.anchors);
  const cached = session.cache.compiled(route.path);
  return cached?.ids && cached.key === compiler.keyOf(route).key ? cached.ids : null;
}

/**
 * Adds the dev client to a rendered document (dev HTML only; `docgen build` never calls this).
 * @returns the HTML with one module script before `</head>`
 */
export function injectDevClient(html: string, base: string): string {
  const tag = `<script type="module" id="${DEV_CLIENT_ID}" src="${base}${DEV_CLIENT_PATH}"></script>\n`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/**
 * Names, in the dev client's URL, the last server event (events.ts) the served page already reflects, so that a
 * page still loading when a later rebuild ends is told of it once its event stream connects.
 * @param since the event hub's last id when the page was rendered
 */
export function stampDevClient(html: string, since: number): string {
  return html.replace(`${DEV_CLIENT_PATH}"`, `${DEV_CLIENT_PATH}?since=${since}"`);
}

/** A bare page carrying only the dev client, when the theme cannot render: the overlay says why. */
export function fallbackDocument(base: string, title: string): string {
  return injectDevClient(
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)} (error) | docgen dev</title>\n</head>\n` +
      `<body>\n<main id="__docgen"><p>This page could not be rendered. The problem is shown in the terminal and in the overlay.</p></main>\n</body>\n</html>\n`,
    base,
  );
}
