/**
 * Loading route data and page chunks, with one in-flight request per URL (shared by navigation and prefetch).
 */
import type { ComponentType } from 'react';
import type { HastRenderer, PageLoader, ThemePageProps } from '../shared/theme.js';
import type { PageData, RouteKind, RouteRecord } from '../shared/types.js';

/** The theme's page loaders (ThemeModule.pageLoaders). */
export type PageLoaders = Record<RouteKind, PageLoader>;

const cache = new Map<string, Promise<unknown>>();

/**
 * Fetches a URL once and parses it; later calls share the promise. A failed fetch is forgotten so it can be
 * retried (the route data and API fragments share this cache: one in-flight request per URL).
 * @throws Error when the response is not 2xx or cannot be parsed
 */
function fetchOnce<T>(url: string, parse: (response: Response) => Promise<T>): Promise<T> {
  let pending = cache.get(url) as Promise<T> | undefined;
  if (!pending) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return parse(response);
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

/**
 * Fetches a JSON file once; later calls share the promise. A failed fetch is forgotten so it can be retried.
 * @throws Error when the response is not 2xx or not JSON
 */
export function loadJson<T>(url: string): Promise<T> {
  return fetchOnce(url, (response) => response.json() as Promise<T>);
}

/**
 * Fetches a text file once (API fragments and parts); later calls share the promise. A failed fetch is forgotten.
 * @throws Error when the response is not 2xx
 */
export function loadText(url: string): Promise<string> {
  return fetchOnce(url, (response) => response.text());
}

/** Drops a cached file (route data, API fragment or part) so the next load fetches it again, and frees it. */
export function forgetJson(url: string): void {
  cache.delete(url);
}

export interface LoadedRoute {
  route: RouteRecord | null;
  page: PageData;
  Page: ComponentType<ThemePageProps>;
  /** The hast -> React converter, loaded once a route with content was loaded (null on first load). */
  renderer: HastRenderer | null;
}

let rendererPending: Promise<HastRenderer> | null = null;

/** Loads the hast -> React converter chunk once (client-side navigation and prefetch only). */
export function loadHastRenderer(): Promise<HastRenderer> {
  rendererPending ??= import('../shared/hast-to-react.js').then((mod) => mod.hastToReact);
  return rendererPending;
}

/**
 * The route loaded on first visit, hydrated from the page's HTML: data from the inline boot JSON (fetched only
 * when absent), content read from the DOM instead of rebuilt from hast.
 * @param pageLoaders the theme's page loaders
 */
export async function loadInitialRoute(
  pageLoaders: PageLoaders,
  route: RouteRecord | null,
  boot: { data: string; page?: PageData },
): Promise<LoadedRoute> {
  const [page, mod] = await Promise.all([
    boot.page ? Promise.resolve(boot.page).then(withApiFragment) : loadJson<PageData>(boot.data).then(withApiFragment),
    pageLoaders[route?.kind ?? 'notFound'](),
  ]);
  const contentHtml = document.querySelector('#dg-main .dg-markdown')?.innerHTML;
  return { route, page: { ...page, content: null, contentHtml }, Page: mod.default, renderer: null };
}

/**
 * Loads everything a route needs to render: its data file and its page chunk, in parallel.
 * @param pageLoaders the theme's page loaders
 * @throws Error when either fails to load, or when the chunk has no default export (spec §8: developer error)
 */
export async function loadRoute(
  pageLoaders: PageLoaders,
  route: RouteRecord | null,
  dataUrl: string,
): Promise<LoadedRoute> {
  const [page, mod, renderer] = await Promise.all([
    loadJson<PageData>(dataUrl).then((data) =>
      Promise.all([withApiFragment(data), loadStylesheets(data.styles ?? [])]).then(([withFragment]) => withFragment),
    ),
    pageLoaders[route?.kind ?? 'notFound'](),
    loadHastRenderer(),
  ]);
  if (typeof mod.default !== 'function')
    throw new Error(`The page component for '${page.kind}' has no default export.`);
  return { route, page, Page: mod.default, renderer };
}

/**
 * Adds the stylesheets a route needs (PageData.styles) to the document, once each, and waits until they have loaded
 * so the route is never shown unstyled. A stylesheet that fails to load does not stop the navigation; its link is
 * removed, so the next navigation that needs it tries again.
 */
export function loadStylesheets(hrefs: string[]): Promise<unknown> {
  return Promise.all(
    hrefs.map((href) => {
      let pending = stylesheets.get(href);
      if (pending) return pending;
      // A link of the server HTML has loaded already: it blocked rendering before this script ran.
      if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return undefined;
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
      pending = new Promise<void>((done) => {
        link.addEventListener('load', () => done(), { once: true });
        link.addEventListener('error', () => (link.remove(), stylesheets.delete(href), done()), { once: true });
      });
      stylesheets.set(href, pending);
      document.head.append(link);
      return pending;
    }),
  );
}

/** Stylesheets loadStylesheets added, by URL: one load per stylesheet, shared by navigations. */
const stylesheets = new Map<string, Promise<void>>();

/** URLs of every route stylesheet (PageData.styles) of the routes shown so far. */
const routeStylesheets = new Set<string>();

/**
 * Applies the stylesheets of the route about to be shown: its own (PageData.styles) on, the other routes' off, so
 * that a page looks the same after a client-side navigation as on a first load (the API reference's stylesheet
 * restyles code blocks and their copy buttons). Call right before the route renders, and once on first load.
 * @param hrefs the route's PageData.styles (URLs with the base)
 */
export function applyRouteStylesheets(hrefs: string[]): void {
  for (const href of hrefs) routeStylesheets.add(href);
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const href = link.getAttribute('href');
    if (href !== null && routeStylesheets.has(href)) link.disabled = !hrefs.includes(href);
  }
}

/**
 * API pages keep their reference body in a separate pre-rendered HTML fragment. On first load it is
 * already in the document, so it is read from the DOM before anything changed it and kept as the fragment's
 * text (a later load of the same route, e.g. a retry, must not take the DOM as enhanced since); on navigation it is
 * fetched once.
 */
async function withApiFragment(page: PageData): Promise<PageData> {
  const extra = page.extra as { htmlUrl?: string; html?: string } | null;
  if (page.kind !== 'api' || !extra?.htmlUrl || extra.html !== undefined) return page;
  const inDom = document.getElementById('dg-api-body');
  if (inDom && inDom.dataset.src === extra.htmlUrl && !cache.has(extra.htmlUrl))
    cache.set(extra.htmlUrl, Promise.resolve(inDom.innerHTML));
  const html = await loadText(extra.htmlUrl);
  return { ...page, extra: { ...extra, html } };
}
