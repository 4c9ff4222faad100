/**
 * Client-side navigation (spec §2, §4): intercepts clicks on internal links, loads the next route while the old
 * page stays, then swaps, updates URL, title and scroll; back/forward restore the scroll position; a route whose
 * files fail to load falls back to a full page load.
 */
import { PAGE_EVENT } from './page-event.js';
import type { RouteRecord, SiteData } from '../shared/types.js';
import { fragmentId, resolveRoutePath, stripBase } from '../shared/urls.js';
import { applyRouteStylesheets, forgetJson, loadRoute, type LoadedRoute, type PageLoaders } from './load.js';
import { loadProgressBar, startProgress } from './progress.js';
import { scrollIntoViewSettled } from './scroll.js';

export interface RouterOptions {
  site: SiteData;
  /** The theme's page loaders (ThemeModule.pageLoaders). */
  pageLoaders: PageLoaders;
  /** Renders a loaded route synchronously (flushSync), so that scrolling happens after the DOM changed. */
  render: (loaded: LoadedRoute) => void;
}

interface HistoryState {
  docgenScroll?: number;
}

/** Finds the route record for a URL of this site, or null (outside the base, or no such route). */
export function matchRoute(site: SiteData, url: URL): RouteRecord | null {
  const path = stripBase(site.baseUrl, decodeURI(url.pathname));
  if (path === null) return null;
  const byPath = routeIndex(site);
  const resolved = resolveRoutePath(path, (p) => byPath.has(p));
  return resolved === null ? null : byPath.get(resolved)!;
}

const indexes = new WeakMap<SiteData, Map<string, RouteRecord>>();
function routeIndex(site: SiteData): Map<string, RouteRecord> {
  let index = indexes.get(site);
  if (!index) indexes.set(site, (index = new Map(site.routes.map((route) => [route.path, route]))));
  return index;
}

/**
 * Starts the router. Call once, after hydration.
 * @returns a function that stops it (removes listeners)
 */
export function startRouter({ site, pageLoaders, render }: RouterOptions): () => void {
  history.scrollRestoration = 'manual';
  void loadProgressBar().catch(() => {}); // ready before the first slow route change
  let current = 0;
  // The page on screen (path and query). Chromium fires popstate for a same-page fragment navigation too (a click
  // on `#anchor`): that is no route change, and reloading the route would scroll back to the top.
  let shown = location.pathname + location.search;

  const navigate = async (url: URL, push: boolean, keepScroll = false) => {
    const token = ++current;
    const route = matchRoute(site, url);
    if (!route) return void location.assign(url.href);
    let loaded: LoadedRoute;
    const finishProgress = startProgress(); // the old page stays until the new one is ready
    try {
      loaded = await loadRoute(pageLoaders, route, route.data);
    } catch {
      location.assign(url.href); // spec §8: a route that fails to load reloads the page fully
      return;
    } finally {
      finishProgress();
    }
    if (token !== current) return; // a later navigation won
    if (push) {
      history.replaceState({ ...(history.state as object), docgenScroll: window.scrollY } satisfies HistoryState, '');
      history.pushState({} satisfies HistoryState, '', url.href);
    }
    applyRouteStylesheets(loaded.page.styles ?? []);
    render(loaded);
    shown = location.pathname + location.search;
    document.title = titleFor(site, loaded);
    document.dispatchEvent(new Event(PAGE_EVENT)); // page behaviours (tabs.ts) apply to the new content
    if (keepScroll) return;
    if (push) scrollToHash(url.hash);
    else window.scrollTo(0, (history.state as HistoryState | null)?.docgenScroll ?? 0);
  };

  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    if (url.pathname === location.pathname && url.search === location.search) {
      // Same page: the browser jumps to the anchor; remember where we were, for back.
      history.replaceState({ ...(history.state as object), docgenScroll: window.scrollY } satisfies HistoryState, '');
      return;
    }
    if (!matchRoute(site, url)) return;
    event.preventDefault();
    void navigate(url, true);
  };

  const onPopState = () => {
    const url = new URL(location.href);
    if (url.pathname + url.search === shown) {
      const saved = (history.state as HistoryState | null)?.docgenScroll;
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (url.hash) scrollToHash(url.hash);
      return;
    }
    void navigate(url, false);
  };

  // spec §2: `.html` and `/index.html` suffixes are stripped from the address.
  const here = matchRoute(site, new URL(location.href));
  if (here && /\.html$/.test(location.pathname)) {
    const clean = (site.baseUrl === '/' ? '' : site.baseUrl.slice(0, -1)) + here.path;
    history.replaceState(history.state, '', clean + location.search + location.hash);
    shown = location.pathname + location.search;
  }
  // Load the current route again and re-render it in place: after a crash (spec §8 'try again'), and in
  // docgen dev when its files changed on disk (keeping the scroll position).
  const reloadCurrent = (keepScroll: boolean) => {
    const route = matchRoute(site, new URL(location.href));
    if (route) forgetJson(route.data);
    void navigate(new URL(location.href), false, keepScroll);
  };
  const onRetry = () => reloadCurrent(false);
  const onRefresh = () => reloadCurrent(true);
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  window.addEventListener(RETRY_EVENT, onRetry);
  window.addEventListener(REFRESH_EVENT, onRefresh);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('popstate', onPopState);
    window.removeEventListener(RETRY_EVENT, onRetry);
    window.removeEventListener(REFRESH_EVENT, onRefresh);
  };
}

/** Window event the crash screen dispatches to reload and re-render the current route. */
export const RETRY_EVENT = 'docgen:retry';

/** Window event the dev client dispatches when the current route changed on disk (`docgen dev`). */
export const REFRESH_EVENT = 'docgen:refresh';

/** `<title>` of a route: "{page} | {site}", or the site title alone on the home page. */
export function titleFor(site: SiteData, loaded: LoadedRoute): string {
  if (loaded.page.documentTitle) return loaded.page.documentTitle;
  return loaded.page.kind === 'home' ? site.title : `${loaded.page.title} | ${site.title}`;
}

function scrollToHash(hash: string): void {
  const id = fragmentId(hash);
  const target = id ? document.getElementById(id) : null;
  // Settled: an API operation far down a reference landed up to 2,700 px off while the sections above it took
  // their real height (src/client/scroll.ts).
  if (target) void scrollIntoViewSettled(target);
  else window.scrollTo(0, 0);
}
